#include "app/document/history.h"

void History::record(std::string name, Snapshot before) {
  undo_.push_back({std::move(name), std::move(before)});
  if (undo_.size() > kMaxSteps) undo_.pop_front();
  redo_.clear();
}

// Moves the newest step of `from` onto `current`, keeping what `current` was on `to`: the
// whole scene for a step that replaces it, else the state and settings alone.
bool History::step(std::deque<Step>& from, std::deque<Step>& to, Snapshot& current) {
  if (from.empty()) return false;
  Step taken = std::move(from.back());
  from.pop_back();
  if (!taken.snapshot.scene) current.scene.reset();
  to.push_back({taken.name, std::move(current)});
  current = std::move(taken.snapshot);
  return true;
}

bool History::undo(Snapshot& current) { return step(undo_, redo_, current); }

bool History::redo(Snapshot& current) { return step(redo_, undo_, current); }

void History::clear() {
  undo_.clear();
  redo_.clear();
}
