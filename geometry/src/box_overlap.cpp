// Box against box by the 15 axes: A's and B's face normals and the 9 cross products of
// their edges, each axis's gap read off the rotation matrix R (entry i, j: A's axis i dot
// B's axis j) and B's centre in A's frame. Only a gap near the touching threshold, where
// R's rounding could tip the verdict, is measured again along the exact axis.
#include "collision_lab/box_overlap.h"

#include "collision_lab/shape_check.h"
#include "sat_detail.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

namespace geo {
namespace {

using sat_detail::AxisProjection;
using sat_detail::AxisTally;
using sat_detail::unit_axis;

// An OBB is taken as it is (not copied); an AABB is made one.
template <typename T>
const Obb<T>& box_of(const Obb<T>& box) {
  return box;
}

template <typename T>
Obb<T> box_of(const Aabb<T>& box) {
  return {(box.min + box.max) * T(0.5), {Vec3<T>(1, 0, 0), Vec3<T>(0, 1, 0), Vec3<T>(0, 0, 1)}, (box.max - box.min) * T(0.5)};
}

// Every extent positive (a flat box needs the generic test's in-plane axes) and the axes
// orthonormal to rounding, which the identities behind the R-based gaps assume.
// Every condition is worked out, without a branch each (they all hold but for odd input).
// Written out in full: a loop over the pairs of axes costs a mispredicted exit per row.
template <typename T>
bool takes(const Obb<T>& box) {
  const T limit = T(16) * std::numeric_limits<T>::epsilon();
  const auto& [x, y, z] = box.axes;
  const T errors[6] = {glm::dot(x, x) - T(1), glm::dot(y, y) - T(1), glm::dot(z, z) - T(1),
                       glm::dot(x, y),        glm::dot(y, z),        glm::dot(x, z)};
  bool ok = all_finite(box.center) & all_finite(box.half_extents);
  ok &= (box.half_extents.x > T(0)) & (box.half_extents.y > T(0)) & (box.half_extents.z > T(0));
  #pragma GCC unroll 6
  for (const T error : errors) ok &= std::abs(error) <= limit;  // a NaN fails too
  return ok;
}

template <typename T>
T max_abs(const Vec3<T>& v) {
  return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
}

// `Shortcuts` (box_overlap): the six face axes at once, no parallel tests when R has no
// entry near 0, an edge x edge axis whose gap surely stays below the kept one counted
// without working its gap out, a unit face axis taken as it is. Off (box_overlap_step_by_step,
// the tests' reference), each axis goes through test() in order. The answers are the same,
// bit for bit.
template <typename T, bool Shortcuts>
class BoxPair {
 public:
  // `offset`: B's centre less A's.
  BoxPair(const Obb<T>& a, const Obb<T>& b, const Vec3<T>& offset)
      : a_(a), b_(b), half_a_{a.half_extents.x, a.half_extents.y, a.half_extents.z},
        half_b_{b.half_extents.x, b.half_extents.y, b.half_extents.z}, offset_(offset) {
    #pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) {
      t_[i] = glm::dot(offset, a.axes[i]);
      #pragma GCC unroll 3
      for (int j = 0; j < 3; ++j) {
        r_[i][j] = glm::dot(a.axes[i], b.axes[j]);
        abs_r_[i][j] = std::abs(r_[i][j]);
      }
    }
    const T eps = std::numeric_limits<T>::epsilon();
    const T sizes = half_a_[0] + half_a_[1] + half_a_[2] + half_b_[0] + half_b_[1] + half_b_[2];
    tally_.tolerance = T(16) * eps * (max_abs(offset) + std::max(half_a_[0] + half_a_[1] + half_a_[2], half_b_[0] + half_b_[1] + half_b_[2]));
    // R's entries are dot products of axes orthonormal to 16 eps: the gaps read from
    // them are off by some 20 eps of the pair's size, far less than this.
    rounding_ = T(64) * eps * (T(2) * max_abs(offset) + sizes);
    // Sixteen times the rounding of a scaled gap covers its division by a length down to
    // 1/16 and a measurement's own rounding; clear of underflow, where rounding is relative.
    margin_ = T(16) * rounding_;
    bounded_ = Shortcuts && rounding_ >= std::numeric_limits<T>::min() / eps;
  }

  SatResult<T> run() {
    if (!faces()) edges();
    const Vec3<T> axis = axis_of(tally_.source, tally_.index_a, tally_.index_b);
    AxisProjection<T> p;
    // The kept gap measured along the exact axis it reports (an overlap stays one).
    T gap = measure(axis, p);
    if (!tally_.separated) gap = -gap <= tally_.tolerance ? T(0) : gap;
    tally_.best_gap = gap;
    return sat_detail::tally_result(tally_, axis, p);
  }

