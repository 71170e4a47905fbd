#pragma once
// Private to sat.cpp: the generic test's axis by axis bookkeeping. Every axis is projected
// relative to one origin (A's first vertex); a gap within a size-relative tolerance of 0 is
// touching. With a large hull the axes are held back and projected in batches, in an order
// where consecutive axes are close, by walks (sat_walk.h) instead of scans; they are
// then settled in the order taken, so the answer, trace and count are the scan's.
#include "sat_detail.h"
#include "sat_walk.h"

#include <optional>

namespace geo::sat_detail {

// Room in place for the vertices of ordinary shapes (a larger hull moves to the heap).
template <typename T>
using Points = SmallList<Vec3<T>, 64>;

// Tests axes one by one: skips parallel repeats, projects both shapes, records, keeps the
// axis of largest gap (the separation, or the least overlap) and the first separating one.
template <typename T>
class AxisTester {
 public:
  // `graph_a`, `graph_b`: each shape's vertex graph when graph_fits, else null.
  template <typename List>
  AxisTester(const List& a, const List& b, const SatOptions& options, SatTrace<T>* trace, SatResult<T>& result,
             const SatVertexGraph<T>* graph_a = nullptr, const SatVertexGraph<T>* graph_b = nullptr)
      : origin_(a[0]), options_(options), trace_(trace), result_(result) {
    T extent = 0, extent_a = 0, extent_b = 0;
    for (const auto& v : a) relative_a_.push_back(v - origin_);
    for (const auto& v : b) relative_b_.push_back(v - origin_);
    for (const auto& v : relative_a_) extent_a = std::max({extent_a, std::abs(v.x), std::abs(v.y), std::abs(v.z)});
    for (const auto& v : relative_b_) extent_b = std::max({extent_b, std::abs(v.x), std::abs(v.y), std::abs(v.z)});
    extent = std::max(extent_a, extent_b);
    // A projection rounds about 4 times relative to the extent; a gap subtracts two.
    tolerance_ = T(16) * std::numeric_limits<T>::epsilon() * extent;
    if (graph_a) walk_a_.emplace(*graph_a, relative_a_.data(), relative_a_.size(), extent_a);
    if (graph_b) walk_b_.emplace(*graph_b, relative_b_.data(), relative_b_.size(), extent_b);
    if (walk_a_ && !walk_a_->usable()) walk_a_.reset();
    if (walk_b_ && !walk_b_->usable()) walk_b_.reset();
  }

  // Tests `direction` (any length) unless zero or parallel to an axis tested before.
  // Returns true when the test should stop here (early-out).
  bool test(const Vec3<T>& direction, AxisSource source, int index_a, int index_b) {
    const T length_squared = glm::dot(direction, direction);
    if (!(length_squared > T(0))) return false;
    const Vec3<T> axis = direction / std::sqrt(length_squared);
    const std::size_t before = tested_.size();
    if (tested_.add(axis) < static_cast<int>(before)) return false;  // parallel to one tested
    SatAxis<T> record;
    record.axis = axis;
    record.source = source;
    record.index_a = index_a;
    record.index_b = index_b;
    if (walk_a_ || walk_b_) {
      held_.push_back(record);
      return held_.size() >= batch_ && flush();
    }
    project(relative_a_, axis, record.a_min, record.a_max);
    project(relative_b_, axis, record.b_min, record.b_max);
    return settle(record);
  }

  // Projects and settles the axes held back, in the order taken; true when the test stops
  // at one of them (those after it are dropped, as the test never reaches them).
  bool flush() {
    if (held_.empty()) return false;
    batch_ = std::min(2 * batch_, kBatch);  // small first, so that an early separation costs little
    extremes(relative_a_, walk_a_, &SatAxis<T>::a_min, &SatAxis<T>::a_max);
    extremes(relative_b_, walk_b_, &SatAxis<T>::b_min, &SatAxis<T>::b_max);
    bool stop = false;
    for (std::size_t i = 0; !stop && i < held_.size(); ++i) stop = settle(held_[i]);
    held_.clear();
    return stop;
  }

  bool separated() const { return result_.first_separating >= 0; }

  // Vertices whose dot the walks computed (for the tests' work counts).
  std::size_t walked() const { return (walk_a_ ? walk_a_->visited() : 0) + (walk_b_ ? walk_b_->visited() : 0); }

 private:
  static constexpr std::size_t kBatch = std::size_t{1} << 16;

  static void project(const Points<T>& points, const Vec3<T>& axis, T& lo, T& hi) {
    const Vec3<T>* point = points.data();  // once: each access through the list would test where it lives
    lo = hi = glm::dot(axis, point[0]);
    for (std::size_t i = 1; i < points.size(); ++i) {
      const T value = glm::dot(axis, point[i]);
      lo = std::min(lo, value);
      hi = std::max(hi, value);
    }
  }

  // Every held axis's interval of one shape: by walks in line order, or by scans.
  void extremes(const Points<T>& points, std::optional<ExtremeWalk<T>>& walk, T SatAxis<T>::*lo, T SatAxis<T>::*hi) {
    if (!walk) {
      for (SatAxis<T>& r : held_) project(points, r.axis, r.*lo, r.*hi);
      return;
    }
    axes_.clear();
    for (const SatAxis<T>& r : held_) axes_.push_back(r.axis);
    walk_in_line_order<T>(axes_, [&](std::size_t i, int& towards, int& away) {
      SatAxis<T>& r = held_[i];
      towards = walk->extreme(r.axis, true, towards);
      away = walk->extreme(r.axis, false, away);
      r.*hi = glm::dot(r.axis, points[static_cast<std::size_t>(towards)]);
      r.*lo = glm::dot(r.axis, points[static_cast<std::size_t>(away)]);
    });
  }

  // Keeps the axis if it has the largest gap so far, records it; true to stop here.
  bool settle(SatAxis<T>& record) {
    const Vec3<T>& axis = record.axis;
    // B beyond A's max (+axis) or before A's min (-axis): the larger of the two gaps.
    const T forward = record.b_min - record.a_max, backward = record.a_min - record.b_max;
    T gap = std::max(forward, backward);
    if (std::abs(gap) <= tolerance_) gap = 0;  // touching is overlap, with depth 0
    record.gap = gap;
    const int index = result_.axis_tests++;
    if (gap > result_.separation - result_.depth || index == 0) {
      result_.axis = forward >= backward ? axis : -axis;
      result_.separation = std::max(gap, T(0));
      result_.depth = std::max(-gap, T(0));
    }
    const bool first = gap > 0 && result_.first_separating < 0;
    if (trace_ || first) {
      const T offset = glm::dot(axis, origin_);  // report world projections
      record.a_min += offset; record.a_max += offset; record.b_min += offset; record.b_max += offset;
    }
    if (first) {
      result_.first_separating = index;
      result_.first_separating_axis = record;
    }
    if (trace_) trace_->axes.push_back(record);
    return gap > 0 && options_.stop_at_separation;
  }

  Vec3<T> origin_;
  T tolerance_ = 0;
  Points<T> relative_a_, relative_b_;
  ParallelSet<T, true> tested_;  // fine cells: a large hull's edge axes crowd a few great circles
  const SatOptions& options_;
  SatTrace<T>* trace_;
  SatResult<T>& result_;
  std::optional<ExtremeWalk<T>> walk_a_, walk_b_;
  std::vector<SatAxis<T>> held_;
  std::size_t batch_ = 64;
  std::vector<Vec3<T>> axes_;
};

}  // namespace geo::sat_detail
