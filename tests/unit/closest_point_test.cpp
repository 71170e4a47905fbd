// Unit tests of the closest points on lines, rays, segments, boxes and spheres: textbook
// examples with exact answers and every degenerate case.
#include "collision_lab/closest_point.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using geo::Feature;
using geo::FeatureRef;
using geo::QueryError;
using V3 = geo::Vec3<double>;
using F3 = geo::Vec3<float>;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

void expect_vec_near(const V3& actual, const V3& expected, double tolerance) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

template <typename Result>
void expect_refused(const Result& r, QueryError error) {  // NaN answers, never zeros
  EXPECT_EQ(r.error, error);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(std::isnan(r.point.x) && std::isnan(r.point.y) && std::isnan(r.point.z));
  EXPECT_TRUE(std::isnan(r.distance));
  EXPECT_TRUE(std::isnan(r.distance_squared));
}

// ---------------------------------------------------------------- segment

TEST(ClosestPointSegment, TutorialExamplePastB) {
  const auto r = geo::closest_point(geo::Segment<double>{{0, 0, 0}, {2, 0, 0}}, V3(3, 1, 0));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.point, V3(2, 0, 0));
  EXPECT_DOUBLE_EQ(r.distance, std::sqrt(2.0));
  EXPECT_DOUBLE_EQ(r.distance_squared, 2.0);
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Vertex, 1}));
  EXPECT_DOUBLE_EQ(r.dot_start, 6.0);   // (3,1,0)·(2,0,0)
  EXPECT_DOUBLE_EQ(r.dot_end, -2.0);    // (1,1,0)·(-2,0,0)
  EXPECT_DOUBLE_EQ(r.t_raw, 1.5);
  EXPECT_DOUBLE_EQ(r.t, 1.0);
  EXPECT_FALSE(r.degenerate);
}

TEST(ClosestPointSegment, BeforeAIsVertexA) {
  const auto r = geo::closest_point(geo::Segment<double>{{0, 0, 0}, {2, 0, 0}}, V3(-1, 2, 0));
  EXPECT_EQ(r.point, V3(0, 0, 0));
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Vertex, 0}));
  EXPECT_DOUBLE_EQ(r.t_raw, -0.5);
  EXPECT_DOUBLE_EQ(r.t, 0.0);
  EXPECT_DOUBLE_EQ(r.dot_start, -2.0);
  EXPECT_DOUBLE_EQ(r.distance, std::sqrt(5.0));
}

TEST(ClosestPointSegment, InteriorProjection) {
  const auto r = geo::closest_point(geo::Segment<double>{{1, 1, 1}, {5, 1, 1}}, V3(2, 4, 5));
  EXPECT_EQ(r.point, V3(2, 1, 1));
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Edge, 0}));
  EXPECT_DOUBLE_EQ(r.t, 0.25);
  EXPECT_DOUBLE_EQ(r.t_raw, 0.25);
  EXPECT_DOUBLE_EQ(r.distance, 5.0);
  EXPECT_DOUBLE_EQ(r.dot_start, 4.0);
  EXPECT_DOUBLE_EQ(r.dot_end, 12.0);
}

TEST(ClosestPointSegment, ProjectionExactlyOnAnEndpointIsThatVertex) {
  const auto r = geo::closest_point(geo::Segment<double>{{0, 0, 0}, {2, 0, 0}}, V3(2, 3, 0));
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Vertex, 1}));
  EXPECT_EQ(r.point, V3(2, 0, 0));
  EXPECT_DOUBLE_EQ(r.distance, 3.0);
}

TEST(ClosestPointSegment, ZeroLengthIsThePointA) {
  const auto r = geo::closest_point(geo::Segment<double>{{1, 2, 3}, {1, 2, 3}}, V3(1, 2, 7));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.degenerate);
  EXPECT_EQ(r.point, V3(1, 2, 3));
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Vertex, 0}));
  EXPECT_DOUBLE_EQ(r.distance, 4.0);
  EXPECT_EQ(r.t, 0.0);
  EXPECT_EQ(r.t_raw, 0.0);
}

TEST(ClosestPointSegment, MicronSegmentNearOriginIsNotDegenerate) {
  const auto r = geo::closest_point(geo::Segment<double>{{0, 0, 0}, {1e-6, 0, 0}}, V3(0.25e-6, 1, 0));
  EXPECT_FALSE(r.degenerate);
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Edge, 0}));
  EXPECT_DOUBLE_EQ(r.t, 0.25);
  EXPECT_DOUBLE_EQ(r.point.x, 0.25e-6);
  const auto f = geo::closest_point(geo::Segment<float>{{0, 0, 0}, {1e-6f, 0, 0}}, F3(0.25e-6f, 1, 0));
  EXPECT_FALSE(f.degenerate);
  EXPECT_FLOAT_EQ(f.t, 0.25f);
}

