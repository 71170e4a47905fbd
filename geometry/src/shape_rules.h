#pragma once
// Parts of shape_check.cpp's rules that other sources share: one wording and one rule each.
// Not part of the public API.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <cstddef>
#include <string>

namespace geo::detail {

// make_convex_hull's "need at least 4 points, got 3".
inline std::string too_few_points(std::size_t need, std::size_t got) {
  return "need at least " + std::to_string(need) + " points, got " + std::to_string(got);
}

// The first of a polyhedron's rules, on its vertices alone: what GJK and EPA check, as
// they read nothing else. Whatever this refuses, shape_problem says why.
template <typename T> QueryError hull_vertices_error(const ConvexPolyhedron<T>& hull);

// shape_error for a polygon, for polygon.cpp: shape_check.cpp includes polygon.h for
// make_convex_polygon, so polygon.cpp reaches the rule through this header.
template <typename T> QueryError polygon_error(const ConvexPolygon<T>& polygon);

}  // namespace geo::detail
