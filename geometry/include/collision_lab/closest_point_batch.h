#pragma once
// Closest points of many query points to one shape: out[i] = closest_point(shape,
// queries[i]).point, bit for bit, without the rest of the single query's answer (features,
// parameters, dot products). What depends only on the shape is worked out once per batch.
// Implemented in closest_point_batch.cpp.
#include "collision_lab/any_shape.h"
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <cstddef>
#include <span>

namespace geo {

// What a batch reports. A bad query does not stop the batch: it gets the NaN point, as
// the single query answers it, and is counted.
struct [[nodiscard]] BatchResult {
  bool size_mismatch = false;           // out.size() != queries.size(): nothing was written
  QueryError shape_error = QueryError::None;  // the shape's own error: every out[i] is NaN
  std::size_t non_finite_queries = 0;   // queries with a NaN or infinity (their out[i] is NaN)
  bool ok() const { return !size_mismatch && shape_error == QueryError::None && non_finite_queries == 0; }
};

// Any shape, or whichever one an AnyShape holds: every shape has a point query. The 2D
// polygon sees 3D queries from above: their z is ignored (a NaN there too) and the answers
// have z = 0, as in the app's 2D samples.
template <typename T, ShapeOrAny<T> Shape>
BatchResult closest_points(const Shape& shape, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);

// The polygon also takes 2D queries and answers, like its single query.
template <typename T>
BatchResult closest_points(const ConvexPolygon<T>& polygon, std::span<const Vec2<T>> queries, std::span<Vec2<T>> out);

}  // namespace geo
