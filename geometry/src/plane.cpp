// Planes as (N, D) with unit N: building them, sides and signed distances.
#include "collision_lab/plane.h"

#include "closest_point_detail.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace geo {

using detail::max_abs;
using detail::power_of_two;
using detail::scale_exponent;

namespace {

template <typename T>
PlaneResult<T> invalid(QueryError error) {
  return failed<PlaneResult<T>>(error);  // a NaN plane, which no query takes
}

// The unit vector along v, or zero for the zero vector. Rescaled by a power of two first
// (exact), so a tiny or huge but non-zero normal is normalized without underflow.
template <typename T>
Vec3<T> unit_or_zero(const Vec3<T>& v) {
  const T size = max_abs(v);
  if (size == T(0)) return Vec3<T>(0);
  const Vec3<T> scaled = v * power_of_two<T>(-scale_exponent(size));  // its square is normal
  return scaled / glm::length(scaled);
}

}  // namespace

template <typename T>
PlaneResult<T> make_plane(const Vec3<T>& normal, T d) {
  if (!all_finite(normal) || !std::isfinite(d)) return invalid<T>(QueryError::NonFiniteInput);
  const T size = max_abs(normal);
  if (size == T(0)) return invalid<T>(QueryError::InvalidShape);
  // N·X = d  <=>  (N/|N|)·X = d/|N|; |N| = |scaled| * 2^e with scaled = N * 2^-e.
  const int e = scale_exponent(size);
  const Vec3<T> scaled = normal * power_of_two<T>(-e);
  const T scaled_length = glm::length(scaled);
  PlaneResult<T> result;
  result.plane.normal = scaled / scaled_length;
  result.plane.d = detail::times_power_of_two(d / scaled_length, -e);
  return result;
}

template <typename T>
PlaneResult<T> make_plane_from_normal_point(const Vec3<T>& normal, const Vec3<T>& point) {
  if (!all_finite(normal) || !all_finite(point)) return invalid<T>(QueryError::NonFiniteInput);
  const Vec3<T> unit = unit_or_zero(normal);
  if (unit == Vec3<T>(0)) return invalid<T>(QueryError::InvalidShape);
  PlaneResult<T> result;
  result.plane.normal = unit;
  result.plane.d = glm::dot(unit, point);
  return result;
}

// The normal is the cross product of the two shortest edges, the best-conditioned pair,
// taken at their shared vertex so its orientation is that of (b - a) × (c - a).
template <typename T>
PlaneResult<T> make_plane_from_points(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c) {
  if (!all_finite(a) || !all_finite(b) || !all_finite(c)) return invalid<T>(QueryError::NonFiniteInput);
  const Vec3<T> ab = b - a, bc = c - b, ca = a - c;
  const int e = scale_exponent(std::max({max_abs(ab), max_abs(bc), max_abs(ca)}));
  const T scale = power_of_two<T>(-e);  // exact; keeps the squares and the cross product in range
  const Vec3<T> e_ab = ab * scale, e_bc = bc * scale, e_ca = ca * scale;
  const T l_ab = glm::dot(e_ab, e_ab), l_bc = glm::dot(e_bc, e_bc), l_ca = glm::dot(e_ca, e_ca);
  Vec3<T> normal;
  T first_sq, second_sq;  // squared lengths of the two edges crossed
  if (l_ab >= l_bc && l_ab >= l_ca) {  // ab longest: edges at c, (a - c) × (b - c)
    normal = glm::cross(e_ca, -e_bc);
    first_sq = l_ca, second_sq = l_bc;
  } else if (l_bc >= l_ca) {  // bc longest: edges at a, (b - a) × (c - a)
    normal = glm::cross(e_ab, -e_ca);
    first_sq = l_ab, second_sq = l_ca;
  } else {  // ca longest: edges at b, (c - b) × (a - b)
    normal = glm::cross(e_bc, -e_ab);
    first_sq = l_bc, second_sq = l_ab;
  }
  // Collinear or repeated points: |normal| within its rounding error, which comes from the
  // cross product itself (relative to |e1||e2|) and from the rounding of the input
  // coordinates of magnitude m (each edge off by about eps * m: m (|e1| + |e2|)).
  const T eps = std::numeric_limits<T>::epsilon();
  const T magnitude = std::max({max_abs(a), max_abs(b), max_abs(c)}) * scale;
  const T first = std::sqrt(first_sq), second = std::sqrt(second_sq);
  const T rounding = detail::relative_tolerance<T>() * first * second + T(4) * eps * magnitude * (first + second);
  if (!(glm::length(normal) > rounding)) return invalid<T>(QueryError::InvalidShape);
  PlaneResult<T> result;
  result.plane.normal = unit_or_zero(normal);
  const Vec3<T>& n = result.plane.normal;
  result.plane.d = (glm::dot(n, a) + glm::dot(n, b) + glm::dot(n, c)) / T(3);
  return result;
}

template <typename T>
PlaneResult<T> make_plane_2d(const Vec2<T>& a, const Vec2<T>& b, Orientation2D normal_side) {
  if (!all_finite(a) || !all_finite(b)) return invalid<T>(QueryError::NonFiniteInput);
  const Vec3<T> a3(a, T(0)), b3(b, T(0));
  const Vec3<T> along = b3 - a3;
  // Coincident relative to the coordinates' magnitude: no direction to take a normal from.
  const T magnitude = std::max(max_abs(a3), max_abs(b3));
  if (max_abs(along) <= std::numeric_limits<T>::epsilon() * magnitude) {
    return invalid<T>(QueryError::InvalidShape);
  }
  const Vec3<T> left(-along.y, along.x, T(0));  // counter-clockwise perpendicular
  PlaneResult<T> result;
  result.plane.normal = unit_or_zero(normal_side == Orientation2D::Left ? left : -left);
  result.plane.d = (glm::dot(result.plane.normal, a3) + glm::dot(result.plane.normal, b3)) / T(2);
  return result;
}

template <typename T>
Plane<T> flipped(const Plane<T>& plane) {
  return {-plane.normal, -plane.d};
}

template <typename T>
T signed_distance(const Plane<T>& plane, const Vec3<T>& p) {
  return detail::accurate_signed_distance(plane.normal, plane.d, p);
}

template <typename T>
PlaneSide side_of(const Plane<T>& plane, const Vec3<T>& p, T tolerance) {
  const T distance = signed_distance(plane, p);
  if (distance > tolerance) return PlaneSide::Above;
  if (distance < -tolerance) return PlaneSide::Below;
  return PlaneSide::On;
}

#define GEO_INSTANTIATE_PLANE(T)                                                               \
  template PlaneResult<T> make_plane(const Vec3<T>&, T);                                       \
  template PlaneResult<T> make_plane_from_normal_point(const Vec3<T>&, const Vec3<T>&);        \
  template PlaneResult<T> make_plane_from_points(const Vec3<T>&, const Vec3<T>&, const Vec3<T>&); \
  template PlaneResult<T> make_plane_2d(const Vec2<T>&, const Vec2<T>&, Orientation2D);        \
  template Plane<T> flipped(const Plane<T>&);                                                  \
  template T signed_distance(const Plane<T>&, const Vec3<T>&);                                 \
  template PlaneSide side_of(const Plane<T>&, const Vec3<T>&, T);

GEO_INSTANTIATE_PLANE(float)
GEO_INSTANTIATE_PLANE(double)
#undef GEO_INSTANTIATE_PLANE

}  // namespace geo
