#pragma once
// What is open: a scene file, a case file (one row shown at a time) or nothing yet; where
// it saves; whether the sample has changed since; and the watch that reloads the file when
// another program rewrites it.
#include "app/case_file.h"
#include "app/sample_host.h"

#include <string>
#include <vector>

// A file as opened: its scene, and for a case file its rows (the scene is row `row`'s).
struct LoadedFile {
  SceneFile scene;
  std::vector<CaseRow> rows;
};
// Reads a scene or a case file (".jsonl") without showing it; false with `error` when it
// cannot be used. main checks the command line's file with it before any window opens.
bool load_file(const std::string& path, int row, LoadedFile& loaded, std::string& error);
// The scene of case `row` (from 0); false when out of range or no sample takes its shapes.
bool scene_of_case(const std::vector<CaseRow>& rows, int row, SceneFile& scene, std::string& error);

class Document {
 public:
  Document() = default;
  ~Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  // Opens a scene, or a case file (".jsonl") at row `row` (from 0). False with `error` when
  // the file cannot be used; the host and what was open are then kept.
  bool open(const std::string& path, int row, SampleHost& host, std::string& error);
  // Shows case row `row` (from 0); false when out of range or no sample takes its shapes.
  bool select_case(int row, SampleHost& host, std::string& error);
  // Writes the current scene to `path` (temporary file, fsync, rename): it becomes the
  // document's file. A case file is never overwritten: its edits save as a scene.
  bool save(const std::string& path, const SampleHost& host, std::string& error);
  // Untitled, with what the host shows now as its saved state (File > New, samples picked).
  void detach(const SampleHost& host);

  bool dirty(const SampleHost& host) const;
  const std::string& path() const { return path_; }
  bool is_cases() const { return !cases_.empty(); }
  const std::vector<CaseRow>& cases() const { return cases_; }
  int selected_case() const { return selected_; }
  // Where Save writes without asking: the scene file that is open; empty for a case file or none.
  std::string save_path() const { return is_cases() ? std::string() : path_; }
  // "name.json" or "Untitled", with " *" while there are unsaved changes.
  std::string title(const SampleHost& host) const;

  // Reloads the file whenever it changes on disk (inotify on its folder, or a stat every
  // poll when inotify is unavailable), keeping the camera and the selected row.
  void set_watch(bool on);
  bool watching() const { return watch_; }
  // Call a few times a second: true when the file was reloaded or the banner changed.
  bool poll_watch(SampleHost& host);
  // Why the last reload failed (the last good state stays on screen); empty once one works.
  const std::string& watch_problem() const { return watch_problem_; }

 private:
  bool reload(SampleHost& host);
  void close_watch();
  void start_watch();

  std::string path_;
  std::vector<CaseRow> cases_;
  int selected_ = -1;
  nlohmann::json saved_;  // the scene as last opened or saved: what dirty compares with
  bool watch_ = false;
  int inotify_fd_ = -1;
  long long stamp_ = 0;  // size and mtime of the file when inotify is unavailable
  std::string watch_problem_;
};
