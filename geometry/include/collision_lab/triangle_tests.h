#pragma once
// The numbers behind a point-triangle answer: triangle.h reports them, triangle_detail.h
// computes them; a header of their own so that both can name them without a cycle.
#include "collision_lab/vec.h"

namespace geo {

// The dot products of the Voronoi-region tests, as Ericson names them:
// d1 = ab·ap, d2 = ac·ap, d3 = ab·bp, d4 = ac·bp, d5 = ab·cp, d6 = ac·cp,
// and the edge-region determinants va (edge bc), vb (edge ca), vc (edge ab).
template <typename T>
struct TriangleRegionTests {
  T d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0;
  T va = 0, vb = 0, vc = 0;
};

}  // namespace geo
