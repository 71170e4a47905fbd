// GJK/EPA answers of the query mode: a separated overlap answer is a certificate on
// nearly touching pairs (its axis separates, its separation is at most the gap along
// it), coplanar polygons get their in-plane depth, and segment-triangle closest points
// name the segment's parameter.
#include "collision_lab/query/overlap_operations.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"
#include "tests/unit/gjk_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

using nlohmann::json;

namespace {

json answer(const std::string& line) {
  std::istringstream in(line + "\n");
  std::ostringstream out;
  query::run_query_lines(in, out);
  return json::parse(out.str());
}

TEST(GjkAnswers, SegmentTriangleClosestPointsNameTheSegmentParameter) {
  const std::string segment = R"({"type":"segment","a":[0.2,0.2,-1],"b":[0.2,0.2,3]})";
  const std::string triangle = R"({"type":"triangle","a":[0,0,0],"b":[1,0,0],"c":[0,1,0]})";
  const json crossing = answer(R"({"op":"closest_points","a":)" + segment + R"(,"b":)" + triangle + "}");
  ASSERT_TRUE(crossing.contains("s")) << crossing;
  EXPECT_DOUBLE_EQ(crossing["s"].get<double>(), 0.25);
  const json swapped = answer(R"({"op":"closest_points","a":)" + triangle + R"(,"b":)" + segment + "}");
  ASSERT_TRUE(swapped.contains("t")) << swapped;
  EXPECT_DOUBLE_EQ(swapped["t"].get<double>(), 0.25);
  const std::string above = R"({"type":"segment","a":[-1,-1,2],"b":[0.1,0.1,0.5]})";
  const json apart = answer(R"({"op":"closest_points","a":)" + above + R"(,"b":)" + triangle + "}");
  EXPECT_DOUBLE_EQ(apart["s"].get<double>(), 1) << apart;
}

TEST(GjkAnswers, CoplanarPolygonsGetTheirInPlaneDepth) {
  const std::string a = R"({"type":"polygon","vertices":[[0,0],[1,0],[1,1],[0,1]]})";
  const std::string b = R"({"type":"polygon","vertices":[[0.9,0],[1.9,0],[1.9,1],[0.9,1]]})";
  for (const std::string op : {R"("op":"overlap","method":"gjk")", R"("op":"closest_points")"}) {
    const json result = answer("{" + op + R"(,"a":)" + a + R"(,"b":)" + b + "}");
    SCOPED_TRACE(result.dump());
    EXPECT_EQ(result["method"], "gjk");
    EXPECT_NEAR(result["depth"].get<double>(), 0.1, 1e-15);
    EXPECT_NEAR(result["axis"][0].get<double>(), 1, 1e-15);
  }
}

// Exactly touching boxes: GJK cannot certify a verdict decided by rounding, so SAT answers
// (and says so), with a depth of 0, not -0.
TEST(GjkAnswers, TouchingBoxesFallBackToSatWithDepthZero) {
  const json touching = answer(R"({"op":"overlap","method":"gjk","a":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},)"
                               R"("b":{"type":"aabb","min":[1,0,0],"max":[2,1,1]}})");
  EXPECT_EQ(touching["method"], "sat") << touching;
  EXPECT_EQ(touching["overlap"], true) << touching;
  const double depth = touching["depth"].get<double>();
  EXPECT_EQ(depth, 0.0);
  EXPECT_FALSE(std::signbit(depth)) << touching;
}

TEST(GjkAnswers, NearlyTouchingOverlapAnswersAreCertificates) {
  using namespace gjk_oracle;
  oracle::Rng rng(0x9a5e);
  for (int n = 0; n < 400; ++n) {
    Pair pair = make_shapes(n % 2 ? PairKind::BoxBox : PairKind::HullHull, rng, 1, rng.integer(0, 2) == 0, 0);
    pair.b = translated(pair.b, rng.unit() * 4.0);
    const double gap = (rng.integer(0, 1) ? 1 : -1) * std::pow(10.0, rng.uniform(-12, -4)) * pair.size;
    slide_to_gap(pair, gap);
    const auto any = [](const Shape& s) {
      return std::visit([](const auto& x) -> geo::AnyShape<double> {
        if constexpr (std::is_constructible_v<geo::AnyShape<double>, decltype(x)>) return x;
        else return geo::Segment<double>{};
      }, s);
    };
    json request = {{"op", "overlap"}, {"method", "gjk"}};
    request["a"] = query::shape_json(any(pair.a));
    request["b"] = query::shape_json(any(pair.b));
    // The shapes as the tool reads them back (a polyhedron is rebuilt from its vertices).
    const auto read_a = query::as_convex(query::read_shape<double>(request["a"], "a"));
    const auto read_b = query::as_convex(query::read_shape<double>(request["b"], "b"));
    const bool apart = shape_distance(*read_a, *read_b).distance > 0;
    const auto result = query::overlap_operation<double>(request);
    SCOPED_TRACE("case " + std::to_string(n) + " gap " + std::to_string(gap) + ": " + result.dump());
    ASSERT_EQ(result["overlap"].get<bool>(), !apart);
    if (!apart) continue;
    const V axis(result["axis"][0].get<double>(), result["axis"][1].get<double>(), result["axis"][2].get<double>());
    const LVec3 unit = glm::normalize(oracle::to_long(axis));
    const L along = extent(to_polytope(*read_b), unit, false) - extent(to_polytope(*read_a), unit, true);
    ASSERT_GT(along, 0) << "the axis does not separate";
    ASSERT_LE(L(result["separation"].get<double>()), along + L(1e-15) * L(pair.size));
  }
}

}  // namespace
