#include "app/history.h"

void History::record(std::string name, const SampleState& before) {
  undo_.push_back({std::move(name), before});
  if (undo_.size() > kMaxSteps) undo_.pop_front();
  redo_.clear();
}

bool History::undo(SampleState& current) {
  if (undo_.empty()) return false;
  Step step = std::move(undo_.back());
  undo_.pop_back();
  redo_.push_back({step.name, current});
  current = std::move(step.state);
  return true;
}

bool History::redo(SampleState& current) {
  if (redo_.empty()) return false;
  Step step = std::move(redo_.back());
  redo_.pop_back();
  undo_.push_back({step.name, current});
  current = std::move(step.state);
  return true;
}

void History::clear() {
  undo_.clear();
  redo_.clear();
}
