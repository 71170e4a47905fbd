// Closest points on lines, rays, segments, planes, boxes and spheres.
#include "collision_lab/closest_point.h"
#include "collision_lab/nearest.h"

#include "closest_point_detail.h"
#include "closest_point_kernels.h"
#include "collision_lab/plane.h"
#include "collision_lab/shape_check.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace geo {

using detail::max_abs;
using detail::power_of_two;
using detail::scale_exponent;

namespace {

// ---------------------------------------------------------------- line and ray

enum class LinearKind { Line, Ray };

// Line and ray share everything but the clamp at the origin. The direction and P - origin
// are each rescaled by a power of two (exact), so any non-zero direction works, however
// short or long, and t = dot(P - O, d) / dot(d, d) is recovered without overflow.
template <typename T>
LinearClosestPoint<T> closest_point_on_linear(const Vec3<T>& origin, const Vec3<T>& direction,
                                              const Vec3<T>& p, LinearKind kind) {
  LinearClosestPoint<T> result;
  if (!all_finite(origin) || !all_finite(direction) || !all_finite(p)) {
    refuse(result, QueryError::NonFiniteInput);
    return result;
  }
  const T direction_size = max_abs(direction);
  if (direction_size == T(0)) {  // no direction: the shape is the point `origin`
    result.degenerate = true;
    result.point = origin;
    result.feature = {Feature::Vertex, 0};
    detail::set_distance_from_offset(result, p - origin);
    return result;
  }
  const Vec3<T> offset = p - origin;
  const int e_dir = scale_exponent(direction_size);
  const int e_off = scale_exponent(max_abs(offset));
  const Vec3<T> unit_dir = direction * power_of_two<T>(-e_dir);  // its square is normal and finite
  const Vec3<T> scaled_offset = offset * power_of_two<T>(-e_off);
  const T scaled_dot = glm::dot(scaled_offset, unit_dir);
  const T s = scaled_dot / glm::dot(unit_dir, unit_dir);  // t in units of unit_dir, times 2^-e_off

  result.dot_start = detail::times_power_of_two(scaled_dot, e_dir + e_off);
  result.t_raw = detail::times_power_of_two(s, e_off - e_dir);
  if (kind == LinearKind::Ray && scaled_dot <= T(0)) {  // P projects before the origin
    result.t = 0;
    result.point = origin;
    result.feature = {Feature::Vertex, 0};
    detail::set_distance_from_offset(result, offset);
  } else {
    result.t = result.t_raw;
    result.point = origin + (unit_dir * s) * power_of_two<T>(e_off);
    result.feature = {Feature::Edge, 0};
    detail::set_distance_from_offset(result, (scaled_offset - unit_dir * s) * power_of_two<T>(e_off));
  }
  return result;
}

template <typename T>
bool any_negative(const Vec3<T>& v) {
  return v.x < T(0) || v.y < T(0) || v.z < T(0);
}

}  // namespace

template <typename T>
LinearClosestPoint<T> closest_point(const Line<T>& line, const Vec3<T>& p) {
  return closest_point_on_linear(line.origin, line.direction, p, LinearKind::Line);
}

template <typename T>
LinearClosestPoint<T> closest_point(const Ray<T>& ray, const Vec3<T>& p) {
  return closest_point_on_linear(ray.origin, ray.direction, p, LinearKind::Ray);
}

