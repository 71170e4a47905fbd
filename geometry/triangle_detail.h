#pragma once
// The core of the point-triangle query, shared by triangle.cpp (one query, with every
// number behind the answer) and closest_point_batch.cpp (many queries, the point only),
// so the two cannot drift apart. Not part of the public API.
#include "geometry/result.h"
#include "geometry/segment_math.h"
#include "geometry/shapes.h"

#include <array>

namespace geo::detail {

// A triangle is degenerate when its height over the longest edge is below this many
// epsilons of that edge's length: it is then answered as the segment (or point) it is.
template <typename T>
constexpr T kDegenerateHeight = T(64) * kEpsilon<T>;

// Everything about the triangle that does not depend on the query point. Edge k runs from
// vertex k to vertex k + 1 (ab, bc, ca); any two consecutive edges give the same cross
// product ab x ac, the two other than the longest give the most accurate one.
template <typename T>
struct TriangleFrame {
  std::array<Vec3<T>, 3> vertices;
  std::array<Vec3<T>, 3> edges;
  Vec3<T> ac{0};  // c - a, for the region tests
  int longest = 0;
  T longest_squared = 0;
  Vec3<T> normal{0};                  // not normalised
  std::array<Vec3<T>, 3> edge_normals;  // normal x edge k: in the plane, pointing inwards
  bool degenerate = false;
};

template <typename T>
TriangleFrame<T> make_frame(const Triangle<T>& triangle) {
  TriangleFrame<T> frame;
  frame.vertices = {triangle.a, triangle.b, triangle.c};
  frame.edges = {triangle.b - triangle.a, triangle.c - triangle.b, triangle.a - triangle.c};
  frame.ac = triangle.c - triangle.a;
  for (int k = 0; k < 3; ++k) {
    const T squared = glm::dot(frame.edges[k], frame.edges[k]);
    if (squared > frame.longest_squared) {
      frame.longest_squared = squared;
      frame.longest = k;
    }
  }
  frame.normal = glm::cross(frame.edges[(frame.longest + 1) % 3], frame.edges[(frame.longest + 2) % 3]);
  for (int k = 0; k < 3; ++k) frame.edge_normals[k] = glm::cross(frame.normal, frame.edges[k]);
  // |normal| = height * longest edge, so this compares the height with the edge length.
  frame.degenerate = glm::length(frame.normal) <= kDegenerateHeight<T> * frame.longest_squared;
  return frame;
}

// The dot products of the Voronoi-region tests, as Ericson names them, and two along bc.
template <typename T>
struct TriangleTests {
  T d1, d2, d3, d4, d5, d6;
  T va, vb, vc;  // n·(bp x cp), n·(cp x ap), n·(ap x bp)
  T bc_b, bc_c;  // bc·bp (= d4 - d3) and bc·cp (= d6 - d5)
};

template <typename T>
TriangleTests<T> region_tests(const TriangleFrame<T>& frame, const Vec3<T>& p) {
  const Vec3<T>& ab = frame.edges[0];
  const Vec3<T>& bc = frame.edges[1];
  const Vec3<T>& ac = frame.ac;
  const Vec3<T> ap = p - frame.vertices[0], bp = p - frame.vertices[1], cp = p - frame.vertices[2];
  TriangleTests<T> tests;
  tests.d1 = glm::dot(ab, ap);
  tests.d2 = glm::dot(ac, ap);
  tests.d3 = glm::dot(ab, bp);
  tests.d4 = glm::dot(ac, bp);
  tests.d5 = glm::dot(ab, cp);
  tests.d6 = glm::dot(ac, cp);
  // Written as (n x edge)·p: the textbook d3*d6 - d5*d4 cancels catastrophically on slivers.
  tests.va = glm::dot(frame.edge_normals[1], bp);
  tests.vb = glm::dot(frame.edge_normals[2], cp);
  tests.vc = glm::dot(frame.edge_normals[0], ap);
  // Along bc directly rather than d4 - d3 and d5 - d6, which lose all their digits when
  // bc is the short edge of a needle.
  tests.bc_b = glm::dot(bc, bp);
  tests.bc_c = glm::dot(bc, cp);
  return tests;
}

// The Voronoi region of a non-degenerate triangle that P lies in: a vertex, an edge
// (numbered as in result.h) or the face.
template <typename T>
FeatureRef locate(const TriangleTests<T>& t) {
  if (t.d1 <= T(0) && t.d2 <= T(0)) return {Feature::Vertex, 0};
  if (t.d3 >= T(0) && t.bc_b <= T(0)) return {Feature::Vertex, 1};
  if (t.vc <= T(0) && t.d1 >= T(0) && t.d3 <= T(0)) return {Feature::Edge, 0};
  if (t.d6 >= T(0) && t.bc_c >= T(0)) return {Feature::Vertex, 2};
  if (t.vb <= T(0) && t.d2 >= T(0) && t.d6 <= T(0)) return {Feature::Edge, 2};
  if (t.va <= T(0) && t.bc_b >= T(0) && t.bc_c <= T(0)) return {Feature::Edge, 1};
  return {Feature::Face, 0};
}

// In the face region, the weights v, w of b and c: the sub-areas over their sum (= |n|²
// exactly). False when rounding left no positive sub-area: the nearest edge answers then.
template <typename T>
bool face_weights(const TriangleTests<T>& t, T& v, T& w) {
  const T wa = std::max(t.va, T(0)), wb = std::max(t.vb, T(0)), wc = std::max(t.vc, T(0));
  const T sum = wa + wb + wc;
  if (!(sum > T(0))) return false;
  v = wb / sum;
  w = wc / sum;
  return true;
}

// The point at parameter t (from segment_parameter) on edge k, exactly a vertex at 0 and 1.
template <typename T>
Vec3<T> point_on_edge(const TriangleFrame<T>& frame, int k, T t) {
  if (t == T(0)) return frame.vertices[k];
  if (t == T(1)) return frame.vertices[(k + 1) % 3];
  return frame.vertices[k] + t * frame.edges[k];
}

// The closest point alone, decided exactly as closest_point(Triangle) decides it. False
// in the rare case where rounding made the region tests inconsistent (face_weights fails):
// the caller then asks closest_point, which compares the three edges.
template <typename T>
bool closest_point_only(const TriangleFrame<T>& frame, const Vec3<T>& p, Vec3<T>& point) {
  if (frame.degenerate) {
    if (frame.longest_squared == T(0)) {
      point = frame.vertices[0];  // all three vertices coincide: a point
    } else {
      const int k = frame.longest;  // collinear: the longest edge
      point = point_on_edge(frame, k, segment_parameter(frame.edges[k], p - frame.vertices[k]));
    }
    return true;
  }
  const TriangleTests<T> tests = region_tests(frame, p);
  const FeatureRef region = locate(tests);
  switch (region.kind) {
    case Feature::Vertex: point = frame.vertices[region.index]; return true;
    case Feature::Edge: {
      const int k = region.index;
      point = point_on_edge(frame, k, segment_parameter(frame.edges[k], p - frame.vertices[k]));
      return true;
    }
    default: {
      T v = 0, w = 0;
      if (!face_weights(tests, v, w)) return false;
      point = frame.vertices[0] + (v * frame.edges[0] + w * frame.ac);
      return true;
    }
  }
}

}  // namespace geo::detail
