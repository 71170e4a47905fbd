#pragma once
// The core of the point-triangle query, shared by triangle.cpp (one query, with every
// number behind the answer), closest_point_batch.cpp (many queries, the point only) and
// triangle_pairs.cpp (one frame, many queries), so they cannot drift apart. Not part of
// the public API.
#include "accurate_cross.h"
#include "closest_point_detail.h"
#include "collision_lab/result.h"
#include "segment_math.h"
#include "collision_lab/shapes.h"
#include "collision_lab/triangle_tests.h"

#include <array>
#include <bit>
#include <limits>
#include <type_traits>

namespace geo::detail::inline GEO_DETAIL_ISA {

// The scalar the triangle is worked out in. Float inputs are exact in double, and there a
// sliver's edges, normal and region tests keep the digits that float loses to cancellation
// (in float they pick the wrong edge or face weights once the height nears 1e-5 of the
// length), so a float answer is the double one rounded.
template <typename T>
using Working = std::conditional_t<(std::numeric_limits<T>::digits < std::numeric_limits<double>::digits), double, T>;

// A triangle is degenerate when its height over the longest edge is below this many
// epsilons of that edge's length: it is then answered as the segment (or point) it is.
template <typename T>
constexpr T kDegenerateHeight = T(64) * kEpsilon<T>;

// Triangle queries whose largest coordinate lies beyond 2^±149 are scaled by a power of two
// (exactly) to a size near 1 before the kernel runs, and their answers scaled back: the
// region tests are products of four coordinates, which under- or overflow there (a point
// above the face was answered on an edge at 1e-100 and at 1e100). Ordinary queries are
// not touched, and float's whole range, worked in double, lies within.
template <typename W>
constexpr W kTriangleReach = exact_power_of_two<W>(149);

// The exponent e of that scaling (2^-e brings the magnitude near 1), 0 within reach.
template <typename W>
inline int triangle_scale_exponent(W magnitude) {
  if (magnitude >= W(1) / kTriangleReach<W> && magnitude <= kTriangleReach<W>) return 0;
  return magnitude > W(0) ? std::ilogb(magnitude) : 0;
}

template <typename T, typename... Points>
int triangle_scale_exponent(const Triangle<T>& triangle, const Points&... more) {
  T magnitude = max_of(max_of(max_abs(triangle.a), max_abs(triangle.b)), max_abs(triangle.c));
  ((magnitude = max_of(magnitude, max_abs(more))), ...);
  return triangle_scale_exponent(Working<T>(magnitude));
}

template <typename T>
Triangle<T> scaled_triangle(const Triangle<T>& triangle, int exponent) {
  const T scale = std::ldexp(T(1), exponent);
  return {triangle.a * scale, triangle.b * scale, triangle.c * scale};
}

// Everything about the triangle that does not depend on the query point. Edge k runs from
// vertex k to vertex k + 1 (ab, bc, ca); any two consecutive edges give the same cross
// product ab x ac, the two other than the longest give the most accurate one.
// A triangle of T held in its working scalar W.
template <typename T>
struct TriangleFrame {
  using W = Working<T>;
  std::array<Vec3<W>, 3> vertices;
  std::array<Vec3<W>, 3> edges;
  std::array<W, 3> edge_squared{};  // |edge k|²
  Vec3<W> ac{0};  // c - a, for the region tests
  int longest = 0;
  W longest_squared = 0;
  Vec3<W> normal{0};                  // not normalised
  std::array<Vec3<W>, 3> edge_normals;  // normal x edge k: in the plane, pointing inwards
  bool degenerate = false;
};

// Edge i x edge j as if the edges had not been rounded: on a sliver the two are nearly
// opposite, and both the cancellation in the cross product and the edges' own rounding
// (each term's error times the other edge) would tilt the normal by epsilon * length /
// height, which moves a face answer off the triangle by as much times P's distance.
template <typename T, typename W = Working<T>>
Vec3<W> exact_edges_cross(const TriangleFrame<T>& frame, int i, int j) {
  const auto rounding = [&](int k) {  // (vertex k + 1 - vertex k) - edge k, exactly (Knuth's two-sum)
    const Vec3<W>& to = frame.vertices[k + 1 - 3 * int(k == 2)];
    const Vec3<W> minus_from = -frame.vertices[k];
    const Vec3<W>& edge = frame.edges[k];
    const Vec3<W> from_part = edge - to, to_part = edge - from_part;
    return (to - to_part) + (minus_from - from_part);
  };
  return conditioned_cross(frame.edges[i], frame.edges[j]) +
         (glm::cross(rounding(i), frame.edges[j]) + glm::cross(frame.edges[i], rounding(j)));
}

template <typename T>
TriangleFrame<T> make_frame(const Triangle<T>& triangle) {
  using W = Working<T>;
  TriangleFrame<T> frame;
  const Vec3<W> a(triangle.a), b(triangle.b), c(triangle.c);
  frame.vertices = {a, b, c};
  frame.edges = {b - a, c - b, a - c};
  frame.ac = c - a;
  for (int k = 0; k < 3; ++k) {
    const W squared = glm::dot(frame.edges[k], frame.edges[k]);
    frame.edge_squared[k] = squared;
    if (squared > frame.longest_squared) {
      frame.longest_squared = squared;
      frame.longest = k;
    }
  }
  frame.normal = exact_edges_cross(frame, (frame.longest + 1) % 3, (frame.longest + 2) % 3);
  for (int k = 0; k < 3; ++k) frame.edge_normals[k] = glm::cross(frame.normal, frame.edges[k]);
  // |normal| = height * longest edge, so this compares the height with the edge length.
  frame.degenerate = glm::length(frame.normal) <= kDegenerateHeight<W> * frame.longest_squared;
  return frame;
}

// The region tests the answer reports (va = n·(bp x cp), vb = n·(cp x ap), vc = n·(ap x bp)),
// and two along bc.
template <typename T>
struct TriangleTests : TriangleRegionTests<T> {
  T bc_b, bc_c;  // bc·bp (= d4 - d3) and bc·cp (= d6 - d5)
};

template <typename T>
inline TriangleTests<Working<T>> region_tests(const TriangleFrame<T>& frame, const Vec3<Working<T>>& p) {
  using W = Working<T>;
  const Vec3<W>& ab = frame.edges[0];
  const Vec3<W>& bc = frame.edges[1];
  const Vec3<W>& ac = frame.ac;
  const Vec3<W> ap = p - frame.vertices[0], bp = p - frame.vertices[1], cp = p - frame.vertices[2];
  TriangleTests<W> tests;
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
// (numbered as in result.h) or the face. The tests are taken in Ericson's order, the
// first that holds wins; evaluated all at once and picked by the lowest set bit, so
// there is no branch to mispredict.
template <typename T>
inline FeatureRef locate(const TriangleTests<T>& t) {
  static constexpr FeatureRef kRegions[7] = {{Feature::Vertex, 0}, {Feature::Vertex, 1}, {Feature::Edge, 0},
                                             {Feature::Vertex, 2}, {Feature::Edge, 2},   {Feature::Edge, 1},
                                             {Feature::Face, 0}};
  const T zero(0);
  const unsigned holds = unsigned((t.d1 <= zero) & (t.d2 <= zero)) |                          // vertex a
                         unsigned((t.d3 >= zero) & (t.bc_b <= zero)) << 1 |                   // vertex b
                         unsigned((t.vc <= zero) & (t.d1 >= zero) & (t.d3 <= zero)) << 2 |    // edge ab
                         unsigned((t.d6 >= zero) & (t.bc_c >= zero)) << 3 |                   // vertex c
                         unsigned((t.vb <= zero) & (t.d2 >= zero) & (t.d6 <= zero)) << 4 |    // edge ca
                         unsigned((t.va <= zero) & (t.bc_b >= zero) & (t.bc_c <= zero)) << 5 |  // edge bc
                         1u << 6;                                                              // face
  return kRegions[std::countr_zero(holds)];
}

// In the face region, the weights v, w of b and c: the sub-areas over their sum (= |n|²
// exactly). False when rounding left no positive sub-area: the nearest edge answers then.
template <typename T>
inline bool face_weights(const TriangleTests<T>& t, T& v, T& w) {
  const T wa = max_of(t.va, T(0)), wb = max_of(t.vb, T(0)), wc = max_of(t.vc, T(0));
  const T sum = wa + wb + wc;
  v = wb / sum;
  w = wc / sum;
  return sum > T(0);
}

// In the face region, P's offset from its projection onto the plane: the face point is
// P minus it. Not a + v ab + w ac: on a needle or sliver the weights' rounding, over |n|²,
// moves that point along the triangle by about epsilon * length² / height, whereas the
// projection errs only by rounding relative to |ap|.
template <typename T, typename W = Working<T>>
inline W face_scale(const TriangleFrame<T>& frame, const Vec3<W>& p) {
  return glm::dot(frame.normal, p - frame.vertices[0]) / glm::dot(frame.normal, frame.normal);
}
template <typename T, typename W = Working<T>>
inline Vec3<W> offset_from_face(const TriangleFrame<T>& frame, const Vec3<W>& p) {
  return frame.normal * face_scale(frame, p);
}

// The parameter in [0, 1] of the point of edge k nearest to vertex k + offset, the same
// number segment_parameter gives: 0 or 1 when clamped, else the ratio.
template <typename W>
inline W clamped_ratio(W numerator, W denominator) {
  return choose(numerator <= W(0), W(0), choose(numerator >= denominator, W(1), numerator / denominator));
}
template <typename T, typename W = Working<T>>
inline W edge_parameter(const TriangleFrame<T>& frame, int k, const Vec3<W>& offset) {
  return clamped_ratio(glm::dot(offset, frame.edges[k]), frame.edge_squared[k]);
}

// The point at parameter t on edge k, exactly a vertex at 0 and 1. Picked from a small
// array by index: cheaper than selecting coordinates one by one, and without a branch.
template <typename T, typename W = Working<T>>
inline Vec3<W> point_on_edge(const TriangleFrame<T>& frame, int k, W t) {
  const int next = k + 1 - 3 * int(k == 2);  // (k + 1) % 3
  const Vec3<W> candidates[3] = {frame.vertices[k], frame.vertices[next], frame.vertices[k] + t * frame.edges[k]};
  return candidates[2 - 2 * int(t == W(0)) - int(t == W(1))];
}

// The kernel of the point-triangle query on a non-degenerate triangle: the region tests,
// the feature, and the point, which closest_point(Triangle) (triangle.cpp) reports with the
// numbers behind it and the batch alone. The feature is the final one: an edge answer
// clamped to an end is that vertex.
template <typename W>
struct TriangleAnswer {
  TriangleTests<W> tests;
  FeatureRef feature;
  W t = 0;         // on an edge: the parameter along it
  W v = 0, w = 0;  // on the face: the weights of b and c
  Vec3<W> point{0};
  Vec3<W> face_offset{0};  // on the face: P - point
};

// False, for the cold path, on a degenerate triangle and in the rare case where rounding
// made the region tests inconsistent (the face region without a positive sub-area).
template <typename T, typename W = Working<T>>
inline bool triangle_answer(const TriangleFrame<T>& frame, const Vec3<W>& p, TriangleAnswer<W>& answer) {
  if (frame.degenerate) return false;
  answer.tests = region_tests(frame, p);
  const FeatureRef region = locate(answer.tests);
  const int k = region.index;
  if (region.kind == Feature::Face) {
    if (!face_weights(answer.tests, answer.v, answer.w)) return false;
    answer.face_offset = offset_from_face(frame, p);
    answer.point = p - answer.face_offset;
    answer.feature = region;
    return true;
  }
  answer.t = region.kind == Feature::Edge ? edge_parameter(frame, k, p - frame.vertices[k]) : W(0);
  answer.point = point_on_edge(frame, k, answer.t);
  const int next = k + 1 - 3 * int(k == 2);
  answer.feature = answer.t == W(0) ? FeatureRef{Feature::Vertex, k}
                   : answer.t == W(1) ? FeatureRef{Feature::Vertex, next}
                                      : FeatureRef{Feature::Edge, k};
  return true;
}

// triangle_answer's point alone, for the batch's blocks (batch_blocks.cpp), in two steps
// of numbers only, so that a loop over points runs each vectorized: first the region (by
// selections rather than a table) and the two quotients, then the point. A block does all
// its first steps before its second ones, so the divisions of many points overlap. The
// same arithmetic in the same order as triangle_answer, so the same bits.
template <typename W>
struct TriangleLane {
  W edge;        // the region's edge k (a vertex region: the edge that starts there), 3 the face
  W along;       // edge_parameter on edge k, 0 in a vertex region
  W face_scale;  // offset_from_face's P - point, in normals
  W refused;     // 1 where triangle_answer gives up, or P is beyond reach or not finite
};

template <typename T, typename W = Working<T>>
[[gnu::always_inline]] inline TriangleLane<W> triangle_lane(const TriangleFrame<T>& frame, const Vec3<W>& p) {
  const TriangleTests<W> t = region_tests(frame, p);
  const W zero(0);
  // locate's tests, each holding only if no earlier one does.
  const bool at_a = (t.d1 <= zero) & (t.d2 <= zero);
  bool taken = at_a;
  const bool at_b = !taken & (t.d3 >= zero) & (t.bc_b <= zero);
  taken |= at_b;
  const bool on_ab = !taken & (t.vc <= zero) & (t.d1 >= zero) & (t.d3 <= zero);
  taken |= on_ab;
  const bool at_c = !taken & (t.d6 >= zero) & (t.bc_c >= zero);
  taken |= at_c;
  const bool on_ca = !taken & (t.vb <= zero) & (t.d2 >= zero) & (t.d6 <= zero);
  taken |= on_ca;
  const bool on_bc = !taken & (t.va <= zero) & (t.bc_b >= zero) & (t.bc_c <= zero);
  const bool on_face = !taken & !on_bc;
  // edge_parameter's numerator, dot(P - vertex k, edge k), is a region test already: d1,
  // bc_b, and -d6, since edge ca = -ac exactly.
  const bool k1 = at_b | on_bc, k2 = at_c | on_ca;
  const W numerator = choose(k2, -t.d6, choose(k1, t.bc_b, t.d1));
  const W edge_squared = choose(k2, frame.edge_squared[2], choose(k1, frame.edge_squared[1], frame.edge_squared[0]));
  W v, w;
  const bool face_ok = face_weights(t, v, w);
  // Within reach (a P beyond it, or not finite, takes the single query, which scales it).
  const bool finite = (std::fabs(p.x) <= kTriangleReach<W>) & (std::fabs(p.y) <= kTriangleReach<W>) &
                      (std::fabs(p.z) <= kTriangleReach<W>);
  return {choose(on_face, W(3), choose(k2, W(2), choose(k1, W(1), zero))),
          choose(on_ab | on_bc | on_ca, clamped_ratio(numerator, edge_squared), zero), face_scale(frame, p),
          choose(finite & !(on_face & !face_ok), zero, W(1))};
}

template <typename T, typename W = Working<T>>
[[gnu::always_inline]] inline Vec3<W> triangle_lane_point(const TriangleFrame<T>& frame, const Vec3<W>& p,
                                                          const TriangleLane<W>& lane) {
  const bool k1 = lane.edge == W(1), k2 = lane.edge == W(2), on_face = lane.edge == W(3);
  // point_on_edge: a vertex when `along` is 0 or 1 (vertex k or k + 1), else on edge k.
  const W along = lane.along;
  const bool one = along == W(1), at_vertex = (along == W(0)) | one;
  const bool vertex1 = (one & !k1 & !k2) | (!one & k1), vertex2 = (one & k1) | (!one & k2);
  const auto& x = frame.vertices;
  const auto& e = frame.edges;
  Vec3<W> point;
  for (int c = 0; c < 3; ++c) {
    const W vertex = choose(vertex2, x[2][c], choose(vertex1, x[1][c], x[0][c]));
    const W on_edge = choose(k2, x[2][c] + along * e[2][c], choose(k1, x[1][c] + along * e[1][c], x[0][c] + along * e[0][c]));
    const W face_point = p[c] - frame.normal[c] * lane.face_scale;
    point[c] = choose(on_face, face_point, choose(at_vertex, vertex, on_edge));
  }
  return point;
}

// The unit normal, zero when the triangle is degenerate.
template <typename T>
Vec3<T> unit_normal(const TriangleFrame<T>& frame) {
  if (frame.degenerate) return Vec3<T>(0);
  return Vec3<T>(frame.normal / glm::length(frame.normal));
}

}  // namespace geo::detail::inline GEO_DETAIL_ISA

namespace geo {
template <typename T> struct TriangleClosestPoint;  // in triangle.h, the public header of this unit: declared only
}  // namespace geo

namespace geo::detail {

// closest_point(Triangle) on a frame made once, for the pair queries (triangle_pairs.cpp)
// that ask it many times about one triangle. Implemented in triangle.cpp.
template <typename T>
TriangleClosestPoint<T> closest_point_on_frame(const TriangleFrame<T>& frame, const Vec3<T>& p);

}  // namespace geo::detail
