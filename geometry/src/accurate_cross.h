#pragma once
// The cross product to about an ulp per component, for the pair queries (linear_pairs.cpp)
// and the separating axes (sat.cpp): the cross product of nearly parallel vectors is all
// cancellation, and its direction decides everything. Not part of the public API.
#include "closest_point_detail.h"  // multiply_exactly
#include "collision_lab/vec.h"

namespace geo::detail::inline GEO_DETAIL_ISA {

// a * b - c * d to within about two ulps of the result, even when the two products nearly
// cancel: both products' rounding errors are recovered exactly, and when they cancel their
// difference is exact (Sterbenz), so only the errors' own sum is rounded.
template <typename T>
inline T difference_of_products(T a, T b, T c, T d) {
  T ab_error = 0, cd_error = 0;
  const T ab = multiply_exactly(a, b, ab_error);
  const T cd = multiply_exactly(c, d, cd_error);
  return (ab - cd) + (ab_error - cd_error);
}

template <typename T>
inline Vec3<T> accurate_cross(const Vec3<T>& u, const Vec3<T>& v) {
  return {difference_of_products(u.y, v.z, u.z, v.y), difference_of_products(u.z, v.x, u.x, v.z),
          difference_of_products(u.x, v.y, u.y, v.x)};
}

// u x v as accurate as accurate_cross makes it where that matters, but cheaper: the plain
// cross product errs by a few ulps of |u||v| per component, which is a few ulps of
// |u x v| itself while the sine of the angle stays above 2^-8; only nearly parallel
// vectors (and squares that over- or underflow) pay for the exact products.
template <typename T>
inline Vec3<T> conditioned_cross(const Vec3<T>& u, const Vec3<T>& v) {
  const Vec3<T> plain = glm::cross(u, v);
  constexpr T sine_squared = T(1) / T(65536);
  if (glm::dot(plain, plain) > sine_squared * glm::dot(u, u) * glm::dot(v, v)) return plain;
  return accurate_cross(u, v);
}

// (b - a) x (c - a) to within about an ulp per component plus epsilon squared times the
// sides' lengths: the differences' rounding errors are recovered exactly (Knuth's two-sum)
// and their cross terms added, so a sliver triangle (one side a millionth of the others)
// still gets the normal of its exact corners.
template <typename T>
Vec3<T> accurate_triangle_cross(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c) {
  auto difference = [](const Vec3<T>& x, const Vec3<T>& y, Vec3<T>& error) {
    const Vec3<T> rounded = x - y;
    const Vec3<T> minus_y_part = rounded - x;
    error = (x - (rounded - minus_y_part)) - (y + minus_y_part);
    return rounded;
  };
  Vec3<T> u_error, v_error;
  const Vec3<T> u = difference(b, a, u_error), v = difference(c, a, v_error);
  return accurate_cross(u, v) + (glm::cross(u, v_error) + glm::cross(u_error, v));
}

}  // namespace geo::detail::inline GEO_DETAIL_ISA
