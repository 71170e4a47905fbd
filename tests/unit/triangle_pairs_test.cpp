// Segment-triangle and triangle-triangle: piercing, touching, coplanar and degenerate
// cases, and separated pairs with exact distances and features.
#include "collision_lab/triangle_pairs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using geo::Feature;
using geo::FeatureRef;
using V3 = geo::Vec3<double>;
using Seg = geo::Segment<double>;
using Tri = geo::Triangle<double>;

const Tri kUnit{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};

void expect_vec(const V3& actual, const V3& expected, double tolerance = 1e-15) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

TEST(SegmentTriangle, PiercingSegmentIntersects) {
  const auto r = geo::closest_points(Seg{{0.25, 0.25, -1}, {0.25, 0.25, 3}}, kUnit);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.intersecting);
  EXPECT_EQ(r.distance, 0);
  EXPECT_EQ(r.distance_squared, 0);
  expect_vec(r.a_point, V3(0.25, 0.25, 0));
  expect_vec(r.b_point, V3(0.25, 0.25, 0));
  EXPECT_EQ(r.a_feature, (FeatureRef{Feature::Edge, 0}));
  EXPECT_EQ(r.b_feature, (FeatureRef{Feature::Face, 0}));
}

TEST(SegmentTriangle, SeparatedPairs) {
  // An end point above the face.
  const auto above = geo::closest_points(Seg{{0.25, 0.25, 1}, {0.5, 0.25, 2}}, kUnit);
  EXPECT_FALSE(above.intersecting);
  EXPECT_DOUBLE_EQ(above.distance, 1);
  EXPECT_EQ(above.a_feature, (FeatureRef{Feature::Vertex, 0}));
  EXPECT_EQ(above.b_feature, (FeatureRef{Feature::Face, 0}));
  expect_vec(above.b_point, V3(0.25, 0.25, 0));
  // Skew to edge ab: the segment's interior against the edge's interior.
  const auto skew = geo::closest_points(Seg{{0.5, -1, 1}, {0.5, -1, -1}}, kUnit);
  EXPECT_DOUBLE_EQ(skew.distance, 1);
  EXPECT_EQ(skew.a_feature, (FeatureRef{Feature::Edge, 0}));
  EXPECT_EQ(skew.b_feature, (FeatureRef{Feature::Edge, 0}));
  expect_vec(skew.a_point, V3(0.5, -1, 0));
  expect_vec(skew.b_point, V3(0.5, 0, 0));
  // In the plane, outside: vertex b.
  const auto beside = geo::closest_points(Seg{{2, 0, 0}, {2, 1, 0}}, kUnit);
  EXPECT_DOUBLE_EQ(beside.distance, 1);
  EXPECT_EQ(beside.b_feature, (FeatureRef{Feature::Vertex, 1}));
}

TEST(SegmentTriangle, InThePlaneAcrossTheTriangle) {
  const auto r = geo::closest_points(Seg{{-1, 0.25, 0}, {2, 0.25, 0}}, kUnit);
  EXPECT_TRUE(r.intersecting);
  EXPECT_EQ(r.distance, 0);
  EXPECT_NEAR(glm::length(r.a_point - r.b_point), 0, 1e-15);
  // Entirely inside the triangle.
  const auto inside = geo::closest_points(Seg{{0.1, 0.1, 0}, {0.3, 0.2, 0}}, kUnit);
  EXPECT_TRUE(inside.intersecting);
}

TEST(SegmentTriangle, TouchingAtAVertex) {
  const auto r = geo::closest_points(Seg{{1, 0, 0}, {2, 0, 1}}, kUnit);
  EXPECT_TRUE(r.intersecting);
  EXPECT_EQ(r.distance, 0);
  expect_vec(r.a_point, V3(1, 0, 0));
  expect_vec(r.b_point, V3(1, 0, 0));
}

