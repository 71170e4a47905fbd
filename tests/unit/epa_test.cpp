// Unit tests of EPA penetration depth: exact depths on boxes, spheres and points,
// touching and flat cases, the step record, and moving B by the depth separating them.
#include "collision_lab/epa.h"

#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using V = geo::Vec3<double>;
using Shape = geo::ConvexShape<double>;

geo::Aabb<double> box(V lo, V hi) { return {lo, hi}; }

// Moves B by `offset` (the tests use boxes, spheres and points).
Shape moved(const Shape& shape, const V& offset) {
  Shape out = shape;
  if (auto* b = std::get_if<geo::Aabb<double>>(&out)) { b->min += offset; b->max += offset; }
  if (auto* s = std::get_if<geo::Sphere<double>>(&out)) s->center += offset;
  if (auto* p = std::get_if<V>(&out)) *p += offset;
  if (auto* polygon = std::get_if<geo::ConvexPolygon<double>>(&out)) {  // within z = 0
    for (auto& v : polygon->vertices) v += geo::Vec2<double>(offset.x, offset.y);
  }
  return out;
}

void expect_separates(const Shape& a, const Shape& b, const geo::EpaResult<double>& r, double margin) {
  EXPECT_FALSE(geo::gjk_distance(a, moved(b, r.axis * (r.depth + margin))).overlap);
  if (r.depth > margin) {
    EXPECT_TRUE(geo::gjk_distance(a, moved(b, r.axis * (r.depth - margin))).overlap);
  }
}

TEST(Epa, OverlappingBoxesAlongTheShallowAxis) {
  const Shape a = box(V(0), V(1)), b = box(V(0.8, 0.2, 0.1), V(2, 0.7, 0.9));
  const auto r = geo::epa_penetration(a, b);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.overlap);
  EXPECT_TRUE(r.converged);
  EXPECT_NEAR(r.depth, 0.2, 1e-14);
  EXPECT_NEAR(glm::length(r.axis - V(1, 0, 0)), 0, 1e-14);
  EXPECT_NEAR(r.a_point.x, 1, 1e-14);    // A's deepest point in B is on A's +x face
  EXPECT_NEAR(r.b_point.x, 0.8, 1e-14);  // B's deepest point in A is on B's -x face
  EXPECT_NEAR(glm::length(r.a_point - r.b_point - r.axis * r.depth), 0, 1e-14);
  expect_separates(a, b, r, 1e-9);
}

TEST(Epa, TouchingBoxesHaveDepthZero) {
  const auto r = geo::epa_penetration<double>(box(V(0), V(1)), box(V(1, 0.25, 0.25), V(2, 0.75, 0.75)));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 0, 1e-15);
  EXPECT_NEAR(glm::length(r.axis - V(1, 0, 0)), 0, 1e-14);
}

TEST(Epa, SeparatedShapesHaveNoDepth) {
  const auto r = geo::epa_penetration<double>(box(V(0), V(1)), box(V(3, 0, 0), V(4, 1, 1)));
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(r.depth, 0);
  EXPECT_NEAR(glm::length(r.axis - V(1, 0, 0)), 0, 1e-15);
}

TEST(Epa, PointInBoxDepthIsTheNearestFace) {
  const Shape a = box(V(-1, -2, -3), V(1, 2, 3)), p = V(0.25, 1.5, 0);
  const auto r = geo::epa_penetration(a, p);
  EXPECT_NEAR(r.depth, 0.5, 1e-14);
  EXPECT_NEAR(glm::length(r.axis - V(0, 1, 0)), 0, 1e-14);
  expect_separates(a, p, r, 1e-9);
}

TEST(Epa, TwoSpheresExact) {
  const Shape a = geo::Sphere<double>{V(0), 2}, b = geo::Sphere<double>{V(0, 3, 4), 4};
  const auto r = geo::epa_penetration(a, b);
  EXPECT_TRUE(r.overlap);
  EXPECT_DOUBLE_EQ(r.depth, 1);
  EXPECT_NEAR(glm::length(r.axis - V(0, 0.6, 0.8)), 0, 1e-15);
  EXPECT_NEAR(glm::length(r.a_point - V(0, 1.2, 1.6)), 0, 1e-15);
  EXPECT_NEAR(glm::length(r.b_point - V(0, 0.6, 0.8)), 0, 1e-15);
  expect_separates(a, b, r, 1e-9);
  const auto concentric = geo::epa_penetration<double>(geo::Sphere<double>{V(1), 2}, geo::Sphere<double>{V(1), 0.5});
  EXPECT_DOUBLE_EQ(concentric.depth, 2.5);
  EXPECT_NEAR(glm::length(concentric.axis), 1, 1e-15);
}

