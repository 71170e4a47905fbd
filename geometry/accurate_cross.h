#pragma once
// The cross product to about an ulp per component, for the pair queries (linear_pairs.cpp)
// and the separating axes (sat.cpp): the cross product of nearly parallel vectors is all
// cancellation, and its direction decides everything. Not part of the public API.
#include "geometry/vec.h"

#include <cmath>

namespace geo::detail {

// a * b - c * d to within about an ulp of the result, even when the two products nearly
// cancel (Kahan's algorithm: the fma recovers the rounding error of c * d exactly).
template <typename T>
T difference_of_products(T a, T b, T c, T d) {
  const T cd = c * d;
  const T error = std::fma(-c, d, cd);
  return std::fma(a, b, -cd) + error;
}

template <typename T>
Vec3<T> accurate_cross(const Vec3<T>& u, const Vec3<T>& v) {
  return {difference_of_products(u.y, v.z, u.z, v.y), difference_of_products(u.z, v.x, u.x, v.z),
          difference_of_products(u.x, v.y, u.y, v.x)};
}

}  // namespace geo::detail
