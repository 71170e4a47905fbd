#include "app/history.h"

void History::record(std::string name, const SampleState& before) {
  undo_.push_back({std::move(name), before});
  if (undo_.size() > kMaxSteps) undo_.pop_front();
  redo_.clear();
}

// Moves the newest step of `from` onto `current`, keeping what `current` was on `to`.
bool History::step(std::deque<Step>& from, std::deque<Step>& to, SampleState& current) {
  if (from.empty()) return false;
  Step taken = std::move(from.back());
  from.pop_back();
  to.push_back({taken.name, current});
  current = std::move(taken.state);
  return true;
}

bool History::undo(SampleState& current) { return step(undo_, redo_, current); }

bool History::redo(SampleState& current) { return step(redo_, undo_, current); }

void History::clear() {
  undo_.clear();
  redo_.clear();
}
