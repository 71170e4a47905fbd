#pragma once
// Query lines that take long to answer (one overlap line of a 100,000-vertex hull takes
// seconds), answered off the main thread, as query::check_line answers them: the window
// keeps drawing and says which line is being answered and for how long. Case files give
// their long rows here, and Any query its long lines. The web page has no threads: there
// every other frame answers lines for a tenth of a second, after a frame that has said
// which is next.
#include "collision_lab/query/expect.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

// A line longer than this is answered in the background: a 100,000-vertex hull is 5 MB and
// seconds of work, a 4,096-vertex one (the most a figure holds) about 200 KB.
inline constexpr std::size_t kAnswerLaterBytes = std::size_t{64} << 10;

// A line left to answer: its row (the caller's index), its number in the file and its text.
struct UnansweredLine {
  std::size_t row = 0;
  int number = 0;
  std::string text;
};

// How far the answering has got, for the panel.
struct AnswerProgress {
  int answered = 0, total = 0;  // of the lines given to start
  int line = 0;                 // the line being answered now (in the file, from 1); 0 when none
  std::size_t bytes = 0;        // ... its length
  double seconds = 0;           // ... and how long it has taken so far
};

class BackgroundAnswers {
 public:
  BackgroundAnswers();                      // on a worker thread where there are threads
  explicit BackgroundAnswers(bool threads);  // false: in take(), as in the web page
  ~BackgroundAnswers();  // waits for the line being answered, if any, and answers no more
  BackgroundAnswers(const BackgroundAnswers&) = delete;
  BackgroundAnswers& operator=(const BackgroundAnswers&) = delete;

  // Answers `lines` in order, as query::check_line answers them; the lines of a previous
  // start not yet answered are dropped (one worker thread: a line it is at when dropped is
  // finished first). `answered` is called on the worker thread after each line (to wake
  // the idle event loop).
  void start(std::vector<UnansweredLine> lines, std::function<void()> answered = nullptr);
  // Drops every line not yet answered, and the answers not yet taken.
  void stop();
  // Lines given and not all of their answers taken yet.
  bool busy() const { return job_ != nullptr; }
  // The answers finished since the last call, in order: {row, answer}.
  std::vector<std::pair<std::size_t, query::CheckedLine>> take();
  AnswerProgress progress() const;

  struct Job;     // shared with the worker thread, which may outlive a stopped job by its line
  struct Worker;  // the thread, started with the first job

 private:
  std::shared_ptr<Job> job_;
  std::unique_ptr<Worker> worker_;
  bool threads_ = true;
  bool said_next_ = false;  // without threads: a frame has shown the next line
};
