#pragma once
// Undo and redo: the sample's state before each edit, with the edit's name for the menu.
// States are whole copies; a sample's state is a handful of shapes, so 500 steps are cheap.
#include "app/sample_state.h"

#include <deque>
#include <string>

class History {
 public:
  static constexpr std::size_t kMaxSteps = 500;

  // An edit named `name` has turned `before` into the current state: it can be undone, and
  // nothing undone before it can be redone any more.
  void record(std::string name, const SampleState& before);
  // Steps `current` back (undo) or forward again (redo); false when there is no step.
  bool undo(SampleState& current);
  bool redo(SampleState& current);
  // The name of the step undo or redo would take, or null.
  const std::string* next_undo() const { return undo_.empty() ? nullptr : &undo_.back().name; }
  const std::string* next_redo() const { return redo_.empty() ? nullptr : &redo_.back().name; }
  void clear();
  std::size_t undo_steps() const { return undo_.size(); }

 private:
  struct Step {
    std::string name;
    SampleState state;  // undo: the state before the edit; redo: the state after it
  };
  static bool step(std::deque<Step>& from, std::deque<Step>& to, SampleState& current);

  std::deque<Step> undo_, redo_;
};
