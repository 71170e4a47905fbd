// Closest points between lines, rays and segments: exact textbook cases, every clamping
// case, parallel and zero-length shapes, and the nearly parallel trap.
#include "collision_lab/linear_pairs.h"
#include "tests/unit/triangle_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using geo::Feature;
using geo::FeatureRef;
using V3 = geo::Vec3<double>;
using Seg = geo::Segment<double>;

constexpr FeatureRef kStart{Feature::Vertex, 0}, kEnd{Feature::Vertex, 1}, kInterior{Feature::Edge, 0};

void expect_vec(const V3& actual, const V3& expected, double tolerance = 1e-15) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

TEST(LinearPairs, SkewSegmentsMeetInTheirInteriors) {
  const auto r = geo::closest_points(Seg{{0, 0, 0}, {1, 0, 0}}, Seg{{0.5, -1, 1}, {0.5, 1, 1}});
  ASSERT_TRUE(r.ok());
  EXPECT_DOUBLE_EQ(r.distance, 1);
  EXPECT_DOUBLE_EQ(r.distance_squared, 1);
  EXPECT_DOUBLE_EQ(r.s, 0.5);
  EXPECT_DOUBLE_EQ(r.t, 0.5);
  EXPECT_DOUBLE_EQ(r.s_raw, 0.5);
  EXPECT_DOUBLE_EQ(r.t_raw, 0.5);
  expect_vec(r.a_point, V3(0.5, 0, 0));
  expect_vec(r.b_point, V3(0.5, 0, 1));
  EXPECT_EQ(r.a_feature, kInterior);
  EXPECT_EQ(r.b_feature, kInterior);
  EXPECT_FALSE(r.parallel);
}

// The supporting lines meet at (2, 0, 0): s_raw = 2, t_raw = -1, both clamped to the ends.
TEST(LinearPairs, BothParametersClamped) {
  const auto r = geo::closest_points(Seg{{0, 0, 0}, {1, 0, 0}}, Seg{{2, 1, 0}, {2, 2, 0}});
  EXPECT_DOUBLE_EQ(r.s_raw, 2);
  EXPECT_DOUBLE_EQ(r.t_raw, -1);
  EXPECT_DOUBLE_EQ(r.s, 1);
  EXPECT_DOUBLE_EQ(r.t, 0);
  EXPECT_DOUBLE_EQ(r.distance, std::sqrt(2.0));
  EXPECT_EQ(r.a_feature, kEnd);
  EXPECT_EQ(r.b_feature, kStart);
  expect_vec(r.a_point, V3(1, 0, 0));
  expect_vec(r.b_point, V3(2, 1, 0));
}

// One parameter clamped, the other then re-solved: s clamps to 0, t = projection of a.
TEST(LinearPairs, OneParameterClampedThenTheOtherResolved) {
  const auto r = geo::closest_points(Seg{{0, 0, 0}, {1, 0, 0}}, Seg{{-1, -1, 1}, {-1, 3, 1}});
  EXPECT_DOUBLE_EQ(r.s, 0);
  EXPECT_DOUBLE_EQ(r.t, 0.25);
  EXPECT_DOUBLE_EQ(r.distance, std::sqrt(2.0));
  EXPECT_EQ(r.a_feature, kStart);
  EXPECT_EQ(r.b_feature, kInterior);
}

TEST(LinearPairs, ParallelOverlappingAnswersAtTheStartOfTheFirst) {
  const auto r = geo::closest_points(Seg{{0, 0, 0}, {2, 0, 0}}, Seg{{-1, 1, 0}, {3, 1, 0}});
  EXPECT_TRUE(r.parallel);
  EXPECT_DOUBLE_EQ(r.distance, 1);
  EXPECT_DOUBLE_EQ(r.s, 0);
  EXPECT_DOUBLE_EQ(r.t, 0.25);
  EXPECT_EQ(r.a_feature, kStart);
  // Where the start of the first is not on a closest pair, the pair starts where b does.
  const auto later = geo::closest_points(Seg{{0, 0, 0}, {2, 0, 0}}, Seg{{1, 1, 0}, {3, 1, 0}});
  EXPECT_DOUBLE_EQ(later.distance, 1);
  EXPECT_DOUBLE_EQ(later.s, 0.5);
  EXPECT_DOUBLE_EQ(later.t, 0);
  // Deterministic: the same answer every time.
  const auto again = geo::closest_points(Seg{{0, 0, 0}, {2, 0, 0}}, Seg{{1, 1, 0}, {3, 1, 0}});
  EXPECT_EQ(again.s, later.s);
  EXPECT_EQ(again.t, later.t);
}

