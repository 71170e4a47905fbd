#pragma once
// Undo and redo: the sample's state before each edit, with the edit's name for the menu.
// States are whole copies; a sample's state is a handful of shapes, so 500 steps are cheap.
#include "app/sample_state.h"
#include "app/scene_file.h"

#include <deque>
#include <optional>
#include <string>

// What a step gives back: the sample's state and, for a step that replaced the whole scene
// (an opened preset), that scene's sample, settings, camera and title. The state travels
// here rather than in `scene`, whole: it may hold shapes a scene file cannot add (a wall).
struct HistorySnapshot {
  SampleState state;
  std::optional<SceneFile> scene;
};

class History {
 public:
  static constexpr std::size_t kMaxSteps = 500;

  // An edit named `name` has turned `before` into the current state (or scene): it can be
  // undone, and nothing undone before it can be redone any more.
  void record(std::string name, HistorySnapshot before);
  void record(std::string name, const SampleState& before) { record(std::move(name), HistorySnapshot{before, {}}); }
  // Steps `current` back (undo) or forward again (redo); false when there is no step.
  // `current.scene` must be the scene shown: it is kept when the step replaces the scene.
  bool undo(HistorySnapshot& current);
  bool redo(HistorySnapshot& current);
  // The name of the step undo or redo would take, or null.
  const std::string* next_undo() const { return undo_.empty() ? nullptr : &undo_.back().name; }
  const std::string* next_redo() const { return redo_.empty() ? nullptr : &redo_.back().name; }
  void clear();
  std::size_t undo_steps() const { return undo_.size(); }

 private:
  struct Step {
    std::string name;
    HistorySnapshot snapshot;  // undo: what was there before the edit; redo: after it
  };
  static bool step(std::deque<Step>& from, std::deque<Step>& to, HistorySnapshot& current);

  std::deque<Step> undo_, redo_;
};
