#include "app/document/document.h"

#include "app/document/file_save.h"
#include "app/host/sample_state.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>

namespace {
// What "unsaved changes" compares: the sample, its settings and its state, not the view.
nlohmann::json snapshot(const SceneFile& shown) {
  nlohmann::json scene = scene_json(shown);
  scene.erase("camera");
  scene.erase("view");
  return scene;
}
nlohmann::json snapshot(const SampleHost& host) { return snapshot(host.scene()); }

// The snapshot of `scene` as the host shows it once opened: every shape and setting filled
// in. The scene was checked when read, so it fits its sample.
nlohmann::json opened_snapshot(const SceneFile& scene) {
  const std::unique_ptr<Sample> sample = make_scene_sample(scene);
  SceneFile shown = scene;
  shown.state = state_json(sample->state);
  shown.settings = sample->parameters();
  return snapshot(shown);
}
}  // namespace

Document::~Document() { close_watch(); }

bool Document::open(const std::string& path, int row, SampleHost& host, std::string& error,
                    const std::string& undo_step, bool clamp_row, bool answer_row_now) {
  const Stamp stamp = file_stamp(path);  // before reading: a write during the read is seen later
  LoadedFile loaded;
  if (!load_file(path, row, loaded, error, clamp_row, answer_row_now)) return false;
  if (!loaded.rows.empty()) {  // a query line has no view options: the current ones, the answer whole
    loaded.scene.view = host.scene().view;
    loaded.scene.view.reveal = Reveal::kAll;
  }
  if (loaded.case_problem.empty()) {
    host.open_scene(loaded.scene, undo_step);
  } else if (!host.sample()) {
    host.select("any-query");  // nothing shown yet: where case rows open, as it starts
  }
  case_problem_ = loaded.case_problem;
  cases_ = std::move(loaded.rows);
  answers_.start(std::move(loaded.unanswered), on_change_);
  answer_undo_step_ = case_problem_ == kBeingAnswered ? undo_step : std::string();
  lecture_ = std::move(loaded.lecture);
  lecture_shown_.clear();
  lecture_opened_.clear();
  for (const LectureScene& scene : lecture_.scenes) {
    lecture_shown_.push_back(scene.scene);
    lecture_opened_.push_back(opened_snapshot(scene.scene));
  }
  lecture_edited_.assign(lecture_.scenes.size(), false);
  lecture_reshaped_ = false;
  selected_ = loaded.row;
  known_ = stamp;
  watch_problem_.clear();
  const bool moved = path != path_;
  path_ = path;
  // A reload onto a row with no figure keeps the figure, and so whether it has unsaved edits.
  if (loaded.case_problem.empty() || moved) saved_ = snapshot(host);
  if (watch_ && moved) start_watch();
  return true;
}

bool Document::select_case(int row, SampleHost& host, std::string& error) {
  if (row < 0 || row >= static_cast<int>(cases_.size())) {
    error = no_such_case(row, cases_.size());
    return false;
  }
  SceneFile scene;
  std::string problem;
  if (!scene_of_case(cases_, row, scene, problem)) {
    selected_ = row;
    case_problem_ = problem;
    answer_undo_step_.clear();  // a row being answered opens as a selected row does
    return true;
  }
  case_problem_.clear();
  scene.view = host.scene().view;
  scene.view.reveal = Reveal::kAll;  // each row's answer whole
  host.open_scene(scene);
  selected_ = row;
  saved_ = snapshot(host);
  return true;
}

bool Document::poll_answers(SampleHost& host) {
  if (!answers_.busy()) return false;
  auto answered = answers_.take();
  for (auto& [row, checked] : answered) {
    if (row >= cases_.size()) continue;
    answer_row(cases_[row], std::move(checked));
    if (static_cast<int>(row) != selected_ || case_problem_ != kBeingAnswered) continue;
    // The shown row, answered: it opens as if just selected, what was shown one undo step away.
    SceneFile scene;
    if (!scene_of_case(cases_, selected_, scene, case_problem_)) continue;
    case_problem_.clear();
    scene.view = host.scene().view;
    scene.view.reveal = Reveal::kAll;
    // Edits made to the figure shown meanwhile stay one undo step away.
    const std::string step = answer_undo_step_.empty() && dirty(host) ? "Show case " + std::to_string(selected_ + 1)
                                                                      : answer_undo_step_;
    host.open_scene(scene, step);
    saved_ = snapshot(host);
  }
  return !answered.empty();
}

std::optional<std::vector<query::ExpectMismatch>> Document::shown_case_mismatches(const SampleHost& host) const {
  if (host.answering()) return std::nullopt;  // no answer to check yet
  if (selected_ < 0 || selected_ >= static_cast<int>(cases_.size()) || !case_problem_.empty() || !host.sample()) return std::nullopt;
  return case_mismatches_now(cases_[static_cast<std::size_t>(selected_)], *host.sample());
}

