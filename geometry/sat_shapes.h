#pragma once
// Convex shapes as the Separating Axis Test sees them: vertices, unit face normals and
// edge directions, parallel duplicates removed. Implemented in sat_shapes.cpp.
#include "geometry/result.h"
#include "geometry/shapes.h"

#include <vector>

namespace geo {

// A convex shape as SAT sees it: its vertices, outward face normals and edge directions.
template <typename T>
struct SatShape {
  std::vector<Vec3<T>> vertices;
  std::vector<Vec3<T>> face_normals;   // unit; a triangle has one (both sides project alike)
  std::vector<Vec3<T>> edge_directions;  // not normalized; parallel duplicates removed
  bool flat = false;          // no volume: triangle, segment, point, box with a zero extent
  Vec3<T> plane_normal{0};    // unit normal when flat and two-dimensional, else zero
  QueryError error = QueryError::None;  // set by sat_shape; sat_overlap reports it
};

template <typename T> SatShape<T> sat_shape(const ConvexPolyhedron<T>& hull);
template <typename T> SatShape<T> sat_shape(const Obb<T>& box);
template <typename T> SatShape<T> sat_shape(const Aabb<T>& box);
template <typename T> SatShape<T> sat_shape(const Triangle<T>& triangle);
template <typename T> SatShape<T> sat_shape(const Segment<T>& segment);

}  // namespace geo
