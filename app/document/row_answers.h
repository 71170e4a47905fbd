#pragma once
// Case rows whose lines take long to answer (one overlap line of a 100,000-vertex hull
// takes seconds), answered off the main thread: the window keeps drawing and says which
// line is being answered and for how long. The web page has no threads: there every other
// frame answers lines for a tenth of a second, after a frame that has said which is next.
#include "collision_lab/query/expect.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

// A line left to answer: its row (index into the rows), its number in the file and its text.
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

class RowAnswers {
 public:
  RowAnswers();                      // on a worker thread where there are threads
  explicit RowAnswers(bool threads);  // false: in take(), as in the web page
  ~RowAnswers();  // waits for the line being answered, if any, and answers no more
  RowAnswers(const RowAnswers&) = delete;
  RowAnswers& operator=(const RowAnswers&) = delete;

  // Answers `lines` in order, as query::check_line answers them; the lines of a previous
  // start not yet answered are dropped. `answered` is called on the worker thread after
  // each line (to wake the idle event loop).
  void start(std::vector<UnansweredLine> lines, std::function<void()> answered = nullptr);
  // Drops every line not yet answered, and the answers not yet taken.
  void stop();
  // Lines given and not all of their answers taken yet.
  bool busy() const { return job_ != nullptr; }
  // The answers finished since the last call, in order: {row, answer}.
  std::vector<std::pair<std::size_t, query::CheckedLine>> take();
  AnswerProgress progress() const;

  struct Job;  // shared with the worker thread, which may outlive a stopped job by its line

 private:
  std::shared_ptr<Job> job_;
  std::vector<std::pair<std::thread, std::shared_ptr<Job>>> workers_;  // joined when done, or on destruction
  bool threads_ = true;
  bool said_next_ = false;  // without threads: a frame has shown the next line
};
