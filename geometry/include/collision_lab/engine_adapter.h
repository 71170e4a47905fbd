#pragma once
// What an engine's answers come back as in the tests `collision-lab-query --emit-gtest
// --adapter HEADER` writes. The engineer writes HEADER once: in namespace
// collision_lab_adapter, one function per op the case files use, overloaded or templated
// on the shape kinds (geo:: plain structs, shapes.h), each calling the engine's own code:
//
//   ClosestPoint<geo::Vec3<T>> closest_point(const Shape&, const geo::Vec3<T>& point);
//       (geo::Vec2<T> for a polygon: its point and answer are 2D)
//   bool contains(const Shape&, const Vec& point);      (geo::Vec2<T> for a triangle or polygon)
//   T signed_distance(const geo::Plane<T>&, const geo::Vec3<T>& point);
//   ClosestPoints<T> closest_points(const ShapeA&, const ShapeB&);
//   Overlap<T> overlap(const ShapeA&, const ShapeB&);
//
// What the tests compare, and how near: collision_lab/query/gtest_emitter.h.
#include "collision_lab/shapes.h"

namespace collision_lab_adapter {

template <typename Vec>
struct ClosestPoint {
  Vec point{};                               // the point of the shape nearest the query point
  typename Vec::value_type distance = 0;     // from the query point to it
};

template <typename T>
struct ClosestPoints {
  geo::Vec3<T> a_point{}, b_point{};  // a's and b's points of the closest pair
  T distance = 0;                     // between them; 0 when the shapes touch or overlap
};

template <typename T>
struct Overlap {
  bool overlap = false;  // touching counts as overlap
  T depth = 0;           // when they overlap: how far b must move along axis to come apart
  geo::Vec3<T> axis{};   // when they overlap: unit, pointing from a towards b
};

}  // namespace collision_lab_adapter
