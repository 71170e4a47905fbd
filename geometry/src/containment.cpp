// Box and sphere containment, with a tolerance relative to the shape's size.
#include "collision_lab/containment.h"

#include "closest_point_detail.h"
#include "collision_lab/shape_check.h"

#include <algorithm>
#include <cmath>

namespace geo {

using detail::max_abs;

namespace {
template <typename T>
bool any_negative(const Vec3<T>& v) {
  return v.x < T(0) || v.y < T(0) || v.z < T(0);
}
}  // namespace

template <typename T>
bool contains(const Aabb<T>& box, const Vec3<T>& p) {
  if (!all_finite(box.min) || !all_finite(box.max) || !all_finite(p)) return false;
  if (any_negative(box.max - box.min)) return false;
  const T size = max_abs(box.max - box.min);
  const T magnitude = std::max(max_abs(box.min), max_abs(box.max));
  const T tolerance = detail::relative_tolerance<T>() * (size + magnitude);
  for (int k = 0; k < 3; ++k) {
    if (p[k] < box.min[k] - tolerance || p[k] > box.max[k] + tolerance) return false;
  }
  return true;
}

template <typename T>
bool contains(const Obb<T>& box, const Vec3<T>& p) {
  if (!all_finite(p) || shape_error(box) != QueryError::None) return false;
  const T size = T(2) * max_abs(box.half_extents);
  const T tolerance = detail::relative_tolerance<T>() * (size + max_abs(box.center));
  const Vec3<T> offset = p - box.center;
  for (int k = 0; k < 3; ++k) {
    if (std::fabs(glm::dot(offset, box.axes[k])) > box.half_extents[k] + tolerance) return false;
  }
  return true;
}

template <typename T>
bool contains(const Sphere<T>& sphere, const Vec3<T>& p) {
  if (!all_finite(sphere.center) || !std::isfinite(sphere.radius) || !all_finite(p)) return false;
  if (sphere.radius < T(0)) return false;
  const T tolerance = detail::relative_tolerance<T>() * (sphere.radius + max_abs(sphere.center));
  return detail::safe_length(p - sphere.center) <= sphere.radius + tolerance;
}

#define GEO_INSTANTIATE_CONTAINMENT(T)                    \
  template bool contains(const Aabb<T>&, const Vec3<T>&); \
  template bool contains(const Obb<T>&, const Vec3<T>&);  \
  template bool contains(const Sphere<T>&, const Vec3<T>&);

GEO_INSTANTIATE_CONTAINMENT(float)
GEO_INSTANTIATE_CONTAINMENT(double)
#undef GEO_INSTANTIATE_CONTAINMENT

}  // namespace geo
