#pragma once
// Convex polyhedra: a robust 3D convex hull of a point set (coplanar, collinear and
// duplicate points handled), containment by face planes and the closest point.
// Implemented in hull.cpp (the hull) and polyhedron.cpp (the queries).
#include "geometry/result.h"
#include "geometry/shapes.h"

#include <string>

namespace geo {

template <typename T>
struct HullBuild {
  ConvexPolyhedron<T> hull;
  QueryError error = QueryError::None;
  std::string message;  // e.g. "all 5 points are coplanar"
  bool ok() const { return error == QueryError::None; }
};

// Fewer than 4 non-coplanar points (relative to the point set's size) is an InvalidShape error.
// Faces are merged where coplanar, so a cube has 6 quadrilateral faces and 12 edges.
template <typename T> HullBuild<T> make_convex_hull(const std::vector<Vec3<T>>& points);

template <typename T>
struct PolyhedronContainment {
  bool inside = false;
  std::vector<T> face_distances;  // N_i·P − D_i per face (positive: outside that face)
  int first_separating_face = -1;
  T tolerance = 0;                      // the size-relative slack a boundary point is allowed
  QueryError error = QueryError::None;  // NonFiniteInput, or InvalidShape without faces
  bool ok() const { return error == QueryError::None; }
};
template <typename T>
PolyhedronContainment<T> contains(const ConvexPolyhedron<T>& hull, const Vec3<T>& p);

template <typename T>
struct PolyhedronClosestPoint : ClosestPointResult<T> {
  std::vector<T> face_distances;
};
template <typename T>
PolyhedronClosestPoint<T> closest_point(const ConvexPolyhedron<T>& hull, const Vec3<T>& p);

}  // namespace geo