TEST(ClosestPointSegment, LengthBelowCoordinateRoundingIsDegenerate) {
  const auto r = geo::closest_point(geo::Segment<double>{{0, 0, 0}, {1e-20, 0, 0}}, V3(0.5, 1, 0));
  EXPECT_TRUE(r.degenerate);
  EXPECT_EQ(r.point, V3(0, 0, 0));
  EXPECT_DOUBLE_EQ(r.distance, std::sqrt(1.25));
}

TEST(ClosestPointSegment, HugeAndTinyCoordinatesNeitherOverflowNorUnderflow) {
  // Squares of 1e200 overflow and squares of 1e-200 underflow in double.
  for (double s : {1e200, 1e-200}) {
    const auto r = geo::closest_point(geo::Segment<double>{{0, 0, 0}, {4 * s, 0, 0}}, V3(s, 3 * s, 0));
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE(r.degenerate);
    EXPECT_EQ(r.feature, (FeatureRef{Feature::Edge, 0}));
    EXPECT_DOUBLE_EQ(r.t, 0.25);
    EXPECT_DOUBLE_EQ(r.point.x, s);
    EXPECT_DOUBLE_EQ(r.distance, 3 * s);  // |P - Q|² is out of range, the distance is not
  }
}

TEST(ClosestPointSegment, NonFiniteInputGivesErrorAndNaN) {
  expect_refused(geo::closest_point(geo::Segment<double>{{kNaN, 0, 0}, {1, 0, 0}}, V3(0)),
                          QueryError::NonFiniteInput);
  expect_refused(geo::closest_point(geo::Segment<double>{{0, 0, 0}, {1, kInf, 0}}, V3(0)),
                          QueryError::NonFiniteInput);
  const auto r = geo::closest_point(geo::Segment<double>{}, V3(0, 0, -kInf));
  expect_refused(r, QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(r.t));
  EXPECT_TRUE(std::isnan(r.t_raw));
}

// ---------------------------------------------------------------- ray and line

TEST(ClosestPointRay, TutorialSampleSevenPoints) {
  const V3 origin(-10, -8, 1), direction(1, 2, 3);
  const V3 points[] = {{-8, -5, -8}, {-6, -9, 8}, {-9, -5, 5}, {-4, 3, -3}, {2, 1, -10}, {8, 5, 2}, {4, -3, -8}};
  // dot(P - O, d) by hand: 2+6-27=-19, 4-2+21=23, 1+6+12=19, 6+22-12=16, 12+18-33=-3, 18+26+3=47, 14+10-27=-3
  const double dots[] = {-19, 23, 19, 16, -3, 47, -3};
  const bool at_origin[] = {true, false, false, false, true, false, true};
  const geo::Ray<double> ray{origin, direction};
  for (int i = 0; i < 7; ++i) {
    SCOPED_TRACE(i);
    const double t = std::max(0.0, dots[i] / 14.0);
    const V3 expected = origin + direction * t;
    const auto r = geo::closest_point(ray, points[i]);
    ASSERT_TRUE(r.ok());
    EXPECT_DOUBLE_EQ(r.dot_start, dots[i]);
    EXPECT_DOUBLE_EQ(r.t_raw, dots[i] / 14.0);
    EXPECT_DOUBLE_EQ(r.t, t);
    expect_vec_near(r.point, expected, 1e-14);
    EXPECT_NEAR(r.distance, glm::length(points[i] - expected), 1e-14);
    EXPECT_EQ(r.feature, (FeatureRef{at_origin[i] ? Feature::Vertex : Feature::Edge, 0}));
    if (at_origin[i]) {
      EXPECT_EQ(r.point, origin);
    }
  }
}

TEST(ClosestPointLine, DoesNotClampAndMeasuresTInDirectionUnits) {
  const geo::Line<double> line{{1, 0, 0}, {0, 2, 0}};
  const auto r = geo::closest_point(line, V3(5, -6, 0));
  EXPECT_EQ(r.point, V3(1, -6, 0));
  EXPECT_DOUBLE_EQ(r.t, -3.0);
  EXPECT_DOUBLE_EQ(r.t_raw, -3.0);
  EXPECT_DOUBLE_EQ(r.dot_start, -12.0);
  EXPECT_DOUBLE_EQ(r.distance, 4.0);
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Edge, 0}));
}

