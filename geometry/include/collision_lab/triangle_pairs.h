#pragma once
// Closest points between a segment and a triangle, and between two triangles.
// Distance 0 with a witness point on both when they intersect. Implemented in triangle_pairs.cpp.
#include "collision_lab/linear_pairs.h"

namespace geo {

template <typename T>
struct [[nodiscard]] TrianglePairResult : ClosestPointsResult<T> {
  bool intersecting = false;
  // Where the closest point lies on the segment of a segment-triangle pair (0 at its a,
  // 1 at its b): s when the segment is a, t when it is b, as linear pairs name them.
  T s = 0, t = 0;
};

template <typename T> TrianglePairResult<T> closest_points(const Segment<T>& a, const Triangle<T>& b);
template <typename T> TrianglePairResult<T> closest_points(const Triangle<T>& a, const Segment<T>& b);
template <typename T> TrianglePairResult<T> closest_points(const Triangle<T>& a, const Triangle<T>& b);

}  // namespace geo
