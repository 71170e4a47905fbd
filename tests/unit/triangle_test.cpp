// Point-triangle by Voronoi regions, the triangle normal and 2D containment: the
// textbook examples with exact values, and the degenerate cases that break textbook code.
#include "collision_lab/triangle.h"
#include "tests/unit/triangle_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using geo::Feature;
using geo::FeatureRef;
using V3 = geo::Vec3<double>;

const geo::Triangle<double> kUnit{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};

void expect_vec(const V3& actual, const V3& expected, double tolerance = 1e-15) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

// Barycentrics sum to 1, are non-negative and give the point.
void expect_consistent(const geo::Triangle<double>& t, const geo::TriangleClosestPoint<double>& r, double tolerance = 1e-14) {
  const V3& w = r.barycentric;
  EXPECT_NEAR(w.x + w.y + w.z, 1.0, 1e-15);
  EXPECT_GE(std::min({w.x, w.y, w.z}), 0.0);
  expect_vec(t.a * w.x + t.b * w.y + t.c * w.z, r.point, tolerance);
  EXPECT_NEAR(r.distance * r.distance, r.distance_squared, 1e-14 * (1 + r.distance_squared));
}

TEST(PointTriangle, FaceRegionFillsEveryField) {
  const auto r = geo::closest_point(kUnit, V3(0.25, 0.25, 1));
  ASSERT_TRUE(r.ok());
  expect_vec(r.point, V3(0.25, 0.25, 0));
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Face, 0}));
  EXPECT_DOUBLE_EQ(r.distance, 1);
  EXPECT_DOUBLE_EQ(r.distance_squared, 1);
  expect_vec(r.barycentric, V3(0.5, 0.25, 0.25));
  // Ericson's dot products and region determinants for this query.
  EXPECT_DOUBLE_EQ(r.d1, 0.25);
  EXPECT_DOUBLE_EQ(r.d2, 0.25);
  EXPECT_DOUBLE_EQ(r.d3, -0.75);
  EXPECT_DOUBLE_EQ(r.d4, 0.25);
  EXPECT_DOUBLE_EQ(r.d5, 0.25);
  EXPECT_DOUBLE_EQ(r.d6, -0.75);
  EXPECT_DOUBLE_EQ(r.va, 0.5);   // d3*d6 - d5*d4
  EXPECT_DOUBLE_EQ(r.vb, 0.25);  // d5*d2 - d1*d6
  EXPECT_DOUBLE_EQ(r.vc, 0.25);  // d1*d4 - d3*d2
  EXPECT_FALSE(r.degenerate);
}

struct RegionCase {
  V3 p, point;
  FeatureRef feature;
  V3 barycentric;
};

TEST(PointTriangle, EveryVoronoiRegion) {
  const RegionCase cases[] = {
      {{-1, -1, 0}, {0, 0, 0}, {Feature::Vertex, 0}, {1, 0, 0}},
      {{2, -1, 3}, {1, 0, 0}, {Feature::Vertex, 1}, {0, 1, 0}},
      {{-1, 2, -3}, {0, 1, 0}, {Feature::Vertex, 2}, {0, 0, 1}},
      {{0.5, -1, 0}, {0.5, 0, 0}, {Feature::Edge, 0}, {0.5, 0.5, 0}},
      {{1, 1, 0}, {0.5, 0.5, 0}, {Feature::Edge, 1}, {0, 0.5, 0.5}},
      {{-1, 0.25, 2}, {0, 0.25, 0}, {Feature::Edge, 2}, {0.75, 0, 0.25}},
      {{0.2, 0.3, -2}, {0.2, 0.3, 0}, {Feature::Face, 0}, {0.5, 0.2, 0.3}},
  };
  for (const RegionCase& c : cases) {
    const auto r = geo::closest_point(kUnit, c.p);
    expect_vec(r.point, c.point);
    EXPECT_EQ(r.feature, c.feature) << "query " << c.p.x << " " << c.p.y << " " << c.p.z;
    expect_vec(r.barycentric, c.barycentric);
    EXPECT_NEAR(r.distance, glm::length(c.p - c.point), 1e-15);
    expect_consistent(kUnit, r);
  }
}

TEST(PointTriangle, PointOnTheTriangleIsItsOwnClosestPoint) {
  for (const V3& p : {V3(0, 0, 0), V3(0.5, 0, 0), V3(0.5, 0.5, 0), V3(0.1, 0.2, 0)}) {
    const auto r = geo::closest_point(kUnit, p);
    EXPECT_DOUBLE_EQ(r.distance, 0);
    expect_vec(r.point, p);
  }
}

