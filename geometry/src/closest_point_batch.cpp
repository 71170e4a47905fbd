// Batched closest points. Each shape's constants are computed once, then a tight loop
// repeats the single query's arithmetic for the point alone, so the answers are
// bit-identical (tests/unit/closest_point_batch_test.cpp checks that on every oracle
// family, tests/march at another -march). The shapes run kernels shared with the single
// query or with the batch with features (closest_point_kernels.h, triangle_detail.h,
// polyhedron_frame.h); the rare inputs those refuse (extreme scales, degenerate shapes)
// simply call the single query.
#include "collision_lab/closest_point_batch.h"

#include "batch_blocks.h"
#include "collision_lab/closest_point.h"
#include "closest_point_detail.h"
#include "closest_point_kernels.h"
#include "collision_lab/plane.h"
#include "collision_lab/polygon.h"
#include "polygon_edges.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/shape_check.h"
#include "polyhedron_frame.h"
#include "collision_lab/triangle.h"
#include "triangle_detail.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace geo {
namespace {

using detail::polygon_edges;
using detail::polygon_point;
using detail::PolygonEdge;

template <typename T>
bool any_negative(const Vec3<T>& v) {
  return v.x < T(0) || v.y < T(0) || v.z < T(0);
}

// A refused query's point, as the single query gives it (result.h).
template <typename Query>
constexpr Query kRefused = Query(std::numeric_limits<typename Query::value_type>::quiet_NaN());

// The loop every shape shares: the size check, the shape's own error (every answer NaN,
// as the single query gives), non-finite queries (NaN too), then point_of(p) for the rest.
template <typename Query, typename PointOf>
BatchResult run_batch(std::span<const Query> queries, std::span<Query> out, QueryError shape_error,
                      PointOf point_of) {
  BatchResult result;
  if (queries.size() != out.size()) {
    result.size_mismatch = true;
    return result;
  }
  if (shape_error != QueryError::None) {
    result.shape_error = shape_error;
    std::fill(out.begin(), out.end(), kRefused<Query>);
    return result;
  }
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const Query& p = queries[i];
    if (!all_finite(p)) {
      out[i] = kRefused<Query>;
      ++result.non_finite_queries;
      continue;
    }
    out[i] = point_of(p);
  }
  return result;
}

template <typename T>
QueryError finite_or_error(bool finite) {
  return finite ? QueryError::None : QueryError::NonFiniteInput;
}

// Line and ray (their kernel, closest_point_kernels.h): an extreme offset from the origin
// is left to the single query.
template <typename T, typename Shape>
BatchResult linear_batch(const Shape& shape, bool is_ray, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  const bool finite = all_finite(shape.origin) && all_finite(shape.direction);
  const detail::LinearShape<T> linear = detail::linear_shape(shape.origin, shape.direction, is_ray);
  return run_batch<Vec3<T>>(queries, out, finite_or_error<T>(finite), [&](const Vec3<T>& p) {
    Vec3<T> point;
    FeatureRef unused;
    if (detail::linear_answer(linear, p, point, unused)) return point;
    return closest_point(shape, p).point;
  });
}

template <typename T>
BatchResult batch_of(const Line<T>& line, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  return linear_batch<T>(line, false, queries, out);
}

template <typename T>
BatchResult batch_of(const Ray<T>& ray, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  return linear_batch<T>(ray, true, queries, out);
}

// The segment's kernel (closest_point_kernels.h), vectorized over blocks (batch_blocks.h);
// only if it refused any point, a second pass gives those to run_batch (a non-finite
// point) or the single query.
template <typename T>
BatchResult batch_of(const Segment<T>& segment, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  const bool finite = all_finite(segment.a) && all_finite(segment.b);
  if (finite && queries.size() == out.size() && detail::segment_kernel_points(segment, queries, out) == 0) return {};
  const detail::SegmentShape<T> shape = detail::segment_shape(segment.a, segment.b);
  return run_batch<Vec3<T>>(queries, out, finite_or_error<T>(finite), [&](const Vec3<T>& p) {
    detail::SegmentAnswer<T> answer;
    if (detail::segment_answer(shape, p, answer)) return answer.point;
    return closest_point(segment, p).point;
  });
}

// P − (N·P − D) N, with a non-unit normal normalized once, as closest_point(Plane) does.
template <typename T>
BatchResult batch_of(const Plane<T>& plane, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  QueryError error = finite_or_error<T>(all_finite(plane.normal) && std::isfinite(plane.d));
  Plane<T> unit = plane;
  const T length_error = glm::dot(plane.normal, plane.normal) - T(1);
  if (error == QueryError::None && !(std::fabs(length_error) <= T(4) * std::numeric_limits<T>::epsilon())) {
    const PlaneResult<T> made = make_plane(plane.normal, plane.d);
    error = made.error;
    unit = made.plane;
  }
  return run_batch<Vec3<T>>(queries, out, error, [&](const Vec3<T>& p) {
    return p - unit.normal * detail::accurate_signed_distance(unit.normal, unit.d, p);
  });
}

// Clamping each coordinate is exact (closest_point_kernels.h).
template <typename T>
BatchResult batch_of(const Aabb<T>& box, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  QueryError error = finite_or_error<T>(all_finite(box.min) && all_finite(box.max));
  if (error == QueryError::None && any_negative(box.max - box.min)) error = QueryError::InvalidShape;
  const Vec3<T> lo = box.min, hi = box.max;
  return run_batch<Vec3<T>>(queries, out, error, [&](const Vec3<T>& p) {
    FeatureRef unused;
    return detail::aabb_answer(lo, hi, p, unused);
  });
}

