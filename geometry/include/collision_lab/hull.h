#pragma once
// A robust 3D convex hull of a point set (coplanar, collinear and duplicate points
// handled), with coplanar triangles merged into polygon faces. Implemented in hull.cpp.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <string>
#include <vector>

namespace geo {

template <typename T>
struct [[nodiscard]] HullBuild {
  ConvexPolyhedron<T> hull;
  QueryError error = QueryError::None;
  std::string message;  // e.g. "all 5 points are coplanar"
  bool ok() const { return error == QueryError::None; }
};

// Fewer than 4 non-coplanar points (relative to the point set's size) is an InvalidShape error.
// Faces are merged where coplanar, so a cube has 6 quadrilateral faces and 12 edges.
template <typename T> HullBuild<T> make_convex_hull(const std::vector<Vec3<T>>& points);

}  // namespace geo
