#include "app/host/background_answers.h"

#include "app/platform/platform.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using Clock = std::chrono::steady_clock;

struct BackgroundAnswers::Job {
  std::mutex mutex;
  std::vector<UnansweredLine> lines;
  std::function<void()> on_answer;
  std::size_t next = 0;     // the next line to answer
  std::size_t current = 0;  // the line being answered, when answering
  bool answering = false;
  std::size_t current_bytes = 0;
  Clock::time_point started;
  int answered = 0;
  std::vector<std::pair<std::size_t, query::CheckedLine>> done;  // not yet taken
  bool stopped = false;
};

struct BackgroundAnswers::Worker {
  std::mutex mutex;
  std::condition_variable wake;
  std::shared_ptr<Job> job;  // the newest job; null once its lines are done
  bool quit = false;
  std::thread thread;
};

namespace {
// Answers the job's next line; false when there is none (or the job was stopped).
bool answer_next(BackgroundAnswers::Job& job) {
  std::string text;
  int number = 0;
  std::size_t row = 0;
  {
    const std::lock_guard<std::mutex> lock(job.mutex);
    if (job.stopped || job.next >= job.lines.size()) return false;
    UnansweredLine& line = job.lines[job.next];
    job.current = job.next++;
    job.answering = true;
    job.current_bytes = line.text.size();
    job.started = Clock::now();
    text = std::move(line.text);
    number = line.number;
    row = line.row;
  }
  query::CheckedLine checked = query::check_line(text, number);
  const std::lock_guard<std::mutex> lock(job.mutex);
  job.answering = false;
  if (job.stopped) return false;
  job.done.emplace_back(row, std::move(checked));
  ++job.answered;
  return true;
}

// The worker thread: the newest job's lines, one after another, until told to quit.
void work(BackgroundAnswers::Worker& worker) {
  for (;;) {
    std::shared_ptr<BackgroundAnswers::Job> job;
    {
      std::unique_lock<std::mutex> lock(worker.mutex);
      worker.wake.wait(lock, [&] { return worker.quit || worker.job; });
      if (worker.quit) return;
      job = worker.job;
    }
    while (answer_next(*job)) {
      if (job->on_answer) job->on_answer();
    }
    const std::lock_guard<std::mutex> lock(worker.mutex);
    if (worker.job == job) worker.job.reset();
  }
}
}  // namespace

BackgroundAnswers::BackgroundAnswers() : threads_(platform::threads_available()) {}
BackgroundAnswers::BackgroundAnswers(bool threads) : threads_(threads) {}

BackgroundAnswers::~BackgroundAnswers() {
  stop();
  if (!worker_) return;
  {
    const std::lock_guard<std::mutex> lock(worker_->mutex);
    worker_->quit = true;
  }
  worker_->wake.notify_one();
  worker_->thread.join();
}

void BackgroundAnswers::start(std::vector<UnansweredLine> lines, std::function<void()> answered) {
  stop();
  if (lines.empty()) return;
  job_ = std::make_shared<Job>();
  job_->lines = std::move(lines);
  job_->on_answer = std::move(answered);
  if (!threads_) return;  // take() answers them
  if (!worker_) {
    worker_ = std::make_unique<Worker>();
    worker_->thread = std::thread(work, std::ref(*worker_));
  }
  {
    const std::lock_guard<std::mutex> lock(worker_->mutex);
    worker_->job = job_;
  }
  worker_->wake.notify_one();
}

void BackgroundAnswers::stop() {
  if (!job_) return;
  {
    const std::lock_guard<std::mutex> lock(job_->mutex);
    job_->stopped = true;
  }
  job_.reset();
  said_next_ = false;
}

std::vector<std::pair<std::size_t, query::CheckedLine>> BackgroundAnswers::take() {
  if (!job_) return {};
  if (!threads_) {
    // A frame says which line comes next, then the next frame answers lines for a tenth of
    // a second (at least the one it said).
    said_next_ = !said_next_;
    if (said_next_) return {};
    const Clock::time_point began = Clock::now();
    while (answer_next(*job_) && std::chrono::duration<double>(Clock::now() - began).count() < 0.1) {
    }
  }
  std::vector<std::pair<std::size_t, query::CheckedLine>> out;
  const std::shared_ptr<Job> job = job_;  // outlives the lock below, when job_ lets go of it
  const std::lock_guard<std::mutex> lock(job->mutex);
  out.swap(job->done);
  if (job->answered == static_cast<int>(job->lines.size())) {
    job->stopped = true;
    job_.reset();
  }
  return out;
}

AnswerProgress BackgroundAnswers::progress() const {
  if (!job_) return {};
  const std::lock_guard<std::mutex> lock(job_->mutex);
  AnswerProgress progress;
  progress.answered = job_->answered;
  progress.total = static_cast<int>(job_->lines.size());
  if (job_->answering) {
    progress.line = job_->lines[job_->current].number;
    progress.bytes = job_->current_bytes;
    progress.seconds = std::chrono::duration<double>(Clock::now() - job_->started).count();
  } else if (job_->next < job_->lines.size()) {  // about to start it
    progress.line = job_->lines[job_->next].number;
    progress.bytes = job_->lines[job_->next].text.size();
  }
  return progress;
}
