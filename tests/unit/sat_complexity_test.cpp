// SAT between polyhedra pairs only the edges whose Gauss-map arcs cross: it must agree with
// the test over every edge pair (the same shapes without their arcs) on seeded hull pairs
// that overlap, are apart and touch, and test far fewer than n*m edge pairs on large hulls.
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"
#include "tests/unit/hull_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

using V = geo::Vec3<double>;
using Hull = geo::ConvexPolyhedron<double>;

Hull hull_of(const std::vector<V>& points) {
  auto built = geo::make_convex_hull(points);
  EXPECT_TRUE(built.ok());
  return built.hull;
}

Hull moved(Hull hull, const V& offset) {
  for (auto& v : hull.vertices) v += offset;
  for (auto& plane : hull.face_planes) plane.d += glm::dot(plane.normal, offset);
  return hull;
}

std::vector<V> on_sphere(oracle::Rng& rng, int count) {
  std::vector<V> points;
  for (int i = 0; i < count; ++i) points.push_back(rng.unit());
  return points;
}

// Sphere points, cube points in a turned frame, or a decorated box (parallel faces,
// collinear edges), the box turned or not: 8..64 points.
std::vector<V> cloud(oracle::Rng& rng, int family) {
  const int count = rng.integer(8, 64);
  if (family == 0) return on_sphere(rng, count);
  const hull_oracle::Frame frame = hull_oracle::random_frame(rng);
  std::vector<V> points;
  if (family == 1) {
    for (int i = 0; i < count; ++i) points.push_back(frame(rng.in_cube(1)));
    return points;
  }
  points = hull_oracle::decorated_box(rng, V(rng.uniform(0.3, 1), rng.uniform(0.3, 1), rng.uniform(0.3, 1)));
  if (family == 3) for (auto& p : points) p = frame(p);
  return points;
}

// The gap between the shapes' projections onto `axis`, b beyond a.
double gap_along(const Hull& a, const Hull& b, const V& axis) {
  double a_max = -INFINITY, b_min = INFINITY;
  for (const auto& v : a.vertices) a_max = std::max(a_max, glm::dot(axis, v));
  for (const auto& v : b.vertices) b_min = std::min(b_min, glm::dot(axis, v));
  return b_min - a_max;
}

// Culled and all-pairs SAT answer alike: the verdict, the depth, and the early-out's
// separation is the gap along its axis (a certificate).
void expect_agreement(const Hull& a, const Hull& b, const std::string& where) {
  SCOPED_TRACE(where);
  const auto culled_a = geo::sat_shape(a), culled_b = geo::sat_shape(b);
  ASSERT_EQ(culled_a.edge_arcs.size(), a.edges.size());
  ASSERT_EQ(culled_b.edge_arcs.size(), b.edges.size());
  auto every_pair_a = culled_a;
  every_pair_a.edge_arcs.clear();
  geo::SatTrace<double> trace;  // the test of every axis, as the all-pairs run takes
  const auto culled = geo::sat_overlap(culled_a, culled_b, {}, &trace);
  const auto all = geo::sat_overlap(every_pair_a, culled_b);
  ASSERT_TRUE(culled.ok() && all.ok());
  EXPECT_EQ(culled.overlap, all.overlap);
  EXPECT_LE(culled.axis_tests, all.axis_tests);
  if (culled.overlap && all.overlap) {
    EXPECT_NEAR(culled.depth, all.depth, 1e-12);
  }

  geo::SatOptions early_options;
  early_options.stop_at_separation = true;
  const auto early = geo::sat_overlap(culled_a, culled_b, early_options);
  EXPECT_EQ(early.overlap, culled.overlap);
  EXPECT_EQ(early.first_separating, culled.first_separating);
  if (!early.overlap) {
    EXPECT_GT(early.separation, 0);
    EXPECT_NEAR(gap_along(a, b, early.axis), early.separation, 1e-12);
    EXPECT_EQ(early.first_separating_axis.gap, early.separation);
  }
}