TEST(ClosestPointRayLine, ZeroDirectionIsTheOrigin) {
  const auto ray = geo::closest_point(geo::Ray<double>{{1, 1, 1}, {0, 0, 0}}, V3(1, 4, 5));
  EXPECT_TRUE(ray.degenerate);
  EXPECT_EQ(ray.point, V3(1, 1, 1));
  EXPECT_DOUBLE_EQ(ray.distance, 5.0);
  EXPECT_EQ(ray.feature, (FeatureRef{Feature::Vertex, 0}));
  const auto line = geo::closest_point(geo::Line<float>{{1, 1, 1}, {0, 0, 0}}, F3(1, 4, 5));
  EXPECT_TRUE(line.degenerate);
  EXPECT_EQ(line.point, F3(1, 1, 1));
  EXPECT_FLOAT_EQ(line.distance, 5.0f);
}

TEST(ClosestPointRayLine, TinyDirectionStillWorksInFloat) {
  // dot(d, d) = 1e-60 underflows in float; the rescaled projection does not.
  const auto r = geo::closest_point(geo::Line<float>{{0, 0, 0}, {1e-30f, 0, 0}}, F3(3, 4, 0));
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r.degenerate);
  EXPECT_FLOAT_EQ(r.point.x, 3.0f);
  EXPECT_EQ(r.point.y, 0.0f);
  EXPECT_FLOAT_EQ(r.distance, 4.0f);
  EXPECT_FLOAT_EQ(r.t, 3e30f);
}

TEST(ClosestPointRayLine, NonFiniteInputGivesErrorAndNaN) {
  expect_refused(geo::closest_point(geo::Ray<double>{{0, 0, 0}, {kNaN, 1, 0}}, V3(1)),
                          QueryError::NonFiniteInput);
  expect_refused(geo::closest_point(geo::Line<double>{{kInf, 0, 0}, {1, 0, 0}}, V3(1)),
                          QueryError::NonFiniteInput);
  expect_refused(geo::closest_point(geo::Line<float>{}, F3(0, std::nanf(""), 0)),
                          QueryError::NonFiniteInput);
}

// ---------------------------------------------------------------- AABB

TEST(ClosestPointAabb, FeaturesAreNumberedAsDocumented) {
  const geo::Aabb<double> box{{-1, -2, -3}, {1, 2, 3}};
  struct Case { V3 p; V3 expected; FeatureRef feature; glm::ivec3 clamped; };
  const Case cases[] = {
      {{0.5, 1, -2}, {0.5, 1, -2}, {Feature::Inside, 0}, {0, 0, 0}},
      {{-5, 0, 0}, {-1, 0, 0}, {Feature::Face, 0}, {-1, 0, 0}},
      {{0, 0, 9}, {0, 0, 3}, {Feature::Face, 5}, {0, 0, 1}},
      {{0, -7, 0}, {0, -2, 0}, {Feature::Face, 2}, {0, -1, 0}},
      // along z (k = 2): bit 0 = sign on x, bit 1 = sign on y
      {{5, -5, 0}, {1, -2, 0}, {Feature::Edge, 4 * 2 + 1}, {1, -1, 0}},
      // along x (k = 0): bit 0 = sign on y, bit 1 = sign on z
      {{0, 5, -5}, {0, 2, -3}, {Feature::Edge, 0 * 4 + 1}, {0, 1, -1}},
      // along y (k = 1): bit 0 = sign on z, bit 1 = sign on x
      {{5, 0, -5}, {1, 0, -3}, {Feature::Edge, 1 * 4 + 2}, {1, 0, -1}},
      {{5, -5, 5}, {1, -2, 3}, {Feature::Vertex, 1 | 4}, {1, -1, 1}},
      {{-5, -5, -5}, {-1, -2, -3}, {Feature::Vertex, 0}, {-1, -1, -1}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(geo::feature_name(geo::ShapeKind::Aabb, c.feature));
    const auto r = geo::closest_point(box, c.p);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.point, c.expected);
    EXPECT_EQ(r.feature, c.feature);
    EXPECT_EQ(r.clamped, c.clamped);
    EXPECT_EQ(r.local, c.p);  // the box is centred on the origin
    EXPECT_EQ(r.local_clamped, c.expected);
    EXPECT_DOUBLE_EQ(r.distance, glm::length(c.p - c.expected));
  }
  EXPECT_EQ(geo::feature_name(geo::ShapeKind::Aabb, geo::closest_point(box, V3(5, -5, 0)).feature), "edge +x-y");
}