TEST(LinearPairs, ParallelDisjointAndAntiparallel) {
  const auto r = geo::closest_points(Seg{{0, 0, 0}, {1, 0, 0}}, Seg{{3, 1, 0}, {2, 1, 0}});
  EXPECT_TRUE(r.parallel);
  EXPECT_DOUBLE_EQ(r.distance, std::sqrt(2.0));
  EXPECT_DOUBLE_EQ(r.s, 1);
  EXPECT_DOUBLE_EQ(r.t, 1);
  EXPECT_EQ(r.a_feature, kEnd);
  EXPECT_EQ(r.b_feature, kEnd);
}

TEST(LinearPairs, ZeroLengthSegmentsArePoints) {
  const auto r = geo::closest_points(Seg{{0.5, 1, 0}, {0.5, 1, 0}}, Seg{{0, 0, 0}, {1, 0, 0}});
  EXPECT_TRUE(r.a_degenerate);
  EXPECT_FALSE(r.b_degenerate);
  EXPECT_FALSE(r.parallel);
  EXPECT_DOUBLE_EQ(r.distance, 1);
  EXPECT_DOUBLE_EQ(r.s, 0);
  EXPECT_DOUBLE_EQ(r.t, 0.5);
  EXPECT_EQ(r.a_feature, kStart);
  const auto both = geo::closest_points(Seg{{1, 2, 3}, {1, 2, 3}}, Seg{{1, 2, 5}, {1, 2, 5}});
  EXPECT_TRUE(both.a_degenerate && both.b_degenerate);
  EXPECT_DOUBLE_EQ(both.distance, 2);
  // A line with a zero direction is its origin.
  const auto line = geo::closest_points(geo::Line<double>{{0, 0, 1}, {0, 0, 0}}, geo::Line<double>{{5, 0, 0}, {1, 0, 0}});
  EXPECT_TRUE(line.a_degenerate);
  EXPECT_DOUBLE_EQ(line.distance, 1);
  EXPECT_DOUBLE_EQ(line.t, -5);
}

TEST(LinearPairs, LinesAndRays) {
  // Skew lines: the x axis and a line along y at height 1 through x = 3.
  const auto lines = geo::closest_points(geo::Line<double>{{0, 0, 0}, {2, 0, 0}}, geo::Line<double>{{3, 5, 1}, {0, -1, 0}});
  EXPECT_DOUBLE_EQ(lines.distance, 1);
  EXPECT_DOUBLE_EQ(lines.s, 1.5);
  EXPECT_DOUBLE_EQ(lines.t, 5);
  EXPECT_EQ(lines.a_feature, kInterior);
  // Parallel lines: answered at the first line's origin.
  const auto parallel = geo::closest_points(geo::Line<double>{{1, 0, 0}, {1, 0, 0}}, geo::Line<double>{{7, 2, 0}, {-3, 0, 0}});
  EXPECT_TRUE(parallel.parallel);
  EXPECT_DOUBLE_EQ(parallel.distance, 2);
  EXPECT_DOUBLE_EQ(parallel.s, 0);
  EXPECT_DOUBLE_EQ(parallel.t, 2);
  // Rays pointing away from each other: their origins.
  const auto rays = geo::closest_points(geo::Ray<double>{{0, 0, 0}, {-1, 0, 0}}, geo::Ray<double>{{1, 1, 0}, {1, 0, 0}});
  EXPECT_DOUBLE_EQ(rays.distance, std::sqrt(2.0));
  EXPECT_EQ(rays.a_feature, kStart);
  EXPECT_EQ(rays.b_feature, kStart);
  EXPECT_DOUBLE_EQ(rays.s_raw, 0);
  // A ray crossing a segment, a line against a segment end.
  const auto ray_segment = geo::closest_points(geo::Ray<double>{{0, -1, 0}, {0, 2, 0}}, Seg{{-1, 0, 0}, {1, 0, 0}});
  EXPECT_DOUBLE_EQ(ray_segment.distance, 0);
  EXPECT_DOUBLE_EQ(ray_segment.s, 0.5);
  EXPECT_DOUBLE_EQ(ray_segment.t, 0.5);
  const auto segment_line = geo::closest_points(Seg{{1, 0, 0}, {2, 0, 0}}, geo::Line<double>{{0, 0, 1}, {0, 1, 0}});
  EXPECT_DOUBLE_EQ(segment_line.distance, std::sqrt(2.0));
  EXPECT_EQ(segment_line.a_feature, kStart);
  EXPECT_EQ(segment_line.b_feature, kInterior);
  const auto line_ray = geo::closest_points(geo::Line<double>{{0, 0, 0}, {0, 0, 1}}, geo::Ray<double>{{1, 0, 5}, {1, 0, 0}});
  EXPECT_DOUBLE_EQ(line_ray.distance, 1);
  EXPECT_DOUBLE_EQ(line_ray.s, 5);
  EXPECT_EQ(line_ray.b_feature, kStart);
}

