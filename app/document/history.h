#pragma once
// Undo and redo: the sample's state and settings before each edit, with the edit's name
// for the menu. Snapshots are whole copies; a sample's state is a handful of shapes, so
// 500 steps are cheap.
#include "app/host/sample_state.h"
#include "app/document/scene_file.h"

#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

// What one step brings back: the state, the settings as Sample::parameters() gives them,
// and for a step that replaced the whole scene (an opened preset, a pasted scene) that
// scene's sample, camera and title. The state travels whole, not in `scene`: it may hold
// shapes a scene file cannot add (a wall).
struct Snapshot {
  SampleState state;
  std::vector<std::pair<std::string, double>> settings;
  std::optional<SceneFile> scene;
};

class History {
 public:
  static constexpr std::size_t kMaxSteps = 500;

  // An edit named `name` has turned `before` into the current snapshot: it can be undone,
  // and nothing undone before it can be redone any more.
  void record(std::string name, Snapshot before);
  // Steps `current` back (undo) or forward again (redo); false when there is no step.
  // `current.scene` must be the scene shown: it is kept when the step replaces the scene.
  bool undo(Snapshot& current);
  bool redo(Snapshot& current);
  // The name of the step undo or redo would take, or null.
  const std::string* next_undo() const { return undo_.empty() ? nullptr : &undo_.back().name; }
  const std::string* next_redo() const { return redo_.empty() ? nullptr : &redo_.back().name; }
  void clear();
  std::size_t undo_steps() const { return undo_.size(); }

 private:
  struct Step {
    std::string name;
    Snapshot snapshot;  // undo: what was there before the edit; redo: after it
  };
  static bool step(std::deque<Step>& from, std::deque<Step>& to, Snapshot& current);

  std::deque<Step> undo_, redo_;
};
