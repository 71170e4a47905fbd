#pragma once
// The convex polygon's edges, measured once, and the closest point to them, as
// closest_point(ConvexPolygon) in polygon.cpp answers it, for the batches
// (closest_point_batch.cpp, closest_feature_batch.cpp). Not part of the public API.
#include "closest_point_detail.h"
#include "collision_lab/result.h"
#include "collision_lab/shape_check.h"
#include "collision_lab/shapes.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace geo::detail::inline GEO_DETAIL_ISA {

// One edge of a polygon, as polygon.cpp's closest_point measures it.
template <typename T>
struct PolygonEdge {
  Vec2<T> start, end, along;
  T length, length_squared;
  // P is outside the edge when cross2(P - start, along) / length > 0. The plain test
  // cross > 0 says the same unless the quotient underflows (|cross| below this) or the
  // length is zero or not finite (then always_divide).
  T underflow_below;
  bool always_divide;
};

template <typename T>
T cross2(const Vec2<T>& a, const Vec2<T>& b) {
  return a.x * b.y - a.y * b.x;
}

// As closest_point(ConvexPolygon) in polygon.cpp: inside when no edge has P strictly
// outside it, else the nearest of the clamped edge points (the first of equals). Both
// answers are computed and one is chosen, without data-dependent branches. With
// `feature`, also the feature the point lies on (the point-only batch passes none).
template <typename T>
Vec2<T> polygon_point(const std::vector<PolygonEdge<T>>& edges, const Vec2<T>& p, FeatureRef* feature = nullptr) {
  bool outside_any = edges.size() < 3;
  T best = std::numeric_limits<T>::infinity(), best_t = 0;
  std::size_t best_edge = edges.size();  // none yet: the single query's point stays zero
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const PolygonEdge<T>& edge = edges[i];
    const Vec2<T> to_p = p - edge.start;
    const T cross = cross2(to_p, edge.along);
    bool outside = cross > T(0);
    if (edge.always_divide | (std::fabs(cross) < edge.underflow_below)) {  // rare: P all but on the line
      outside = edge.length > T(0) && cross / edge.length > T(0);
    }
    outside_any = outside_any | outside;

    const T along = glm::dot(to_p, edge.along);
    const T t = choose((edge.length_squared > T(0)) & (along > T(0)),
                       choose(along >= edge.length_squared, T(1), along / edge.length_squared), T(0));
    const Vec2<T> offset = to_p - edge.along * t;
    const T distance_squared = glm::dot(offset, offset);
    const bool closer = distance_squared < best;
    best = choose(closer, distance_squared, best);
    best_t = choose(closer, t, best_t);
    best_edge = closer ? i : best_edge;
  }
  if (best_edge == edges.size()) {  // every distance NaN: rare
    if (feature) *feature = {};
    return outside_any ? Vec2<T>(0) : p;
  }
  // P itself when inside, else the point on the nearest edge: picked by index, not a branch.
  const PolygonEdge<T>& edge = edges[best_edge];
  const Vec2<T> answers[3] = {p, edge.end, edge.start + edge.along * best_t};
  const unsigned at_end = best_t == T(1);
  if (feature) {  // as the single query names it: an end of the edge is that vertex
    const int i = int(best_edge), next = int((best_edge + 1) % edges.size());
    *feature = !outside_any     ? FeatureRef{Feature::Inside, 0}
               : best_t == T(0) ? FeatureRef{Feature::Vertex, i}
               : at_end         ? FeatureRef{Feature::Vertex, next}
                                : FeatureRef{Feature::Edge, i};
  }
  return answers[unsigned(outside_any) * (2 - at_end)];
}

template <typename T>
QueryError polygon_edges(const ConvexPolygon<T>& polygon, std::vector<PolygonEdge<T>>& edges) {
  const auto& v = polygon.vertices;
  if (const QueryError error = shape_error(polygon); error != QueryError::None) return error;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Vec2<T>& start = v[i];
    const Vec2<T>& end = v[(i + 1) % v.size()];
    const Vec2<T> along = end - start;
    const T length = glm::length(along);
    const bool ordinary = length > T(0) && std::isfinite(length);
    edges.push_back({start, end, along, length, glm::dot(along, along),
                     length * std::numeric_limits<T>::min() * T(2), !ordinary});
  }
  return QueryError::None;
}

}  // namespace geo::detail::inline GEO_DETAIL_ISA
