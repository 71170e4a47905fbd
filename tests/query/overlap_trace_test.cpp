// The overlap query's "trace": without it SAT stops at the first separating axis and
// answers that axis and its gap; with it every axis is tested and the largest gap answers.
#include "collision_lab/query/runner.h"

#include <gtest/gtest.h>

#include <sstream>

using nlohmann::json;

namespace {

json answer(const std::string& line) {
  std::istringstream in(line + "\n");
  std::ostringstream out;
  query::run_query_lines(in, out);
  return json::parse(out.str());
}

// Unit boxes apart by 0.5 along x and 2 along y: the face axis x separates first (gap
// 0.5), y separates most (gap 2).
const std::string kBoxes =
    R"("op":"overlap","a":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"b":{"type":"aabb","min":[1.5,3,0],"max":[2.5,4,1]})";

TEST(OverlapTrace, WithoutTraceTheFirstSeparatingAxisAndItsGapAnswer) {
  const json quick = answer("{\"id\":1," + kBoxes + "}");
  EXPECT_EQ(quick["overlap"], false) << quick;
  EXPECT_EQ(quick["axis_tests"], 1) << quick;
  EXPECT_EQ(quick["first_separating_axis"], "face 0 of a") << quick;
  EXPECT_EQ(quick["axis"], json::array({1, 0, 0})) << quick;
  EXPECT_EQ(quick["separation"], 0.5) << quick;
  EXPECT_EQ(answer("{\"id\":1," + kBoxes + ",\"trace\":false}"), quick);
}

TEST(OverlapTrace, WithTraceEveryAxisIsTestedAndTheLargestGapAnswers) {
  const json traced = answer("{\"id\":1," + kBoxes + ",\"trace\":true}");
  EXPECT_EQ(traced["overlap"], false) << traced;
  EXPECT_EQ(traced["axis_tests"], 3) << traced;
  EXPECT_EQ(traced["first_separating_axis"], "face 0 of a") << traced;
  EXPECT_EQ(traced["axis"], json::array({0, 1, 0})) << traced;
  EXPECT_EQ(traced["separation"], 2) << traced;
}

TEST(OverlapTrace, OverlappingPairsAnswerAlikeEitherWay) {
  const std::string boxes =
      R"("op":"overlap","a":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"b":{"type":"aabb","min":[0.75,0.1,0.1],"max":[2,0.9,0.9]})";
  EXPECT_EQ(answer("{\"id\":1," + boxes + "}"), answer("{\"id\":1," + boxes + ",\"trace\":true}"));
}

TEST(OverlapTrace, ANonBooleanTraceIsALineError) {
  const json bad = answer("{\"id\":1," + kBoxes + ",\"trace\":\"yes\"}");
  ASSERT_TRUE(bad.contains("error")) << bad;
  EXPECT_EQ(bad["error"], "line 1: trace: expected true or false, got \"yes\"") << bad;
}

}  // namespace
