// Batched closest points with features. What depends on the shape alone is done once where
// the single query would redo it per point: the triangle's frame and the polygon's edges.
// The other shapes' single queries are already a few dozen operations on the point (the
// polyhedron's walks its faces, as the point-only batch does too), so their loop is the
// single query itself, which makes every answer its answer by construction.
#include "geometry/closest_feature_batch.h"

#include "geometry/closest_point.h"
#include "geometry/polygon.h"
#include "geometry/polygon_edges.h"
#include "geometry/polyhedron.h"
#include "geometry/triangle.h"
#include "geometry/triangle_detail.h"

#include <vector>

namespace geo {
namespace {

// The loop every shape shares: the size checks, the shape's own error (every answer zero),
// non-finite queries (zero too), then answer(p, feature) for the rest. The 2D polygon
// ignores z (`planar`).
template <typename T, typename Answer>
BatchResult run_feature_batch(std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                              std::span<FeatureRef> features, QueryError shape_error, Answer answer,
                              bool planar = false) {
  BatchResult result;
  if (queries.size() != out.size() || queries.size() != features.size()) {
    result.size_mismatch = true;
    return result;
  }
  result.shape_error = shape_error;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const Vec3<T>& p = queries[i];
    features[i] = {};
    out[i] = Vec3<T>(0);
    if (shape_error != QueryError::None) continue;
    if (planar ? !all_finite(Vec2<T>(p)) : !all_finite(p)) {
      ++result.non_finite_queries;
      continue;
    }
    out[i] = answer(p, features[i]);
  }
  return result;
}

// The shape's own error, found by asking about a point that is surely finite.
template <typename T, typename Shape>
QueryError shape_error_of(const Shape& shape) {
  return closest_point(shape, Vec3<T>(0)).error;
}

template <typename T, typename Shape>
BatchResult feature_batch(const Shape& shape, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  return run_feature_batch<T>(queries, out, features, shape_error_of<T>(shape), [&](const Vec3<T>& p, FeatureRef& feature) {
    const auto answer = closest_point(shape, p);
    feature = answer.feature;
    return answer.point;
  });
}

template <typename T>
BatchResult feature_batch(const Triangle<T>& triangle, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  const detail::TriangleFrame<T> frame = detail::make_frame(triangle);
  return run_feature_batch<T>(queries, out, features, shape_error_of<T>(triangle),
                              [&](const Vec3<T>& p, FeatureRef& feature) {
                                const TriangleClosestPoint<T> answer = detail::closest_point_on_frame(frame, p);
                                feature = answer.feature;
                                return answer.point;
                              });
}

// The 2D polygon seen from above: z is ignored (a NaN there too) and the answers have z = 0.
template <typename T>
BatchResult feature_batch(const ConvexPolygon<T>& polygon, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  std::vector<detail::PolygonEdge<T>> edges;
  const QueryError error = detail::polygon_edges(polygon, edges);
  const auto answer = [&](const Vec3<T>& p, FeatureRef& feature) {
    return Vec3<T>(detail::polygon_point(edges, Vec2<T>(p), &feature), T(0));
  };
  return run_feature_batch<T>(queries, out, features, error, answer, true);
}

}  // namespace

template <typename T, ShapeOrAny<T> Shape>
BatchResult closest_points(const Shape& shape, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                           std::span<FeatureRef> features) {
  if constexpr (std::same_as<Shape, AnyShape<T>>) {
    return std::visit([&](const auto& s) { return feature_batch<T>(s, queries, out, features); }, shape);
  } else {
    return feature_batch<T>(shape, queries, out, features);
  }
}

#define GEO_FEATURE_BATCH(T, Shape)                                                                           \
  template BatchResult closest_points<T, Shape<T>>(const Shape<T>&, std::span<const Vec3<T>>, std::span<Vec3<T>>, \
                                                   std::span<FeatureRef>);
#define GEO_INSTANTIATE_FEATURE_BATCH(T)                                                                          \
  GEO_FEATURE_BATCH(T, Line) GEO_FEATURE_BATCH(T, Ray) GEO_FEATURE_BATCH(T, Segment) GEO_FEATURE_BATCH(T, Plane) \
  GEO_FEATURE_BATCH(T, Aabb) GEO_FEATURE_BATCH(T, Obb) GEO_FEATURE_BATCH(T, Sphere)                              \
  GEO_FEATURE_BATCH(T, Triangle) GEO_FEATURE_BATCH(T, ConvexPolygon) GEO_FEATURE_BATCH(T, ConvexPolyhedron)      \
  GEO_FEATURE_BATCH(T, AnyShape)

GEO_INSTANTIATE_FEATURE_BATCH(float)
GEO_INSTANTIATE_FEATURE_BATCH(double)
#undef GEO_INSTANTIATE_FEATURE_BATCH
#undef GEO_FEATURE_BATCH

}  // namespace geo
