// What emitted tests assert: only what any correct answer gives (no internals), within the
// line's tolerance; and the adapter form, which asks the engine: built over our own
// library it passes, built with an adapter that has a bug it fails on exactly those lines.
#include "collision_lab/query/gtest_emitter.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>

using namespace query;

namespace {
const std::string kSource = COLLISION_LAB_SOURCE_DIR;

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(EmitGtest, TestsAssertNoInternalField) {
  for (const char* cases : {"/tests/query/emit_gtest_cases.jsonl", "/tests/query/adapter_cases.jsonl"}) {
    for (const std::string adapter : {"", "engine_adapter_of_mine.h"}) {
      SCOPED_TRACE(std::string(cases) + " " + adapter);
      std::string error;
      const std::string file = emit_gtest(read_lines(kSource + cases), error, adapter);
      ASSERT_EQ(error, "");
      // Internals: region dots, vertex weights, raw parameters, features, sides, traces,
      // iteration and axis counts, the first separating axis.
      const std::regex internal(
          R"(\b(d[1-6]|va|vb|vc|region_dots|barycentric|t_raw|s_raw|dot_start|dot_end|local|local_clamped|feature|)"
          R"(a_feature|b_feature|side|edge_distances|face_distances|iteration_count|axis_tests|first_separating|)"
          R"(first_separating_axis|separating_edge|separating_face|degenerate|distance_squared|center_distance)\b)");
      std::set<std::string> kinds;
      std::istringstream lines(file);
      for (std::string line; std::getline(lines, line);) {
        if (line.rfind("  EXPECT_", 0) != 0) continue;
        EXPECT_FALSE(std::regex_search(line, internal)) << line;
        kinds.insert(line.substr(2, line.find('(') - 2));
      }
      // Numbers within a bound; a verdict as it is; only an infinity exactly.
      for (const auto& kind : kinds) EXPECT_TRUE(kind == "EXPECT_NEAR" || kind == "EXPECT_TRUE" || kind == "EXPECT_FALSE" || kind == "EXPECT_EQ") << kind;
      EXPECT_TRUE(kinds.count("EXPECT_NEAR"));
    }
  }
}

TEST(EmitGtest, NumbersAgreeWithinTheLinesToleranceOrItsPrecisionsDefault) {
  const std::string segment = R"("op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[200,0,0]},"point":[300,100,0])";
  std::string error;
  const std::string file = emit_gtest({"{" + segment + "}", R"({"precision":"float",)" + segment + "}",
                                       R"({"tolerance":0.001,)" + segment + "}", R"({"tolerance":"loose",)" + segment + "}"},
                                      error);
  EXPECT_EQ(error, "line 4: cannot write a test: tolerance: expected a number >= 0, got string \"loose\"");
  const std::string good = emit_gtest({"{" + segment + "}", R"({"precision":"float",)" + segment + "}",
                                       R"({"tolerance":0.001,)" + segment + "}"}, error);
  EXPECT_EQ(error, "");
  // The bound is the tolerance times the larger of 1, the value and the line's largest
  // coordinate: 300 here.
  EXPECT_NE(good.find("EXPECT_NEAR(result.point.x, 200.0, 3.0000000000000004e-07);"), std::string::npos) << good;  // 1e-9
  EXPECT_NE(good.find("EXPECT_NEAR(result.point.y, 0.0, 3.0000000000000004e-07);"), std::string::npos) << good;
  EXPECT_NE(good.find("EXPECT_NEAR(result.point.x, 200.0f, 0.003);"), std::string::npos) << good;  // float: 1e-5
  EXPECT_NE(good.find("EXPECT_NEAR(result.point.x, 200.0, 0.3);"), std::string::npos) << good;     // the line's 1e-3
  const std::string near_origin = emit_gtest({R"({"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[0.5,0,0]},"point":[0.25,0.5,0]})"}, error);
  EXPECT_NE(near_origin.find("EXPECT_NEAR(result.point.x, 0.25, 1e-09);"), std::string::npos) << near_origin;  // at least 1
}

// The test names that failed, from a GoogleTest run's summary.
std::set<std::string> failed_tests(const std::string& out) {
  std::set<std::string> failed;
  const std::regex line(R"(\[  FAILED  \] (EngineCase\.\w+) \()");
  for (auto it = std::sregex_iterator(out.begin(), out.end(), line); it != std::sregex_iterator(); ++it) {
    failed.insert((*it)[1]);
  }
  return failed;
}

TEST(EmitGtest, AdapterTestsPassOverOurLibraryAndFailWhereTheEngineIsWrong) {
  const auto cases = read_lines(kSource + "/tests/query/adapter_cases.jsonl");
  const auto right = run_process(COLLISION_LAB_LIBRARY_ADAPTER_BINARY, "");
  EXPECT_EQ(right.exit_code, 0) << right.out;
  EXPECT_NE(right.out.find("[  PASSED  ] " + std::to_string(cases.size()) + " tests."), std::string::npos) << right.out;

  // The wrong adapter never clamps to the segment: the points beyond its ends fail.
  const auto wrong = run_process(COLLISION_LAB_WRONG_ADAPTER_BINARY, "");
  EXPECT_EQ(wrong.exit_code, 1) << wrong.out;
  EXPECT_EQ(failed_tests(wrong.out),
            (std::set<std::string>{"EngineCase.SegmentBeforeA", "EngineCase.SegmentBeyondB", "EngineCase.SegmentFloat"}))
      << wrong.out;
  // Each failure names the field and both numbers.
  EXPECT_NE(wrong.out.find("The difference between answer.point.x and 0.0 is 1, which exceeds 2e-09"), std::string::npos)
      << wrong.out;
}

TEST(EmitGtest, AdapterNeedsEmitGtestAndAName) {
  const std::string binary = COLLISION_LAB_QUERY_BINARY;
  const auto alone = run_process(binary, "--adapter mine.h", "");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("--adapter requires --emit-gtest"), std::string::npos) << alone.err;
  const auto written = run_process(binary, "--emit-gtest --adapter 'engine/adapter.h'",
                                   R"({"op":"contains","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[0,0,0]})");
  EXPECT_EQ(written.exit_code, 0) << written.err;
  EXPECT_NE(written.out.find("#include \"engine/adapter.h\"\n"), std::string::npos) << written.out;
  EXPECT_NE(written.out.find("const bool inside = collision_lab_adapter::contains(shape, point);\n  EXPECT_TRUE(inside);"),
            std::string::npos) << written.out;
}

}  // namespace