// Textbook code divides by va + vb + vc = 0 here; the triangle is the segment from a to c.
TEST(PointTriangle, ExactlyCollinearIsItsLongestEdge) {
  const geo::Triangle<double> t{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  const auto r = geo::closest_point(t, V3(1.5, 1, 0));
  EXPECT_TRUE(r.degenerate);
  expect_vec(r.point, V3(1.5, 0, 0));
  EXPECT_DOUBLE_EQ(r.distance, 1);
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Edge, 2}));  // ca, the longest edge
  expect_vec(r.barycentric, V3(0.25, 0, 0.75));
  expect_consistent(t, r);
  // Beyond the end: vertex c.
  const auto beyond = geo::closest_point(t, V3(3, 0, 0));
  EXPECT_EQ(beyond.feature, (FeatureRef{Feature::Vertex, 2}));
  EXPECT_DOUBLE_EQ(beyond.distance, 1);
}

TEST(PointTriangle, RepeatedVertices) {
  const geo::Triangle<double> segment{{0, 0, 0}, {0, 0, 0}, {0, 2, 0}};
  const auto r = geo::closest_point(segment, V3(1, 1, 0));
  EXPECT_TRUE(r.degenerate);
  expect_vec(r.point, V3(0, 1, 0));
  EXPECT_DOUBLE_EQ(r.distance, 1);
  expect_consistent(segment, r);

  const geo::Triangle<double> point{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
  const auto q = geo::closest_point(point, V3(1, 2, 5));
  EXPECT_TRUE(q.degenerate);
  EXPECT_EQ(q.feature, (FeatureRef{Feature::Vertex, 0}));
  expect_vec(q.point, V3(1, 2, 3));
  EXPECT_DOUBLE_EQ(q.distance, 2);
  expect_vec(q.barycentric, V3(1, 0, 0));
}

// b and c 1e-12 apart: the region tests along bc must not come from d4 - d3 and d5 - d6.
TEST(PointTriangle, NeedleTriangle) {
  const geo::Triangle<double> t{{0, 0, 0}, {1, 0, 0}, {1, 1e-12, 0}};
  const auto r = geo::closest_point(t, V3(2, 0.5e-12, 0));
  EXPECT_FALSE(r.degenerate);
  EXPECT_NEAR(r.distance, 1, 1e-15);
  EXPECT_NEAR(r.point.x, 1, 1e-15);
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Edge, 1}));
  expect_consistent(t, r);
  // Above the middle of the needle: the face, at height 1.
  const auto above = geo::closest_point(t, V3(0.5, 0.2e-12, 1));
  EXPECT_NEAR(above.distance, 1, 1e-15);
  expect_consistent(t, above);
}

// A sliver far from the origin: working relative to vertex a keeps full accuracy.
TEST(PointTriangle, SliverFarFromTheOrigin) {
  const V3 offset(1e6, -2e6, 3e6);
  const geo::Triangle<double> t{offset, offset + V3(2, 0, 0), offset + V3(1, 1e-7, 0)};
  for (const V3& local : {V3(1, 0.5e-7, 1), V3(1, 0.3e-7, -0.5), V3(1.5, 5e-8, 0.25), V3(0.5, -1, 0)}) {
    const V3 p = offset + local;
    const auto r = geo::closest_point(t, p);
    const double expected = static_cast<double>(reference::point_triangle(reference::to_long(t), oracle::to_long(p)));
    EXPECT_NEAR(r.distance, expected, 1e-12 * std::max(expected, 1.0));
    expect_consistent(t, r, 1e-9);  // the point itself is only known to ulp(1e6)
  }
}

// On the line between the edge-ab and vertex-b regions: both answers are the same point.
TEST(PointTriangle, TiesBetweenRegionsAreDeterministic) {
  const V3 p(1, -1, 0);
  const auto first = geo::closest_point(kUnit, p);
  expect_vec(first.point, V3(1, 0, 0));
  EXPECT_DOUBLE_EQ(first.distance, 1);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(geo::closest_point(kUnit, p).feature, first.feature);
  // Two collinear edges overlapping (c between a and b): the longest edge answers.
  const geo::Triangle<double> folded{{0, 0, 0}, {2, 0, 0}, {1, 0, 0}};
  const auto r = geo::closest_point(folded, V3(0.5, 1, 0));
  expect_vec(r.point, V3(0.5, 0, 0));
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Edge, 0}));
}