TEST(SegmentTriangle, DegenerateShapes) {
  // A collinear triangle is the segment from (0,0,0) to (2,0,0).
  const Tri collinear{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  const auto r = geo::closest_points(Seg{{1.5, -1, 1}, {1.5, 1, 1}}, collinear);
  EXPECT_DOUBLE_EQ(r.distance, 1);
  expect_vec(r.b_point, V3(1.5, 0, 0));
  const auto crossing = geo::closest_points(Seg{{1.5, -1, 0}, {1.5, 1, 0}}, collinear);
  EXPECT_TRUE(crossing.intersecting);
  // A zero-length segment is a point.
  const auto point = geo::closest_points(Seg{{0.2, 0.2, -3}, {0.2, 0.2, -3}}, kUnit);
  EXPECT_DOUBLE_EQ(point.distance, 3);
  EXPECT_EQ(point.b_feature, (FeatureRef{Feature::Face, 0}));
}

TEST(SegmentTriangle, TriangleFirstSwapsTheAnswer) {
  const auto r = geo::closest_points(kUnit, Seg{{0.25, 0.25, 1}, {0.5, 0.25, 2}});
  EXPECT_DOUBLE_EQ(r.distance, 1);
  expect_vec(r.a_point, V3(0.25, 0.25, 0));
  expect_vec(r.b_point, V3(0.25, 0.25, 1));
  EXPECT_EQ(r.a_feature, (FeatureRef{Feature::Face, 0}));
  EXPECT_EQ(r.b_feature, (FeatureRef{Feature::Vertex, 0}));
}

TEST(TriangleTriangle, ParallelPlanesAreTheirGapApart) {
  const Tri up{{0.1, 0.1, 2}, {0.3, 0.1, 2}, {0.1, 0.3, 2}};
  const auto r = geo::closest_points(kUnit, up);
  EXPECT_FALSE(r.intersecting);
  EXPECT_DOUBLE_EQ(r.distance, 2);
  EXPECT_DOUBLE_EQ(r.a_point.z, 0);
  EXPECT_DOUBLE_EQ(r.b_point.z, 2);
}

TEST(TriangleTriangle, CrossingTrianglesIntersect) {
  // A vertical triangle through the middle of the unit triangle, no vertex inside either.
  const Tri vertical{{0.2, 0.2, -1}, {0.3, 0.1, 1}, {0.1, 0.3, 1}};
  const auto r = geo::closest_points(kUnit, vertical);
  EXPECT_TRUE(r.intersecting);
  EXPECT_EQ(r.distance, 0);
  EXPECT_NEAR(r.a_point.z, 0, 1e-15);
  EXPECT_NEAR(glm::length(r.a_point - r.b_point), 0, 1e-15);
}

TEST(TriangleTriangle, CoplanarPairs) {
  const Tri overlapping{{0.5, 0.5, 0}, {-0.5, 0.2, 0}, {0.2, -0.5, 0}};
  EXPECT_TRUE(geo::closest_points(kUnit, overlapping).intersecting);
  const Tri inside{{0.1, 0.1, 0}, {0.2, 0.1, 0}, {0.1, 0.2, 0}};  // no edges cross
  EXPECT_TRUE(geo::closest_points(kUnit, inside).intersecting);
  EXPECT_TRUE(geo::closest_points(inside, kUnit).intersecting);
  const Tri apart{{2, 0, 0}, {3, 0, 0}, {2, 1, 0}};
  const auto r = geo::closest_points(kUnit, apart);
  EXPECT_FALSE(r.intersecting);
  EXPECT_DOUBLE_EQ(r.distance, 1);
  EXPECT_EQ(r.a_feature, (FeatureRef{Feature::Vertex, 1}));
  EXPECT_EQ(r.b_feature, (FeatureRef{Feature::Vertex, 0}));
}

TEST(TriangleTriangle, TouchingAndDegenerate) {
  const Tri touching{{1, 0, 0}, {2, 0, 1}, {2, 1, 1}};
  const auto r = geo::closest_points(kUnit, touching);
  EXPECT_TRUE(r.intersecting);
  expect_vec(r.a_point, V3(1, 0, 0));
  // Two collinear triangles are two segments: skew, 1 apart.
  const Tri along_x{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, along_y{{1, -1, 1}, {1, 1, 1}, {1, 1, 1}};
  const auto d = geo::closest_points(along_x, along_y);
  EXPECT_DOUBLE_EQ(d.distance, 1);
  expect_vec(d.a_point, V3(1, 0, 0));
  expect_vec(d.b_point, V3(1, 0, 1));
}

TEST(TrianglePairs, NonFiniteInputIsRejected) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto r = geo::closest_points(Seg{{0, 0, 0}, {0, nan, 0}}, kUnit);
  EXPECT_EQ(r.error, geo::QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(r.distance));  // refused: NaN, never an answer
  EXPECT_FALSE(r.intersecting);
  const auto t = geo::closest_points(kUnit, Tri{{0, 0, 0}, {1, 0, 0}, {0, INFINITY, 0}});
  EXPECT_EQ(t.error, geo::QueryError::NonFiniteInput);
}

TEST(TrianglePairs, FloatInstantiation) {
  const geo::Triangle<float> a{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, b{{0.1f, 0.1f, 2}, {0.3f, 0.1f, 2}, {0.1f, 0.3f, 2}};
  EXPECT_FLOAT_EQ(geo::closest_points(a, b).distance, 2);
  EXPECT_FLOAT_EQ(geo::closest_points(geo::Segment<float>{{0.2f, 0.2f, 1}, {0.2f, 0.2f, 5}}, a).distance, 1);
}

}  // namespace
