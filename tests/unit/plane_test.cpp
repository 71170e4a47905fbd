// Unit tests of plane construction, sides and the closest point on a plane.
#include "collision_lab/plane.h"

#include "collision_lab/closest_point.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using geo::Feature;
using geo::PlaneSide;
using geo::QueryError;
using V3 = geo::Vec3<double>;
using V2 = geo::Vec2<double>;
using F3 = geo::Vec3<float>;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

void expect_vec_near(const V3& actual, const V3& expected, double tolerance) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

TEST(MakePlane, NormalizesTheNormalAndScalesD) {
  const auto r = geo::make_plane(V3(0, 0, 2), 4.0);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.plane.normal, V3(0, 0, 1));
  EXPECT_EQ(r.plane.d, 2.0);
  const auto s = geo::make_plane(V3(3, 0, 4), 10.0);
  expect_vec_near(s.plane.normal, V3(0.6, 0, 0.8), 1e-15);
  EXPECT_DOUBLE_EQ(s.plane.d, 2.0);
}

TEST(MakePlane, TinyAndHugeNormalsNormalizeWithoutUnderflow) {
  const auto tiny = geo::make_plane(F3(0, 3e-30f, 4e-30f), 1e-30f);  // |N|² underflows in float
  ASSERT_TRUE(tiny.ok());
  EXPECT_FLOAT_EQ(tiny.plane.normal.y, 0.6f);
  EXPECT_FLOAT_EQ(tiny.plane.normal.z, 0.8f);
  EXPECT_FLOAT_EQ(tiny.plane.d, 0.2f);
  const auto huge = geo::make_plane(V3(3e200, 0, 4e200), 5e200);
  ASSERT_TRUE(huge.ok());
  EXPECT_DOUBLE_EQ(huge.plane.normal.x, 0.6);
  EXPECT_DOUBLE_EQ(huge.plane.d, 1.0);
}

TEST(MakePlane, ZeroNormalIsInvalidAndNonFiniteIsRejected) {
  const auto zero = geo::make_plane(V3(0), 1.0);
  EXPECT_EQ(zero.error, QueryError::InvalidShape);
  EXPECT_TRUE(std::isnan(zero.plane.normal.z));  // a NaN plane, which no query takes
  EXPECT_TRUE(std::isnan(zero.plane.d));
  EXPECT_EQ(geo::make_plane(V3(0, kNaN, 1), 1.0).error, QueryError::NonFiniteInput);
  EXPECT_EQ(geo::make_plane(V3(0, 0, 1), kInf).error, QueryError::NonFiniteInput);
  EXPECT_EQ(geo::make_plane_from_normal_point(V3(0), V3(1)).error, QueryError::InvalidShape);
  EXPECT_EQ(geo::make_plane_from_normal_point(V3(1), V3(kNaN)).error, QueryError::NonFiniteInput);
}

TEST(MakePlane, FromNormalAndPoint) {
  const auto r = geo::make_plane_from_normal_point(V3(0, 5, 0), V3(7, 3, -2));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.plane.normal, V3(0, 1, 0));
  EXPECT_EQ(r.plane.d, 3.0);
}

TEST(MakePlane, FromPointsIsCounterClockwiseSeenFromTheFront) {
  const auto r = geo::make_plane_from_points(V3(0, 0, 1), V3(1, 0, 1), V3(0, 1, 1));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.plane.normal, V3(0, 0, 1));
  EXPECT_EQ(r.plane.d, 1.0);
  const auto back = geo::make_plane_from_points(V3(0, 0, 1), V3(0, 1, 1), V3(1, 0, 1));
  EXPECT_EQ(back.plane.normal, V3(0, 0, -1));
  EXPECT_EQ(back.plane.d, -1.0);
  // The same orientation whichever edge is the longest (the normal uses the two shortest).
  for (const auto& [a, b, c] : {std::array<V3, 3>{V3(0, 0, 0), V3(10, 0, 0), V3(5, 1, 0)},
                                std::array<V3, 3>{V3(5, 1, 0), V3(0, 0, 0), V3(10, 0, 0)},
                                std::array<V3, 3>{V3(10, 0, 0), V3(5, 1, 0), V3(0, 0, 0)}}) {
    const auto p = geo::make_plane_from_points(a, b, c);
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(p.plane.normal, V3(0, 0, 1));
    EXPECT_EQ(p.plane.d, 0.0);
  }
}

TEST(MakePlane, FromPointsRejectsCollinearAndRepeatedPoints) {
  EXPECT_EQ(geo::make_plane_from_points(V3(0), V3(1, 1, 1), V3(3, 3, 3)).error, QueryError::InvalidShape);
  EXPECT_EQ(geo::make_plane_from_points(V3(1, 2, 3), V3(1, 2, 3), V3(4, 5, 7)).error, QueryError::InvalidShape);
  EXPECT_EQ(geo::make_plane_from_points(V3(1), V3(1), V3(1)).error, QueryError::InvalidShape);
  // Collinear up to rounding at 1e6.
  const V3 a(1e6, 1e6, 1e6), d(0.1, 0.3, 0.7);
  EXPECT_EQ(geo::make_plane_from_points(a, a + d, a + d * 3.0).error, QueryError::InvalidShape);
  EXPECT_EQ(geo::make_plane_from_points(V3(0), V3(kInf), V3(1)).error, QueryError::NonFiniteInput);
}

