// The test of sat.cpp between two prepared polyhedra, in two passes. The first takes the
// axes in the test's order, each once up to parallel, and stops projecting an axis as soon
// as the intervals overlap: most axes are settled by a few vertices. The second, only
// when the least overlap (or the largest gap) is asked for, projects the taken axes again,
// stopping each once it cannot beat the best so far. Every value compared is computed as
// sat.cpp computes it, and min and max do not depend on the order of the vertices, so the
// answer has the same bits. With a large hull, the axes are held back instead and each
// projected whole, by walks (sat_walk.h) in an order where consecutive axes are close,
// then settled in the order taken: the same decisions, as an interval cut short only
// decides that its gap is at most the floor.
#include "sat_quick.h"

#include "collision_lab/bit_cast.h"
#include "sat_arcs.h"
#include "sat_walk.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>
#include <type_traits>

namespace geo::sat_detail {
namespace {

// An axis the test takes, unit, in the order taken.
template <typename T>
struct TakenAxis {
  Vec3<T> axis;
  AxisSource source;
  int index_a, index_b;
};

template <typename T>
struct Intervals {
  T a_min, a_max, b_min, b_max;
};

// x and y have the same bits; no branch, so that a loop of them vectorizes.
template <typename T>
bool same_bits(T x, T y) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  return geo::bit_cast<Bits>(x) == geo::bit_cast<Bits>(y);
}

// Whether the face normals are as sat_shape prepared them, and the edge directions finite.
// Only what the quick test reads is checked, once, as the check reads cold memory: B's
// vertices are used as they are (QuickTester checks them finite), A's through `relative`.
template <typename T>
bool still_prepared(const SatShape<T>& shape) {
  const SatPrepared<T>& prepared = shape.prepared;
  const std::vector<Vec3<T>>& normals = shape.face_normals;
  if (prepared.axes.size() != normals.size() || prepared.normals.size() != normals.size()) return false;
  bool finite = all_finite(shape.plane_normal);
  for (const auto& e : shape.edge_directions) finite &= all_finite(e);
  return finite && (normals.empty() || std::memcmp(normals.data(), prepared.normals.data(), normals.size() * sizeof(Vec3<T>)) == 0);
}

// Whether A's vertices are still, relative to the first, those prepared (then finite or
// beyond in_range).
template <typename T>
bool vertices_still_prepared(const SatShape<T>& shape) {
  const std::vector<Vec3<T>>& relative = shape.prepared.relative;
  const std::size_t count = shape.vertices.size();
  if (count == 0 || relative.size() != count) return false;
  const Vec3<T>* v = shape.vertices.data();
  bool same = true;
  for (std::size_t i = 0; i < count; ++i) {
    const Vec3<T> r = v[i] - v[0];
    same &= same_bits(r.x, relative[i].x) & same_bits(r.y, relative[i].y) & same_bits(r.z, relative[i].z);
  }
  return same;
}

template <typename T>
class QuickTester {
 public:
  QuickTester(const SatShape<T>& a, const SatShape<T>& b, bool stop, SatResult<T>& result)
      : a_(a.prepared), origin_(a.vertices[0]), stop_(stop), result_(result) {
    extent_ = a_.extent;
    for (const auto& v : b.vertices) {
      finite_b_ &= all_finite(v);
      relative_b_.push_back(v - origin_);
      const Vec3<T>& r = relative_b_.back();
      extent_ = std::max({extent_, std::abs(r.x), std::abs(r.y), std::abs(r.z)});
    }
    tolerance_ = T(16) * std::numeric_limits<T>::epsilon() * extent_;
    cells_.fill(0);
    T extent_b = 0;
    for (const auto& r : relative_b_) extent_b = std::max({extent_b, std::abs(r.x), std::abs(r.y), std::abs(r.z)});
    // Below a few thousand vertices the projections cut short cost less than whole walks.
    constexpr std::size_t kWalkFrom = 2048;
    if (a.vertices.size() >= kWalkFrom && graph_fits(a)) walk_a_.emplace(a.graph, a_.relative.data(), a_.relative.size(), a_.extent);
    if (b.vertices.size() >= kWalkFrom && graph_fits(b)) walk_b_.emplace(b.graph, relative_b_.data(), relative_b_.size(), extent_b);
    if (walk_a_ && !walk_a_->usable()) walk_a_.reset();
    if (walk_b_ && !walk_b_->usable()) walk_b_.reset();
  }