namespace {

// The tutorial's method: dot(P - A, B - A) <= 0 gives A, dot(P - B, A - B) <= 0 gives B,
// otherwise the projection. Ordinary inputs take the kernel (closest_point_kernels.h);
// the rest come here, where the three vectors are rescaled together by a power of two
// (exact) so the dot products cannot overflow or underflow; the decisions are unchanged.
template <typename T>
[[gnu::noinline]] LinearClosestPoint<T> closest_point_rescaled(const Segment<T>& segment, const Vec3<T>& p) {
  LinearClosestPoint<T> result;
  const Vec3<T>& a = segment.a;
  const Vec3<T>& b = segment.b;
  if (!all_finite(a) || !all_finite(b) || !all_finite(p)) {
    refuse(result, QueryError::NonFiniteInput);
    return result;
  }
  const Vec3<T> ab = b - a;
  const int e = scale_exponent(std::max({max_abs(p - a), max_abs(p - b), max_abs(ab)}));
  const T scale = power_of_two<T>(-e);
  const Vec3<T> scaled_ab = ab * scale, scaled_from_a = (p - a) * scale;
  const T scaled_dot_start = glm::dot(scaled_from_a, scaled_ab);
  const T scaled_dot_end = glm::dot((p - b) * scale, -scaled_ab);
  result.dot_start = detail::times_power_of_two(scaled_dot_start, 2 * e);
  result.dot_end = detail::times_power_of_two(scaled_dot_end, 2 * e);

  // Zero length relative to the coordinates: below their rounding, the segment is a point.
  const T magnitude = std::max({max_abs(a), max_abs(b), max_abs(p)});
  if (max_abs(ab) <= std::numeric_limits<T>::epsilon() * magnitude) {
    result.degenerate = true;
    result.point = a;
    result.feature = {Feature::Vertex, 0};
    detail::set_distance_from_offset(result, p - a);
    return result;
  }
  // Not degenerate, so |scaled_ab| > eps * magnitude * scale: its square is normal.
  result.t_raw = scaled_dot_start / glm::dot(scaled_ab, scaled_ab);
  if (scaled_dot_start <= T(0)) {
    result.t = 0;
    result.point = a;
    result.feature = {Feature::Vertex, 0};
    detail::set_distance_from_offset(result, p - a);
  } else if (scaled_dot_end <= T(0)) {
    result.t = 1;
    result.point = b;
    result.feature = {Feature::Vertex, 1};
    detail::set_distance_from_offset(result, p - b);
  } else {
    result.t = std::clamp(result.t_raw, T(0), T(1));
    result.point = a + ab * result.t;
    result.feature = {Feature::Edge, 0};
    detail::set_distance_from_offset(result, (scaled_from_a - scaled_ab * result.t) * power_of_two<T>(e));
  }
  return result;
}

}  // namespace

namespace {

// P minus the kernel's point, from P relative to the segment's vertices rather than from
// the rounded world point.
template <typename T>
Vec3<T> segment_offset(const Segment<T>& segment, const detail::SegmentShape<T>& shape, const Vec3<T>& p,
                       FeatureRef feature, T t) {
  if (feature.kind == Feature::Edge) return (p - segment.a) - shape.ab * t;
  return p - (feature.index == 0 ? segment.a : segment.b);
}

template <typename T>
QueryError obb_query_error(const Obb<T>& box, const Vec3<T>& p) {
  if (detail::obb_certainly_valid(box, p)) [[likely]] return QueryError::None;
  return all_finite(p) ? shape_error(box) : QueryError::NonFiniteInput;
}

}  // namespace

template <typename T>
LinearClosestPoint<T> closest_point(const Segment<T>& segment, const Vec3<T>& p) {
  const detail::SegmentShape<T> shape = detail::segment_shape(segment.a, segment.b);
  LinearClosestPoint<T> result;
  if (!detail::segment_answer(shape, p, result)) return closest_point_rescaled(segment, p);
  detail::set_distance_from_offset(result, segment_offset(segment, shape, p, result.feature, result.t));
  return result;
}

// The same kernel and offset as closest_point(Segment), without the rest.
template <typename T>
NearestPoint<T> nearest_point(const Segment<T>& segment, const Vec3<T>& p) {
  const detail::SegmentShape<T> shape = detail::segment_shape(segment.a, segment.b);
  detail::SegmentAnswer<T> answer;
  if (!detail::segment_answer(shape, p, answer)) [[unlikely]] {
    return detail::lean_of<NearestPoint<T>>(closest_point_rescaled(segment, p));
  }
  NearestPoint<T> result;
  result.point = answer.point;
  result.feature = answer.feature;
  const Vec3<T> offset = segment_offset(segment, shape, p, answer.feature, answer.t);
  result.distance_squared = glm::dot(offset, offset);
  return result;
}

