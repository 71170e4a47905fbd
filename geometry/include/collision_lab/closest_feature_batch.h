#pragma once
// Closest points of many query points to one shape, each with the feature it lies on:
// out[i] and features[i] are closest_point(shape, queries[i]).point and .feature, bit for
// bit. The feature is the query point's Voronoi region of the shape, which the app's field
// overlay colours pixel by pixel. Implemented in closest_feature_batch.cpp.
#include "collision_lab/any_shape.h"
#include "collision_lab/closest_point_batch.h"
#include "collision_lab/result.h"

#include <span>

namespace geo {

// As closest_points without features (closest_point_batch.h), with the same BatchResult;
// features.size() must equal queries.size() too. A refused answer (bad shape, non-finite
// query: a NaN point) has the single query's default feature, Inside 0.
template <typename T, ShapeOrAny<T> Shape>
BatchResult closest_points(const Shape& shape, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out,
                           std::span<FeatureRef> features);

}  // namespace geo
