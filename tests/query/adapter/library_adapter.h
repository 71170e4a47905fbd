#pragma once
// An engine adapter (see collision_lab/engine_adapter.h) whose engine is Collision Lab's
// own library: the tests emitted with it must pass.
#include <collision_lab/closest_point.h>
#include <collision_lab/containment.h>
#include <collision_lab/engine_adapter.h>
#include <collision_lab/epa.h>
#include <collision_lab/gjk.h>
#include <collision_lab/linear_pairs.h>
#include <collision_lab/polygon.h>
#include <collision_lab/sat.h>
#include <collision_lab/triangle_pairs.h>

#include <type_traits>

namespace collision_lab_adapter {

template <typename Shape, typename Vec>
ClosestPoint<Vec> closest_point(const Shape& shape, const Vec& point) {
  const auto result = geo::closest_point(shape, point);
  return {result.point, result.distance};
}

template <typename Shape, typename Vec>
bool contains(const Shape& shape, const Vec& point) {
  const auto result = geo::contains(shape, point);
  if constexpr (std::is_same_v<decltype(result), const bool>) {
    return result;
  } else {
    return result.inside;
  }
}

template <typename T>
T signed_distance(const geo::Plane<T>& plane, const geo::Vec3<T>& point) {
  return geo::closest_point(plane, point).signed_distance;
}

// Linear and triangle pairs by their own kernels; any other convex pair by GJK.
template <typename A, typename B>
auto closest_points(const A& a, const B& b) {
  if constexpr (requires { geo::closest_points(a, b); }) {
    const auto result = geo::closest_points(a, b);
    return ClosestPoints<decltype(result.distance)>{result.a_point, result.b_point, result.distance};
  } else {
    using T = decltype(a.center.x);
    const auto result = geo::gjk_distance(geo::ConvexShape<T>(a), geo::ConvexShape<T>(b));
    return ClosestPoints<T>{result.a_point, result.b_point, result.distance};
  }
}

// SAT where it applies; else GJK, and EPA for the depth.
template <typename A, typename B>
auto overlap(const A& a, const B& b) {
  if constexpr (requires { geo::sat_shape(a); geo::sat_shape(b); }) {
    const auto result = geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b));
    return Overlap<decltype(result.depth)>{result.overlap, result.depth, result.axis};
  } else {
    using T = decltype(a.center.x);
    const geo::ConvexShape<T> convex_a(a), convex_b(b);
    const auto distance = geo::gjk_distance(convex_a, convex_b);
    if (!distance.overlap) return Overlap<T>{false, 0, distance.axis};
    const auto depth = geo::epa_penetration(convex_a, convex_b);
    return Overlap<T>{true, depth.depth, depth.axis};
  }
}

}  // namespace collision_lab_adapter