bool Document::go_to_scene(int index, SampleHost& host, std::string& error) {
  if (index < 0 || index >= static_cast<int>(lecture_.scenes.size())) {
    error = no_such_scene(index, lecture_.scenes.size());
    return false;
  }
  lecture_shown_[static_cast<std::size_t>(selected_)] = host.scene();
  lecture_edited_[static_cast<std::size_t>(selected_)] = snapshot(host) != saved_;
  selected_ = index;
  host.open_scene(lecture_shown_[static_cast<std::size_t>(index)]);
  saved_ = lecture_opened_[static_cast<std::size_t>(index)];
  return true;
}

void Document::add_lecture_scene(const SceneFile& scene, const std::string& title, SampleHost& host) {
  if (!is_lecture()) return;
  const auto at = static_cast<std::size_t>(selected_);
  lecture_shown_[at] = host.scene();  // the scene left keeps its edits, as go_to_scene keeps them
  lecture_edited_[at] = snapshot(host) != saved_;
  const auto offset = static_cast<std::ptrdiff_t>(at + 1);
  lecture_.scenes.insert(lecture_.scenes.begin() + offset, LectureScene{title, "", scene});
  lecture_shown_.insert(lecture_shown_.begin() + offset, scene);
  lecture_opened_.insert(lecture_opened_.begin() + offset, opened_snapshot(scene));
  lecture_edited_.insert(lecture_edited_.begin() + offset, false);
  selected_ += 1;
  host.open_scene(scene);
  saved_ = lecture_opened_[at + 1];
  lecture_reshaped_ = true;
}

void Document::move_lecture_scene(int by) {
  const int to = selected_ + by;
  if (!is_lecture() || to < 0 || to >= static_cast<int>(lecture_.scenes.size())) return;
  const auto a = static_cast<std::size_t>(selected_), b = static_cast<std::size_t>(to);
  std::swap(lecture_.scenes[a], lecture_.scenes[b]);
  std::swap(lecture_shown_[a], lecture_shown_[b]);
  std::swap(lecture_opened_[a], lecture_opened_[b]);
  const bool edited = lecture_edited_[a];  // vector<bool>: no std::swap of its elements
  lecture_edited_[a] = lecture_edited_[b];
  lecture_edited_[b] = edited;
  selected_ = to;
  lecture_reshaped_ = true;
}

void Document::remove_lecture_scene(SampleHost& host) {
  if (!is_lecture() || lecture_.scenes.size() < 2) return;
  const auto at = static_cast<std::ptrdiff_t>(selected_);
  lecture_.scenes.erase(lecture_.scenes.begin() + at);
  lecture_shown_.erase(lecture_shown_.begin() + at);
  lecture_opened_.erase(lecture_opened_.begin() + at);
  lecture_edited_.erase(lecture_edited_.begin() + at);
  selected_ = std::min(selected_, static_cast<int>(lecture_.scenes.size()) - 1);
  host.open_scene(lecture_shown_[static_cast<std::size_t>(selected_)]);
  saved_ = lecture_opened_[static_cast<std::size_t>(selected_)];
  lecture_reshaped_ = true;
}

void Document::set_lecture_text(const std::string& lecture_title, const std::string& title, const std::string& notes) {
  if (!is_lecture()) return;
  LectureScene& scene = lecture_.scenes[static_cast<std::size_t>(selected_)];
  if (lecture_.title == lecture_title && scene.title == title && scene.notes == notes) return;
  lecture_.title = lecture_title;
  scene.title = title;
  scene.notes = notes;
  lecture_reshaped_ = true;
}

void Document::start_lecture(const SampleHost& host) {
  const SceneFile scene = host.scene();
  detach(host);
  lecture_.title = "Untitled lecture";
  lecture_.scenes = {LectureScene{scene.title.empty() && scene.sample ? scene.sample->title : scene.title, "", scene}};
  lecture_shown_ = {scene};
  lecture_opened_ = {opened_snapshot(scene)};
  lecture_edited_ = {false};
  selected_ = 0;
  lecture_reshaped_ = true;  // a lecture no file holds yet
}

bool Document::save(const std::string& path, const SampleHost& host, std::string& error) {
  if (is_case_file(path)) {
    error = path + ": a scene saves as .json; case files (.jsonl) are never overwritten";
    return false;
  }
  if (is_lecture()) {
    LectureFile lecture = lecture_;
    lecture_shown_[static_cast<std::size_t>(selected_)] = host.scene();
    for (std::size_t i = 0; i < lecture.scenes.size(); ++i) lecture.scenes[i].scene = lecture_shown_[i];
    if (!save_file(path, lecture_json(lecture).dump(2) + '\n', error)) return false;
    lecture_ = std::move(lecture);
    for (std::size_t i = 0; i < lecture_.scenes.size(); ++i) {
      if (lecture_edited_[i]) lecture_opened_[i] = opened_snapshot(lecture_.scenes[i].scene);
    }
    lecture_edited_.assign(lecture_.scenes.size(), false);
    lecture_reshaped_ = false;
  } else {
    if (!save_file(path, scene_json(host.scene()).dump(2) + '\n', error)) return false;
    cases_.clear();
    answers_.stop();
    selected_ = -1;
  }
  known_ = file_stamp(path);
  watch_problem_.clear();
  const bool moved = path != path_;
  path_ = path;
  saved_ = snapshot(host);
  if (watch_ && moved) start_watch();
  return true;
}