  // B's vertices are finite, and no projection or gap can overflow (to a NaN that min and
  // max would see in order).
  bool in_range() const { return finite_b_ && extent_ <= std::numeric_limits<T>::max() / T(64); }

  // Takes unit `axis` unless zero or parallel to one taken; true when the test stops here.
  bool take(const Vec3<T>& axis, AxisSource source, int index_a, int index_b) {
    if (!add_line(axis)) return false;
    taken_.push_back({axis, source, index_a, index_b});
    if (walk_a_ || walk_b_) return taken_.size() - settled_ >= batch_ && settle_held();
    if (result_.first_separating >= 0) return false;
    Intervals<T> p;
    if (!project(taken_.back(), T(0), p)) return false;
    return separates(taken_.size() - 1, p);
  }

  // Projects the axes held back whole and looks among them, in order, for the first that
  // separates; true when the test stops there.
  bool settle_held() {
    if (!walk_a_ && !walk_b_) return false;  // nothing is held back
    const std::size_t from = settled_;
    settled_ = taken_.size();
    if (from == settled_) return false;
    batch_ = std::min(2 * batch_, kBatch);  // small first, so that an early separation costs little
    held_.assign(taken_.begin() + static_cast<std::ptrdiff_t>(from), taken_.end());
    intervals_.resize(settled_);
    Intervals<T>* p = intervals_.data() + from;
    extremes(walk_a_, a_.relative.data(), a_.relative.size(), p, &Intervals<T>::a_min, &Intervals<T>::a_max, true);
    extremes(walk_b_, relative_b_.data(), relative_b_.size(), p, &Intervals<T>::b_min, &Intervals<T>::b_max, false);
    for (std::size_t k = from; result_.first_separating < 0 && k < settled_; ++k) {
      const Intervals<T>& q = intervals_[k];
      if (snap(std::max(q.b_min - q.a_max, q.a_min - q.b_max)) > T(0)) return separates(k, q);
    }
    return false;
  }

  // The axis of largest gap, the first on ties, found by projecting each taken axis only
  // as far as it might still beat the best so far.
  void find_best() {
    T best = -std::numeric_limits<T>::infinity();
    const bool held = walk_a_ || walk_b_;
    for (std::size_t k = 0; k < taken_.size(); ++k) {
      const TakenAxis<T>& taken = taken_[k];
      Intervals<T> p;
      if (held) {
        p = intervals_[k];
      } else if (!project(taken, best, p)) {
        continue;
      }
      const T forward = p.b_min - p.a_max, backward = p.a_min - p.b_max;
      const T gap = snap(std::max(forward, backward));
      if (gap > best) {
        best = gap;
        result_.axis = forward >= backward ? taken.axis : -taken.axis;
      }
    }
    if (!taken_.empty()) {
      result_.separation = std::max(best, T(0));
      result_.depth = std::max(-best, T(0));
    }
    result_.axis_tests = static_cast<int>(taken_.size());
  }

 private:
  static constexpr std::size_t kCells = 1 << 14;
  static constexpr std::size_t kStep = 4;  // vertices of each shape between checks

  static constexpr std::size_t kBatch = std::size_t{1} << 16;

  T snap(T gap) const { return std::abs(gap) <= tolerance_ ? T(0) : gap; }  // touching is overlap, with depth 0

  // Taken axis k separates with intervals p: the first to; true when the test stops here.
  bool separates(std::size_t k, const Intervals<T>& p) {
    const TakenAxis<T>& taken = taken_[k];
    const Vec3<T>& axis = taken.axis;
    const T forward = p.b_min - p.a_max, backward = p.a_min - p.b_max;
    const T gap = snap(std::max(forward, backward));
    const T offset = glm::dot(axis, origin_);  // report world projections
    result_.first_separating = static_cast<int>(k);
    result_.first_separating_axis = {axis, taken.source, taken.index_a, taken.index_b, p.a_min + offset,
                                     p.a_max + offset, p.b_min + offset, p.b_max + offset, gap};
    if (stop_) {
      result_.axis_tests = static_cast<int>(k) + 1;
      result_.axis = forward >= backward ? axis : -axis;
      result_.separation = gap;
      result_.depth = 0;
    }
    return stop_;
  }

