// Triangle queries at every scale. Scaling an input by 2^k scales every sum and product of
// its coordinates exactly, so an answer must scale with it bit for bit: the same feature,
// the point and distance times 2^k, the squared distance times 2^2k. Before the queries
// scaled inputs beyond 2^±149 themselves (triangle_detail.h), a point above the face was
// answered on an edge at 1e-100 and at 1e100, and so were segment and triangle pairs.
#include "collision_lab/nearest.h"
#include "collision_lab/triangle.h"
#include "collision_lab/triangle_pairs.h"
#include "tests/unit/oracle_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using oracle::Family;
using V3 = geo::Vec3<double>;

V3 times(const V3& v, int k) { return {std::ldexp(v.x, k), std::ldexp(v.y, k), std::ldexp(v.z, k)}; }
geo::Triangle<double> times(const geo::Triangle<double>& t, int k) { return {times(t.a, k), times(t.b, k), times(t.c, k)}; }
geo::Segment<double> times(const geo::Segment<double>& s, int k) { return {times(s.a, k), times(s.b, k)}; }

// Within 2^±400 the families' squared distances stay normal numbers.
constexpr int kExponents[] = {-400, -333, -250, -160, -150, -100, 100, 150, 160, 250, 333, 400};

template <typename Result>
void expect_scaled(const Result& scaled, const Result& unit, int k, const std::string& where) {
  EXPECT_EQ(scaled.distance, std::ldexp(unit.distance, k)) << where;
  EXPECT_EQ(scaled.distance_squared, std::ldexp(unit.distance_squared, 2 * k)) << where;
  if constexpr (requires { unit.point; }) {
    EXPECT_EQ(scaled.point, times(unit.point, k)) << where;
    EXPECT_EQ(scaled.feature, unit.feature) << where;
  } else {
    EXPECT_EQ(scaled.a_point, times(unit.a_point, k)) << where;
    EXPECT_EQ(scaled.b_point, times(unit.b_point, k)) << where;
    EXPECT_EQ(scaled.a_feature, unit.a_feature) << where;
    EXPECT_EQ(scaled.b_feature, unit.b_feature) << where;
  }
}

TEST(TriangleScale, AnswersScaleExactlyWithTheInput) {
  for (Family family : oracle::kAllFamilies) {
    oracle::Rng rng(8800 + static_cast<int>(family));
    for (int i = 0; i < 300 && !::testing::Test::HasFailure(); ++i) {
      const oracle::Placement at = oracle::placement_for(family, rng);
      const geo::Triangle<double> t = oracle::random_triangle(family, rng, at);
      const geo::Triangle<double> u = oracle::random_triangle(family, rng, at);
      const geo::Segment<double> s = oracle::random_segment(family, rng, at);
      const V3 p = oracle::random_query(rng, at, t.a);
      const auto point = geo::closest_point(t, p);
      const auto lean = geo::nearest_point(t, p);
      const auto segment_pair = geo::closest_points(s, t);
      const auto triangle_pair = geo::closest_points(u, t);
      const V3 normal = geo::triangle_normal(t);
      for (int k : kExponents) {
        const std::string where = std::string(oracle::family_name(family)) + " case " + std::to_string(i) + " at 2^" +
                                  std::to_string(k);
        expect_scaled(geo::closest_point(times(t, k), times(p, k)), point, k, "point-triangle, " + where);
        EXPECT_EQ(geo::triangle_normal(times(t, k)), normal) << "normal, " << where;
        const auto scaled_lean = geo::nearest_point(times(t, k), times(p, k));
        EXPECT_EQ(scaled_lean.point, times(lean.point, k)) << "lean, " << where;
        EXPECT_EQ(scaled_lean.distance_squared, std::ldexp(lean.distance_squared, 2 * k)) << "lean, " << where;
        expect_scaled(geo::closest_points(times(s, k), times(t, k)), segment_pair, k, "segment-triangle, " + where);
        expect_scaled(geo::closest_points(times(u, k), times(t, k)), triangle_pair, k, "triangle-triangle, " + where);
      }
    }
  }
}

// The example that showed it: the point above the face of a right triangle, at 1e-100
// and 1e100, is 1 size away, on the face.
TEST(TriangleScale, APointAboveTheFaceAtExtremeScales) {
  for (double size : {1e-150, 1e-100, 1e100, 1e150}) {
    const geo::Triangle<double> t{{0, 0, 0}, {size, 0, 0}, {0, size, 0}};
    const auto r = geo::closest_point(t, V3(0.25 * size, 0.25 * size, size));
    EXPECT_EQ(r.feature.kind, geo::Feature::Face) << size;
    EXPECT_DOUBLE_EQ(r.distance / size, 1) << size;
    EXPECT_FALSE(r.degenerate) << size;
  }
}

}  // namespace
