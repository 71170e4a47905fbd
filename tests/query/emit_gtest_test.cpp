// `--emit-gtest`: query lines as GoogleTest tests. The suite builds the tests written for
// tests/query/emit_gtest_cases.jsonl (and a copy with one expected number changed); these
// tests run both, check that the case file asks every question the tool answers, and check
// the emitter's text and messages in-process.
#include "collision_lab/query/gtest_code.h"
#include "collision_lab/query/gtest_emitter.h"
#include "collision_lab/query/runner.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

using nlohmann::json;
using namespace query;

namespace {
const std::string kCases = std::string(COLLISION_LAB_SOURCE_DIR) + "/tests/query/emit_gtest_cases.jsonl";

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(EmitGtest, TheEmittedTestsPassAndFailWhenAnExpectedNumberChanges) {
  const auto cases = read_lines(kCases);
  const auto passing = run_process(COLLISION_LAB_EMITTED_CASES_BINARY, "");
  EXPECT_EQ(passing.exit_code, 0) << passing.out;
  EXPECT_NE(passing.out.find("[  PASSED  ] " + std::to_string(cases.size()) + " tests."), std::string::npos)
      << passing.out;

  std::map<std::string, std::string> mutation;  // test, location, assertion
  for (const auto& line : read_lines(COLLISION_LAB_MUTATION_REPORT)) {
    mutation[line.substr(0, line.find('='))] = line.substr(line.find('=') + 1);
  }
  ASSERT_EQ(mutation.size(), 3u);
  const auto failing = run_process(COLLISION_LAB_MUTATED_CASES_BINARY, "");
  EXPECT_EQ(failing.exit_code, 1);
  // The changed assertion fails where it is, showing the expression and the changed number.
  const std::string assertion = mutation["assertion"];  // EXPECT_NEAR(expression, number, bound);
  const std::size_t comma = assertion.find(", "), second = assertion.find(", ", comma + 2);
  const std::string expression = assertion.substr(12, comma - 12);
  const std::string number = assertion.substr(comma + 2, second - comma - 2);
  const auto failure = failing.out.find(mutation["location"] + ": Failure\nThe difference between " + expression +
                                        " and " + number + " is ");
  ASSERT_NE(failure, std::string::npos) << mutation["location"] << "\n" << failing.out;
  // And nothing else fails.
  EXPECT_NE(failing.out.find("[  FAILED  ] " + mutation["test"] + " ("), std::string::npos) << failing.out;
  EXPECT_NE(failing.out.find(" 1 FAILED TEST"), std::string::npos) << failing.out;
}

// One shape of every type, as a query line writes it.
const std::map<std::string, json> kShapes = {
    {"line", json::parse(R"({"type":"line","origin":[0,0,0],"direction":[1,0,0]})")},
    {"ray", json::parse(R"({"type":"ray","origin":[0,0,0],"direction":[1,0,0]})")},
    {"segment", json::parse(R"({"type":"segment","a":[0,0,0],"b":[1,0,0]})")},
    {"plane", json::parse(R"({"type":"plane","normal":[0,0,1],"d":0})")},
    {"aabb", json::parse(R"({"type":"aabb","min":[0,0,0],"max":[1,1,1]})")},
    {"obb", json::parse(R"({"type":"obb","center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"half_extents":[1,1,1]})")},
    {"sphere", json::parse(R"({"type":"sphere","center":[0,0,0],"radius":1})")},
    {"triangle", json::parse(R"({"type":"triangle","a":[0,0,0],"b":[1,0,0],"c":[0,1,0]})")},
    {"polygon", json::parse(R"({"type":"polygon","vertices":[[0,0],[1,0],[0,1]]})")},
    {"polyhedron", json::parse(R"({"type":"polyhedron","vertices":[[0,0,0],[1,0,0],[0,1,0],[0,0,1]]})")},
};

// What a line asks: "overlap gjk sphere aabb", "closest_point polygon", "signed_distance".
std::string question(const json& request) {
  std::string text = request["op"].get<std::string>();
  if (request["op"] == "overlap") text += " " + request.value("method", std::string("sat"));
  for (const char* field : {"shape", "a", "b"}) {
    if (request.contains(field)) text += " " + request[field]["type"].get<std::string>();
  }
  return text;
}

// Every question the tool answers for some shapes of those types.
std::set<std::string> answered_questions() {
  std::vector<json> requests = {
      {{"op", "signed_distance"}, {"plane", kShapes.at("plane")}, {"point", {0.5, 0.5}}}};
  for (const auto& [type, shape] : kShapes) {
    for (const char* op : {"closest_point", "contains"}) requests.push_back({{"op", op}, {"shape", shape}, {"point", {0.5, 0.5}}});
    for (const auto& [other_type, other] : kShapes) {
      requests.push_back({{"op", "closest_points"}, {"a", shape}, {"b", other}});
      for (const char* method : {"sat", "gjk"}) requests.push_back({{"op", "overlap"}, {"method", method}, {"a", shape}, {"b", other}});
    }
  }
  std::set<std::string> answered;
  for (const auto& request : requests) {
    bool failed = false;
    answer_request(request, 1, failed);
    if (!failed) answered.insert(question(request));
  }
  return answered;
}

TEST(EmitGtest, TheCaseFileAsksEveryQuestionTheToolAnswersInBothPrecisions) {
  std::set<std::string> asked, asked_in_float;
  for (const auto& line : read_lines(kCases)) {
    const json request = json::parse(line);
    (request.value("precision", std::string("double")) == "float" ? asked_in_float : asked).insert(question(request));
  }
  const std::set<std::string> answered = answered_questions();
  EXPECT_GT(answered.size(), 150u);  // 10 shapes, 57 closest_points pairs, 49 overlap pairs by each method, ...
  for (const auto& question : answered) EXPECT_TRUE(asked.count(question)) << "no line asks: " << question;
  std::set<std::string> float_ops;
  for (const auto& question : asked_in_float) float_ops.insert(question.substr(0, question.find(' ')));
  EXPECT_EQ(float_ops, (std::set<std::string>{"closest_point", "closest_points", "signed_distance", "contains", "overlap"}));
}

TEST(EmitGtest, NumbersAreWrittenToReadBackAsTheSameValue) {
  EXPECT_EQ(cpp_number(2.0), "2.0");
  EXPECT_EQ(cpp_number(-0.0), "-0.0");
  EXPECT_EQ(cpp_number(0.1), "0.1");
  EXPECT_EQ(cpp_number(1e-7), "1e-07");
  EXPECT_EQ(cpp_number(1e21), "1e+21");
  EXPECT_EQ(cpp_number(1.5f), "1.5f");
  EXPECT_EQ(cpp_number(-0.0f), "-0.0f");
  EXPECT_EQ(cpp_number(0.1f), "0.1f");  // the float nearest 0.1, not the double
  EXPECT_EQ(cpp_number(16777216.0f), "16777216.0f");
  EXPECT_EQ(cpp_number(-std::numeric_limits<float>::infinity()), "-std::numeric_limits<float>::infinity()");
  std::mt19937_64 random(7);
  std::uniform_int_distribution<std::uint64_t> bits;
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t pattern = bits(random);
    double value = 0;
    float narrow = 0;
    std::memcpy(&value, &pattern, sizeof value);
    std::memcpy(&narrow, &pattern, sizeof narrow);
    if (std::isfinite(value)) {
      const std::string text = cpp_number(value);
      double back = 0;
      std::from_chars(text.data(), text.data() + text.size(), back);
      EXPECT_EQ(std::memcmp(&back, &value, sizeof value), 0) << text;
    }
    if (std::isfinite(narrow)) {
      const std::string text = cpp_number(narrow);
      ASSERT_EQ(text.back(), 'f') << text;
      float back = 0;
      std::from_chars(text.data(), text.data() + text.size() - 1, back);
      EXPECT_EQ(std::memcmp(&back, &narrow, sizeof narrow), 0) << text;
    }
  }
}

