#include "app/explain/locus_trace.h"

#include "render/color.h"

#include <algorithm>
#include <span>

void LocusTrace::update(bool dragging, const glm::dvec3& closest, double dt) {
  if (dragging) {
    if (!dragging_) points_.clear();  // a new drag starts a new trace
    dragging_ = true;
    seconds_since_drag_ = 0;
    if (points_.empty() || points_.back() != closest) points_.push_back(closest);
    if (points_.size() > kMaxPoints) points_.erase(points_.begin());
    return;
  }
  dragging_ = false;
  if (points_.empty()) return;
  // The answer moved without a drag of P (undo, a typed value, another handle): the trace
  // no longer leads to it.
  if (points_.back() != closest) return clear();
  seconds_since_drag_ += dt;
  if (seconds_since_drag_ >= kFadeSeconds) clear();
}

void LocusTrace::draw(DebugDraw& draw) const {
  if (points_.size() < 2) return;
  const std::span<const glm::dvec3> all(points_);
  draw.lines(all.first(all.size() - 1), all.last(all.size() - 1), palette::kAnswer.with_alpha(opacity()), 3,
             Layer::Overlay);
}

void LocusTrace::clear() {
  points_.clear();
  dragging_ = false;
  seconds_since_drag_ = 0;
}

float LocusTrace::opacity() const {
  if (points_.empty()) return 0;
  return static_cast<float>(std::clamp(1 - seconds_since_drag_ / kFadeSeconds, 0.0, 1.0));
}
