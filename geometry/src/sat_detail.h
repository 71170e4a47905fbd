#pragma once
// Private helpers of the SAT files: the size-relative parallel test, a set that keeps
// directions once up to parallel, and the tally of the dedicated box tests (the edge pairs
// of two polyhedra worth an axis are in sat_arcs.h).
#include "accurate_cross.h"
#include "collision_lab/sat_result.h"
#include "collision_lab/small_list.h"
#include "collision_lab/vec.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <limits>
#include <vector>

namespace geo::sat_detail {

// The sine of the angle under which two directions count as parallel.
template <typename T>
constexpr T parallel_sine() { return T(64) * std::numeric_limits<T>::epsilon(); }

// |u x v|² <= sin²·|u|²|v|²: true for a zero vector too.
template <typename T>
bool nearly_parallel(const Vec3<T>& u, const Vec3<T>& v) {
  // |u x v|² + (u·v)² = |u|²|v|²: (u·v)² under half of that leaves |u x v|² far above the
  // bound, beyond any rounding (with the products clear of underflow), at a dot's cost.
  const T uv = glm::dot(u, v), scale = glm::dot(u, u) * glm::dot(v, v);
  const bool clear = scale >= T(1024) * std::numeric_limits<T>::min() && scale <= std::numeric_limits<T>::max();
  if (clear && T(2) * uv * uv < scale) return false;
  const Vec3<T> c = detail::accurate_cross(u, v);
  const T sine = parallel_sine<T>();
  return glm::dot(c, c) <= sine * sine * glm::dot(u, u) * glm::dot(v, v);
}

// Directions kept once up to parallel (either sign), in the order first added. A linear
// scan while few; then a grid on the unit sphere in one flat open-addressed table (each
// direction filed under +u and -u, looked up with its neighbours), so that adding one of
// thousands costs a few probes and no allocation of its own. `Fine`: far smaller cells, for
// the axes of a large hull, which crowd a few great circles (as a box's edges cross its
// edges); only whether a direction is new is then used, which the cells do not change.
template <typename T, bool Fine = false>
class ParallelSet {
 public:
  std::vector<Vec3<T>> directions() const { return {kept_.begin(), kept_.end()}; }
  std::size_t size() const { return kept_.size(); }

  // The index of the kept direction parallel to `direction`; -1 when none is (or it is zero).
  int find(const Vec3<T>& direction) const {
    if (kept_.size() <= kScanLimit) {
      for (std::size_t i = 0; i < kept_.size(); ++i) if (nearly_parallel(kept_[i], direction)) return static_cast<int>(i);
      return -1;
    }
    const Vec3<T> unit = direction / std::sqrt(glm::dot(direction, direction));
    // A parallel direction lies in this cell or, near a boundary, across it: its unit
    // coordinates differ by about parallel_sine, under a 30th of a cell (skipping cells
    // that hold no parallel direction leaves the first one found as it was).
    int lo[3], hi[3];
    for (int k = 0; k < 3; ++k) {
      const T scaled = (unit[k] + T(1)) * kCells;
      const int c = floor_int(scaled);
      const T within = scaled - static_cast<T>(c);
      lo[k] = within < T(0.125) ? c - 1 : c;
      hi[k] = within > T(0.875) ? c + 1 : c;
    }
    for (int x = lo[0]; x <= hi[0]; ++x) {
      for (int y = lo[1]; y <= hi[1]; ++y) {
        for (int z = lo[2]; z <= hi[2]; ++z) {
          const Key key = cell_key(x, y, z);
          for (std::size_t slot = home(key); table_[slot].index >= 0; slot = (slot + 1) & (table_.size() - 1)) {
            const int i = table_[slot].index;
            if (table_[slot].key == key && nearly_parallel(kept_[static_cast<std::size_t>(i)], direction)) return i;
          }
        }
      }
    }
    return -1;
  }

  // Adds `direction` unless it is zero or parallel to one kept; returns the index of the
  // kept direction it is (its own when added), or -1 when zero.
  int add(const Vec3<T>& direction) {
    if (glm::dot(direction, direction) == T(0)) return -1;
    const int found = find(direction);
    if (found >= 0) return found;
    kept_.push_back(direction);
    if (kept_.size() > kScanLimit) {  // the grid, filled at once when first needed and when it grows
      if (16 * kept_.size() > 3 * table_.size()) {  // two entries each, at most 3/8 full: short probes
        rebuild(std::max<std::size_t>(256, 2 * table_.size()));
      } else {
        file(kept_.size() - 1);
      }
    }
    return static_cast<int>(kept_.size() - 1);
  }

