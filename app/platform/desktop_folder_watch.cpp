#include "app/platform/folder_watch.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <utility>

namespace {
// Blocks until the folder's inotify descriptor reports `name` written, renamed in or lost
// track of; then flags it and calls `on_change`. Returns when `stop_fd` is written.
void watch_folder(int inotify_fd, int stop_fd, std::string name, std::atomic<bool>& changed,
                  const std::function<void()>& on_change) {
  pollfd fds[2] = {{inotify_fd, POLLIN, 0}, {stop_fd, POLLIN, 0}};
  alignas(inotify_event) char buffer[8192];
  for (;;) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;
    const ssize_t length = read(inotify_fd, buffer, sizeof buffer);
    if (length <= 0) return;
    bool ours = false;
    for (ssize_t at = 0; at < length;) {
      const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
      if ((event->mask & (IN_Q_OVERFLOW | IN_IGNORED)) || (event->len > 0 && name == event->name)) ours = true;
      at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
    }
    if (ours) {
      changed = true;
      if (on_change) on_change();
    }
  }
}
}  // namespace

bool FolderWatch::start(const std::string& folder, const std::string& name, std::atomic<bool>& changed,
                        std::function<void()> on_change) {
  stop();
  on_change_ = std::move(on_change);
  inotify_fd_ = inotify_init1(IN_CLOEXEC);
  stop_fd_ = eventfd(0, EFD_CLOEXEC);
  if (inotify_fd_ < 0 || stop_fd_ < 0 || inotify_add_watch(inotify_fd_, folder.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO) < 0) {
    stop();
    return false;
  }
  thread_ = std::thread(watch_folder, inotify_fd_, stop_fd_, name, std::ref(changed), std::cref(on_change_));
  return true;
}

void FolderWatch::stop() {
  if (thread_.joinable()) {
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t written = write(stop_fd_, &one, sizeof one);  // an eventfd write does not fail
    thread_.join();
  }
  for (int* fd : {&inotify_fd_, &stop_fd_}) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
  }
}
