#pragma once
// Planes as (N, D) with unit N: the points X with N·X = D. Implemented in plane.cpp.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

namespace geo {

enum class PlaneSide { Below = -1, On = 0, Above = 1 };

template <typename T>
struct [[nodiscard]] PlaneResult {
  Plane<T> plane;
  QueryError error = QueryError::None;  // InvalidShape: zero normal, or coincident/collinear points
  bool ok() const { return error == QueryError::None; }
};

// Normalizes a non-unit normal and scales d with it (N·X = d  <=>  (N/|N|)·X = d/|N|).
template <typename T> PlaneResult<T> make_plane(const Vec3<T>& normal, T d);
template <typename T> PlaneResult<T> make_plane_from_normal_point(const Vec3<T>& normal, const Vec3<T>& point);
// Normal (b - a) × (c - a), counter-clockwise points seen from the front. Collinear: error.
template <typename T> PlaneResult<T> make_plane_from_points(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c);

// In 2D (z = 0) the "plane" through a and b is a line with normal in the xy-plane.
enum class Orientation2D { Left, Right };  // the normal points to the left or right of a → b
template <typename T>
PlaneResult<T> make_plane_2d(const Vec2<T>& a, const Vec2<T>& b, Orientation2D normal_side);

template <typename T> Plane<T> flipped(const Plane<T>& plane);  // (-N, -D): the same points, other side
template <typename T> T signed_distance(const Plane<T>& plane, const Vec3<T>& p);  // N·P − D
// On when |N·P − D| <= tolerance (absolute, in length units; callers pass a size-relative one).
template <typename T> PlaneSide side_of(const Plane<T>& plane, const Vec3<T>& p, T tolerance);

}  // namespace geo