TEST(ClosestPointAabb, LocalCoordinatesAreRelativeToTheCentre) {
  const auto r = geo::closest_point(geo::Aabb<double>{{2, 2, 2}, {4, 6, 8}}, V3(10, 4, 5));
  EXPECT_EQ(r.local, V3(7, 0, 0));
  EXPECT_EQ(r.local_clamped, V3(1, 0, 0));
  EXPECT_EQ(r.point, V3(4, 4, 5));
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Face, 1}));
  EXPECT_DOUBLE_EQ(r.distance, 6.0);
}

TEST(ClosestPointAabb, ZeroExtentsAreAFlatBoxASegmentAndAPoint) {
  const auto flat = geo::closest_point(geo::Aabb<double>{{0, 0, 1}, {2, 2, 1}}, V3(1, 1, 4));
  EXPECT_EQ(flat.point, V3(1, 1, 1));
  EXPECT_EQ(flat.feature, (FeatureRef{Feature::Face, 5}));
  EXPECT_DOUBLE_EQ(flat.distance, 3.0);
  const auto on_flat = geo::closest_point(geo::Aabb<double>{{0, 0, 1}, {2, 2, 1}}, V3(1, 1, 1));
  EXPECT_EQ(on_flat.feature, (FeatureRef{Feature::Inside, 0}));
  EXPECT_EQ(on_flat.distance, 0.0);
  const auto segment = geo::closest_point(geo::Aabb<double>{{0, 0, 0}, {4, 0, 0}}, V3(2, 3, 4));
  EXPECT_EQ(segment.point, V3(2, 0, 0));
  EXPECT_DOUBLE_EQ(segment.distance, 5.0);
  const auto point = geo::closest_point(geo::Aabb<float>{{1, 1, 1}, {1, 1, 1}}, F3(1, 1, 3));
  EXPECT_EQ(point.point, F3(1, 1, 1));
  EXPECT_FLOAT_EQ(point.distance, 2.0f);
  EXPECT_FALSE(std::isnan(point.local_clamped.x));
}

TEST(ClosestPointAabb, MinAboveMaxIsInvalidAndNonFiniteIsRejected) {
  expect_refused(geo::closest_point(geo::Aabb<double>{{0, 0, 0}, {1, -1, 1}}, V3(0)),
                          QueryError::InvalidShape);
  expect_refused(geo::closest_point(geo::Aabb<double>{{0, 0, 0}, {1, 1, kInf}}, V3(0)),
                          QueryError::NonFiniteInput);
  expect_refused(geo::closest_point(geo::Aabb<double>{}, V3(kNaN)), QueryError::NonFiniteInput);
}

// ---------------------------------------------------------------- OBB

geo::Obb<double> rotated_45_about_z() {
  const double h = std::sqrt(0.5);
  return {V3(0), {V3(h, h, 0), V3(-h, h, 0), V3(0, 0, 1)}, V3(1, 1, 1)};
}

TEST(ClosestPointObb, Rotated45PointOutsideACorner) {
  // The box's +x+y corner (local (1, 1)) is at world (0, sqrt 2); P = (0, 3) is beyond it.
  const auto r = geo::closest_point(rotated_45_about_z(), V3(0, 3, 0));
  ASSERT_TRUE(r.ok());
  expect_vec_near(r.point, V3(0, std::sqrt(2.0), 0), 1e-15);
  EXPECT_NEAR(r.distance, 3 - std::sqrt(2.0), 1e-15);
  expect_vec_near(r.local, V3(3 * std::sqrt(0.5), 3 * std::sqrt(0.5), 0), 1e-15);
  EXPECT_EQ(r.local_clamped, V3(1, 1, 0));
  EXPECT_EQ(r.clamped, glm::ivec3(1, 1, 0));
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Edge, 4 * 2 + 3}));  // along z, +x +y
  // Above the top face as well: the corner vertex +x+y+z.
  const auto v = geo::closest_point(rotated_45_about_z(), V3(0, 3, 5));
  expect_vec_near(v.point, V3(0, std::sqrt(2.0), 1), 1e-15);
  EXPECT_EQ(v.feature, (FeatureRef{Feature::Vertex, 7}));
  // Straight out of the local +x face.
  const auto f = geo::closest_point(rotated_45_about_z(), V3(2, 2, 0.5));
  expect_vec_near(f.point, V3(std::sqrt(0.5), std::sqrt(0.5), 0.5), 1e-15);
  EXPECT_EQ(f.feature, (FeatureRef{Feature::Face, 1}));
  EXPECT_NEAR(f.distance, 2 * std::sqrt(2.0) - 1, 1e-15);
}