 private:
  static constexpr T kSineSquared = sat_detail::parallel_sine<T>() * sat_detail::parallel_sine<T>();

  static int next(int i, int step) { return i + step < 3 ? i + step : i + step - 3; }

  // A's face axes, then B's but those parallel to one of A's (tested already). True when
  // one separates.
  bool faces() {
    T gaps[6];  // scaled by the axis's length, 1
    #pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) {
      const T radius_b = half_b_[0] * abs_r_[i][0] + half_b_[1] * abs_r_[i][1] + half_b_[2] * abs_r_[i][2];
      gaps[i] = std::abs(t_[i]) - half_a_[i] - radius_b;
    }
    // One of A's faces clear of the band, beyond the tolerance, after A's before it clear
    // of it on the other side: that one separates first, and nothing else need be read.
    #pragma GCC unroll 3
    for (int i = 0; Shortcuts && i < 3; ++i) {
      const T beyond = gaps[i] - tally_.tolerance;
      if (beyond > rounding_) return keep(i, gaps[i], i + 1, true);
      if (!(beyond < -rounding_)) break;
    }
    square_r();
    unsigned repeats = 0;  // bit j: B's axis j is parallel to one of A's
    #pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      if (!general_) {
        for (int i = 0; i < 3; ++i) repeats |= unsigned(length_squared(i, j) <= kSineSquared) << j;
      }
      const T radius_a = half_a_[0] * abs_r_[0][j] + half_a_[1] * abs_r_[1][j] + half_a_[2] * abs_r_[2][j];
      gaps[3 + j] = std::abs(glm::dot(offset_, b_.axes[j])) - radius_a - half_b_[j];
    }
    T nearest = std::numeric_limits<T>::infinity(), sum = 0;  // a gap's distance to the tolerance
    #pragma GCC unroll 6
    for (const T gap : gaps) {
      nearest = std::min(nearest, std::abs(gap - tally_.tolerance));
      sum += gap;
    }
    // Near the tolerance a gap is measured; a gap that is not a number (overflow) stays
    // out of the rule below.
    const bool one_by_one = nearest <= rounding_ || !(sum == sum);
    if (Shortcuts && repeats == 0 && !one_by_one) return faces_at_once(gaps);
    for (int k = 0; k < 6; ++k) {
      const bool of_a = k < 3;
      if (!of_a && (repeats >> (k - 3) & 1u)) continue;
      if (test(gaps[k], T(1), of_a ? AxisSource::FaceA : AxisSource::FaceB, of_a ? k : -1, of_a ? -1 : k - 3)) return true;
    }
    return false;
  }

  // The tally's rule over six gaps read from R, without a branch per axis (whether an axis
  // is kept follows the data, and a branch on it is mispredicted half the time). None is
  // within the tolerance of 0 (that lies in the band measured one by one), so none is made
  // 0: the first positive gap separates; else the largest is kept, the first on ties.
  bool faces_at_once(const T (&gaps)[6]) {
    int kept = 0;
    #pragma GCC unroll 6
    for (int k = 1; k < 6; ++k) kept = gaps[k] > gaps[kept] ? k : kept;
    const bool separated = gaps[kept] > T(0);
    if (separated) {
      kept = 0;
      while (!(gaps[kept] > T(0))) ++kept;
    }
    return keep(kept, gaps[kept], separated ? kept + 1 : 6, separated);
  }

  // Face axis k (A's 0 to 2, B's 3 to 5) kept with its gap after `tests` axes.
  bool keep(int k, T gap, int tests, bool separated) {
    tally_.tests = tests;
    tally_.best_gap = gap;
    tally_.source = k < 3 ? AxisSource::FaceA : AxisSource::FaceB;
    tally_.index_a = k < 3 ? k : -1;
    tally_.index_b = k < 3 ? -1 : k - 3;
    tally_.separated = separated;
    return separated;
  }

  // R's entries squared, and whether none is near 0. A column of R is a unit vector to
  // rounding: a cross product's length squared (two of its squares) stays under 2, and
  // with every square above twice the parallel sine's, no parallel test can hold.
  void square_r() {
    T least_square = std::numeric_limits<T>::infinity();
    #pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) {
      #pragma GCC unroll 3
      for (int j = 0; j < 3; ++j) {
        squares_[i][j] = r_[i][j] * r_[i][j];
        least_square = std::min(least_square, squares_[i][j]);
      }
    }
    general_ = Shortcuts && least_square > T(2) * kSineSquared;
  }

  // A's axis i x B's axis j is, in A's frame, (0, -R[i2][j], R[i1][j]) turned to start at
  // i: its length is that of those two entries, and it is parallel to a face normal when
  // one of its components in A's or B's frame vanishes (then that face tested it). All
  // nine are read from R first; only those that may be kept or separate are worked out,
  // in order, the rest counted as tested.
  void edges() {
    T scaled_gaps[9];
    int axes_before[10] = {0};  // how many of the first k pairs make an axis
    unsigned worked_out = 0;    // bit 3 i + j
    // Not a number when the bound is off: no axis compares below it.
    const T below = bounded_ ? tally_.best_gap - margin_ : std::numeric_limits<T>::quiet_NaN();
    #pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) {
      const int i1 = next(i, 1), i2 = next(i, 2);
      #pragma GCC unroll 3
      for (int j = 0; j < 3; ++j) {
        const int j1 = next(j, 1), j2 = next(j, 2), k = 3 * i + j;
        const bool parallel = !general_ && no_axis(i, j);
        const T distance = std::abs(t_[i2] * r_[i1][j] - t_[i1] * r_[i2][j]);
        const T radius_a = half_a_[i1] * abs_r_[i2][j] + half_a_[i2] * abs_r_[i1][j];
        const T radius_b = half_b_[j1] * abs_r_[i][j2] + half_b_[j2] * abs_r_[i][j1];
        scaled_gaps[k] = distance - radius_a - radius_b;
        axes_before[k + 1] = axes_before[k] + !parallel;
        worked_out |= unsigned(!parallel && !stays_below(below, scaled_gaps[k], length_squared(i, j))) << k;
      }
    }
    const int tested = tally_.tests;
    for (unsigned rest = worked_out; rest != 0; rest &= rest - 1) {
      const int k = std::countr_zero(rest);
      tally_.tests = tested + axes_before[k];
      if (test(scaled_gaps[k], std::sqrt(length_squared(k / 3, k % 3)), AxisSource::EdgeEdge, k / 3, k % 3)) return;
    }
    tally_.tests = tested + axes_before[9];
  }

  // The length squared of A's axis i x B's axis j.
  T length_squared(int i, int j) const { return squares_[next(i, 1)][j] + squares_[next(i, 2)][j]; }

  // Edges i of A and j of B parallel (no axis), or their cross product parallel to a face
  // normal (that face tested it).
  bool no_axis(int i, int j) const {
    const T limit = kSineSquared * length_squared(i, j);
    return length_squared(i, j) <= kSineSquared || squares_[next(i, 1)][j] <= limit ||
           squares_[next(i, 2)][j] <= limit || squares_[i][next(j, 1)] <= limit || squares_[i][next(j, 2)] <= limit;
  }

  // Whether the axis's gap, worked out either way test() would (scaled gap over length, or
  // measured), is at most the kept gap (which is at most 0 while nothing separates): then
  // it is neither kept nor separating. Its length is at most (length² + 1) / 2 (the mean
  // bounds the root), so a negative scaled gap over the length is at most the scaled gap
  // over that bound; the margin covers the rounding of either way. `below`: the kept gap
  // less the margin.
  bool stays_below(T below, T scaled_gap, T length_squared) const {
    const T length_bound = length_squared * T(0.5) + (T(0.5) + T(1) / T(1 << 20));
    return scaled_gap + margin_ <= below * length_bound;
  }

  // `scaled_gap` is the gap times the axis's length. The axis of two nearly parallel edges
  // is short, and R's rounding over its length could misrank its gap: it is measured along
  // the exact axis, as a gap next to the touching tolerance is.
  bool test(T scaled_gap, T length, AxisSource source, int i, int j) {
    T gap;
    if (length < T(1) / 16 || std::abs(scaled_gap - tally_.tolerance * length) <= rounding_) {
      AxisProjection<T> unused;
      gap = measure(axis_of(source, i, j), unused);
    } else {
      gap = scaled_gap / length;
    }
    return tally_.add(gap, source, i, j);
  }

  // The axis as the generic test forms it from the boxes' SAT shapes.
  Vec3<T> axis_of(AxisSource source, int i, int j) const {
    if (source == AxisSource::FaceA) return face_axis(a_.axes[i]);
    if (source == AxisSource::FaceB) return face_axis(b_.axes[j]);
    return unit_axis(detail::accurate_cross(a_.axes[i], b_.axes[j]));
  }

  // A face axis made unit twice, as the generic test makes it. Each time a squared length
  // of 1 or the next number up leaves the vector as it is (its square root rounds to 1):
  // the usual case for the axes of a rotation, spared the wait for a root and a division.
  static Vec3<T> face_axis(const Vec3<T>& axis) { return unit_unless_unit(unit_unless_unit(axis)); }
  static Vec3<T> unit_unless_unit(const Vec3<T>& v) {
    const T length_squared = glm::dot(v, v);
    const bool unit = length_squared == T(1) || length_squared == T(1) + std::numeric_limits<T>::epsilon();
    return Shortcuts && unit ? v : unit_axis(v);
  }

  // The pair's projections on a unit axis, relative to A's centre, and their gap.
  T measure(const Vec3<T>& axis, AxisProjection<T>& p) const {
    T radius_a = 0, radius_b = 0;
    #pragma GCC unroll 3
    for (int k = 0; k < 3; ++k) {
      radius_a += half_a_[k] * std::abs(glm::dot(a_.axes[k], axis));
      radius_b += half_b_[k] * std::abs(glm::dot(b_.axes[k], axis));
    }
    const T distance = glm::dot(offset_, axis);
    p = {-radius_a, radius_a, distance - radius_b, distance + radius_b, glm::dot(a_.center, axis)};
    return std::max(p.b_min - p.a_max, p.a_min - p.b_max);
  }

  const Obb<T>& a_;
  const Obb<T>& b_;
  T half_a_[3], half_b_[3];  // indexed as arrays: a vector's [] is a switch
  Vec3<T> offset_;
  T t_[3];
  T r_[3][3], abs_r_[3][3];
  T squares_[3][3];       // of R's entries
  bool general_ = false;  // no entry of R near 0: no parallel axes to leave out
  T rounding_ = 0, margin_ = 0;
  bool bounded_ = false;
  AxisTally<T> tally_;
};

