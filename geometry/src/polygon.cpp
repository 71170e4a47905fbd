#include "collision_lab/polygon.h"

#include "closest_point_detail.h"
#include "segment_math.h"
#include "shape_rules.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace geo {
namespace {

template <typename T> T cross2(const Vec2<T>& a, const Vec2<T>& b) { return a.x * b.y - a.y * b.x; }

// Signed distance of p from the line through a and b (positive: left of a -> b), or
// its distance from a when a and b coincide.
template <typename T>
T offset_from_line(const Vec2<T>& a, const Vec2<T>& b, const Vec2<T>& p) {
  const Vec2<T> ab = b - a, ap = p - a;
  const T length = glm::length(ab);
  if (length > 0) return cross2(ab, ap) / length;
  return glm::length(ap);
}

template <typename T>
T distance_to_segment(const Vec2<T>& a, const Vec2<T>& b, const Vec2<T>& p) {
  return std::sqrt(detail::nearest_on_segment(b - a, p - a).distance_squared);
}

// The outward distance n_i·P − d_i of p from edge a -> b of a counter-clockwise polygon,
// measured from a so that large offsets do not cancel. A zero-length edge bounds nothing.
template <typename T>
T edge_distance(const Vec2<T>& a, const Vec2<T>& b, const Vec2<T>& p) {
  const Vec2<T> ab = b - a;
  const T length = glm::length(ab);
  if (!(length > 0)) return 0;
  return cross2(p - a, ab) / length;
}

// What both point queries start with: the input's error (shape_check.h), if any.
template <typename T>
QueryError input_error(const ConvexPolygon<T>& polygon, const Vec2<T>& p) {
  return all_finite(p) ? detail::polygon_error(polygon) : QueryError::NonFiniteInput;
}

// Hands n_i·P − d_i of every edge i, from vertex i to vertex i + 1, to `see` and to the
// trace when there is one; nothing else keeps them, so a query without one allocates nothing.
template <typename T, typename See>
void for_each_edge_distance(const ConvexPolygon<T>& polygon, const Vec2<T>& p, PolygonTrace<T>* trace, See see) {
  const auto& v = polygon.vertices;
  if (trace) trace->edge_distances.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const T distance = edge_distance(v[i], v[(i + 1) % v.size()], p);
    if (trace) trace->edge_distances.push_back(distance);
    see(static_cast<int>(i), distance);
  }
}

std::string vertex_name(int index) { return "vertex " + std::to_string(index); }

template <typename T>
PolygonBuild<T> rejected(std::string message, QueryError error = QueryError::InvalidShape) {
  PolygonBuild<T> build = failed<PolygonBuild<T>>(error);
  build.message = std::move(message);
  return build;
}

}  // namespace

template <typename T>
PolygonBuild<T> make_convex_polygon(const std::vector<Vec2<T>>& input) {
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (!all_finite(input[i])) {
      return rejected<T>(vertex_name(static_cast<int>(i)) + " is not finite", QueryError::NonFiniteInput);
    }
  }
  const int n = static_cast<int>(input.size());
  if (n < 3) return rejected<T>("need at least 3 vertices, got " + std::to_string(n));
  const T tolerance = detail::bounds_tolerance(input);
  auto same = [&](int i, int j) { return glm::length(input[i] - input[j]) <= tolerance; };

  // Repeated vertices (consecutive, including last == first) collapse to one.
  std::vector<int> ring;
  for (int i = 0; i < n; ++i) {
    if (ring.empty() || !same(ring.back(), i)) ring.push_back(i);
  }
  while (ring.size() > 1 && same(ring.front(), ring.back())) ring.pop_back();
  if (ring.size() < 3) return rejected<T>("fewer than 3 distinct vertices");

  // All on one line? Measure from the two vertices farthest apart.
  int far_a = ring[0], far_b = ring[0];
  for (int i : ring) {
    if (glm::length(input[i] - input[far_a]) > glm::length(input[far_b] - input[far_a])) far_b = i;
  }
  T widest = 0;
  for (int i : ring) widest = std::max(widest, std::abs(offset_from_line(input[far_a], input[far_b], input[i])));
  if (widest <= tolerance) {
    return rejected<T>("fewer than 3 non-collinear vertices: all " + std::to_string(ring.size()) +
                       " distinct vertices are collinear");
  }

  // Winding from the signed area, accumulated relative to the first vertex. Reversing
  // all but the first vertex keeps the start, so both windings give the same polygon.
  T twice_area = 0;
  const Vec2<T> origin = input[ring[0]];
  for (std::size_t k = 1; k + 1 < ring.size(); ++k) {
    twice_area += cross2(input[ring[k]] - origin, input[ring[k + 1]] - origin);
  }
  if (twice_area < 0) std::reverse(ring.begin() + 1, ring.end());

  // Drop middle vertices within the tolerance of the segment joining their neighbours.
  // The segment, not its line: the tip of a needle is nearly on the line through its
  // neighbours, yet it is a corner.
  for (bool removed = true; removed && ring.size() >= 3;) {
    removed = false;
    for (std::size_t k = 0; k < ring.size(); ++k) {
      const int prev = ring[(k + ring.size() - 1) % ring.size()], next = ring[(k + 1) % ring.size()];
      if (distance_to_segment(input[prev], input[next], input[ring[k]]) > tolerance) continue;
      ring.erase(ring.begin() + static_cast<std::ptrdiff_t>(k));
      removed = true;
      break;
    }
  }
  if (ring.size() < 3) return rejected<T>("fewer than 3 non-collinear vertices");

  // Every remaining corner must turn left (a needle's tip may look straight within the
  // tolerance); the turns must add up to one full turn.
  constexpr T kPi = T(3.14159265358979323846);
  T turning = 0;
  const std::size_t count = ring.size();
  for (std::size_t k = 0; k < count; ++k) {
    const Vec2<T>& prev = input[ring[(k + count - 1) % count]];
    const Vec2<T>& here = input[ring[k]];
    const Vec2<T>& next = input[ring[(k + 1) % count]];
    if (offset_from_line(prev, next, here) > tolerance) {
      return rejected<T>("not convex: turns clockwise at " + vertex_name(ring[k]));
    }
    T turn = std::atan2(cross2(here - prev, next - here), glm::dot(here - prev, next - here));
    // A U-turn within the tolerance is a needle's tip: a left turn of pi, whatever the
    // sign of its rounded (or zero) cross product says.
    if (turn < -kPi / 2) turn += 2 * kPi;
    turning += turn;
    // Folding back along an edge and forward again (a spike) turns twice too.
    if (turning > T(2.5) * kPi) {
      return rejected<T>("self-intersecting: the boundary winds around more than once (again at " +
                         vertex_name(ring[k]) + ")");
    }
  }

  PolygonBuild<T> build;
  for (int i : ring) build.polygon.vertices.push_back(input[i]);
  return build;
}

