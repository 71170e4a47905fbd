#include "collision_lab/triangle.h"

#include "collision_lab/nearest.h"

#include "triangle_detail.h"

#include <cmath>
#include <type_traits>

namespace geo {
namespace {

using detail::kEpsilon;
using detail::TriangleFrame;
using detail::Working;

template <typename T>
void set_distance_from_offset(TriangleClosestPoint<T>& result, const Vec3<T>& offset) {
  // From p minus the point computed relative to a vertex: accurate far from the origin,
  // where rounding the absolute point would cost ulp(coordinates).
  result.distance_squared = glm::dot(offset, offset);
  result.distance = std::sqrt(result.distance_squared);
}

// The closest point on edge k (from vertex k to vertex k + 1), as a vertex when clamped.
template <typename T, typename W>
void answer_on_edge(TriangleClosestPoint<W>& result, const TriangleFrame<T>& frame, int k, const Vec3<W>& p) {
  const int next = (k + 1) % 3;
  const Vec3<W> offset = p - frame.vertices[k];
  const W t = detail::edge_parameter(frame, k, offset);
  result.point = detail::point_on_edge(frame, k, t);
  result.barycentric = Vec3<W>(0);
  if (t == W(0)) {
    result.barycentric[k] = W(1);
    result.feature = {Feature::Vertex, k};
  } else if (t == W(1)) {
    result.barycentric[next] = W(1);
    result.feature = {Feature::Vertex, next};
  } else {
    result.barycentric[k] = W(1) - t;
    result.barycentric[next] = t;
    result.feature = {Feature::Edge, k};
  }
  set_distance_from_offset(result, offset - t * frame.edges[k]);
}

template <typename T, typename W>
void answer_on_vertex(TriangleClosestPoint<W>& result, const TriangleFrame<T>& frame, int k, const Vec3<W>& p) {
  result.point = frame.vertices[k];
  result.barycentric = Vec3<W>(0);
  result.barycentric[k] = W(1);
  result.feature = {Feature::Vertex, k};
  set_distance_from_offset(result, p - frame.vertices[k]);
}

// Only reached when rounding made the region tests inconsistent: the best of the edges.
template <typename T, typename W>
void answer_on_boundary(TriangleClosestPoint<W>& result, const TriangleFrame<T>& frame, const Vec3<W>& p) {
  TriangleClosestPoint<W> best = result;
  answer_on_edge(best, frame, 0, p);
  for (int k = 1; k < 3; ++k) {
    TriangleClosestPoint<W> candidate = result;
    answer_on_edge(candidate, frame, k, p);
    if (candidate.distance_squared < best.distance_squared) best = candidate;
  }
  result = best;
}

// P minus the kernel's point, from P relative to a vertex.
template <typename T, typename W>
Vec3<W> kernel_offset(const TriangleFrame<T>& frame, const Vec3<W>& p, const detail::TriangleAnswer<W>& answer) {
  const int k = answer.feature.index;
  if (answer.feature.kind == Feature::Face) return answer.face_offset;
  if (answer.feature.kind == Feature::Edge) return (p - frame.vertices[k]) - answer.t * frame.edges[k];
  return p - frame.vertices[k];
}

// The answer in the frame's working scalar W: the kernel's (triangle_detail.h) with the
// weights and distance that go with it, or the robust cold paths.
template <typename T, typename W = Working<T>>
TriangleClosestPoint<W> closest_point_in(const TriangleFrame<T>& frame, const Vec3<W>& p) {
  TriangleClosestPoint<W> result;
  detail::TriangleAnswer<W> answer;
  if (detail::triangle_answer(frame, p, answer)) {
    static_cast<TriangleRegionTests<W>&>(result) = answer.tests;  // bc_b and bc_c stay behind
    result.point = answer.point;
    result.feature = answer.feature;
    const int k = answer.feature.index, next = (k + 1) % 3;
    result.barycentric = Vec3<W>(0);
    if (answer.feature.kind == Feature::Face) {
      result.barycentric = Vec3<W>(W(1) - answer.v - answer.w, answer.v, answer.w);
    } else if (answer.feature.kind == Feature::Edge) {
      result.barycentric[k] = W(1) - answer.t;
      result.barycentric[next] = answer.t;
    } else {
      result.barycentric[k] = W(1);
    }
    set_distance_from_offset(result, kernel_offset(frame, p, answer));
    return result;
  }
  static_cast<TriangleRegionTests<W>&>(result) = detail::region_tests(frame, p);
  if (!frame.degenerate) {
    answer_on_boundary(result, frame, p);
  } else if (frame.longest_squared == W(0)) {
    result.degenerate = true;
    answer_on_vertex(result, frame, 0, p);  // all three vertices coincide: a point
  } else {
    result.degenerate = true;
    answer_on_edge(result, frame, frame.longest, p);  // collinear: the longest edge
  }
  return result;
}

// A working-scalar (double) answer rounded to float, field by field.
template <typename T, typename W>
TriangleClosestPoint<T> rounded_to(const TriangleClosestPoint<W>& wide) {
  TriangleClosestPoint<T> result;
  result.point = Vec3<T>(wide.point);
  result.distance = T(wide.distance);
  result.distance_squared = T(wide.distance_squared);
  result.feature = wide.feature;
  result.error = wide.error;
  result.d1 = T(wide.d1), result.d2 = T(wide.d2), result.d3 = T(wide.d3);
  result.d4 = T(wide.d4), result.d5 = T(wide.d5), result.d6 = T(wide.d6);
  result.va = T(wide.va), result.vb = T(wide.vb), result.vc = T(wide.vc);
  result.barycentric = Vec3<T>(wide.barycentric);
  result.degenerate = wide.degenerate;
  return result;
}

}  // namespace

// An answer for the triangle and point scaled by 2^-e, in their own size: lengths times
// 2^e, squares and the six dot products times 2^2e, the region tests (products of four
// coordinates) times 2^4e.
template <typename T>
TriangleClosestPoint<T> scaled_back(TriangleClosestPoint<T> r, int e) {
  using detail::times_power_of_two;
  r.point = r.point * std::ldexp(T(1), e);
  r.distance = times_power_of_two(r.distance, e);
  r.distance_squared = times_power_of_two(r.distance_squared, 2 * e);
  for (T* dot : {&r.d1, &r.d2, &r.d3, &r.d4, &r.d5, &r.d6}) *dot = times_power_of_two(*dot, 2 * e);
  for (T* test : {&r.va, &r.vb, &r.vc}) *test = times_power_of_two(*test, 4 * e);
  return r;
}

template <typename T>
TriangleClosestPoint<T> closest_point(const Triangle<T>& triangle, const Vec3<T>& p) {
  if (!all_finite(triangle.a) || !all_finite(triangle.b) || !all_finite(triangle.c) || !all_finite(p)) {
    return failed<TriangleClosestPoint<T>>(QueryError::NonFiniteInput);
  }
  const int e = detail::triangle_scale_exponent(triangle, p);
  if (e == 0) [[likely]] return detail::closest_point_on_frame(detail::make_frame(triangle), p);
  const T down = std::ldexp(T(1), -e);
  return scaled_back(detail::closest_point_on_frame(detail::make_frame(detail::scaled_triangle(triangle, -e)), p * down), e);
}

// The same kernel and offset as closest_point, and in float the same rounding to T.
template <typename T>
NearestPoint<T> nearest_point(const Triangle<T>& triangle, const Vec3<T>& p) {
  if (!all_finite(triangle.a) || !all_finite(triangle.b) || !all_finite(triangle.c) || !all_finite(p)) {
    return failed<NearestPoint<T>>(QueryError::NonFiniteInput);
  }
  if (detail::triangle_scale_exponent(triangle, p) != 0) [[unlikely]] {
    return detail::lean_of<NearestPoint<T>>(closest_point(triangle, p));
  }
  using W = Working<T>;
  const TriangleFrame<T> frame = detail::make_frame(triangle);
  const Vec3<W> q(p);
  detail::TriangleAnswer<W> answer;
  if (!detail::triangle_answer(frame, q, answer)) [[unlikely]] {
    return detail::lean_of<NearestPoint<T>>(detail::closest_point_on_frame(frame, p));
  }
  NearestPoint<T> result;
  result.point = Vec3<T>(answer.point);
  result.feature = answer.feature;
  const Vec3<W> offset = kernel_offset(frame, q, answer);
  result.distance_squared = T(glm::dot(offset, offset));
  return result;
}

template <typename T>
Vec3<T> triangle_normal(const Triangle<T>& triangle) {
  if (!all_finite(triangle.a) || !all_finite(triangle.b) || !all_finite(triangle.c)) return Vec3<T>(0);
  const int e = detail::triangle_scale_exponent(triangle);  // a direction: the scale is not undone
  return Vec3<T>(detail::unit_normal(detail::make_frame(e == 0 ? triangle : detail::scaled_triangle(triangle, -e))));
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

template <typename T>
TriangleClosestPoint<T> detail::closest_point_on_frame(const TriangleFrame<T>& frame, const Vec3<T>& p) {
  // Returned directly when no rounding is needed: a copy of the result goes through the
  // stack and stalls store forwarding.
  if constexpr (std::is_same_v<T, Working<T>>) {
    return closest_point_in(frame, p);
  } else {
    return rounded_to<T>(closest_point_in(frame, Vec3<Working<T>>(p)));
  }
}

template TriangleClosestPoint<float> detail::closest_point_on_frame(const TriangleFrame<float>&, const Vec3<float>&);
template TriangleClosestPoint<double> detail::closest_point_on_frame(const TriangleFrame<double>&, const Vec3<double>&);
template TriangleClosestPoint<float> closest_point(const Triangle<float>&, const Vec3<float>&);
template TriangleClosestPoint<double> closest_point(const Triangle<double>&, const Vec3<double>&);
template NearestPoint<float> nearest_point(const Triangle<float>&, const Vec3<float>&);
template NearestPoint<double> nearest_point(const Triangle<double>&, const Vec3<double>&);
template Vec3<float> triangle_normal(const Triangle<float>&);
template Vec3<double> triangle_normal(const Triangle<double>&);
template bool contains(const Triangle<float>&, const Vec2<float>&);
template bool contains(const Triangle<double>&, const Vec2<double>&);

}  // namespace geo