// The OBB's kernel (closest_point_kernels.h).
template <typename T>
BatchResult batch_of(const Obb<T>& box, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  return run_batch<Vec3<T>>(queries, out, shape_error(box), [&](const Vec3<T>& p) {
    detail::BoxAnswer<T> answer;
    detail::obb_answer(box.center, box.axes, box.half_extents, p, answer);
    return answer.point;
  });
}

template <typename T>
BatchResult batch_of(const Sphere<T>& sphere, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  QueryError error = finite_or_error<T>(all_finite(sphere.center) && std::isfinite(sphere.radius));
  if (error == QueryError::None && sphere.radius < T(0)) error = QueryError::InvalidShape;
  const Vec3<T> center = sphere.center;
  const T radius = sphere.radius;
  return run_batch<Vec3<T>>(queries, out, error, [&](const Vec3<T>& p) {
    FeatureRef unused;
    return detail::sphere_answer(center, radius, p, unused);
  });
}

template <typename T>
BatchResult batch_of(const Triangle<T>& triangle, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  const bool finite = all_finite(triangle.a) && all_finite(triangle.b) && all_finite(triangle.c);
  const detail::TriangleFrame<T> frame = detail::make_frame(triangle);
  // Over blocks of points (batch_blocks.h); only if it refused any point, a second pass
  // gives those to run_batch (a non-finite point) or the single query.
  // A triangle beyond reach (triangle_detail.h) is scaled, so each point takes the single query.
  const bool within_reach = finite && detail::triangle_scale_exponent(triangle) == 0;
  if (within_reach && !frame.degenerate && queries.size() == out.size() &&
      detail::triangle_kernel_points(frame, queries, out) == 0) {
    return {};
  }
  return run_batch<Vec3<T>>(queries, out, finite_or_error<T>(finite), [&](const Vec3<T>& p) {
    detail::TriangleAnswer<detail::Working<T>> answer;
    if (within_reach && detail::triangle_scale_exponent(triangle, p) == 0 &&
        detail::triangle_answer(frame, Vec3<detail::Working<T>>(p), answer)) {
      return Vec3<T>(answer.point);
    }
    return closest_point(triangle, p).point;  // degenerate, beyond reach, or the regions inconsistent
  });
}

// The hull's frame once (polyhedron_frame.h), each point hinted by the one before.
template <typename T>
BatchResult batch_of(const ConvexPolyhedron<T>& hull, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  QueryError error = QueryError::None;
  if (!queries.empty()) {  // the shape's own error, found by asking about a point that is surely finite
    error = closest_point(hull, Vec3<T>(0)).error;
  }
  detail::PolyhedronBatch<T> batch;
  if (error == QueryError::None && !queries.empty()) batch = detail::make_polyhedron_batch(hull);
  return run_batch<Vec3<T>>(queries, out, error, [&](const Vec3<T>& p) { return detail::next_answer(batch, p).point; });
}

template <typename T>
BatchResult batch_of(const ConvexPolygon<T>& polygon, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  std::vector<PolygonEdge<T>> edges;
  const QueryError error = polygon_edges(polygon, edges);
  // The z of a query is ignored, even a NaN: only x and y are checked.
  BatchResult result;
  if (queries.size() != out.size()) {
    result.size_mismatch = true;
    return result;
  }
  if (error != QueryError::None) {
    result.shape_error = error;
    std::fill(out.begin(), out.end(), kRefused<Vec3<T>>);
    return result;
  }
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const Vec2<T> p(queries[i].x, queries[i].y);
    if (!all_finite(p)) {
      out[i] = kRefused<Vec3<T>>;
      ++result.non_finite_queries;
      continue;
    }
    out[i] = Vec3<T>(polygon_point(edges, p), T(0));
  }
  return result;
}

}  // namespace

template <typename T, ShapeOrAny<T> Shape>
BatchResult closest_points(const Shape& shape, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  if constexpr (std::same_as<Shape, AnyShape<T>>) {
    return std::visit([&](const auto& s) { return batch_of(s, queries, out); }, shape);
  } else {
    return batch_of(shape, queries, out);
  }
}

template <typename T>
BatchResult closest_points(const ConvexPolygon<T>& polygon, std::span<const Vec2<T>> queries, std::span<Vec2<T>> out) {
  std::vector<PolygonEdge<T>> edges;
  const QueryError error = polygon_edges(polygon, edges);
  return run_batch<Vec2<T>>(queries, out, error, [&](const Vec2<T>& p) { return polygon_point(edges, p); });
}

// Every shape AnyShape holds, AnyShape itself, and the polygon's 2D form.
#define GEO_BATCH(T, Shape) \
  template BatchResult closest_points<T, Shape<T>>(const Shape<T>&, std::span<const Vec3<T>>, std::span<Vec3<T>>);
#define GEO_INSTANTIATE_CLOSEST_POINTS_BATCH(T)                                                                   \
  GEO_BATCH(T, Line) GEO_BATCH(T, Ray) GEO_BATCH(T, Segment) GEO_BATCH(T, Plane) GEO_BATCH(T, Aabb)              \
  GEO_BATCH(T, Obb) GEO_BATCH(T, Sphere) GEO_BATCH(T, Triangle) GEO_BATCH(T, ConvexPolygon)                      \
  GEO_BATCH(T, ConvexPolyhedron) GEO_BATCH(T, AnyShape)                                                          \
  template BatchResult closest_points(const ConvexPolygon<T>&, std::span<const Vec2<T>>, std::span<Vec2<T>>);

GEO_INSTANTIATE_CLOSEST_POINTS_BATCH(float)
GEO_INSTANTIATE_CLOSEST_POINTS_BATCH(double)
#undef GEO_INSTANTIATE_CLOSEST_POINTS_BATCH
#undef GEO_BATCH

}  // namespace geo
