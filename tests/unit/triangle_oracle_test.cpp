// Oracle tests of point-triangle, triangle_normal and contains against long-double
// references and against the definition (no sampled point of the triangle is closer).
#include "collision_lab/triangle.h"
#include "tests/unit/triangle_reference.h"

#include <gtest/gtest.h>

namespace {

using oracle::Family;
using reference::L;

// The shared families, with half of the slivers moved far from the origin (1e3..1e5),
// where unshifted barycentric formulas lose everything.
geo::Triangle<double> oracle_triangle(Family family, oracle::Rng& rng, oracle::Placement& at, bool flat = false) {
  if (family == Family::Sliver && rng.integer(0, 1)) at.offset *= std::pow(10.0, rng.uniform(2, 4));
  return oracle::random_triangle(family, rng, at, flat);
}

template <typename T>
void run_point_triangle_oracle(int cases_per_family, const char* name) {
  typename oracle::TableFor<T>::type table(name);
  oracle::Rng rng(20261121);
  for (Family family : oracle::kAllFamilies) {
    for (int i = 0; i < cases_per_family; ++i) {
      oracle::Placement at = oracle::placement_for(family, rng);
      const geo::Triangle<T> triangle = oracle::cast<T>(oracle_triangle(family, rng, at));
      const geo::Vec3<double> center = (geo::Vec3<double>(triangle.a) + geo::Vec3<double>(triangle.b) + geo::Vec3<double>(triangle.c)) / 3.0;
      const geo::Vec3<T> p(oracle::random_query(rng, at, center));

      const geo::TriangleClosestPoint<T> result = geo::closest_point(triangle, p);
      ASSERT_TRUE(result.ok());
      const reference::LTriangle lt = reference::to_long(triangle);
      const oracle::LVec3 lp = oracle::to_long(p);
      const L expected = reference::point_triangle(lt, lp);
      const double scale = oracle::problem_scale(geo::Vec3<double>(triangle.a), geo::Vec3<double>(triangle.b),
                                                 geo::Vec3<double>(triangle.c), geo::Vec3<double>(p));
      table.record(family, oracle::relative_error(result.distance, expected, scale));

      // The definition: the point is on the triangle, its barycentrics reproduce it, and no
      // sampled point of the triangle is closer.
      const double magnitude = glm::length(geo::Vec3<double>(p)) + glm::length(geo::Vec3<double>(triangle.a));
      const double slack = oracle::definition_slack<T>(family, scale, magnitude);
      const oracle::LVec3 point = oracle::to_long(result.point);
      ASSERT_LE(static_cast<double>(reference::point_triangle(lt, point)), slack) << "point off the triangle";
      const geo::Vec3<T>& w = result.barycentric;
      ASSERT_NEAR(static_cast<double>(w.x + w.y + w.z), 1.0, 8 * std::numeric_limits<T>::epsilon());
      ASSERT_GE(std::min({w.x, w.y, w.z}), T(0));
      const oracle::LVec3 rebuilt = lt.v[0] * L(w.x) + lt.v[1] * L(w.y) + lt.v[2] * L(w.z);
      ASSERT_LE(static_cast<double>(reference::distance(rebuilt, point)), slack) << "barycentrics do not give the point";
      for (const oracle::LVec3& sample : reference::samples(lt, rng, 60)) {
        ASSERT_GE(static_cast<double>(reference::distance(lp, sample)), result.distance - slack) << "a closer point exists";
      }
    }
  }
}

TEST(TriangleOracle, PointTriangleDouble) { run_point_triangle_oracle<double>(oracle::kCasesPerFamily, "point-triangle"); }
TEST(TriangleOracle, PointTriangleFloat) { run_point_triangle_oracle<float>(500, "point-triangle"); }

// The normal is unit, orthogonal to every edge, and agrees with the long-double normal;
// zero exactly for exactly degenerate triangles.
TEST(TriangleOracle, NormalAgreesWithLongDouble) {
  oracle::Rng rng(7);
  for (Family family : {Family::WellShaped, Family::Sliver, Family::Needle, Family::HugeOffset, Family::Tiny}) {
    for (int i = 0; i < 1000; ++i) {
      oracle::Placement at = oracle::placement_for(family, rng);
      const geo::Triangle<double> t = oracle_triangle(family, rng, at);
      const geo::Vec3<double> n = geo::triangle_normal(t);
      const reference::LTriangle lt = reference::to_long(t);
      const oracle::LVec3 ln = reference::cross(lt.v[1] - lt.v[0], lt.v[2] - lt.v[0]);
      ASSERT_NEAR(glm::length(n), 1.0, 1e-14);
      // The sine of the angle to the exact normal: accurate to rounding over the height.
      const L longest = std::max({reference::length(lt.v[1] - lt.v[0]), reference::length(lt.v[2] - lt.v[1]),
                                  reference::length(lt.v[0] - lt.v[2])});
      const L height = reference::length(ln) / longest;
      const double magnitude = std::max({glm::length(t.a), glm::length(t.b), glm::length(t.c)});
      const L sine = reference::length(reference::cross(oracle::to_long(n), ln)) / reference::length(ln);
      ASSERT_LE(static_cast<double>(sine), 64 * 2.3e-16 * magnitude / static_cast<double>(height) + 1e-14)
          << family_name(family);
      ASSERT_GT(static_cast<double>(reference::dot(oracle::to_long(n), ln)), 0.0) << "orientation: ab x ac";
    }
  }
}

// 2D containment against a long-double classification, away from the tolerance band.
TEST(TriangleOracle, ContainsAgreesWithLongDouble) {
  oracle::Rng rng(11);
  int inside = 0, outside = 0;
  for (Family family : {Family::WellShaped, Family::Sliver, Family::Needle, Family::HugeOffset, Family::Tiny}) {
    for (int i = 0; i < 2000; ++i) {
      oracle::Placement at = oracle::placement_for(family, rng);
      const geo::Triangle<double> t = oracle_triangle(family, rng, at, true);
      const geo::Vec3<double> center = (t.a + t.b + t.c) / 3.0;
      geo::Vec3<double> q = oracle::random_query(rng, at, center);
      q.z = 0;
      const L d = reference::point_triangle(reference::to_long(t), oracle::to_long(q));
      const double size = oracle::problem_scale(t.a, t.b, t.c);
      if (d > 0 && d < 1e-9 * size + 1e-12 * glm::length(q)) continue;  // inside the tolerance band
      const bool expected = d == 0;
      ASSERT_EQ(geo::contains(t, geo::Vec2<double>(q.x, q.y)), expected) << family_name(family) << " distance " << double(d);
      (expected ? inside : outside)++;
    }
  }
  EXPECT_GT(inside, 500);
  EXPECT_GT(outside, 500);
}

}  // namespace
