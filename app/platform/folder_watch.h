#pragma once
// Told when a file in a folder is written or renamed in: on the desktop, a thread blocked
// on inotify. Where there is none (the web page, or inotify refused), start() returns false
// and the caller compares the file's stamp instead.
#include <atomic>
#include <functional>
#include <string>
#include <thread>

class FolderWatch {
 public:
  FolderWatch() = default;
  FolderWatch(const FolderWatch&) = delete;
  FolderWatch& operator=(const FolderWatch&) = delete;
  ~FolderWatch() { stop(); }

  // Watches `folder` for `name` written, renamed in, or lost track of (an overflow, the
  // folder gone): each sets `changed` and calls `on_change`, on the watch's thread.
  bool start(const std::string& folder, const std::string& name, std::atomic<bool>& changed,
             std::function<void()> on_change);
  void stop();
  bool running() const { return thread_.joinable(); }

 private:
  std::function<void()> on_change_;  // kept here: the watch's thread calls it
  std::thread thread_;
  int inotify_fd_ = -1, stop_fd_ = -1;
};