TEST(EmitGtest, TestNamesAreIdentifiersAndUnique) {
  EXPECT_EQ(cpp_test_name("sphere-box", 1), "SphereBox");
  EXPECT_EQ(cpp_test_name("overlap gjk aabb obb", 1), "OverlapGjkAabbObb");
  EXPECT_EQ(cpp_test_name(7, 3), "Id7");
  EXPECT_EQ(cpp_test_name(nullptr, 3), "Line3");
  EXPECT_EQ(cpp_test_name("-- \u00e9 --", 4), "Line4");
  const std::string line = R"({"id":"same","op":"contains","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[0,0,0]})";
  std::string error;
  const std::string file = emit_gtest({line, line}, error);
  EXPECT_EQ(error, "");
  EXPECT_NE(file.find("TEST(CollisionLabCase, Same) {"), std::string::npos) << file;
  EXPECT_NE(file.find("TEST(CollisionLabCase, SameLine2) {"), std::string::npos) << file;
  EXPECT_NE(file.find("EXPECT_TRUE(geo::contains(shape, point));"), std::string::npos) << file;
}

TEST(EmitGtest, ALineTheToolCannotAnswerIsNamedAndNothingIsWritten) {
  const std::string good = R"({"id":1,"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[3,1,0]})";
  std::string error;
  EXPECT_EQ(emit_gtest({good, R"({"id":2,"op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":-1},"point":[1,0,0]})"}, error), "");
  EXPECT_EQ(error, "line 2: shape.radius: must not be negative");
  EXPECT_EQ(emit_gtest({good, "not json"}, error), "");
  EXPECT_EQ(error.rfind("line 2: not JSON: ", 0), 0u) << error;
  EXPECT_EQ(emit_gtest({}, error), "");
  EXPECT_EQ(error, "no query lines to write tests for");
  EXPECT_NE(emit_gtest({good}, error).find("EXPECT_NEAR(result.distance, 1.4142135623730951, 3.0000000000000004e-09);"),
            std::string::npos);
  EXPECT_EQ(error, "");
}

TEST(EmitGtest, TheCommandWritesTheFileOrOneMessageAndExit2) {
  const std::string binary = COLLISION_LAB_QUERY_BINARY;
  const auto written = run_process(binary, "--emit-gtest --input '" + kCases + "'");
  EXPECT_EQ(written.exit_code, 0) << written.err;
  EXPECT_EQ(written.err, "");
  std::string error;
  EXPECT_EQ(written.out, emit_gtest(read_lines(kCases), error));

  const std::string path = temp_path("bad_cases.jsonl");
  std::ofstream(path) << R"({"id":1,"op":"contains","shape":{"type":"line","origin":[0,0,0],"direction":[1,0,0]},"point":[0,0,0]})" "\n";
  const auto bad = run_process(binary, "--emit-gtest --input '" + path + "'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(bad.err, "collision-lab-query: " + path +
                         ": line 1: shape: contains is defined for aabb, obb, sphere, triangle (2D), polygon and "
                         "polyhedron, not line\n");
  const auto empty = run_process(binary, "--emit-gtest", "");
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_EQ(empty.err, "collision-lab-query: stdin: no query lines to write tests for\n");
  const auto missing = run_process(binary, "--emit-gtest --input /nonexistent/cases.jsonl");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "collision-lab-query: /nonexistent/cases.jsonl: No such file or directory\n");
}
}  // namespace