// The trap: B crosses under A at x = 0.5 with slope 1e-8. a*e - b*b cancels to rounding
// noise, the textbook clamps s to 0 first and answers 5.1e-9; the answer is 1e-9.
TEST(LinearPairs, NearlyParallelSegmentsMatchTheOracle) {
  for (double slope : {1e-6, 1e-7, 1e-8, 3e-9, 1e-12}) {
    const Seg a{{0, 0, 0}, {1, 0, 0}}, b{{-1, -1.5 * slope, 1e-9}, {2, 1.5 * slope, 1e-9}};
    const auto r = geo::closest_points(a, b);
    const double expected = static_cast<double>(reference::linear_pair(reference::linear(a), reference::linear(b)));
    EXPECT_NEAR(expected, 1e-9, 1e-20);
    EXPECT_NEAR(r.distance, expected, 1e-20) << "slope " << slope;
    // Where they cross is ill-conditioned along the common direction: rounding / slope.
    EXPECT_NEAR(r.s, 0.5, 1e-15 / slope);
    EXPECT_NEAR(r.t, 0.5, 1e-15 / slope);
    EXPECT_FALSE(r.parallel);
  }
}

// Nearly parallel lines meet far away; the distance there is still exact.
TEST(LinearPairs, NearlyParallelLinesMeetFarAway) {
  const geo::Line<double> a{{0, 0, 0}, {1, 0, 0}}, b{{0, 1e-6, 0}, {1, -1e-12, 0}};
  const auto r = geo::closest_points(a, b);
  EXPECT_FALSE(r.parallel);
  EXPECT_DOUBLE_EQ(r.distance, 0);
  EXPECT_NEAR(r.s, 1e6, 1e-6);
  EXPECT_NEAR(r.t, 1e6, 1e-6);
}

TEST(LinearPairs, NonFiniteInputIsRejected) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const auto r = geo::closest_points(Seg{{0, 0, 0}, {nan, 0, 0}}, Seg{{0, 1, 0}, {1, 1, 0}});
  EXPECT_EQ(r.error, geo::QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(r.distance));  // refused: NaN, never an answer
  EXPECT_TRUE(std::isnan(r.a_point.x));
  const auto s = geo::closest_points(geo::Ray<double>{{0, 0, 0}, {1, 0, 0}}, geo::Line<double>{{0, 0, 0}, {inf, 0, 0}});
  EXPECT_EQ(s.error, geo::QueryError::NonFiniteInput);
}

TEST(LinearPairs, FloatInstantiation) {
  using F = geo::Segment<float>;
  const auto r = geo::closest_points(F{{0, 0, 0}, {1, 0, 0}}, F{{0.5f, -1, 1}, {0.5f, 1, 1}});
  EXPECT_FLOAT_EQ(r.distance, 1);
  EXPECT_FLOAT_EQ(r.s, 0.5f);
}

}  // namespace
