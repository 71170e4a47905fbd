#pragma once
// Closest points between a segment and a triangle, and between two triangles.
// Distance 0 with a witness point on both when they intersect. Implemented in triangle_pairs.cpp.
#include "geometry/linear_pairs.h"

namespace geo {

template <typename T>
struct TrianglePairResult : ClosestPointsResult<T> {
  bool intersecting = false;
};

template <typename T> TrianglePairResult<T> closest_points(const Segment<T>& a, const Triangle<T>& b);
template <typename T> TrianglePairResult<T> closest_points(const Triangle<T>& a, const Segment<T>& b);
template <typename T> TrianglePairResult<T> closest_points(const Triangle<T>& a, const Triangle<T>& b);

}  // namespace geo
