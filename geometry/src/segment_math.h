#pragma once
// Private helpers shared by triangle.cpp, linear_pairs.cpp, triangle_pairs.cpp,
// polygon.cpp, polyhedron.cpp and closest_point_batch.cpp (the first and last through
// triangle_detail.h). Not part of the public API.
#include "closest_point_detail.h"  // max_abs
#include "collision_lab/vec.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace geo::detail::inline GEO_DETAIL_ISA {

template <typename T>
constexpr T kEpsilon = std::numeric_limits<T>::epsilon();

// Parameter in [0, 1] of the point of the segment start + t * edge closest to start + offset.
// A clamped ratio: the division only happens when 0 < numerator < denominator, so it can
// neither blow up nor leave [0, 1], and a zero-length edge answers 0 (its start).
template <typename T>
T segment_parameter(const Vec3<T>& edge, const Vec3<T>& offset) {
  const T numerator = glm::dot(offset, edge);
  if (numerator <= T(0)) return T(0);
  const T denominator = glm::dot(edge, edge);
  if (numerator >= denominator) return T(1);
  return numerator / denominator;
}

template <typename T>
struct SegmentNearest {
  T t = 0;
  T distance_squared = 0;
};

// The point of the segment start + t * edge nearest to start + offset, in 2D or 3D, as the
// polygon and polyhedron edges measure it: t in [0, 1] and the squared distance. Unlike
// segment_parameter, an edge whose squared length is zero (or underflows) answers t = 0.
// length_squared is |edge|², given so that an edge measured against many points works it
// out once.
template <int N, typename T>
SegmentNearest<T> nearest_on_segment(const glm::vec<N, T, glm::defaultp>& edge, T length_squared,
                                     const glm::vec<N, T, glm::defaultp>& offset) {
  const T along = glm::dot(offset, edge);
  T t = 0;
  if (length_squared > 0 && along > 0) t = along >= length_squared ? T(1) : along / length_squared;
  const glm::vec<N, T, glm::defaultp> rest = offset - edge * t;
  return {t, glm::dot(rest, rest)};
}

// The same, working out |edge|² itself.
template <int N, typename T>
SegmentNearest<T> nearest_on_segment(const glm::vec<N, T, glm::defaultp>& edge,
                                     const glm::vec<N, T, glm::defaultp>& offset) {
  return nearest_on_segment(edge, glm::dot(edge, edge), offset);
}

}  // namespace geo::detail::inline GEO_DETAIL_ISA
