// Batched closest points with features. What depends on the shape alone is done once, then
// each point runs the single query's own arithmetic (the kernels of
// closest_point_kernels.h and triangle_detail.h, the polygon's edges, the polyhedron's
// frame); the rare queries a kernel refuses (extreme sizes, degenerate shapes) are given
// to the single query. The plane's feature is its face whatever the point.
#include "collision_lab/closest_feature_batch.h"

#include "collision_lab/closest_point.h"
#include "closest_point_kernels.h"
#include "collision_lab/polygon.h"
#include "polygon_edges.h"
#include "collision_lab/polyhedron.h"
#include "polyhedron_frame.h"
#include "collision_lab/triangle.h"
#include "triangle_detail.h"

#include <vector>

namespace geo {
namespace {

// The loop every shape shares: the size checks, the shape's own error (every answer NaN,
// as the single query's), non-finite queries (NaN too), then answer(p, feature) for the rest. The 2D polygon
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
    out[i] = Vec3<T>(std::numeric_limits<T>::quiet_NaN());
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

// The single query's point and feature.
template <typename T, typename Shape>
Vec3<T> single_answer(const Shape& shape, const Vec3<T>& p, FeatureRef& feature) {
  const auto answer = closest_point(shape, p);
  feature = answer.feature;
  return answer.point;
}

template <typename T, typename Shape>
BatchResult linear_feature_batch(const Shape& shape, bool is_ray, std::span<const Vec3<T>> queries,
                                 std::span<Vec3<T>> out, std::span<FeatureRef> features) {
  const detail::LinearShape<T> linear = detail::linear_shape(shape.origin, shape.direction, is_ray);
  return run_feature_batch<T>(queries, out, features, shape_error_of<T>(shape), [&](const Vec3<T>& p, FeatureRef& feature) {
    Vec3<T> point;
    if (detail::linear_answer(linear, p, point, feature)) return point;
    return single_answer(shape, p, feature);
  });
}

template <typename T>
BatchResult feature_batch(const Line<T>& line, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  return linear_feature_batch<T>(line, false, queries, out, features);
}

template <typename T>
BatchResult feature_batch(const Ray<T>& ray, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  return linear_feature_batch<T>(ray, true, queries, out, features);
}

template <typename T>
BatchResult feature_batch(const Segment<T>& segment, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  const detail::SegmentShape<T> shape = detail::segment_shape(segment.a, segment.b);
  return run_feature_batch<T>(queries, out, features, shape_error_of<T>(segment),
                              [&](const Vec3<T>& p, FeatureRef& feature) {
                                detail::SegmentAnswer<T> answer;
                                if (!detail::segment_answer<true>(shape, p, answer)) return single_answer(segment, p, feature);
                                feature = answer.feature;
                                return answer.point;
                              });
}

// Every answer is a point of the plane, its face: the point batch's points, each with that
// face unless the batch gave it the NaN answer of a refused query.
template <typename T>
BatchResult feature_batch(const Plane<T>& plane, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  if (queries.size() != features.size()) return {.size_mismatch = true};
  const BatchResult result = closest_points<T>(plane, queries, out);
  for (std::size_t i = 0; i < features.size(); ++i) {
    const bool answered = result.shape_error == QueryError::None && all_finite(queries[i]);
    features[i] = answered ? FeatureRef{Feature::Face, 0} : FeatureRef{};
  }
  return result;
}

template <typename T>
BatchResult feature_batch(const Aabb<T>& box, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  return run_feature_batch<T>(queries, out, features, shape_error_of<T>(box), [&](const Vec3<T>& p, FeatureRef& feature) {
    return detail::aabb_answer(box.min, box.max, p, feature);
  });
}

template <typename T>
BatchResult feature_batch(const Obb<T>& box, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  return run_feature_batch<T>(queries, out, features, shape_error_of<T>(box), [&](const Vec3<T>& p, FeatureRef& feature) {
    detail::BoxAnswer<T> answer;
    detail::obb_answer(box.center, box.axes, box.half_extents, p, answer);
    feature = detail::box_feature(detail::clamp_signs(answer.local, -box.half_extents, box.half_extents));
    return answer.point;
  });
}

template <typename T>
BatchResult feature_batch(const Sphere<T>& sphere, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  return run_feature_batch<T>(queries, out, features, shape_error_of<T>(sphere), [&](const Vec3<T>& p, FeatureRef& feature) {
    return detail::sphere_answer(sphere.center, sphere.radius, p, feature);
  });
}

template <typename T>
BatchResult feature_batch(const ConvexPolyhedron<T>& hull, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  const QueryError error = queries.empty() ? QueryError::None : shape_error_of<T>(hull);
  detail::PolyhedronBatch<T> batch;
  if (error == QueryError::None && !queries.empty()) batch = detail::make_polyhedron_batch(hull);
  return run_feature_batch<T>(queries, out, features, error, [&](const Vec3<T>& p, FeatureRef& feature) {
    const detail::PolyhedronAnswer<T> answer = detail::next_answer(batch, p);
    feature = answer.feature;
    return answer.point;
  });
}

template <typename T>
BatchResult feature_batch(const Triangle<T>& triangle, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                          std::span<FeatureRef> features) {
  const detail::TriangleFrame<T> frame = detail::make_frame(triangle);
  const QueryError error = shape_error_of<T>(triangle);
  // Beyond the triangle's reach (triangle_detail.h) the single query scales the input.
  const bool within_reach = error == QueryError::None && detail::triangle_scale_exponent(triangle) == 0;
  return run_feature_batch<T>(queries, out, features, error,
                              [&](const Vec3<T>& p, FeatureRef& feature) {
                                detail::TriangleAnswer<detail::Working<T>> answer;
                                if (!within_reach || detail::triangle_scale_exponent(triangle, p) != 0 ||
                                    !detail::triangle_answer(frame, Vec3<detail::Working<T>>(p), answer)) {
                                  return single_answer(triangle, p, feature);  // degenerate, beyond reach, inconsistent
                                }
                                feature = answer.feature;
                                return Vec3<T>(answer.point);
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
