#pragma once
// Closest point on a line, ray, segment, plane, AABB, OBB and sphere to a point
// (Ericson, Real-Time Collision Detection, 5.1). Solids return the point itself when
// it is inside; the plane is a surface. Implemented in closest_point.cpp.
#include "collision_lab/plane.h"  // PlaneSide
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

namespace geo {

// Line, ray and segment: the tutorial's method, the projection parameter from dot products.
template <typename T>
struct [[nodiscard]] LinearClosestPoint : ClosestPointResult<T> {
  T t_raw = 0;      // parameter of the projection along the direction (segment: along b - a)
  T t = 0;          // t_raw clamped to the shape's range: line (-inf, inf), ray [0, inf), segment [0, 1]
  T dot_start = 0;  // dot(P - start, direction); negative: P projects before the start
  T dot_end = 0;    // segment only: dot(P - b, a - b); negative: P projects past b
  bool degenerate = false;  // zero-length direction or segment: the shape is the point `start`
};

template <typename T> LinearClosestPoint<T> closest_point(const Line<T>& line, const Vec3<T>& p);
template <typename T> LinearClosestPoint<T> closest_point(const Ray<T>& ray, const Vec3<T>& p);
template <typename T> LinearClosestPoint<T> closest_point(const Segment<T>& segment, const Vec3<T>& p);

template <typename T>
struct [[nodiscard]] PlaneClosestPoint : ClosestPointResult<T> {
  T signed_distance = 0;  // N·P − D
  PlaneSide side = PlaneSide::On;
};
template <typename T> PlaneClosestPoint<T> closest_point(const Plane<T>& plane, const Vec3<T>& p);

// AABB and OBB: project onto the box axes, clamp to the half-extents.
template <typename T>
struct [[nodiscard]] BoxClosestPoint : ClosestPointResult<T> {
  Vec3<T> local{0};          // P in box coordinates (relative to the centre, along the axes)
  Vec3<T> local_clamped{0};  // after clamping to [-half_extent, half_extent]
  glm::ivec3 clamped{0};     // per axis: -1 clamped to the minus side, +1 to the plus side, 0 not
};
template <typename T> BoxClosestPoint<T> closest_point(const Aabb<T>& box, const Vec3<T>& p);
template <typename T> BoxClosestPoint<T> closest_point(const Obb<T>& box, const Vec3<T>& p);

template <typename T>
struct [[nodiscard]] SphereClosestPoint : ClosestPointResult<T> {
  T center_distance = 0;  // |P - C|
  bool at_center = false; // P is the centre: every surface point is as close; the answer is P
};
template <typename T> SphereClosestPoint<T> closest_point(const Sphere<T>& sphere, const Vec3<T>& p);

}  // namespace geo
