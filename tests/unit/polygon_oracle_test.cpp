// Oracle tests of the convex polygon: build, contains and closest_point against long-double
// references on every input family, in double (ErrorTable bounds) and in float.
#include "collision_lab/polygon.h"
#include "tests/unit/polygon_support.h"

#include <gtest/gtest.h>

namespace {

using oracle::Family;
using oracle::LVec2;
using polygon_oracle::PolygonCase;

template <typename T>
std::vector<geo::Vec2<T>> converted(const std::vector<geo::Vec2<double>>& vertices) {
  std::vector<geo::Vec2<T>> out;
  for (const auto& v : vertices) out.push_back(geo::Vec2<T>(v));
  return out;
}

// The built polygon: every output vertex is an input vertex, it turns left at every
// corner, and every input vertex lies on it.
template <typename T>
void check_build(const geo::PolygonBuild<T>& build, const std::vector<geo::Vec2<T>>& input, double scale,
                 double tolerance) {
  const auto& out = build.polygon.vertices;
  ASSERT_GE(out.size(), 3u);
  for (const auto& v : out) ASSERT_NE(std::find(input.begin(), input.end(), v), input.end());
  for (std::size_t i = 0; i < out.size(); ++i) {
    const LVec2 a = oracle::to_long(out[i]), b = oracle::to_long(out[(i + 1) % out.size()]),
                c = oracle::to_long(out[(i + 2) % out.size()]);
    ASSERT_GT((b - a).x * (c - b).y - (b - a).y * (c - b).x, 0) << "not counter-clockwise at vertex " << i + 1;
  }
  const auto built = polygon_oracle::to_long_ccw(out, true);
  for (const auto& v : input) {
    ASSERT_LE(polygon_oracle::reference_distance(built, oracle::to_long(v)), tolerance * scale);
  }
}

template <typename T, typename Table>
void run_oracle(Table& distance_table, Table& contains_table, int cases, double tolerance_scale, std::uint64_t seed) {
  oracle::Rng rng(seed);
  const bool is_float = sizeof(T) == sizeof(float);
  for (Family family : oracle::kAllFamilies) {
    // Float spaces points 0.06 apart at 1e6: a polygon of size 1 there is not a float shape.
    if (is_float && family == Family::HugeOffset) continue;
    int collinear_in_float = 0;
    const double tolerance = tolerance_scale * oracle::tolerance_for(family);
    for (int n = 0; n < cases; ++n) {
      const PolygonCase shape = polygon_oracle::random_polygon(family, rng);
      const auto input = converted<T>(shape.vertices);
      const auto reference_ccw = polygon_oracle::to_long_ccw(input, shape.counter_clockwise);
      const auto build = geo::make_convex_polygon(input);
      // Slivers thinner than float's tolerance are segments in float: rejected, rightly.
      if (is_float && !build.ok() && build.message.find("collinear") != std::string::npos) {
        ++collinear_in_float;
        continue;
      }
      ASSERT_TRUE(build.ok()) << oracle::family_name(family) << " case " << n << ": " << build.message;
      const auto q3 = oracle::random_query(rng, {shape.size, {shape.centre.x, shape.centre.y, 0}},
                                           {shape.centre.x, shape.centre.y, 0});
      const geo::Vec2<T> query(static_cast<T>(q3.x), static_cast<T>(q3.y));
      const double scale = polygon_oracle::scale_2d(input, query);
      if (n < 200) check_build(build, input, scale, tolerance);

      // (a) the distance against the long-double enumeration of every feature.
      geo::PolygonTrace<T> trace;
      const auto result = geo::closest_point(build.polygon, query, &trace);
      ASSERT_TRUE(result.ok());
      const LVec2 lq = oracle::to_long(query);
      const long double reference = polygon_oracle::reference_distance(reference_ccw, lq);
      distance_table.record(family, oracle::relative_error(result.distance, reference, scale));
      ASSERT_EQ(trace.edge_distances.size(), build.polygon.vertices.size());

      // (b) the definition: the point is on the polygon, and no sample of it is closer.
      ASSERT_LE(polygon_oracle::reference_distance(reference_ccw, oracle::to_long(result.point)), tolerance * scale);
      if (result.feature.kind == geo::Feature::Inside) {
        ASSERT_EQ(result.point, query);
      }
      const auto& v = build.polygon.vertices;
      for (int s = 0; s < 60; ++s) {
        const std::size_t i = static_cast<std::size_t>(s) % v.size();
        const LVec2 a = oracle::to_long(v[i]), b = oracle::to_long(v[(i + 1) % v.size()]);
        const long double t = s < static_cast<int>(v.size()) ? 0.0L : rng.uniform(0, 1);
        const LVec2 sample = a + (b - a) * t;
        ASSERT_GE(glm::length(sample - lq), result.distance - tolerance * scale);
      }

      // contains: every edge distance against long double, and the verdict where it is clear.
      const auto containment = geo::contains(build.polygon, query, &trace);
      ASSERT_TRUE(containment.ok());
      double worst = 0;
      for (std::size_t i = 0; i < v.size(); ++i) {
        const LVec2 a = oracle::to_long(v[i]), ab = oracle::to_long(v[(i + 1) % v.size()]) - a;
        const long double exact = ((lq - a).x * ab.y - (lq - a).y * ab.x) / glm::length(ab);
        worst = std::max(worst, oracle::relative_error(trace.edge_distances[i], exact, scale));
      }
      contains_table.record(family, worst);
      if (reference > tolerance * scale) {
        ASSERT_FALSE(containment.inside);
      }
      if (reference == 0) {
        ASSERT_TRUE(containment.inside);
      }
    }
    if (collinear_in_float > 0) {
      std::printf("[oracle] polygon<float> %s: %d of %d rejected as collinear in float\n",
                  oracle::family_name(family), collinear_in_float, cases);
    }
  }
}

TEST(PolygonOracle, DoubleAgainstLongDouble) {
  oracle::ErrorTable distance("polygon closest_point<double>");
  oracle::ErrorTable edges("polygon contains<double> edges");
  run_oracle<double>(distance, edges, oracle::kCasesPerFamily, 1, 0x9017);
}

TEST(PolygonOracle, FloatAgainstLongDouble) {
  polygon_oracle::BoundedErrorTable distance("polygon closest_point<float>", 1e-4, 1e-3);
  polygon_oracle::BoundedErrorTable edges("polygon contains<float> edges", 1e-4, 1e-3);
  run_oracle<float>(distance, edges, 500, 1e6, 0xf1047);
}

}  // namespace