TEST(SatComplexity, CulledEdgePairsAgreeWithEveryEdgePair) {
  oracle::Rng rng(20131);
  for (int family = 0; family < 4; ++family) {
    for (int pair = 0; pair < 12; ++pair) {
      const Hull a = hull_of(cloud(rng, family)), b0 = hull_of(cloud(rng, family));
      const V direction = rng.unit();
      geo::SatOptions quick;
      quick.stop_at_separation = true;
      if (!geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b0), quick).overlap) continue;
      // Where B, moved along `direction`, stops touching A: bisected to the last bits.
      double lo = 0, hi = 8;
      for (int step = 0; step < 80 && lo < hi; ++step) {
        const double mid = 0.5 * (lo + hi);
        if (mid == lo || mid == hi) break;
        (geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(moved(b0, direction * mid)), quick).overlap ? lo : hi) = mid;
      }
      const std::string where = "family " + std::to_string(family) + " pair " + std::to_string(pair);
      expect_agreement(a, moved(b0, direction * (lo * rng.uniform(0, 0.95))), where + " overlapping");
      expect_agreement(a, moved(b0, direction * lo), where + " touching, inside");
      expect_agreement(a, moved(b0, direction * hi), where + " touching, outside");
      expect_agreement(a, moved(b0, direction * (hi + rng.uniform(0.01, 1))), where + " apart");
    }
  }
}

TEST(SatComplexity, BoxesTouchingFaceToFaceAgree) {
  oracle::Rng rng(7);
  const Hull a = hull_of(hull_oracle::decorated_box(rng, V(1, 0.5, 0.25)));
  const Hull b = hull_of(hull_oracle::decorated_box(rng, V(0.5, 0.5, 0.5)));
  for (const double offset : {1.5, 1.25, 1.0, 1.75}) expect_agreement(a, moved(b, V(offset, 0.2, 0.1)), "x " + std::to_string(offset));
  expect_agreement(a, moved(b, V(1.5, 1.0, 0.75)), "corner to corner");
}

TEST(SatComplexity, LargeHullsTestFarFewerEdgePairsThanNTimesM) {
  oracle::Rng rng(800);
  const Hull a = hull_of(on_sphere(rng, 200)), b = moved(hull_of(on_sphere(rng, 200)), V(0.6, 0.2, 0.1));
  const auto sa = geo::sat_shape(a), sb = geo::sat_shape(b);
  geo::SatTrace<double> trace;
  const auto result = geo::sat_overlap(sa, sb, {}, &trace);
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result.overlap);
  int edge_pairs = 0;
  for (const auto& axis : trace.axes) edge_pairs += axis.source == geo::AxisSource::EdgeEdge;
  const int n = static_cast<int>(sa.edge_directions.size()), m = static_cast<int>(sb.edge_directions.size());
  EXPECT_GT(n, 500);
  // The Minkowski difference of two sphere hulls has a number of edge-edge faces about
  // linear in the edges, where all pairs would be n*m (over 300,000 here).
  EXPECT_LT(edge_pairs, 4 * (n + m));
  EXPECT_LT(result.axis_tests, n * m / 20);
}

TEST(SatComplexity, EveryHullEdgeGetsItsTwoFaces) {
  oracle::Rng rng(3);
  const Hull hull = hull_of(on_sphere(rng, 100));
  const auto shape = geo::sat_shape(hull);
  ASSERT_EQ(shape.edge_arcs.size(), hull.edges.size());
  for (const auto& arc : shape.edge_arcs) {
    ASSERT_GE(arc.direction, 0);
    // The arc's great circle is square to the edge: both faces contain the edge.
    const V edge = shape.edge_directions[static_cast<std::size_t>(arc.direction)];
    EXPECT_NEAR(glm::dot(arc.normal_a, edge), 0, 1e-12);
    EXPECT_NEAR(glm::dot(arc.normal_b, edge), 0, 1e-12);
    EXPECT_GT(glm::length(arc.arc_plane), 1e-6);
  }
  // A hull whose face loops do not pair up with its edges keeps every pair (no arcs).
  Hull broken = hull;
  broken.edges.pop_back();
  EXPECT_TRUE(geo::sat_shape(broken).edge_arcs.empty());
}

TEST(SatComplexity, ManyParallelFacesAreTestedOnce) {
  // A prism of 100 sides, opposite sides parallel: 50 side axes and one for the caps, and
  // 50 cap edge directions and the vertical one; past the size where a grid finds repeats.
  std::vector<V> points;
  for (int k = 0; k < 100; ++k) {
    const double angle = 2 * M_PI * k / 100;
    for (const double z : {-1.0, 1.0}) points.push_back(V(std::cos(angle), std::sin(angle), z));
  }
  const auto shape = geo::sat_shape(hull_of(points));
  EXPECT_EQ(shape.face_normals.size(), 51u);
  EXPECT_EQ(shape.edge_directions.size(), 51u);
}

}  // namespace
