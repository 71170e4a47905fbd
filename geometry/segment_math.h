#pragma once
// Private helpers shared by triangle.cpp, linear_pairs.cpp, triangle_pairs.cpp and
// closest_point_batch.cpp (the first and last through triangle_detail.h). Not part of
// the public API.
#include "geometry/closest_point_detail.h"  // max_abs
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

}  // namespace geo::detail

namespace geo::detail {

// a * b - c * d to within about an ulp of the result, even when the two products nearly
// cancel (Kahan's algorithm: the fma recovers the rounding error of c * d exactly).
template <typename T>
T difference_of_products(T a, T b, T c, T d) {
  const T cd = c * d;
  const T error = std::fma(-c, d, cd);
  return std::fma(a, b, -cd) + error;
}

// The cross product with every component accurate to about an ulp: the cross product of
// nearly parallel vectors is all cancellation, and its direction decides everything.
template <typename T>
Vec3<T> accurate_cross(const Vec3<T>& u, const Vec3<T>& v) {
  return {difference_of_products(u.y, v.z, u.z, v.y), difference_of_products(u.z, v.x, u.x, v.z),
          difference_of_products(u.x, v.y, u.y, v.x)};
}

}  // namespace geo::detail
