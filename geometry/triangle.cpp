#include "geometry/triangle.h"

#include "geometry/segment_math.h"

#include <array>

namespace geo {
namespace {

using detail::kEpsilon;

// A triangle is degenerate when its height over the longest edge is below this many
// epsilons of that edge's length: it is then answered as the segment (or point) it is.
template <typename T>
constexpr T kDegenerateHeight = T(64) * kEpsilon<T>;

// The normal (not normalised) from the two shortest edges, and the squared length of the
// longest edge. Edge k runs from vertex k to vertex k + 1 (ab, bc, ca); any two consecutive
// edges give the same cross product ab x ac, the shortest two give the most accurate one.
template <typename T>
struct TriangleFrame {
  std::array<Vec3<T>, 3> vertices;
  std::array<Vec3<T>, 3> edges;
  int longest = 0;
  T longest_squared = 0;
  Vec3<T> normal{0};
  bool degenerate = false;
};

template <typename T>
TriangleFrame<T> make_frame(const Triangle<T>& triangle) {
  TriangleFrame<T> frame;
  frame.vertices = {triangle.a, triangle.b, triangle.c};
  frame.edges = {triangle.b - triangle.a, triangle.c - triangle.b, triangle.a - triangle.c};
  for (int k = 0; k < 3; ++k) {
    const T squared = glm::dot(frame.edges[k], frame.edges[k]);
    if (squared > frame.longest_squared) {
      frame.longest_squared = squared;
      frame.longest = k;
    }
  }
  frame.normal = glm::cross(frame.edges[(frame.longest + 1) % 3], frame.edges[(frame.longest + 2) % 3]);
  // |normal| = height * longest edge, so this compares the height with the edge length.
  frame.degenerate = glm::length(frame.normal) <= kDegenerateHeight<T> * frame.longest_squared;
  return frame;
}

template <typename T>
TriangleClosestPoint<T> rejected() {
  TriangleClosestPoint<T> result;
  result.error = QueryError::NonFiniteInput;
  result.barycentric = Vec3<T>(0);
  return result;
}

template <typename T>
void set_distance_from_offset(TriangleClosestPoint<T>& result, const Vec3<T>& offset) {
  // From p minus the point computed relative to a vertex: accurate far from the origin,
  // where rounding the absolute point would cost ulp(coordinates).
  result.distance_squared = glm::dot(offset, offset);
  result.distance = std::sqrt(result.distance_squared);
}

// The closest point on edge k (from vertex k to vertex k + 1), as a vertex when clamped.
template <typename T>
void answer_on_edge(TriangleClosestPoint<T>& result, const TriangleFrame<T>& frame, int k, const Vec3<T>& p) {
  const int next = (k + 1) % 3;
  const Vec3<T> offset = p - frame.vertices[k];
  const T t = detail::segment_parameter(frame.edges[k], offset);
  result.barycentric = Vec3<T>(0);
  if (t == T(0)) {
    result.point = frame.vertices[k];
    result.barycentric[k] = T(1);
    result.feature = {Feature::Vertex, k};
  } else if (t == T(1)) {
    result.point = frame.vertices[next];
    result.barycentric[next] = T(1);
    result.feature = {Feature::Vertex, next};
  } else {
    result.point = frame.vertices[k] + t * frame.edges[k];
    result.barycentric[k] = T(1) - t;
    result.barycentric[next] = t;
    result.feature = {Feature::Edge, k};
  }
  set_distance_from_offset(result, offset - t * frame.edges[k]);
}

template <typename T>
void answer_on_vertex(TriangleClosestPoint<T>& result, const TriangleFrame<T>& frame, int k, const Vec3<T>& p) {
  result.point = frame.vertices[k];
  result.barycentric = Vec3<T>(0);
  result.barycentric[k] = T(1);
  result.feature = {Feature::Vertex, k};
  set_distance_from_offset(result, p - frame.vertices[k]);
}

// Only reached when rounding made the region tests inconsistent: the best of the edges.
template <typename T>
void answer_on_boundary(TriangleClosestPoint<T>& result, const TriangleFrame<T>& frame, const Vec3<T>& p) {
  TriangleClosestPoint<T> best = result;
  answer_on_edge(best, frame, 0, p);
  for (int k = 1; k < 3; ++k) {
    TriangleClosestPoint<T> candidate = result;
    answer_on_edge(candidate, frame, k, p);
    if (candidate.distance_squared < best.distance_squared) best = candidate;
  }
  result = best;
}

}  // namespace

template <typename T>
TriangleClosestPoint<T> closest_point(const Triangle<T>& triangle, const Vec3<T>& p) {
  if (!all_finite(triangle.a) || !all_finite(triangle.b) || !all_finite(triangle.c) || !all_finite(p)) {
    return rejected<T>();
  }
  const TriangleFrame<T> frame = make_frame(triangle);
  const Vec3<T>& a = triangle.a;
  const Vec3<T>& b = triangle.b;
  const Vec3<T>& c = triangle.c;
  const Vec3<T> ab = b - a, ac = c - a, bc = c - b, ca = a - c;
  const Vec3<T> ap = p - a, bp = p - b, cp = p - c;

  TriangleClosestPoint<T> result;
  result.d1 = glm::dot(ab, ap);
  result.d2 = glm::dot(ac, ap);
  result.d3 = glm::dot(ab, bp);
  result.d4 = glm::dot(ac, bp);
  result.d5 = glm::dot(ab, cp);
  result.d6 = glm::dot(ac, cp);
  // va, vb, vc = n·(bp x cp), n·(cp x ap), n·(ap x bp), written as (n x edge)·p: the
  // textbook d3*d6 - d5*d4 cancels catastrophically on slivers.
  const Vec3<T>& n = frame.normal;
  result.va = glm::dot(glm::cross(n, bc), bp);
  result.vb = glm::dot(glm::cross(n, ca), cp);
  result.vc = glm::dot(glm::cross(n, ab), ap);

  if (frame.degenerate) {
    result.degenerate = true;
    if (frame.longest_squared == T(0)) {
      answer_on_vertex(result, frame, 0, p);  // all three vertices coincide: a point
    } else {
      answer_on_edge(result, frame, frame.longest, p);  // collinear: the longest edge
    }
    return result;
  }

  // The tests along edge bc use bc directly rather than d4 - d3 and d5 - d6, which lose
  // all their digits when bc is the short edge of a needle.
  const T bc_b = glm::dot(bc, bp);  // = d4 - d3
  const T bc_c = glm::dot(bc, cp);  // = d6 - d5
  if (result.d1 <= T(0) && result.d2 <= T(0)) {
    answer_on_vertex(result, frame, 0, p);
  } else if (result.d3 >= T(0) && bc_b <= T(0)) {
    answer_on_vertex(result, frame, 1, p);
  } else if (result.vc <= T(0) && result.d1 >= T(0) && result.d3 <= T(0)) {
    answer_on_edge(result, frame, 0, p);
  } else if (result.d6 >= T(0) && bc_c >= T(0)) {
    answer_on_vertex(result, frame, 2, p);
  } else if (result.vb <= T(0) && result.d2 >= T(0) && result.d6 <= T(0)) {
    answer_on_edge(result, frame, 2, p);
  } else if (result.va <= T(0) && bc_b >= T(0) && bc_c <= T(0)) {
    answer_on_edge(result, frame, 1, p);
  } else {
    // Face: the barycentrics are the three sub-areas over their sum (= |n|² exactly).
    const T wa = std::max(result.va, T(0)), wb = std::max(result.vb, T(0)), wc = std::max(result.vc, T(0));
    const T sum = wa + wb + wc;
    if (!(sum > T(0))) {
      answer_on_boundary(result, frame, p);
      return result;
    }
    const T v = wb / sum, w = wc / sum;
    const Vec3<T> in_plane = v * ab + w * ac;
    result.barycentric = Vec3<T>(T(1) - v - w, v, w);
    result.point = a + in_plane;
    result.feature = {Feature::Face, 0};
    set_distance_from_offset(result, ap - in_plane);
  }
  return result;
}

template <typename T>
Vec3<T> triangle_normal(const Triangle<T>& triangle) {
  if (!all_finite(triangle.a) || !all_finite(triangle.b) || !all_finite(triangle.c)) return Vec3<T>(0);
  const TriangleFrame<T> frame = make_frame(triangle);
  if (frame.degenerate) return Vec3<T>(0);
  return frame.normal / glm::length(frame.normal);
}

template <typename T>
bool contains(const Triangle<T>& triangle, const Vec2<T>& p) {
  const Triangle<T> flat{{triangle.a.x, triangle.a.y, T(0)}, {triangle.b.x, triangle.b.y, T(0)},
                         {triangle.c.x, triangle.c.y, T(0)}};
  const TriangleClosestPoint<T> closest = closest_point(flat, Vec3<T>(p, T(0)));
  if (!closest.ok()) return false;
  // Closed with a tolerance relative to the triangle's size and to where it is: points
  // computed on an edge far from the origin are only known to ulp(coordinates).
  const T size = std::sqrt(std::max({glm::dot(flat.b - flat.a, flat.b - flat.a),
                                     glm::dot(flat.c - flat.b, flat.c - flat.b),
                                     glm::dot(flat.a - flat.c, flat.a - flat.c)}));
  const T magnitude = std::max({detail::max_abs(flat.a), detail::max_abs(flat.b), detail::max_abs(flat.c)});
  return closest.distance <= T(16) * kEpsilon<T> * (size + magnitude);
}

template TriangleClosestPoint<float> closest_point(const Triangle<float>&, const Vec3<float>&);
template TriangleClosestPoint<double> closest_point(const Triangle<double>&, const Vec3<double>&);
template Vec3<float> triangle_normal(const Triangle<float>&);
template Vec3<double> triangle_normal(const Triangle<double>&);
template bool contains(const Triangle<float>&, const Vec2<float>&);
template bool contains(const Triangle<double>&, const Vec2<double>&);

}  // namespace geo