  // One shape's interval on every held axis: A's own faces as prepared, else by walks in
  // line order, or whole scans.
  void extremes(std::optional<ExtremeWalk<T>>& walk, const Vec3<T>* points, std::size_t count, Intervals<T>* out,
                T Intervals<T>::*lo, T Intervals<T>::*hi, bool of_a) {
    for (std::size_t k = 0; k < held_.size(); ++k) {
      const TakenAxis<T>& taken = held_[k];
      if (of_a && taken.source == AxisSource::FaceA) {
        out[k].*lo = a_.low[static_cast<std::size_t>(taken.index_a)];
        out[k].*hi = a_.high[static_cast<std::size_t>(taken.index_a)];
      } else if (!walk) {
        T l = glm::dot(taken.axis, points[0]), h = l;
        for (std::size_t i = 1; i < count; ++i) {
          const T value = glm::dot(taken.axis, points[i]);
          l = std::min(l, value);
          h = std::max(h, value);
        }
        out[k].*lo = l;
        out[k].*hi = h;
      }
    }
    if (!walk) return;
    struct Axes {  // the held axes as walk_in_line_order reads them
      const std::vector<TakenAxis<T>>& held;
      std::size_t size() const { return held.size(); }
      const Vec3<T>& operator[](std::size_t k) const { return held[k].axis; }
    };
    walk_in_line_order<T>(Axes{held_}, [&](std::size_t k, int& towards, int& away) {
      const TakenAxis<T>& taken = held_[k];
      if (of_a && taken.source == AxisSource::FaceA) return;
      towards = walk->extreme(taken.axis, true, towards);
      away = walk->extreme(taken.axis, false, away);
      out[k].*hi = glm::dot(taken.axis, points[static_cast<std::size_t>(towards)]);
      out[k].*lo = glm::dot(taken.axis, points[static_cast<std::size_t>(away)]);
    });
  }

  // The intervals of both shapes on the axis; false as soon as its gap (snapped) is at
  // most `floor`: a vertex more only widens an interval, so the gap only shrinks.
  bool project(const TakenAxis<T>& taken, T floor, Intervals<T>& p) const {
    const Vec3<T>& axis = taken.axis;
    const Vec3<T>* a = a_.relative.data();
    const Vec3<T>* b = relative_b_.data();
    const std::size_t count_a = a_.relative.size(), count_b = relative_b_.size();
    std::size_t i = 1, j = 1;
    if (taken.source == AxisSource::FaceA) {  // A's own face: its interval is prepared
      p.a_min = a_.low[static_cast<std::size_t>(taken.index_a)];
      p.a_max = a_.high[static_cast<std::size_t>(taken.index_a)];
      i = count_a;
    } else {
      p.a_min = p.a_max = glm::dot(axis, a[0]);
    }
    p.b_min = p.b_max = glm::dot(axis, b[0]);
    for (;;) {
      if (snap(std::max(p.b_min - p.a_max, p.a_min - p.b_max)) <= floor) return false;
      if (i == count_a && j == count_b) return true;
      for (const std::size_t end = std::min(i + kStep, count_a); i < end; ++i) {
        const T value = glm::dot(axis, a[i]);
        p.a_min = std::min(p.a_min, value);
        p.a_max = std::max(p.a_max, value);
      }
      for (const std::size_t end = std::min(j + kStep, count_b); j < end; ++j) {
        const T value = glm::dot(axis, b[j]);
        p.b_min = std::min(p.b_min, value);
        p.b_max = std::max(p.b_max, value);
      }
    }
  }