TEST(ClosestPointObb, InsideReturnsThePointItself) {
  const V3 p(0.1, 0.2, -0.3);
  const auto r = geo::closest_point(rotated_45_about_z(), p);
  EXPECT_EQ(r.point, p);
  EXPECT_EQ(r.distance, 0.0);
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Inside, 0}));
}

TEST(ClosestPointObb, ZeroExtentsGiveAPointBadAxesAreRefused) {
  auto box = rotated_45_about_z();
  box.half_extents = V3(0);
  const auto point = geo::closest_point(box, V3(3, 4, 12));
  expect_vec_near(point.point, V3(0), 1e-15);
  EXPECT_NEAR(point.distance, 13.0, 1e-14);
  EXPECT_EQ(point.feature.kind, Feature::Vertex);
  box.axes = {V3(0), V3(0), V3(2, 0, 0)};  // not orthonormal: refused (shape_check.h)
  expect_refused(geo::closest_point(box, V3(3, 4, 5)), QueryError::InvalidShape);
}

TEST(ClosestPointObb, NegativeExtentIsInvalidAndNonFiniteIsRejected) {
  auto box = rotated_45_about_z();
  box.half_extents.y = -1;
  expect_refused(geo::closest_point(box, V3(0)), QueryError::InvalidShape);
  box = rotated_45_about_z();
  box.axes[1].x = kNaN;
  expect_refused(geo::closest_point(box, V3(0)), QueryError::NonFiniteInput);
}

// ---------------------------------------------------------------- sphere

TEST(ClosestPointSphere, OutsideInsideAndCentre) {
  const geo::Sphere<double> sphere{{1, 2, 3}, 2};
  const auto out = geo::closest_point(sphere, V3(1, 2, 8));
  EXPECT_EQ(out.point, V3(1, 2, 5));
  EXPECT_DOUBLE_EQ(out.distance, 3.0);
  EXPECT_DOUBLE_EQ(out.center_distance, 5.0);
  EXPECT_EQ(out.feature, (FeatureRef{Feature::Face, 0}));
  EXPECT_FALSE(out.at_center);
  const auto in = geo::closest_point(sphere, V3(2, 2, 3));
  EXPECT_EQ(in.point, V3(2, 2, 3));
  EXPECT_EQ(in.distance, 0.0);
  EXPECT_EQ(in.feature, (FeatureRef{Feature::Inside, 0}));
  const auto centre = geo::closest_point(sphere, V3(1, 2, 3));
  EXPECT_TRUE(centre.at_center);
  EXPECT_EQ(centre.point, V3(1, 2, 3));
  EXPECT_EQ(centre.distance, 0.0);
  EXPECT_EQ(centre.feature.kind, Feature::Inside);
}

TEST(ClosestPointSphere, RadiusZeroIsAPoint) {
  const auto r = geo::closest_point(geo::Sphere<double>{{1, 1, 1}, 0}, V3(4, 5, 1));
  EXPECT_EQ(r.point, V3(1, 1, 1));
  EXPECT_DOUBLE_EQ(r.distance, 5.0);
  const auto at = geo::closest_point(geo::Sphere<float>{{1, 1, 1}, 0}, F3(1, 1, 1));
  EXPECT_TRUE(at.at_center);
  EXPECT_EQ(at.distance, 0.0f);
}

TEST(ClosestPointSphere, TinyOffsetDoesNotUnderflow) {
  // |P - C|² = 1e-400 underflows in double; P is still outside a sphere of radius 1e-201.
  const auto r = geo::closest_point(geo::Sphere<double>{V3(0), 1e-201}, V3(0, 0, 1e-200));
  EXPECT_FALSE(r.at_center);
  EXPECT_EQ(r.feature.kind, Feature::Face);
  EXPECT_DOUBLE_EQ(r.point.z, 1e-201);
  EXPECT_DOUBLE_EQ(r.center_distance, 1e-200);
  EXPECT_DOUBLE_EQ(r.distance, 1e-200 - 1e-201);
}

TEST(ClosestPointSphere, NegativeRadiusIsInvalidAndNonFiniteIsRejected) {
  expect_refused(geo::closest_point(geo::Sphere<double>{V3(0), -1}, V3(1)), QueryError::InvalidShape);
  expect_refused(geo::closest_point(geo::Sphere<double>{V3(0), kInf}, V3(1)), QueryError::NonFiniteInput);
  expect_refused(geo::closest_point(geo::Sphere<double>{V3(0), 1}, V3(kNaN)), QueryError::NonFiniteInput);
}

}  // namespace
