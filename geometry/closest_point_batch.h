#pragma once
// Closest points of many query points to one shape: out[i] = closest_point(shape,
// queries[i]).point, bit for bit, without the rest of the single query's answer (features,
// parameters, dot products). What depends only on the shape is worked out once per batch.
// Implemented in closest_point_batch.cpp.
#include "geometry/any_shape.h"
#include "geometry/result.h"
#include "geometry/shapes.h"

#include <cstddef>
#include <span>

namespace geo {

// What a batch reports. A bad query does not stop the batch: it gets the zero point, as
// the single query answers it, and is counted.
struct BatchResult {
  bool size_mismatch = false;           // out.size() != queries.size(): nothing was written
  QueryError shape_error = QueryError::None;  // the shape's own error: every out[i] is zero
  std::size_t non_finite_queries = 0;   // queries with a NaN or infinity (their out[i] is zero)
  bool ok() const { return !size_mismatch && shape_error == QueryError::None && non_finite_queries == 0; }
};

template <typename T> BatchResult closest_points(const Line<T>& line, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);
template <typename T> BatchResult closest_points(const Ray<T>& ray, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);
template <typename T> BatchResult closest_points(const Segment<T>& segment, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);
template <typename T> BatchResult closest_points(const Plane<T>& plane, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);
template <typename T> BatchResult closest_points(const Aabb<T>& box, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);
template <typename T> BatchResult closest_points(const Obb<T>& box, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);
template <typename T> BatchResult closest_points(const Sphere<T>& sphere, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);
template <typename T> BatchResult closest_points(const Triangle<T>& triangle, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);
template <typename T> BatchResult closest_points(const ConvexPolyhedron<T>& hull, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);

// The polygon is 2D, like its single query: 2D queries and answers...
template <typename T> BatchResult closest_points(const ConvexPolygon<T>& polygon, std::span<const Vec2<T>> queries, std::span<Vec2<T>> out);
// ...or 3D ones seen from above: the queries' z is ignored (a NaN there too) and the
// answers have z = 0, as in the app's 2D samples.
template <typename T> BatchResult closest_points(const ConvexPolygon<T>& polygon, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);

// Whichever shape it holds (every shape has a point query; the polygon as above).
template <typename T> BatchResult closest_points(const AnyShape<T>& shape, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);

}  // namespace geo
