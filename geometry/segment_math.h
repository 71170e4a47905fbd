#pragma once
// Private helpers shared by triangle.cpp, linear_pairs.cpp and triangle_pairs.cpp.
// Not part of the public API: include it from those .cpp files only.
#include "geometry/vec.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace geo::detail {

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
T max_abs(const Vec3<T>& v) {
  return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
}

}  // namespace geo::detail
