// Box against box by the 15 axes: A's and B's face normals and the 9 cross products of
// their edges, each axis's gap read off the rotation matrix R (entry i, j: A's axis i dot
// B's axis j) and B's centre in A's frame. Only a gap near the touching threshold, where
// R's rounding could tip the verdict, is measured again along the exact axis.
#include "geometry/box_overlap.h"

#include "geometry/sat_detail.h"

#include <algorithm>
#include <array>
#include <limits>

namespace geo {
namespace {

using sat_detail::AxisProjection;
using sat_detail::AxisTally;
using sat_detail::unit_axis;

template <typename T>
struct Box {
  Vec3<T> center{0};
  std::array<Vec3<T>, 3> axes{};
  Vec3<T> half{0};
};

template <typename T>
Box<T> box_of(const Obb<T>& box) {
  return {box.center, box.axes, box.half_extents};
}

template <typename T>
Box<T> box_of(const Aabb<T>& box) {
  return {(box.min + box.max) * T(0.5), {Vec3<T>(1, 0, 0), Vec3<T>(0, 1, 0), Vec3<T>(0, 0, 1)}, (box.max - box.min) * T(0.5)};
}

// Every extent positive (a flat box needs the generic test's in-plane axes) and the axes
// orthonormal to rounding, which the identities behind the R-based gaps assume.
// Every condition is worked out, without a branch each (they all hold but for odd input).
template <typename T>
bool takes(const Box<T>& box) {
  const T limit = T(16) * std::numeric_limits<T>::epsilon();
  bool ok = all_finite(box.center) & all_finite(box.half);
  for (int i = 0; i < 3; ++i) {
    ok &= box.half[i] > T(0);
    for (int j = i; j < 3; ++j) {
      const T dot = glm::dot(box.axes[i], box.axes[j]) - (i == j ? T(1) : T(0));
      ok &= std::abs(dot) <= limit;  // a NaN fails too
    }
  }
  return ok;
}

template <typename T>
T max_abs(const Vec3<T>& v) {
  return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
}

template <typename T>
class BoxPair {
 public:
  // `offset`: B's centre less A's.
  BoxPair(const Box<T>& a, const Box<T>& b, const Vec3<T>& offset) : a_(a), b_(b), offset_(offset) {
    for (int i = 0; i < 3; ++i) {
      t_[i] = glm::dot(offset, a.axes[i]);
      for (int j = 0; j < 3; ++j) {
        r_[i][j] = glm::dot(a.axes[i], b.axes[j]);
        abs_r_[i][j] = std::abs(r_[i][j]);
      }
    }
    const T eps = std::numeric_limits<T>::epsilon();
    const T sizes = a.half.x + a.half.y + a.half.z + b.half.x + b.half.y + b.half.z;
    tally_.tolerance = T(16) * eps * (max_abs(offset) + std::max(a.half.x + a.half.y + a.half.z, b.half.x + b.half.y + b.half.z));
    // R's entries are dot products of axes orthonormal to 16 eps: the gaps read from
    // them are off by some 20 eps of the pair's size, far less than this.
    rounding_ = T(64) * eps * (T(2) * max_abs(offset) + sizes);
  }

  SatResult<T> run() {
    if (!faces_a() && !faces_b()) edges();
    const Vec3<T> axis = axis_of(tally_.source, tally_.index_a, tally_.index_b);
    AxisProjection<T> p;
    // The kept gap measured along the exact axis it reports (an overlap stays one).
    T gap = measure(axis, p);
    if (!tally_.separated) gap = -gap <= tally_.tolerance ? T(0) : gap;
    tally_.best_gap = gap;
    return sat_detail::tally_result(tally_, axis, p);
  }

 private:
  static int next(int i, int step) { return i + step < 3 ? i + step : i + step - 3; }

  bool faces_a() {
    for (int i = 0; i < 3; ++i) {
      const T radius_b = b_.half.x * abs_r_[i][0] + b_.half.y * abs_r_[i][1] + b_.half.z * abs_r_[i][2];
      if (test(std::abs(t_[i]) - a_.half[i] - radius_b, T(1), AxisSource::FaceA, i, -1)) return true;
    }
    return false;
  }

  bool faces_b() {
    const T sine = sat_detail::parallel_sine<T>();
    for (int j = 0; j < 3; ++j) {
      bool repeats_a = false;  // parallel to a face normal of A, tested already
      for (int i = 0; i < 3; ++i) {
        const T off = r_[next(i, 1)][j] * r_[next(i, 1)][j] + r_[next(i, 2)][j] * r_[next(i, 2)][j];
        repeats_a = repeats_a || off <= sine * sine;
      }
      if (repeats_a) continue;
      const T radius_a = a_.half.x * abs_r_[0][j] + a_.half.y * abs_r_[1][j] + a_.half.z * abs_r_[2][j];
      if (test(std::abs(glm::dot(offset_, b_.axes[j])) - radius_a - b_.half[j], T(1), AxisSource::FaceB, -1, j)) return true;
    }
    return false;
  }

