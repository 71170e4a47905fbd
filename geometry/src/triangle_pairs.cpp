#include "collision_lab/triangle_pairs.h"

#include "segment_math.h"
#include "segment_pair_kernel.h"
#include "collision_lab/triangle.h"
#include "triangle_detail.h"

#include <array>
#include <limits>
#include <optional>

namespace geo {
namespace {

using detail::kEpsilon;

// Everything is solved in a frame centred on the first triangle's vertex a: the inputs
// then carry rounding relative to their own size, not to their distance from the origin.
template <typename T>
struct Frame {
  Vec3<T> origin{0};
  Vec3<T> local(const Vec3<T>& v) const { return v - origin; }
  Triangle<T> local(const Triangle<T>& t) const { return {local(t.a), local(t.b), local(t.c)}; }
  Segment<T> local(const Segment<T>& s) const { return {local(s.a), local(s.b)}; }
};

template <typename T>
std::array<Vec3<T>, 3> vertices_of(const Triangle<T>& t) { return {t.a, t.b, t.c}; }

// A triangle with what its point queries need worked out once: a pair query asks up to
// eight of them about the same triangle.
template <typename T>
struct FramedTriangle {
  Triangle<T> shape;
  detail::TriangleFrame<T> frame;
  Vec3<T> normal;  // unit; zero when degenerate, as triangle_normal gives it
  explicit FramedTriangle(const Triangle<T>& t)
      : shape(t), frame(detail::make_frame(t)), normal(detail::unit_normal(frame)) {}
  TriangleClosestPoint<T> closest_to(const Vec3<T>& p) const { return detail::closest_point_on_frame(frame, p); }
};

template <typename T>
Segment<T> edge_of(const Triangle<T>& t, int k) {
  const auto v = vertices_of(t);
  return {v[k], v[(k + 1) % 3]};
}

// A segment as the segment kernel takes it, with its bounding box, made once for the
// several pairs it is part of.
template <typename T>
struct PairSegment {
  Segment<T> shape;
  detail::Linear<T> linear;
  Vec3<T> lo, hi;
  explicit PairSegment(const Segment<T>& s)
      : shape(s), linear(detail::as_linear(s)), lo(glm::min(s.a, s.b)), hi(glm::max(s.a, s.b)) {}
};

template <typename T>
std::array<PairSegment<T>, 3> edges_of(const Triangle<T>& t) {
  return {PairSegment<T>(edge_of(t, 0)), PairSegment<T>(edge_of(t, 1)), PairSegment<T>(edge_of(t, 2))};
}

// The squared gap between two boxes, a lower bound of the squared distance of anything in them.
template <typename T>
T box_gap_squared(const Vec3<T>& lo_a, const Vec3<T>& hi_a, const Vec3<T>& lo_b, const Vec3<T>& hi_b) {
  const Vec3<T> gap = glm::max(Vec3<T>(0), glm::max(lo_b - hi_a, lo_a - hi_b));
  return glm::dot(gap, gap);
}

// A feature of a triangle's edge k, seen as a segment, named as a feature of the triangle.
inline FeatureRef triangle_feature_of_edge(int k, FeatureRef on_segment) {
  if (on_segment.kind == Feature::Vertex) return {Feature::Vertex, (k + on_segment.index) % 3};
  return {Feature::Edge, k};
}

template <typename T>
void keep_closer(TrianglePairResult<T>& best, const TrianglePairResult<T>& candidate) {
  if (candidate.distance_squared < best.distance_squared) best = candidate;
}

// False when a candidate whose squared distance is at least `gap_squared` (a bound from
// boxes) certainly cannot be kept: its computed distance is within `slack` of the true one,
// and the true one is no less than the gap. Skipping it then leaves the answer as it was.
template <typename T>
bool could_be_closer(const TrianglePairResult<T>& best, T gap_squared, T slack) {
  const T reach = best.distance + slack;
  return !(gap_squared > reach * reach * (T(1) + T(1024) * kEpsilon<T>));
}

template <typename T>
TrianglePairResult<T> unset() {
  TrianglePairResult<T> result;
  result.distance = result.distance_squared = std::numeric_limits<T>::infinity();
  return result;
}

// Candidates, in ClosestPointsResult's order: a_point, b_point, distance, distance_squared,
// a_feature, b_feature.
template <typename T>
TrianglePairResult<T> from_linear(const LinearPairResult<T>& pair, int edge_of_b) {
  TrianglePairResult<T> result{{pair.a_point, pair.b_point, pair.distance, pair.distance_squared, pair.a_feature,
                                triangle_feature_of_edge(edge_of_b, pair.b_feature)}};
  result.s = pair.s;
  return result;
}

// closest_points(a, b) for two segments, through the kernel when it takes them.
template <typename T>
LinearPairResult<T> segment_pair(const PairSegment<T>& a, const PairSegment<T>& b) {
  detail::LinearPairAnswer<T> answer;
  if (detail::segment_pair_answer(a.linear, b.linear, answer)) return detail::linear_pair_result(a.linear, b.linear, answer, false);
  return detail::closest_segments_robust(a.shape, b.shape);
}

template <typename T>
TrianglePairResult<T> from_point(const Vec3<T>& point, FeatureRef point_feature, const TriangleClosestPoint<T>& on_b) {
  return {{point, on_b.point, on_b.distance, on_b.distance_squared, point_feature, on_b.feature}};
}

template <typename T>
T size_of(const Triangle<T>& t) {
  return std::max({glm::length(t.b - t.a), glm::length(t.c - t.b), glm::length(t.a - t.c)});
}

// Where the segment crosses the triangle's plane strictly between its sides, if that
// crossing lies on the triangle. The crossing parameter da / (da - db) has da and -db of
// the same sign, so it stays in [0, 1] however flat the segment is.
template <typename T>
std::optional<TrianglePairResult<T>> pierce(const Segment<T>& s, const FramedTriangle<T>& t, T tolerance) {
  const Vec3<T>& normal = t.normal;
  const T da = glm::dot(normal, s.a - t.shape.a), db = glm::dot(normal, s.b - t.shape.a);
  if (!((da > T(0) && db < T(0)) || (da < T(0) && db > T(0)))) return std::nullopt;
  const T u = da / (da - db);
  const Vec3<T> crossing = s.a + u * (s.b - s.a);
  const TriangleClosestPoint<T> on_triangle = t.closest_to(crossing);
  if (on_triangle.distance > tolerance) return std::nullopt;
  TrianglePairResult<T> result;
  result.a_point = result.b_point = crossing;
  result.a_feature = u == T(0) ? FeatureRef{Feature::Vertex, 0} : u == T(1) ? FeatureRef{Feature::Vertex, 1} : FeatureRef{Feature::Edge, 0};
  result.b_feature = on_triangle.feature;
  result.intersecting = true;
  result.s = u;
  return result;
}

// The segment's end points against the triangle and the segment against each edge.
template <typename T>
void segment_features(TrianglePairResult<T>& best, const PairSegment<T>& s, const FramedTriangle<T>& t,
                      const std::array<PairSegment<T>, 3>& edges, T slack) {
  keep_closer(best, from_point(s.shape.a, {Feature::Vertex, 0}, t.closest_to(s.shape.a)));
  TrianglePairResult<T> at_end = from_point(s.shape.b, {Feature::Vertex, 1}, t.closest_to(s.shape.b));
  at_end.s = T(1);
  keep_closer(best, at_end);
  for (int k = 0; k < 3; ++k) {
    if (!could_be_closer(best, box_gap_squared(s.lo, s.hi, edges[k].lo, edges[k].hi), slack)) continue;
    keep_closer(best, from_linear(segment_pair(s, edges[k]), k));
  }
}

// How far a computed pair distance may be from the true one, with a wide margin: the
// kernel and the robust routine err by a few hundred ulps of the coordinates at most
// (local ones, which are no larger than `magnitude`).
template <typename T>
T distance_slack(T magnitude) {
  return T(65536) * kEpsilon<T> * T(4) * magnitude;
}

// Touching within rounding is intersecting: distance 0, each point on its own shape.
template <typename T>
void snap_touching(TrianglePairResult<T>& result, T tolerance) {
  if (result.distance > tolerance) return;
  result.distance = result.distance_squared = T(0);
  result.intersecting = true;
}

template <typename T>
TrianglePairResult<T> swapped(const TrianglePairResult<T>& r) {
  TrianglePairResult<T> result = r;
  std::swap(result.a_point, result.b_point);
  std::swap(result.a_feature, result.b_feature);
  std::swap(result.s, result.t);
  return result;
}

template <typename T>
TrianglePairResult<T> to_world(TrianglePairResult<T> result, const Frame<T>& frame) {
  result.a_point += frame.origin;
  result.b_point += frame.origin;
  return result;
}

template <typename T>
T tolerance_for(T size) { return T(16) * kEpsilon<T> * size; }

template <typename T>
TrianglePairResult<T> segment_triangle(const Segment<T>& a, const Triangle<T>& b) {
  const Frame<T> frame{b.a};
  const Segment<T> s = frame.local(a);
  const FramedTriangle<T> t(frame.local(b));
  const T tolerance = tolerance_for(std::max(size_of(t.shape), glm::length(s.b - s.a)));
  if (auto hit = pierce(s, t, tolerance)) return to_world(*hit, frame);
  TrianglePairResult<T> best = unset<T>();
  const T magnitude = std::max({detail::max_abs(s.a), detail::max_abs(s.b), detail::max_abs(t.shape.b), detail::max_abs(t.shape.c)});
  segment_features(best, PairSegment<T>(s), t, edges_of(t.shape), distance_slack(magnitude));
  snap_touching(best, tolerance);
  return to_world(best, frame);
}

template <typename T>
TrianglePairResult<T> triangle_triangle(const Triangle<T>& a, const Triangle<T>& b) {
  const Frame<T> frame{a.a};
  const FramedTriangle<T> ta(frame.local(a)), tb(frame.local(b));
  const T tolerance = tolerance_for(std::max(size_of(ta.shape), size_of(tb.shape)));
  // Two triangles meet only if an edge of one meets the other (the intersection is convex
  // and its extreme points lie on edges), and otherwise the closest pair is edge-edge or
  // vertex-face: every feature pair below is one of those.
  for (int k = 0; k < 3; ++k) {
    if (auto hit = pierce(edge_of(ta.shape, k), tb, tolerance)) {
      hit->a_feature = triangle_feature_of_edge(k, hit->a_feature);
      return to_world(*hit, frame);
    }
    if (auto hit = pierce(edge_of(tb.shape, k), ta, tolerance)) {
      hit->a_feature = triangle_feature_of_edge(k, hit->a_feature);
      return to_world(swapped(*hit), frame);
    }
  }
  TrianglePairResult<T> best = unset<T>();
  const auto va = vertices_of(ta.shape), vb = vertices_of(tb.shape);
  for (int i = 0; i < 3; ++i) {
    keep_closer(best, from_point(va[i], {Feature::Vertex, i}, tb.closest_to(va[i])));
    keep_closer(best, swapped(from_point(vb[i], {Feature::Vertex, i}, ta.closest_to(vb[i]))));
  }
  const auto ea = edges_of(ta.shape), eb = edges_of(tb.shape);
  const T slack = distance_slack(std::max({detail::max_abs(va[1]), detail::max_abs(va[2]), detail::max_abs(vb[0]),
                                           detail::max_abs(vb[1]), detail::max_abs(vb[2])}));
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (!could_be_closer(best, box_gap_squared(ea[i].lo, ea[i].hi, eb[j].lo, eb[j].hi), slack)) continue;
      TrianglePairResult<T> pair = from_linear(segment_pair(ea[i], eb[j]), j);
      pair.a_feature = triangle_feature_of_edge(i, pair.a_feature);
      keep_closer(best, pair);
    }
  }
  snap_touching(best, tolerance);
  return to_world(best, frame);
}

