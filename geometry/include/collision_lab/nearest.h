#pragma once
// The lean queries, for engines: the closest point, its squared distance and the feature,
// and nothing else (no square root, no parameters, no region tests). Each runs the same
// kernel as its full query (closest_point.h, triangle.h, linear_pairs.h), which the app and
// the explain views use, and skips the outputs it does not return: every field both have
// holds the same bits, and input the full query refuses is refused with the same error.
// Implemented next to the full queries.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

namespace geo {

template <typename T>
struct [[nodiscard]] NearestPoint {
  Vec3<T> point{0};
  T distance_squared = 0;
  FeatureRef feature;  // of the shape, as result.h numbers them
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

template <typename T> NearestPoint<T> nearest_point(const Segment<T>& segment, const Vec3<T>& p);
template <typename T> NearestPoint<T> nearest_point(const Obb<T>& box, const Vec3<T>& p);
template <typename T> NearestPoint<T> nearest_point(const Triangle<T>& triangle, const Vec3<T>& p);

// A box checked once (shape_check.h's rules), for an engine that asks many points about
// the same box: nearest_point on it checks only the point, where nearest_point(Obb)
// checks the axes every call (six dot products, about a third of its time). The same
// answer, bit for bit, and the same error.
template <typename T>
class CheckedObb {
 public:
  const Obb<T>& box() const { return box_; }
  QueryError error() const { return error_; }  // shape_error(box)
  bool ok() const { return error_ == QueryError::None; }

 private:
  template <typename U>
  friend CheckedObb<U> checked_obb(const Obb<U>& box);
  Obb<T> box_{};
  QueryError error_ = QueryError::InvalidShape;
};

template <typename T> CheckedObb<T> checked_obb(const Obb<T>& box);
template <typename T> NearestPoint<T> nearest_point(const CheckedObb<T>& box, const Vec3<T>& p);

template <typename T>
struct [[nodiscard]] NearestPoints {
  Vec3<T> a_point{0}, b_point{0};
  T distance_squared = 0;
  FeatureRef a_feature, b_feature;
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

template <typename T> NearestPoints<T> nearest_points(const Segment<T>& a, const Segment<T>& b);

namespace detail {
// The lean fields of a full answer (the cold paths answer in full, then keep these).
template <typename Lean, typename Full>
Lean lean_of(const Full& full) {
  Lean lean;
  if constexpr (requires { full.point; }) {
    lean.point = full.point;
    lean.feature = full.feature;
  } else {
    lean.a_point = full.a_point;
    lean.b_point = full.b_point;
    lean.a_feature = full.a_feature;
    lean.b_feature = full.b_feature;
  }
  lean.distance_squared = full.distance_squared;
  lean.error = full.error;
  return lean;
}
}  // namespace detail

}  // namespace geo
