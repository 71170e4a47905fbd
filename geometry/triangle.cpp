#include "geometry/triangle.h"

#include "geometry/triangle_detail.h"

namespace geo {
namespace {

using detail::kEpsilon;
using detail::TriangleFrame;

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
  const T t = detail::edge_parameter(frame, k, offset);
  result.point = detail::point_on_edge(frame, k, t);
  result.barycentric = Vec3<T>(0);
  if (t == T(0)) {
    result.barycentric[k] = T(1);
    result.feature = {Feature::Vertex, k};
  } else if (t == T(1)) {
    result.barycentric[next] = T(1);
    result.feature = {Feature::Vertex, next};
  } else {
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
    TriangleClosestPoint<T> result = failed<TriangleClosestPoint<T>>(QueryError::NonFiniteInput);
    result.barycentric = Vec3<T>(0);  // zeros, as in every rejected answer
    return result;
  }
  const TriangleFrame<T> frame = detail::make_frame(triangle);
  const detail::TriangleTests<T> tests = detail::region_tests(frame, p);
  TriangleClosestPoint<T> result;
  static_cast<TriangleRegionTests<T>&>(result) = tests;  // bc_b and bc_c stay behind

  if (frame.degenerate) {
    result.degenerate = true;
    if (frame.longest_squared == T(0)) {
      answer_on_vertex(result, frame, 0, p);  // all three vertices coincide: a point
    } else {
      answer_on_edge(result, frame, frame.longest, p);  // collinear: the longest edge
    }
    return result;
  }

  const FeatureRef region = detail::locate(tests);
  if (region.kind == Feature::Vertex) {
    answer_on_vertex(result, frame, region.index, p);
  } else if (region.kind == Feature::Edge) {
    answer_on_edge(result, frame, region.index, p);
  } else {
    T v = 0, w = 0;
    if (!detail::face_weights(tests, v, w)) {
      answer_on_boundary(result, frame, p);
      return result;
    }
    const Vec3<T> in_plane = v * frame.edges[0] + w * frame.ac;
    result.barycentric = Vec3<T>(T(1) - v - w, v, w);
    result.point = triangle.a + in_plane;
    result.feature = {Feature::Face, 0};
    set_distance_from_offset(result, (p - triangle.a) - in_plane);
  }
  return result;
}

template <typename T>
Vec3<T> triangle_normal(const Triangle<T>& triangle) {
  if (!all_finite(triangle.a) || !all_finite(triangle.b) || !all_finite(triangle.c)) return Vec3<T>(0);
  const TriangleFrame<T> frame = detail::make_frame(triangle);
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