TEST(Epa, SphereBox) {
  const Shape a = box(V(-1), V(1));
  const Shape inside = geo::Sphere<double>{V(0.7, 0, 0.1), 0.5};  // centre inside: 0.3 to the face + 0.5
  auto r = geo::epa_penetration(a, inside);
  EXPECT_NEAR(r.depth, 0.8, 1e-14);
  EXPECT_NEAR(glm::length(r.axis - V(1, 0, 0)), 0, 1e-14);
  expect_separates(a, inside, r, 1e-9);
  const Shape corner = geo::Sphere<double>{V(1.5, 1.5, 0), 1};  // centre outside, near the edge
  r = geo::epa_penetration(a, corner);
  EXPECT_NEAR(r.depth, 1 - std::sqrt(0.5), 1e-15);
  expect_separates(a, corner, r, 1e-9);
}

TEST(Epa, FlatDifferenceHasItsInPlaneDepth) {
  // Two overlapping polygons in z = 0: A - B is flat, and the translation that separates
  // them is the least one within their plane (1 along +x or +y here).
  const Shape a = geo::ConvexPolygon<double>{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}};
  const Shape b = geo::ConvexPolygon<double>{{{1, 1}, {3, 1}, {3, 3}}};
  const auto r = geo::epa_penetration(a, b);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 1, 1e-15);
  EXPECT_EQ(r.axis.z, 0);
  expect_separates(a, b, r, 1e-9);
  // A point on a segment and two equal points: depth 0 too, a unit axis, no NaN.
  const auto on_segment = geo::epa_penetration<double>(V(0.5, 0, 0), geo::Segment<double>{V(0), V(1, 0, 0)});
  EXPECT_EQ(on_segment.depth, 0);
  EXPECT_NEAR(std::abs(on_segment.axis.x), 0, 1e-15);
  EXPECT_NEAR(glm::length(on_segment.axis), 1, 1e-15);
  const auto same = geo::epa_penetration<double>(V(2), V(2));
  EXPECT_EQ(same.depth, 0);
  EXPECT_NEAR(glm::length(same.axis), 1, 1e-15);
}

TEST(Epa, TrianglePiercingABox) {
  const Shape a = box(V(-1), V(1));
  const Shape tri = geo::Triangle<double>{V(0.6, -3, -3), V(0.6, 3, -3), V(0.6, 0, 3)};  // the plane x = 0.6
  const auto r = geo::epa_penetration(a, tri);
  EXPECT_NEAR(r.depth, 0.4, 1e-14);
  EXPECT_NEAR(glm::length(r.axis - V(1, 0, 0)), 0, 1e-14);
}

TEST(Epa, StepsGrowTowardTheDepth) {
  geo::Obb<double> b;
  b.center = V(1.2, 0.4, 0.3);
  const double c = std::cos(0.4), s = std::sin(0.4);
  b.axes = {V(c, 0, s), V(0, 1, 0), V(-s, 0, c)};
  b.half_extents = V(0.5, 0.7, 0.3);
  const auto hull = geo::make_convex_hull<double>({V(0, 0, 0), V(1.5, 0, 0), V(0, 1.5, 0), V(0, 0, 1.5), V(1, 1, 1)}).hull;
  geo::EpaTrace<double> trace;
  const auto r = geo::epa_penetration<double>(hull, b, &trace);
  ASSERT_TRUE(r.converged);
  ASSERT_FALSE(trace.steps.empty());
  EXPECT_EQ(r.iteration_count, static_cast<int>(trace.steps.size()));
  double previous = -1;
  for (const auto& step : trace.steps) {
    ASSERT_GE(step.closest_face, 0);
    ASSERT_LT(step.closest_face, static_cast<int>(step.faces.size()));
    EXPECT_GE(step.closest_distance, previous - 1e-12);  // the polytope only grows
    EXPECT_LE(step.closest_distance, r.depth + 1e-12);
    previous = step.closest_distance;
  }
  EXPECT_NEAR(trace.steps.back().closest_distance, r.depth, 1e-12);
  EXPECT_EQ(geo::epa_penetration<double>(hull, b).depth, r.depth);  // the trace changes nothing
}

TEST(Epa, NonFiniteAndInvalidInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto r = geo::epa_penetration<double>(box(V(0), V(1)), V(nan));
  EXPECT_EQ(r.error, geo::QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(r.depth));  // refused: NaN, never an answer
  EXPECT_TRUE(std::isnan(r.axis.x));
  r = geo::epa_penetration<double>(geo::ConvexPolyhedron<double>{}, V(0));
  EXPECT_EQ(r.error, geo::QueryError::InvalidShape);
}

TEST(Epa, FloatInstantiationWorks) {
  using F = geo::Vec3<float>;
  const auto r = geo::epa_penetration<float>(geo::Aabb<float>{F(0), F(1)}, geo::Aabb<float>{F(0.75f, 0, 0), F(2, 1, 1)});
  EXPECT_NEAR(r.depth, 0.25f, 1e-6f);
  EXPECT_NEAR(r.axis.x, 1, 1e-6f);
}

}  // namespace