TEST(MakePlane, FromPointsAcceptsASliver) {
  // Height 1e-7 of the length: thin but a well-defined plane, y = 0 tilted by 1e-7.
  const auto r = geo::make_plane_from_points(V3(0, 0, 0), V3(1, 0, 0), V3(0.5, 0, 1e-7));
  ASSERT_TRUE(r.ok());
  expect_vec_near(r.plane.normal, V3(0, -1, 0), 1e-15);
  EXPECT_NEAR(r.plane.d, 0.0, 1e-22);
}

TEST(MakePlane2d, LeftAndRightNormals) {
  const auto left = geo::make_plane_2d(V2(1, 1), V2(3, 1), geo::Orientation2D::Left);
  ASSERT_TRUE(left.ok());
  EXPECT_EQ(left.plane.normal, V3(0, 1, 0));
  EXPECT_EQ(left.plane.d, 1.0);
  const auto right = geo::make_plane_2d(V2(1, 1), V2(3, 1), geo::Orientation2D::Right);
  EXPECT_EQ(right.plane.normal, V3(0, -1, 0));
  EXPECT_EQ(right.plane.d, -1.0);
  const auto diagonal = geo::make_plane_2d(V2(0, 0), V2(1, 1), geo::Orientation2D::Left);
  expect_vec_near(diagonal.plane.normal, V3(-std::sqrt(0.5), std::sqrt(0.5), 0), 1e-15);
  EXPECT_EQ(diagonal.plane.d, 0.0);
  EXPECT_EQ(geo::make_plane_2d(V2(2, 2), V2(2, 2), geo::Orientation2D::Left).error, QueryError::InvalidShape);
  EXPECT_EQ(geo::make_plane_2d(V2(2, kNaN), V2(2, 2), geo::Orientation2D::Left).error, QueryError::NonFiniteInput);
}

TEST(Plane, FlippedSignedDistanceAndSide) {
  const geo::Plane<double> plane{{0, 0, 1}, 2};
  const auto other = geo::flipped(plane);
  EXPECT_EQ(other.normal, V3(0, 0, -1));
  EXPECT_EQ(other.d, -2.0);
  EXPECT_EQ(geo::signed_distance(plane, V3(5, 5, 7)), 5.0);
  EXPECT_EQ(geo::signed_distance(other, V3(5, 5, 7)), -5.0);
  EXPECT_EQ(geo::side_of(plane, V3(0, 0, 3), 0.1), PlaneSide::Above);
  EXPECT_EQ(geo::side_of(plane, V3(0, 0, 1), 0.1), PlaneSide::Below);
  EXPECT_EQ(geo::side_of(plane, V3(0, 0, 2.05), 0.1), PlaneSide::On);
  EXPECT_EQ(geo::side_of(plane, V3(0, 0, 2.05), 0.01), PlaneSide::Above);
  EXPECT_EQ(geo::side_of(other, V3(0, 0, 3), 0.1), PlaneSide::Below);
}

TEST(ClosestPointPlane, ProjectsAlongTheNormal) {
  const geo::Plane<double> plane{{0, 0, 1}, 2};
  const auto above = geo::closest_point(plane, V3(1, 2, 5));
  ASSERT_TRUE(above.ok());
  EXPECT_EQ(above.point, V3(1, 2, 2));
  EXPECT_EQ(above.signed_distance, 3.0);
  EXPECT_EQ(above.distance, 3.0);
  EXPECT_EQ(above.side, PlaneSide::Above);
  EXPECT_EQ(above.feature, (geo::FeatureRef{Feature::Face, 0}));
  const auto below = geo::closest_point(plane, V3(1, 2, -1));
  EXPECT_EQ(below.point, V3(1, 2, 2));
  EXPECT_EQ(below.signed_distance, -3.0);
  EXPECT_EQ(below.side, PlaneSide::Below);
  const auto on = geo::closest_point(plane, V3(1, 2, 2));
  EXPECT_EQ(on.side, PlaneSide::On);
  EXPECT_EQ(on.distance, 0.0);
}

TEST(ClosestPointPlane, TiltedPlaneAndRoundingCountsAsOn) {
  const auto made = geo::make_plane_from_normal_point(V3(1, 1, 1), V3(1e6, 1e6, 1e6));
  const V3 p(1e6 + 1, 1e6 + 1, 1e6 + 1);
  const auto r = geo::closest_point(made.plane, p);
  expect_vec_near(r.point, V3(1e6), 1e-9);
  EXPECT_NEAR(r.distance, std::sqrt(3.0), 1e-9);
  EXPECT_EQ(r.side, PlaneSide::Above);
  // A point on the plane at 1e6, up to rounding of its coordinates, is On.
  EXPECT_EQ(geo::closest_point(made.plane, V3(1e6 + 0.1, 1e6 - 0.3, 1e6 + 0.2)).side, PlaneSide::On);
}

TEST(ClosestPointPlane, NonUnitNormalIsNormalizedZeroIsInvalid) {
  const auto r = geo::closest_point(geo::Plane<double>{{0, 0, 2}, 4}, V3(0, 0, 5));  // the plane z = 2
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.point, V3(0, 0, 2));
  EXPECT_EQ(r.distance, 3.0);
  const auto zero = geo::closest_point(geo::Plane<double>{V3(0), 1}, V3(1));
  EXPECT_EQ(zero.error, QueryError::InvalidShape);
  EXPECT_TRUE(std::isnan(zero.point.x));
  const auto nan = geo::closest_point(geo::Plane<double>{{0, 0, 1}, kNaN}, V3(1));
  EXPECT_EQ(nan.error, QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(nan.distance));
  EXPECT_TRUE(std::isnan(nan.signed_distance));
}

}  // namespace
