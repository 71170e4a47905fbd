#pragma once
// Convex polygons in 2D: building one from a vertex list, containment by edge planes
// (the classic tutorial's method) and the closest point. Implemented in polygon.cpp.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <string>
#include <vector>

namespace geo {

template <typename T>
struct [[nodiscard]] PolygonBuild {
  ConvexPolygon<T> polygon;  // counter-clockwise, duplicate and collinear vertices removed
  QueryError error = QueryError::None;
  std::string message;  // e.g. "not convex: turns clockwise at vertex 3"
  bool ok() const { return error == QueryError::None; }
};

// Accepts either winding; rejects non-convex, self-intersecting, fewer than 3 distinct
// non-collinear vertices, and non-finite input.
template <typename T> PolygonBuild<T> make_convex_polygon(const std::vector<Vec2<T>>& vertices);

// Edge i runs from vertex i to vertex i + 1; its outward "plane" has a unit normal n_i
// and offset d_i, and a point is inside when n_i·P − d_i <= 0 for every edge.
// The distance of every edge, for the UI; apart from the results so that a query without
// one allocates nothing. A query given a trace clears it first (and leaves it empty when
// it refuses the input).
template <typename T>
struct PolygonTrace {
  std::vector<T> edge_distances;  // n_i·P − d_i for each edge (positive: outside that edge)
};

template <typename T>
struct [[nodiscard]] PolygonContainment {
  bool inside = false;
  int first_separating_edge = -1; // the first edge with P outside, or -1
  T tolerance = 0;                // the size-relative slack a boundary point is allowed
  QueryError error = QueryError::None;  // NonFiniteInput, or InvalidShape (see shape_problem)
  bool ok() const { return error == QueryError::None; }
};
template <typename T>
PolygonContainment<T> contains(const ConvexPolygon<T>& polygon, const Vec2<T>& p,
                               PolygonTrace<T>* trace = nullptr);

template <typename T>
struct [[nodiscard]] PolygonClosestPoint : ClosestPointResult<T, 2> {};
template <typename T>
PolygonClosestPoint<T> closest_point(const ConvexPolygon<T>& polygon, const Vec2<T>& p,
                                     PolygonTrace<T>* trace = nullptr);

}  // namespace geo