// P − (N·P − D) N. A normal that is not unit length (a hand-made Plane) is normalized
// first, so the answer is right for the plane N·X = D it describes; zero: InvalidShape.
template <typename T>
PlaneClosestPoint<T> closest_point(const Plane<T>& plane, const Vec3<T>& p) {
  PlaneClosestPoint<T> result;
  if (!all_finite(plane.normal) || !std::isfinite(plane.d) || !all_finite(p)) {
    refuse(result, QueryError::NonFiniteInput);
    return result;
  }
  Plane<T> unit = plane;
  const T length_error = glm::dot(plane.normal, plane.normal) - T(1);
  if (!(std::fabs(length_error) <= T(4) * std::numeric_limits<T>::epsilon())) {
    const PlaneResult<T> made = make_plane(plane.normal, plane.d);
    if (!made.ok()) {
      refuse(result, made.error);
      return result;
    }
    unit = made.plane;
  }
  result.signed_distance = signed_distance(unit, p);
  const Vec3<T> offset = unit.normal * result.signed_distance;  // P - point
  result.point = p - offset;
  // "On" within the rounding of the plane's own N and D, relative to the magnitudes involved.
  const T tolerance = detail::relative_tolerance<T>() * (max_abs(p) + std::fabs(unit.d));
  result.side = side_of(unit, p, tolerance);
  result.feature = {Feature::Face, 0};
  detail::set_distance_from_offset(result, offset);
  return result;
}

// Clamping each coordinate to [min, max] is exact, so the answer has no rounding at all.
template <typename T>
BoxClosestPoint<T> closest_point(const Aabb<T>& box, const Vec3<T>& p) {
  BoxClosestPoint<T> result;
  if (!all_finite(box.min) || !all_finite(box.max) || !all_finite(p)) {
    refuse(result, QueryError::NonFiniteInput);
    return result;
  }
  if (any_negative(box.max - box.min)) {
    refuse(result, QueryError::InvalidShape);
    return result;
  }
  const Vec3<T> center = box.min * T(0.5) + box.max * T(0.5);  // no overflow for huge boxes
  result.clamped = detail::clamp_signs(p, box.min, box.max);
  for (int k = 0; k < 3; ++k) result.point[k] = std::clamp(p[k], box.min[k], box.max[k]);
  result.local = p - center;
  result.local_clamped = result.point - center;
  result.feature = detail::box_feature(result.clamped);
  detail::set_distance_from_offset(result, p - result.point);  // exact: the point is not rounded
  return result;
}

// Local coordinates by projection on the axes, as the kernel (closest_point_kernels.h) does.
template <typename T>
BoxClosestPoint<T> closest_point(const Obb<T>& box, const Vec3<T>& p) {
  BoxClosestPoint<T> result;
  const QueryError error = obb_query_error(box, p);
  if (error != QueryError::None) [[unlikely]] {
    refuse(result, error);
    return result;
  }
  const Vec3<T> outside = detail::obb_answer(box.center, box.axes, box.half_extents, p, result);
  result.clamped = detail::clamp_signs(result.local, -box.half_extents, box.half_extents);
  result.feature = detail::box_feature(result.clamped);
  detail::set_distance_from_offset(result, outside);
  return result;
}

