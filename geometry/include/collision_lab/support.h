#pragma once
// The convex shapes GJK and EPA take, seen through their support functions: the farthest
// point along a direction, the vertex numbering and the input checks both queries share.
// Implemented in support.cpp.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <span>
#include <string>
#include <variant>

namespace geo {

// A convex shape GJK can take: a point, segment, triangle, polygon (in z = 0),
// polyhedron, AABB, OBB or sphere.
template <typename T>
using ConvexShape = std::variant<Vec3<T>, Segment<T>, Triangle<T>, ConvexPolygon<T>, ConvexPolyhedron<T>,
                                 Aabb<T>, Obb<T>, Sphere<T>>;

template <typename T>
struct SupportPoint {
  Vec3<T> point{0};
  int vertex = -1;  // which vertex of the shape (-1 for a sphere's surface point)
};
// The point of `shape` farthest along `direction` (ties broken by the lowest vertex index).
template <typename T> SupportPoint<T> support(const ConvexShape<T>& shape, const Vec3<T>& direction);
// The point of `points` (at least one) farthest along `direction`, the lowest index
// winning a tie: a polyhedron's support, for callers that hold its vertex array.
template <typename T> SupportPoint<T> farthest_point(std::span<const Vec3<T>> points, const Vec3<T>& direction);
// Vertex `index` of the shape, numbered as support() numbers them (vertex -1 when there
// is no such vertex; a sphere has none, a point has vertex 0).
template <typename T> SupportPoint<T> shape_vertex(const ConvexShape<T>& shape, int index);
// shape_error (shape_check.h), but of a polyhedron only the rules on its vertices (finite,
// at least 4): neither GJK nor EPA reads its faces or planes, and checking them cost more
// than the query's own reads of the vertices. shape_problem says why a shape is refused.
template <typename T> QueryError validate_shape(const ConvexShape<T>& shape);
// shape_problem (shape_check.h) of the shape held: why it is refused, or empty.
template <typename T> std::string shape_problem(const ConvexShape<T>& shape);

// A vertex of the Minkowski difference A - B and the shape vertices it came from.
template <typename T>
struct MinkowskiVertex {
  Vec3<T> w{0};            // a - b
  Vec3<T> a{0}, b{0};
  int vertex_a = -1, vertex_b = -1;
};

}  // namespace geo