TEST(PointTriangle, NonFiniteInputIsRejected) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const auto r = geo::closest_point(kUnit, V3(nan, 0, 0));
  EXPECT_EQ(r.error, geo::QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(r.distance));  // refused: NaN, never an answer
  EXPECT_TRUE(std::isnan(r.point.x) && std::isnan(r.barycentric.y));
  const auto s = geo::closest_point(geo::Triangle<double>{{0, 0, 0}, {inf, 0, 0}, {0, 1, 0}}, V3(0));
  EXPECT_EQ(s.error, geo::QueryError::NonFiniteInput);
}

TEST(PointTriangle, FloatInstantiation) {
  const geo::Triangle<float> t{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const auto r = geo::closest_point(t, geo::Vec3<float>(0.25f, 0.25f, 1));
  EXPECT_FLOAT_EQ(r.distance, 1);
  EXPECT_EQ(r.feature, (FeatureRef{Feature::Face, 0}));
}

TEST(TriangleNormal, UnitFromTheWindingAndZeroWhenDegenerate) {
  expect_vec(geo::triangle_normal(kUnit), V3(0, 0, 1));
  expect_vec(geo::triangle_normal(geo::Triangle<double>{kUnit.a, kUnit.c, kUnit.b}), V3(0, 0, -1));
  expect_vec(geo::triangle_normal(geo::Triangle<double>{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}), V3(0));
  expect_vec(geo::triangle_normal(geo::Triangle<double>{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}), V3(0));
  // A needle far from the origin still has its exact normal.
  const V3 o(1e3, 1e3, 1e3);
  expect_vec(geo::triangle_normal(geo::Triangle<double>{o, o + V3(0, 1, 0), o + V3(1e-9, 1, 0)}), V3(0, 0, -1), 1e-12);
  EXPECT_EQ(geo::triangle_normal(geo::Triangle<double>{{0, 0, 0}, {NAN, 0, 0}, {0, 1, 0}}), V3(0));
}

using P2 = geo::Vec2<double>;

TEST(TriangleContains, ClosedInBothWindings) {
  const geo::Triangle<double> ccw{{0, 0, 5}, {4, 0, -1}, {0, 4, 2}};  // z is ignored
  const geo::Triangle<double> cw{ccw.a, ccw.c, ccw.b};
  for (const auto& t : {ccw, cw}) {
    EXPECT_TRUE(geo::contains(t, P2(1, 1)));
    EXPECT_TRUE(geo::contains(t, P2(2, 0)));  // on an edge
    EXPECT_TRUE(geo::contains(t, P2(2, 2)));  // on the hypotenuse
    EXPECT_TRUE(geo::contains(t, P2(0, 4)));  // a vertex
    EXPECT_FALSE(geo::contains(t, P2(2.01, 2)));
    EXPECT_FALSE(geo::contains(t, P2(-0.01, 1)));
    EXPECT_FALSE(geo::contains(t, P2(5, 0)));  // collinear with edge ab, beyond b
  }
}

// Regression: every edge test of a collinear triangle is zero, so a point on its line but
// beyond its end used to be "inside".
TEST(TriangleContains, DegenerateContainsExactlyItsSegment) {
  const geo::Triangle<double> collinear{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}};
  EXPECT_TRUE(geo::contains(collinear, P2(0.5, 0.5)));
  EXPECT_TRUE(geo::contains(collinear, P2(2, 2)));
  EXPECT_FALSE(geo::contains(collinear, P2(3, 3)));
  EXPECT_FALSE(geo::contains(collinear, P2(-1, -1)));
  EXPECT_FALSE(geo::contains(collinear, P2(1, 0)));
  const geo::Triangle<double> point{{1, 1, 0}, {1, 1, 0}, {1, 1, 0}};
  EXPECT_TRUE(geo::contains(point, P2(1, 1)));
  EXPECT_FALSE(geo::contains(point, P2(1, 1.001)));
}

// A point just beyond the tip of a needle is close to both long edge lines but outside.
TEST(TriangleContains, BeyondTheTipOfANeedle) {
  const geo::Triangle<double> needle{{0, 0, 0}, {10, 0, 0}, {10, 1e-9, 0}};
  EXPECT_FALSE(geo::contains(needle, P2(-1e-6, 0)));
  EXPECT_TRUE(geo::contains(needle, P2(5, 0.25e-9)));
  EXPECT_FALSE(geo::contains(needle, P2(5, 1e-9)));
  EXPECT_FALSE(geo::contains(needle, P2(0, NAN)));
  EXPECT_TRUE(geo::contains(geo::Triangle<float>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, geo::Vec2<float>(0.25f, 0.25f)));
}

}  // namespace
