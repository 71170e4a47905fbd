#include "app/document.h"

#include "app/file_save.h"
#include "app/input_file.h"
#include "query/shape_json.h"

#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

namespace {
bool is_case_file(const std::string& path) { return std::filesystem::path(path).extension() == ".jsonl"; }

// What "unsaved changes" compares: the sample, its settings and its state, not the view.
nlohmann::json snapshot(const SampleHost& host) {
  nlohmann::json scene = scene_json(host.scene());
  scene.erase("camera");
  return scene;
}

long long file_stamp(const std::string& path) {
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) return -1;
  return static_cast<long long>(info.st_mtim.tv_sec) * 1000000000LL + info.st_mtim.tv_nsec + info.st_size * 7919LL;
}
}  // namespace

bool scene_of_case(const std::vector<CaseRow>& rows, int row, SceneFile& scene, std::string& error) {
  if (row < 0 || row >= static_cast<int>(rows.size())) {
    error = "case " + std::to_string(row + 1) + ": the file has " + std::to_string(rows.size()) + " case(s)";
    return false;
  }
  const CaseRow& chosen = rows[static_cast<std::size_t>(row)];
  try {
    scene = case_scene(chosen.request);
  } catch (const query::JsonInputError& e) {
    error = "line " + std::to_string(chosen.line) + ": " + e.what();
    return false;
  }
  return true;
}

bool load_file(const std::string& path, int row, LoadedFile& loaded, std::string& error) {
  if (!is_case_file(path)) return read_scene_file(path, loaded.scene, error);
  std::string text;
  return read_input_file(path, text, error) && read_cases(text, loaded.rows, error) &&
         scene_of_case(loaded.rows, row, loaded.scene, error);
}

Document::~Document() { close_watch(); }

bool Document::open(const std::string& path, int row, SampleHost& host, std::string& error) {
  LoadedFile loaded;
  if (!load_file(path, row, loaded, error)) return false;
  host.open_scene(loaded.scene);
  cases_ = std::move(loaded.rows);
  selected_ = cases_.empty() ? -1 : row;
  const bool moved = path != path_;
  path_ = path;
  saved_ = snapshot(host);
  if (watch_ && moved) start_watch();
  return true;
}

bool Document::select_case(int row, SampleHost& host, std::string& error) {
  SceneFile scene;
  if (!scene_of_case(cases_, row, scene, error)) return false;
  host.open_scene(scene);
  selected_ = row;
  saved_ = snapshot(host);
  return true;
}

bool Document::save(const std::string& path, const SampleHost& host, std::string& error) {
  if (!save_file(path, scene_json(host.scene()).dump(2) + '\n', error)) return false;
  const bool moved = path != path_;
  path_ = path;
  cases_.clear();
  selected_ = -1;
  saved_ = snapshot(host);
  if (watch_ && moved) start_watch();
  return true;
}

void Document::detach(const SampleHost& host) {
  path_.clear();
  cases_.clear();
  selected_ = -1;
  saved_ = snapshot(host);
  close_watch();
}

bool Document::dirty(const SampleHost& host) const { return host.sample() && snapshot(host) != saved_; }

std::string Document::title(const SampleHost& host) const {
  std::string title = path_.empty() ? "Untitled" : std::filesystem::path(path_).filename().string();
  if (is_cases()) {
    title += " \u2014 case " + std::to_string(selected_ + 1) + " of " + std::to_string(cases_.size());
  }
  return dirty(host) ? title + " *" : title;
}

void Document::set_watch(bool on) {
  watch_ = on;
  if (on && !path_.empty()) {
    start_watch();
  } else {
    close_watch();
  }
}

void Document::start_watch() {
  close_watch();
  stamp_ = file_stamp(path_);
  inotify_fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (inotify_fd_ < 0) return;
  // The folder, not the file: an atomic save renames a new file over the old one.
  std::string folder = std::filesystem::path(path_).parent_path().string();
  if (folder.empty()) folder = ".";
  if (inotify_add_watch(inotify_fd_, folder.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE) < 0) close_watch();
}

void Document::close_watch() {
  if (inotify_fd_ >= 0) close(inotify_fd_);
  inotify_fd_ = -1;
}

bool Document::poll_watch(SampleHost& host) {
  if (!watch_ || path_.empty()) return false;
  bool changed = false;
  if (inotify_fd_ >= 0) {
    const std::string name = std::filesystem::path(path_).filename().string();
    alignas(inotify_event) char buffer[8192];
    for (ssize_t length; (length = read(inotify_fd_, buffer, sizeof buffer)) > 0;) {
      for (ssize_t at = 0; at < length;) {
        const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
        if (event->len > 0 && name == event->name) changed = true;
        at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
      }
    }
  } else {
    const long long stamp = file_stamp(path_);
    changed = stamp != stamp_;
    stamp_ = stamp;
  }
  return changed && reload(host);
}

bool Document::reload(SampleHost& host) {
  const SceneCamera camera = host.scene().camera;
  const int row = std::max(0, std::min(selected_, static_cast<int>(cases_.size()) - 1));
  const std::string path = path_;
  std::string error;
  const bool was_cases = is_cases();
  const bool opened = open(path, was_cases ? row : 0, host, error) ||
                      (was_cases && row > 0 && open(path, 0, host, error));  // fewer rows than before
  if (!opened) {
    const std::string problem = "collision-lab: " + path + ": " + error;
    const bool news = problem != watch_problem_;
    watch_problem_ = problem;
    return news;
  }
  host.set_camera(camera);
  watch_problem_.clear();
  return true;
}