 private:
  using Key = std::conditional_t<Fine, std::uint64_t, std::uint32_t>;
  struct Slot {
    Key key;
    int index;  // -1: empty
  };
  static constexpr std::size_t kScanLimit = 24;
  // Cells per unit of each coordinate; far wider than parallel_sine (a float's is 8e-6).
  static constexpr T kCells = !Fine ? T(128) : sizeof(T) == 4 ? T(4096) : T(1 << 19);
  static constexpr int kKeyBits = Fine ? 21 : 10;

  static Key cell_key(int x, int y, int z) {  // each in [-1, 2 * kCells + 1]
    return static_cast<Key>(x + 1) | static_cast<Key>(y + 1) << kKeyBits | static_cast<Key>(z + 1) << (2 * kKeyBits);
  }
  // floor() of a value in [-1, 2 * kCells + 1] without a library call.
  static int floor_int(T x) {
    const int c = static_cast<int>(x);
    return x < static_cast<T>(c) ? c - 1 : c;
  }
  static int cell(T coordinate) { return floor_int((coordinate + T(1)) * kCells); }
  // The product's high bits: its low ones depend on the key's low bits (one coordinate) only.
  std::size_t home(Key key) const {
    if constexpr (Fine) return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ull) >> (32 + home_shift_));
    else return (key * 2654435761u) >> home_shift_;
  }

  void insert(Key key, int index) {
    std::size_t slot = home(key);
    while (table_[slot].index >= 0) slot = (slot + 1) & (table_.size() - 1);
    table_[slot] = {key, index};
  }
  void file(std::size_t i) {
    const Vec3<T> unit = kept_[i] / std::sqrt(glm::dot(kept_[i], kept_[i]));
    insert(cell_key(cell(unit.x), cell(unit.y), cell(unit.z)), static_cast<int>(i));
    insert(cell_key(cell(-unit.x), cell(-unit.y), cell(-unit.z)), static_cast<int>(i));
  }
  void rebuild(std::size_t size) {  // size: a power of two
    table_.assign(size, Slot{0, -1});
    home_shift_ = 32 - std::countr_zero(size);
    for (std::size_t i = 0; i < kept_.size(); ++i) file(i);
  }

  // Room in place for the axes of two hulls of a few dozen vertices each.
  SmallList<Vec3<T>, 256> kept_;
  SmallList<Slot, 2048> table_;
  int home_shift_ = 32;
};

// The dedicated box tests (box_overlap.cpp, aabb_overlap.cpp) count their axes as the
// generic test does: a gap within the tolerance of 0 is touching, the largest gap is kept
// (the first on ties), and the first positive gap ends the test. Which axis is kept is
// noted by its source; its vector is worked out only at the end.
template <typename T>
struct AxisTally {
  T tolerance = 0;
  T best_gap = 0;
  AxisSource source = AxisSource::FaceA;
  int index_a = -1, index_b = -1;
  int tests = 0;
  bool separated = false;
  bool kept_last = false;  // the axis added last is the one kept

  // True when `gap` separates (the test stops there).
  bool add(T gap, AxisSource from, int a, int b) {
    if (std::abs(gap) <= tolerance) gap = 0;
    kept_last = tests++ == 0 || gap > best_gap;
    if (kept_last) {
      best_gap = gap;
      source = from;
      index_a = a;
      index_b = b;
    }
    return separated = gap > 0;
  }
};

// The kept axis's projections relative to a common origin, and the origin's projection.
template <typename T>
struct AxisProjection {
  T a_min = 0, a_max = 0, b_min = 0, b_max = 0;
  T origin = 0;
};

// The answer of a dedicated test from its tally and the kept axis (unit, as tested).
template <typename T>
SatResult<T> tally_result(const AxisTally<T>& tally, const Vec3<T>& axis, const AxisProjection<T>& p) {
  SatResult<T> result;
  const T forward = p.b_min - p.a_max, backward = p.a_min - p.b_max;
  const T gap = tally.best_gap;
  result.overlap = !tally.separated;
  result.axis_tests = tally.tests;
  result.axis = forward >= backward ? axis : -axis;
  result.separation = result.overlap ? T(0) : std::max(gap, T(0));
  result.depth = std::max(-gap, T(0));
  result.face_axes_would_be_wrong = tally.separated && tally.source == AxisSource::EdgeEdge;
  if (tally.separated) {
    result.first_separating = tally.tests - 1;
    SatAxis<T>& first = result.first_separating_axis;
    first.axis = axis;
    first.source = tally.source;
    first.index_a = tally.index_a;
    first.index_b = tally.index_b;
    first.a_min = p.a_min + p.origin;
    first.a_max = p.a_max + p.origin;
    first.b_min = p.b_min + p.origin;
    first.b_max = p.b_max + p.origin;
    first.gap = gap;
  }
  return result;
}

// `direction` made unit the way the generic test makes its axes unit.
template <typename T>
Vec3<T> unit_axis(const Vec3<T>& direction) {
  return direction / std::sqrt(glm::dot(direction, direction));
}

}  // namespace geo::sat_detail