template <typename T>
PolygonContainment<T> contains(const ConvexPolygon<T>& polygon, const Vec2<T>& p, PolygonTrace<T>* trace) {
  if (trace) trace->edge_distances.clear();
  if (const QueryError error = input_error(polygon, p); error != QueryError::None) {
    return failed<PolygonContainment<T>>(error);
  }
  PolygonContainment<T> result;
  result.tolerance = detail::bounds_tolerance(polygon.vertices);
  for_each_edge_distance(polygon, p, trace, [&](int edge, T distance) {
    if (result.first_separating_edge < 0 && distance > result.tolerance) result.first_separating_edge = edge;
  });
  result.inside = result.first_separating_edge < 0;
  return result;
}

template <typename T>
PolygonClosestPoint<T> closest_point(const ConvexPolygon<T>& polygon, const Vec2<T>& p, PolygonTrace<T>* trace) {
  const auto& v = polygon.vertices;
  if (trace) trace->edge_distances.clear();
  if (const QueryError error = input_error(polygon, p); error != QueryError::None) {
    return failed<PolygonClosestPoint<T>>(error);
  }
  PolygonClosestPoint<T> result;
  bool outside_an_edge = false;
  for_each_edge_distance(polygon, p, trace,
                         [&](int, T distance) { outside_an_edge = outside_an_edge || distance > T(0); });
  if (!outside_an_edge) {
    detail::answer_inside(result, p);
    return result;
  }
  // Outside: the nearest point over every edge, each a segment with a clamped parameter.
  T best = std::numeric_limits<T>::infinity();
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::size_t j = (i + 1) % v.size();
    const Vec2<T> edge = v[j] - v[i];
    const detail::SegmentNearest<T> nearest = detail::nearest_on_segment(edge, p - v[i]);
    if (!(nearest.distance_squared < best)) continue;
    best = nearest.distance_squared;
    const T t = nearest.t;
    result.point = t == T(1) ? v[j] : v[i] + edge * t;
    if (t == 0) result.feature = {Feature::Vertex, static_cast<int>(i)};
    else if (t == T(1)) result.feature = {Feature::Vertex, static_cast<int>(j)};
    else result.feature = {Feature::Edge, static_cast<int>(i)};
  }
  set_distance(result, p);
  return result;
}

template PolygonBuild<float> make_convex_polygon(const std::vector<Vec2<float>>&);
template PolygonBuild<double> make_convex_polygon(const std::vector<Vec2<double>>&);
template PolygonContainment<float> contains(const ConvexPolygon<float>&, const Vec2<float>&, PolygonTrace<float>*);
template PolygonContainment<double> contains(const ConvexPolygon<double>&, const Vec2<double>&, PolygonTrace<double>*);
template PolygonClosestPoint<float> closest_point(const ConvexPolygon<float>&, const Vec2<float>&, PolygonTrace<float>*);
template PolygonClosestPoint<double> closest_point(const ConvexPolygon<double>&, const Vec2<double>&,
                                                   PolygonTrace<double>*);

}  // namespace geo
