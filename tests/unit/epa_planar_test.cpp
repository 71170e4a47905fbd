// EPA on a flat Minkowski difference (both shapes in one plane): the depth is the least
// translation within the plane, which SAT on the same polygons finds independently, and
// moving B by depth * axis separates the shapes.
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "collision_lab/sat.h"
#include "tests/unit/oracle_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

using Polygon = geo::ConvexPolygon<double>;
using Shape = geo::ConvexShape<double>;

Polygon moved(Polygon polygon, const geo::Vec3<double>& offset) {
  for (auto& v : polygon.vertices) v += geo::Vec2<double>(offset.x, offset.y);
  return polygon;
}

// Moving B by (depth + margin) * axis leaves a gap; by (depth - margin) * axis it still overlaps.
void expect_minimum_translation(const Polygon& a, const Polygon& b, const geo::EpaResult<double>& r, double margin) {
  EXPECT_NEAR(r.axis.z, 0, 1e-15);
  EXPECT_FALSE(geo::gjk_distance(Shape(a), Shape(moved(b, r.axis * (r.depth + margin)))).overlap);
  if (r.depth > margin) {
    EXPECT_TRUE(geo::gjk_distance(Shape(a), Shape(moved(b, r.axis * (r.depth - margin)))).overlap);
  }
}

TEST(EpaPlanar, UnitSquaresOffsetInXSeparateAlongX) {
  const Polygon a{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
  const Polygon b{{{0.9, 0}, {1.9, 0}, {1.9, 1}, {0.9, 1}}};
  const auto r = geo::epa_penetration(Shape(a), Shape(b));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 0.1, 1e-15);
  EXPECT_NEAR(r.axis.x, 1, 1e-15);
  expect_minimum_translation(a, b, r, 1e-9);
}

// A convex polygon: 3 to 8 points on an ellipse at sorted random angles (counter-clockwise).
Polygon random_polygon(oracle::Rng& rng, const geo::Vec2<double>& centre) {
  std::vector<double> angles(static_cast<std::size_t>(rng.integer(3, 8)));
  for (auto& angle : angles) angle = rng.uniform(0, 6.283185307179586);
  std::sort(angles.begin(), angles.end());
  const double rx = rng.uniform(0.3, 2), ry = rng.uniform(0.3, 2);
  Polygon polygon;
  for (double angle : angles) polygon.vertices.push_back(centre + geo::Vec2<double>(rx * std::cos(angle), ry * std::sin(angle)));
  return polygon;
}

TEST(EpaPlanar, RandomCoplanarPolygonsAgreeWithSat) {
  oracle::Rng rng(0x91a4);
  int overlapping = 0;
  for (int n = 0; n < 2000; ++n) {
    const Polygon a = random_polygon(rng, {rng.uniform(-1, 1), rng.uniform(-1, 1)});
    const Polygon b = random_polygon(rng, {rng.uniform(-1, 1), rng.uniform(-1, 1)});
    const auto sat = geo::sat_overlap(a, b);
    ASSERT_TRUE(sat.ok());
    if (!sat.overlap || sat.depth < 1e-6) continue;
    ++overlapping;
    const auto epa = geo::epa_penetration(Shape(a), Shape(b));
    ASSERT_TRUE(epa.ok());
    SCOPED_TRACE("case " + std::to_string(n));
    EXPECT_TRUE(epa.overlap);
    EXPECT_NEAR(epa.depth, sat.depth, 1e-9);
    expect_minimum_translation(a, b, epa, 1e-9);
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(overlapping, 500);
}

}  // namespace