// Out of line: the odd input's way stays out of the flattened test.
template <typename A, typename B>
[[gnu::noinline]] auto generic_test(const A& a, const B& b) {
  return sat_overlap_early_out(a, b);
}

// Flattened into one body: the many small steps keep their values in registers.
template <bool Shortcuts, typename T, typename A, typename B>
[[gnu::flatten]] SatResult<T> boxes(const A& a, const B& b, const Vec3<T>& offset) {
  const Obb<T>& box_a = box_of(a);  // an AABB's box: a temporary the reference keeps
  const Obb<T>& box_b = box_of(b);
  // takes() is far inside shape_check's tolerance in double, but float's rounding limit is
  // not: there the check runs too. The generic test refuses what shape_check refuses.
  bool fast = takes(box_a) && takes(box_b) && all_finite(offset);
  if constexpr (!std::is_same_v<T, double>) fast = fast && pair_error(shape_error(a), shape_error(b)) == QueryError::None;
  if (!fast) return generic_test(a, b);
  return BoxPair<T, Shortcuts>(box_a, box_b, offset).run();
}

}  // namespace

template <typename T>
SatResult<T> box_overlap(const Obb<T>& a, const Obb<T>& b) {
  return boxes<true, T>(a, b, b.center - a.center);
}

template <typename T>
SatResult<T> box_overlap(const Obb<T>& a, const Aabb<T>& b) {
  return boxes<true, T>(a, b, (b.min + b.max) * T(0.5) - a.center);
}

