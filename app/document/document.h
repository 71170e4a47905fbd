#pragma once
// What is open: a scene file, a lecture or a case file (one scene or row shown at a time)
// or nothing yet; where it saves; whether the sample has changed since; and the watch that
// reloads the file when another program rewrites it.
#include "app/document/loaded_file.h"
#include "app/host/sample_host.h"
#include "app/platform/folder_watch.h"

#include <atomic>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

class Document {
 public:
  Document() = default;
  ~Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  // Opens a scene, a lecture at scene `row`, or a case file (".jsonl") at row `row` (from 0). False with `error` when
  // the file cannot be used; the host and what was open are then kept. With `undo_step`,
  // what was shown stays one undo step away; without, the history starts afresh.
  // `answer_row_now`: the case row is answered before this returns, as load_file does.
  bool open(const std::string& path, int row, SampleHost& host, std::string& error,
            const std::string& undo_step = {}, bool clamp_row = false, bool answer_row_now = false);
  // Shows case row `row` (from 0); false when out of range. A row with no scene (an error
  // row) is selected with the figure as it was, and case_problem() says why.
  bool select_case(int row, SampleHost& host, std::string& error);
  // Shows the lecture's scene `index` (from 0) as it was last left, or as the lecture has it;
  // the scene left keeps its edits until the lecture is closed. False when out of range.
  bool go_to_scene(int index, SampleHost& host, std::string& error);
  // Lecture authoring, each leaving the lecture unsaved until saved: `scene` added after
  // the one shown and shown (under `title`); the shown scene moved by `by` places (-1 up,
  // +1 down), or removed (not the last one); the lecture's title, and the shown scene's
  // title and speaker notes.
  // start_lecture makes the scene shown the first scene of a new, untitled lecture.
  void add_lecture_scene(const SceneFile& scene, const std::string& title, SampleHost& host);
  void move_lecture_scene(int by);
  void remove_lecture_scene(SampleHost& host);
  void set_lecture_text(const std::string& lecture_title, const std::string& title, const std::string& notes);
  void start_lecture(const SampleHost& host);
  // Writes the current scene, or the lecture with every scene as it is now, to `path`
  // (temporary file, fsync, rename): it becomes the document's file. A case file is never
  // overwritten: its edits save as a scene, and a ".jsonl" path is refused.
  bool save(const std::string& path, const SampleHost& host, std::string& error);
  // Untitled, with what the host shows now as its saved state (File > New, samples picked);
  // the watch stops.
  void detach(const SampleHost& host);

  bool dirty(const SampleHost& host) const;
  const std::string& path() const { return path_; }
  bool is_cases() const { return !cases_.empty(); }
  const std::vector<CaseRow>& cases() const { return cases_; }
  int selected_case() const { return selected_; }
  const std::string& case_problem() const { return case_problem_; }
  // Case rows still being answered, off the main thread; the shown row opens once answered.
  bool answering() const { return answers_.busy(); }
  bool shown_case_answering() const {
    return selected_ >= 0 && selected_ < static_cast<int>(cases_.size()) && cases_[static_cast<std::size_t>(selected_)].answering;
  }
  AnswerProgress answer_progress() const { return answers_.progress(); }
  // Call once per frame: takes the rows answered since; true when there were any.
  bool poll_answers(SampleHost& host);
  // The shown row's "expect" checked against what the figure answers now, so that it holds
  // after an edit, an undo or a reload; none without an expectation or a shown row.
  std::optional<std::vector<query::ExpectMismatch>> shown_case_mismatches(const SampleHost& host) const;
  bool is_lecture() const { return !lecture_.scenes.empty(); }
  const LectureFile& lecture() const { return lecture_; }  // the scenes as opened or last saved
  int lecture_scene() const { return is_lecture() ? selected_ : -1; }
  // Where Save writes without asking: the scene or lecture file that is open; empty for a
  // case file or none.
  std::string save_path() const { return is_cases() ? std::string() : path_; }
  std::string name() const;  // "name.json" or "Untitled"
  // The name, the case shown, and " *" while there are unsaved changes.
  std::string title(const SampleHost& host) const;

  // Reloads the file whenever it changes on disk, keeping the camera and the selected row;
  // unsaved edits stay one undo step away. A thread blocks on inotify (on the folder of the
  // file's real path) and calls `on_change` (e.g. to wake the event loop); without
  // inotify, each poll compares the file's stamp.
  void set_watch(bool on);
  void set_on_change(std::function<void()> on_change) { on_change_ = std::move(on_change); }
  bool watching() const { return watch_ && !path_.empty(); }
  bool watch_needs_polling() const { return watching() && !folder_watch_.running(); }
  // Call once per frame: true when the file was reloaded or the banner changed.
  bool poll_watch(SampleHost& host);
  // Why the last reload failed (the last good state stays on screen); empty once one works.
  const std::string& watch_problem() const { return watch_problem_; }

 private:
  bool reload(SampleHost& host);
  void close_watch();
  void start_watch();

  // Which file version is on disk: device, inode, mtime (ns) and size.
  using Stamp = std::tuple<long long, long long, long long, long long>;
  static Stamp file_stamp(const std::string& path);

  std::string path_;
  std::vector<CaseRow> cases_;
  LectureFile lecture_;
  std::vector<SceneFile> lecture_shown_;  // each lecture scene as last left, edits kept
  std::vector<nlohmann::json> lecture_opened_;  // ... as shown when opened: what "edited" compares with
  std::vector<bool> lecture_edited_;      // ... and whether it was edited
  bool lecture_reshaped_ = false;         // scenes added, moved or removed, or titles and notes edited
  int selected_ = -1;                     // the case row or lecture scene shown
  std::string case_problem_;              // why the selected case row has no scene
  nlohmann::json saved_;  // the scene as last opened or saved: what dirty compares with
  Stamp known_{};         // the file as last read or written: our own save is not a change
  bool watch_ = false;
  std::atomic<bool> changed_{false};
  std::function<void()> on_change_;
  FolderWatch folder_watch_;  // after changed_ and on_change_, which its thread uses
  std::string watch_problem_;
  BackgroundAnswers answers_;        // after on_change_, which its thread uses
  std::string answer_undo_step_;  // the undo step of the open that left the shown row to answer
};