void Document::detach(const SampleHost& host) {
  path_.clear();
  cases_.clear();
  answers_.stop();
  lecture_ = {};
  lecture_shown_.clear();
  lecture_opened_.clear();
  lecture_edited_.clear();
  lecture_reshaped_ = false;
  selected_ = -1;
  saved_ = snapshot(host);
  watch_ = false;
  watch_problem_.clear();
  close_watch();
}

bool Document::dirty(const SampleHost& host) const {
  if (!host.sample()) return false;
  if (lecture_reshaped_) return true;
  for (std::size_t i = 0; i < lecture_edited_.size(); ++i) {
    if (lecture_edited_[i] && static_cast<int>(i) != selected_) return true;  // the scene shown is compared below
  }
  return snapshot(host) != saved_;
}

std::string Document::name() const {
  return path_.empty() ? "Untitled" : std::filesystem::path(path_).filename().string();
}

std::string Document::title(const SampleHost& host) const {
  std::string title = name();
  if (is_cases()) {
    title += " \u2014 case " + std::to_string(selected_ + 1) + " of " + std::to_string(cases_.size());
  }
  if (is_lecture()) {
    title += " \u2014 scene " + std::to_string(selected_ + 1) + " of " + std::to_string(lecture_.scenes.size());
  }
  return dirty(host) ? title + " *" : title;
}

void Document::set_watch(bool on) {
  watch_ = on;
  if (!on) watch_problem_.clear();
  if (watching()) {
    start_watch();
  } else {
    close_watch();
  }
}

Document::Stamp Document::file_stamp(const std::string& path) {
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) return {-1, -1, -1, -1};
  return {static_cast<long long>(info.st_dev), static_cast<long long>(info.st_ino),
          static_cast<long long>(info.st_mtim.tv_sec) * 1000000000LL + info.st_mtim.tv_nsec,
          static_cast<long long>(info.st_size)};
}

void Document::start_watch() {
  close_watch();
  // The folder of the real file, not the file: an atomic save renames a new file over it.
  std::error_code code;
  const std::filesystem::path real = std::filesystem::weakly_canonical(path_, code);
  const std::filesystem::path& file = code ? std::filesystem::path(path_) : real;
  const std::string folder = file.has_parent_path() ? file.parent_path().string() : ".";
  folder_watch_.start(folder, file.filename().string(), changed_, on_change_);  // else each poll compares stamps
}

void Document::close_watch() { folder_watch_.stop(); }

bool Document::poll_watch(SampleHost& host) {
  if (!watching()) return false;
  const bool flagged = watch_needs_polling() || changed_.exchange(false);
  if (!flagged || file_stamp(path_) == known_) return false;  // no change, or our own save
  return reload(host);
}

bool Document::reload(SampleHost& host) {
  if (lecture_reshaped_) {  // a reload would drop the scenes added, moved or removed, and the notes
    const std::string problem = "collision-lab: " + path_ + ": changed on disk; not reloaded, as the lecture's scenes, "
                                "titles or notes have unsaved changes (save, or open it again)";
    const bool news = problem != watch_problem_;
    watch_problem_ = problem;
    known_ = file_stamp(path_);
    return news;
  }
  const SceneCamera camera = host.scene().camera;
  const SampleInfo* shown_sample = host.info();
  const std::string path = path_;
  // Edits made here are not lost: they stay one undo step away.
  const std::string undo_step = dirty(host) ? "Reload " + name() : std::string();
  // A lecture's other edited scenes stay as they were when it still has as many scenes.
  const std::vector<SceneFile> shown = lecture_shown_;
  const std::vector<bool> edited = lecture_edited_;
  const int was_shown = selected_;
  std::string error;
  if (!open(path, std::max(0, selected_), host, error, undo_step, true)) {
    const std::string problem = "collision-lab: " + path + ": " + error;
    const bool news = problem != watch_problem_;
    watch_problem_ = problem;
    known_ = file_stamp(path);  // the same bad file is not read again every poll
    return news;
  }
  if (host.info() == shown_sample) host.set_camera(camera);
  if (lecture_shown_.size() == shown.size()) {
    for (std::size_t i = 0; i < shown.size(); ++i) {
      if (!edited[i] || static_cast<int>(i) == was_shown) continue;
      lecture_shown_[i] = shown[i];
      lecture_edited_[i] = true;
    }
  }
  return true;
}