  // A's axis i x B's axis j is, in A's frame, (0, -R[i2][j], R[i1][j]) turned to start at
  // i: its length is that of those two entries, and it is parallel to a face normal when
  // one of its components in A's or B's frame vanishes (then that face tested it).
  void edges() {
    const T sine_squared = sat_detail::parallel_sine<T>() * sat_detail::parallel_sine<T>();
    for (int i = 0; i < 3; ++i) {
      const int i1 = next(i, 1), i2 = next(i, 2);
      for (int j = 0; j < 3; ++j) {
        const int j1 = next(j, 1), j2 = next(j, 2);
        const T length_squared = r_[i1][j] * r_[i1][j] + r_[i2][j] * r_[i2][j];
        if (length_squared <= sine_squared) continue;  // parallel edges: no axis
        const T limit = sine_squared * length_squared;
        if (r_[i1][j] * r_[i1][j] <= limit || r_[i2][j] * r_[i2][j] <= limit) continue;
        if (r_[i][j1] * r_[i][j1] <= limit || r_[i][j2] * r_[i][j2] <= limit) continue;
        const T distance = std::abs(t_[i2] * r_[i1][j] - t_[i1] * r_[i2][j]);
        const T radius_a = a_.half[i1] * abs_r_[i2][j] + a_.half[i2] * abs_r_[i1][j];
        const T radius_b = b_.half[j1] * abs_r_[i][j2] + b_.half[j2] * abs_r_[i][j1];
        if (test(distance - radius_a - radius_b, std::sqrt(length_squared), AxisSource::EdgeEdge, i, j)) return;
      }
    }
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
    if (source == AxisSource::FaceA) return unit_axis(unit_axis(a_.axes[i]));
    if (source == AxisSource::FaceB) return unit_axis(unit_axis(b_.axes[j]));
    return unit_axis(detail::accurate_cross(a_.axes[i], b_.axes[j]));
  }

  // The pair's projections on a unit axis, relative to A's centre, and their gap.
  T measure(const Vec3<T>& axis, AxisProjection<T>& p) const {
    T radius_a = 0, radius_b = 0;
    for (int k = 0; k < 3; ++k) {
      radius_a += a_.half[k] * std::abs(glm::dot(a_.axes[k], axis));
      radius_b += b_.half[k] * std::abs(glm::dot(b_.axes[k], axis));
    }
    const T distance = glm::dot(offset_, axis);
    p = {-radius_a, radius_a, distance - radius_b, distance + radius_b, glm::dot(a_.center, axis)};
    return std::max(p.b_min - p.a_max, p.a_min - p.b_max);
  }

  const Box<T>& a_;
  const Box<T>& b_;
  Vec3<T> offset_;
  T t_[3];
  T r_[3][3], abs_r_[3][3];
  T rounding_ = 0;
  AxisTally<T> tally_;
};

template <typename T, typename A, typename B>
SatResult<T> boxes(const A& a, const B& b, const Vec3<T>& offset) {
  const Box<T> box_a = box_of(a), box_b = box_of(b);
  if (!takes(box_a) || !takes(box_b) || !all_finite(offset)) return sat_overlap_early_out(a, b);
  return BoxPair<T>(box_a, box_b, offset).run();
}

}  // namespace

template <typename T>
SatResult<T> box_overlap(const Obb<T>& a, const Obb<T>& b) {
  return boxes<T>(a, b, b.center - a.center);
}

template <typename T>
SatResult<T> box_overlap(const Obb<T>& a, const Aabb<T>& b) {
  return boxes<T>(a, b, (b.min + b.max) * T(0.5) - a.center);
}

template <typename T>
SatResult<T> box_overlap(const Aabb<T>& a, const Obb<T>& b) {
  return boxes<T>(a, b, b.center - (a.min + a.max) * T(0.5));
}

// The centres' offset from differences of the corners, each rounded relative to itself:
// two small boxes far from the origin keep their gap (the generic test is exact there too).
template <typename T>
SatResult<T> box_overlap(const Aabb<T>& a, const Aabb<T>& b) {
  return boxes<T>(a, b, ((b.min - a.min) + (b.max - a.max)) * T(0.5));
}

#define COLLISION_LAB_BOX_OVERLAP(T)                                      \
  template SatResult<T> box_overlap(const Obb<T>&, const Obb<T>&);       \
  template SatResult<T> box_overlap(const Obb<T>&, const Aabb<T>&);      \
  template SatResult<T> box_overlap(const Aabb<T>&, const Obb<T>&);      \
  template SatResult<T> box_overlap(const Aabb<T>&, const Aabb<T>&);
COLLISION_LAB_BOX_OVERLAP(float)
COLLISION_LAB_BOX_OVERLAP(double)
#undef COLLISION_LAB_BOX_OVERLAP

}  // namespace geo
