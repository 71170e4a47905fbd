#pragma once
// Closest points between lines, rays and segments in any combination, one robust
// "clamped root" routine for all of them (no division by an unchecked determinant).
// Implemented in linear_pairs.cpp.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

namespace geo {

template <typename T>
struct [[nodiscard]] ClosestPointsResult {
  Vec3<T> a_point{0}, b_point{0};
  T distance = 0, distance_squared = 0;
  FeatureRef a_feature, b_feature;  // as in result.h, for the first and second shape
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

template <typename T>
struct [[nodiscard]] LinearPairResult : ClosestPointsResult<T> {
  T s_raw = 0, s = 0;  // parameter on the first shape: unconstrained minimiser and final value
  T t_raw = 0, t = 0;  // parameter on the second shape
  // Directions parallel (relative to their lengths): the closest pair is not unique; the
  // answer is one of them, taken at the start of the first shape where possible.
  bool parallel = false;
  bool a_degenerate = false, b_degenerate = false;  // zero-length direction: a point
};

template <typename T> LinearPairResult<T> closest_points(const Line<T>& a, const Line<T>& b);
template <typename T> LinearPairResult<T> closest_points(const Line<T>& a, const Ray<T>& b);
template <typename T> LinearPairResult<T> closest_points(const Line<T>& a, const Segment<T>& b);
template <typename T> LinearPairResult<T> closest_points(const Ray<T>& a, const Line<T>& b);
template <typename T> LinearPairResult<T> closest_points(const Ray<T>& a, const Ray<T>& b);
template <typename T> LinearPairResult<T> closest_points(const Ray<T>& a, const Segment<T>& b);
template <typename T> LinearPairResult<T> closest_points(const Segment<T>& a, const Line<T>& b);
template <typename T> LinearPairResult<T> closest_points(const Segment<T>& a, const Ray<T>& b);
template <typename T> LinearPairResult<T> closest_points(const Segment<T>& a, const Segment<T>& b);

}  // namespace geo