template <typename T>
SatResult<T> box_overlap(const Aabb<T>& a, const Obb<T>& b) {
  return boxes<true, T>(a, b, b.center - (a.min + a.max) * T(0.5));
}

// The centres' offset from differences of the corners, each rounded relative to itself:
// two small boxes far from the origin keep their gap (the generic test is exact there too).
template <typename T>
SatResult<T> box_overlap(const Aabb<T>& a, const Aabb<T>& b) {
  return boxes<true, T>(a, b, ((b.min - a.min) + (b.max - a.max)) * T(0.5));
}

template <typename T>
SatResult<T> box_overlap_step_by_step(const Obb<T>& a, const Obb<T>& b) {
  return boxes<false, T>(a, b, b.center - a.center);
}

#define COLLISION_LAB_BOX_OVERLAP(T)                                      \
  template SatResult<T> box_overlap(const Obb<T>&, const Obb<T>&);       \
  template SatResult<T> box_overlap_step_by_step(const Obb<T>&, const Obb<T>&); \
  template SatResult<T> box_overlap(const Obb<T>&, const Aabb<T>&);      \
  template SatResult<T> box_overlap(const Aabb<T>&, const Obb<T>&);      \
  template SatResult<T> box_overlap(const Aabb<T>&, const Aabb<T>&);
COLLISION_LAB_BOX_OVERLAP(float)
COLLISION_LAB_BOX_OVERLAP(double)
#undef COLLISION_LAB_BOX_OVERLAP

}  // namespace geo