// Pairs beyond the triangle's reach (triangle_detail.h) are worked scaled by 2^-e, and
// their points and distances scaled back.
template <typename T>
TrianglePairResult<T> scaled_back(TrianglePairResult<T> r, int e) {
  const T up = std::ldexp(T(1), e);
  r.a_point = r.a_point * up;
  r.b_point = r.b_point * up;
  r.distance = detail::times_power_of_two(r.distance, e);
  r.distance_squared = detail::times_power_of_two(r.distance_squared, 2 * e);
  return r;
}

}  // namespace

template <typename T>
TrianglePairResult<T> closest_points(const Segment<T>& a, const Triangle<T>& b) {
  if (!all_finite(a.a) || !all_finite(a.b) || !all_finite(b.a) || !all_finite(b.b) || !all_finite(b.c)) {
    return failed<TrianglePairResult<T>>(QueryError::NonFiniteInput);
  }
  const int e = detail::triangle_scale_exponent(b, a.a, a.b);
  if (e == 0) [[likely]] return segment_triangle(a, b);
  const T down = std::ldexp(T(1), -e);
  return scaled_back(segment_triangle(Segment<T>{a.a * down, a.b * down}, detail::scaled_triangle(b, -e)), e);
}

template <typename T>
TrianglePairResult<T> closest_points(const Triangle<T>& a, const Segment<T>& b) {
  return swapped(closest_points(b, a));
}

template <typename T>
TrianglePairResult<T> closest_points(const Triangle<T>& a, const Triangle<T>& b) {
  for (const auto& v : {a.a, a.b, a.c, b.a, b.b, b.c}) {
    if (!all_finite(v)) return failed<TrianglePairResult<T>>(QueryError::NonFiniteInput);
  }
  const int e = detail::triangle_scale_exponent(a, b.a, b.b, b.c);
  if (e == 0) [[likely]] return triangle_triangle(a, b);
  return scaled_back(triangle_triangle(detail::scaled_triangle(a, -e), detail::scaled_triangle(b, -e)), e);
}

template TrianglePairResult<float> closest_points(const Segment<float>&, const Triangle<float>&);
template TrianglePairResult<double> closest_points(const Segment<double>&, const Triangle<double>&);
template TrianglePairResult<float> closest_points(const Triangle<float>&, const Segment<float>&);
template TrianglePairResult<double> closest_points(const Triangle<double>&, const Segment<double>&);
template TrianglePairResult<float> closest_points(const Triangle<float>&, const Triangle<float>&);
template TrianglePairResult<double> closest_points(const Triangle<double>&, const Triangle<double>&);

}  // namespace geo
