#pragma once
// The input contract of every shape, one rule and one message each: the queries refuse a
// shape that breaks it (shape_error, cheap and allocation-free except for polygons), and
// shape_problem says why, as the query tool shows it after the field's place in its input.
// Implemented in shape_check.cpp; support.h has GJK's ConvexShape forms.
//
// - every number finite ("center[0]: not a finite number")
// - OBB: axes unit length and pairwise orthogonal within kObbAxisTolerance, checked in
//   double on the values given, so float and double agree on what is valid
//   ("axes[0]: not unit length (length 2, tolerance 1e-6)",
//   "axes: axes 0 and 1 are not orthogonal (dot 0.5, tolerance 1e-6)");
//   half extents not negative ("half_extents[1]: must not be negative")
// - AABB: "min[2]: greater than max[2]"; sphere: "radius: must not be negative";
//   plane: "normal: must not be zero" (a non-unit normal is normalized by the queries)
// - polygon: what make_convex_polygon says of its vertices ("vertices: not convex: turns
//   clockwise at vertex 2"), and counter-clockwise as it orders them
// - polyhedron: at least 4 vertices, faces with a plane each, indices in range (as
//   make_convex_hull builds it)
// Lines, rays, segments, triangles and points only need to be finite: a zero direction
// or repeated vertices make a degenerate shape, which the queries answer.
#include "collision_lab/any_shape.h"
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <string>

namespace geo {

inline constexpr double kObbAxisTolerance = 1e-6;

// None, NonFiniteInput or InvalidShape: the error a query gives for this shape.
template <typename T> QueryError shape_error(const Vec3<T>& point);
template <typename T> QueryError shape_error(const Line<T>& line);
template <typename T> QueryError shape_error(const Ray<T>& ray);
template <typename T> QueryError shape_error(const Segment<T>& segment);
template <typename T> QueryError shape_error(const Plane<T>& plane);
template <typename T> QueryError shape_error(const Aabb<T>& box);
template <typename T> QueryError shape_error(const Obb<T>& box);
template <typename T> QueryError shape_error(const Sphere<T>& sphere);
template <typename T> QueryError shape_error(const Triangle<T>& triangle);
template <typename T> QueryError shape_error(const ConvexPolygon<T>& polygon);
template <typename T> QueryError shape_error(const ConvexPolyhedron<T>& hull);
template <typename T> QueryError shape_error(const AnyShape<T>& shape);

// Empty when shape_error is None; otherwise the first problem, starting with the field
// it is in: "axes[0]: not unit length (length 2, tolerance 1e-6)".
template <typename T> std::string shape_problem(const Vec3<T>& point);
template <typename T> std::string shape_problem(const Line<T>& line);
template <typename T> std::string shape_problem(const Ray<T>& ray);
template <typename T> std::string shape_problem(const Segment<T>& segment);
template <typename T> std::string shape_problem(const Plane<T>& plane);
template <typename T> std::string shape_problem(const Aabb<T>& box);
template <typename T> std::string shape_problem(const Obb<T>& box);
template <typename T> std::string shape_problem(const Sphere<T>& sphere);
template <typename T> std::string shape_problem(const Triangle<T>& triangle);
template <typename T> std::string shape_problem(const ConvexPolygon<T>& polygon);
template <typename T> std::string shape_problem(const ConvexPolyhedron<T>& hull);
template <typename T> std::string shape_problem(const AnyShape<T>& shape);

}  // namespace geo
