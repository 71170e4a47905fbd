#pragma once
// Closest point on a triangle by Voronoi regions (Ericson 5.1.5), robust on needles,
// slivers and collinear or repeated vertices. Implemented in triangle.cpp.
#include "geometry/result.h"
#include "geometry/shapes.h"

namespace geo {

template <typename T>
struct TriangleClosestPoint : ClosestPointResult<T> {
  Vec3<T> barycentric{1, 0, 0};  // weights of a, b, c for `point`; they sum to 1
  // The dot products of the Voronoi-region tests, as Ericson names them:
  // d1 = ab·ap, d2 = ac·ap, d3 = ab·bp, d4 = ac·bp, d5 = ab·cp, d6 = ac·cp,
  // and the edge-region determinants va (edge bc), vb (edge ca), vc (edge ab).
  T d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0;
  T va = 0, vb = 0, vc = 0;
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
