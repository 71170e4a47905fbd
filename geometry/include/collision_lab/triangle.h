#pragma once
// Closest point on a triangle by Voronoi regions (Ericson 5.1.5), robust on needles,
// slivers and collinear or repeated vertices. Float triangles are worked out in double and
// the answer rounded, so `degenerate` and the zero normal mean degenerate in double there
// too. Implemented in triangle.cpp.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"
#include "collision_lab/triangle_tests.h"

namespace geo {

template <typename T>
struct [[nodiscard]] TriangleClosestPoint : ClosestPointResult<T>, TriangleRegionTests<T> {
  // Weights of a, b, c for `point`; they sum to 1. On a needle or sliver's face they
  // rebuild `point` only to about epsilon * length² / height: the point is the projection.
  Vec3<T> barycentric{1, 0, 0};
  bool degenerate = false;  // collinear or repeated vertices: answered as the segment or point it is
};
template <typename T> TriangleClosestPoint<T> closest_point(const Triangle<T>& triangle, const Vec3<T>& p);

// The unit normal from the two shortest edges (the best-conditioned cross product);
// zero when the triangle is degenerate relative to its size.
template <typename T> Vec3<T> triangle_normal(const Triangle<T>& triangle);

// 2D containment (z ignored): closed, so points on an edge or vertex are inside.
// A degenerate triangle contains the points of the segment or point it is.
template <typename T> bool contains(const Triangle<T>& triangle, const Vec2<T>& p);

}  // namespace geo