  // Keeps the axis's line unless zero or nearly_parallel to one kept, as ParallelSet does.
  // Filed by the share of |x| in |x|+|y|+|z|, which is the same for both directions of a
  // line and moves by under 1.5 times the angle between two: lines parallel within
  // parallel_sine have shares far closer than kWindow, so only kept lines within it are
  // compared, and only when a cell that near is marked.
  bool add_line(const Vec3<T>& axis) {
    if (glm::dot(axis, axis) == T(0)) return false;
    if (walk_a_ || walk_b_) {  // a large hull's many axes: the grid (a parallel line is within kWindow)
      const std::size_t before = lines_.size();
      return lines_.add(axis) == static_cast<int>(before);
    }
    constexpr T kWindow = T(64) * parallel_sine<T>();
    const T share = std::abs(axis.x) / (std::abs(axis.x) + std::abs(axis.y) + std::abs(axis.z));
    bool near = false;
    for (std::size_t c = cell(share - kWindow); c <= cell(share + kWindow); ++c) near |= (cells_[c / 64] >> (c % 64)) & 1;
    if (near) {
      for (std::size_t k = 0; k < shares_.size(); ++k) {
        if (std::abs(shares_[k] - share) <= kWindow && nearly_parallel(taken_[k].axis, axis)) return false;
      }
    }
    const std::size_t c = cell(share);
    cells_[c / 64] |= std::uint64_t{1} << (c % 64);
    shares_.push_back(share);
    return true;
  }
  static std::size_t cell(T share) {
    return static_cast<std::size_t>(std::clamp(share, T(0), T(1)) * static_cast<T>(kCells - 1));
  }

  const SatPrepared<T>& a_;
  Vec3<T> origin_;
  bool stop_;
  SatResult<T>& result_;
  T extent_ = 0, tolerance_ = 0;
  bool finite_b_ = true;
  SmallList<Vec3<T>, 64> relative_b_;
  // Room in place for the axes of two hulls of a few dozen vertices each.
  SmallList<TakenAxis<T>, 512> taken_;
  SmallList<T, 512> shares_;  // taken_'s, in its order
  std::array<std::uint64_t, kCells / 64> cells_;
  std::optional<ExtremeWalk<T>> walk_a_, walk_b_;  // for large hulls
  std::size_t settled_ = 0;                      // taken_ before this are projected
  std::size_t batch_ = 64;
  ParallelSet<T, true> lines_;                   // the lines taken, when held back
  std::vector<TakenAxis<T>> held_;
  std::vector<Intervals<T>> intervals_;          // taken_'s, when held back
};

}  // namespace

template <typename T>
bool quick_polyhedra(const SatShape<T>& a, const SatShape<T>& b, const SatOptions& options, SatResult<T>& result,
                     bool& faces_separate) {
  if (options.cache && options.cache->valid) return false;
  if (a.edge_arcs.empty() || b.edge_arcs.empty() || (a.flat && b.flat)) return false;
  if (b.vertices.empty() || !still_prepared(a) || !still_prepared(b) || !vertices_still_prepared(a)) return false;
  SatResult<T> answer;
  QuickTester<T> tester(a, b, options.stop_at_separation, answer);
  if (!tester.in_range()) return false;

  const auto faces = [&](const SatShape<T>& shape, AxisSource source) {
    const int count = static_cast<int>(shape.prepared.axes.size());
    for (int i = 0; i < count; ++i) {
      const bool of_a = source == AxisSource::FaceA;
      if (tester.take(shape.prepared.axes[static_cast<std::size_t>(i)], source, of_a ? i : -1, of_a ? -1 : i)) return true;
    }
    return false;
  };
  bool done = faces(a, AxisSource::FaceA) || faces(b, AxisSource::FaceB);
  done = tester.settle_held() || done;
  faces_separate = answer.first_separating >= 0;
  const auto edge_pair = [&](int i, int j) {
    const Vec3<T>& ea = a.edge_directions[static_cast<std::size_t>(i)];
    const Vec3<T>& eb = b.edge_directions[static_cast<std::size_t>(j)];
    if (nearly_parallel(ea, eb)) return false;  // no axis, as in sat.cpp
    const Vec3<T> direction = detail::accurate_cross(ea, eb);
    const T length_squared = glm::dot(direction, direction);
    if (!(length_squared > T(0))) return false;
    return tester.take(direction / std::sqrt(length_squared), AxisSource::EdgeEdge, i, j);
  };
  if (!done) done = visit_edge_pairs(a, b, edge_pair);
  done = tester.settle_held() || done;
  if (!done) tester.find_best();
  result = answer;
  return true;
}

template bool quick_polyhedra(const SatShape<float>&, const SatShape<float>&, const SatOptions&, SatResult<float>&, bool&);
template bool quick_polyhedra(const SatShape<double>&, const SatShape<double>&, const SatOptions&, SatResult<double>&, bool&);

}  // namespace geo::sat_detail