namespace {
// The lean answer for a box and a point both known to be valid, or the error given.
template <typename T>
[[gnu::always_inline]] inline NearestPoint<T> obb_nearest(const Obb<T>& box, const Vec3<T>& p, QueryError error) {
  NearestPoint<T> result;
  if (error != QueryError::None) [[unlikely]] {
    refuse(result, error);
    return result;
  }
  detail::BoxAnswer<T> answer;
  const Vec3<T> outside = detail::obb_answer(box.center, box.axes, box.half_extents, p, answer);
  result.point = answer.point;
  result.feature = detail::box_feature(detail::clamp_signs(answer.local, -box.half_extents, box.half_extents));
  result.distance_squared = glm::dot(outside, outside);
  return result;
}
}  // namespace

template <typename T>
NearestPoint<T> nearest_point(const Obb<T>& box, const Vec3<T>& p) {
  return obb_nearest(box, p, obb_query_error(box, p));
}

template <typename T>
CheckedObb<T> checked_obb(const Obb<T>& box) {
  CheckedObb<T> checked;
  checked.box_ = box;
  checked.error_ = shape_error(box);
  return checked;
}

// The point first, as obb_query_error takes it.
template <typename T>
NearestPoint<T> nearest_point(const CheckedObb<T>& box, const Vec3<T>& p) {
  return obb_nearest(box.box(), p, !all_finite(p) ? QueryError::NonFiniteInput : box.error());
}

template <typename T>
SphereClosestPoint<T> closest_point(const Sphere<T>& sphere, const Vec3<T>& p) {
  SphereClosestPoint<T> result;
  if (!all_finite(sphere.center) || !std::isfinite(sphere.radius) || !all_finite(p)) {
    refuse(result, QueryError::NonFiniteInput);
    return result;
  }
  if (sphere.radius < T(0)) {
    refuse(result, QueryError::InvalidShape);
    return result;
  }
  const Vec3<T> offset = p - sphere.center;
  const T offset_size = max_abs(offset);
  const int e = scale_exponent(offset_size);
  const Vec3<T> scaled = offset * power_of_two<T>(-e);  // its square is normal unless it is zero
  const T scaled_length = glm::length(scaled);
  result.center_distance = scaled_length * power_of_two<T>(e);
  result.at_center = offset_size == T(0);
  if (result.center_distance <= sphere.radius) {  // inside (or the centre): P is its own answer
    result.point = p;
    result.feature = {Feature::Inside, 0};
  } else {  // outside, so offset is not zero and neither is scaled_length
    const Vec3<T> unit = scaled / scaled_length;
    result.point = sphere.center + unit * sphere.radius;
    result.feature = {Feature::Face, 0};
    detail::set_distance_from_offset(result, unit * (result.center_distance - sphere.radius));
  }
  return result;
}

// ---------------------------------------------------------------- instantiations

#define GEO_INSTANTIATE_CLOSEST_POINT(T)                                                  \
  template LinearClosestPoint<T> closest_point(const Line<T>&, const Vec3<T>&);           \
  template LinearClosestPoint<T> closest_point(const Ray<T>&, const Vec3<T>&);            \
  template LinearClosestPoint<T> closest_point(const Segment<T>&, const Vec3<T>&);        \
  template PlaneClosestPoint<T> closest_point(const Plane<T>&, const Vec3<T>&);           \
  template BoxClosestPoint<T> closest_point(const Aabb<T>&, const Vec3<T>&);              \
  template BoxClosestPoint<T> closest_point(const Obb<T>&, const Vec3<T>&);               \
  template SphereClosestPoint<T> closest_point(const Sphere<T>&, const Vec3<T>&);         \
  template NearestPoint<T> nearest_point(const Segment<T>&, const Vec3<T>&);              \
  template NearestPoint<T> nearest_point(const Obb<T>&, const Vec3<T>&);                  \
  template CheckedObb<T> checked_obb(const Obb<T>&);                                      \
  template NearestPoint<T> nearest_point(const CheckedObb<T>&, const Vec3<T>&);

GEO_INSTANTIATE_CLOSEST_POINT(float)
GEO_INSTANTIATE_CLOSEST_POINT(double)
#undef GEO_INSTANTIATE_CLOSEST_POINT

}  // namespace geo
