// --check: an engine's CI step. Lines with "expect" are compared with their answers by the
// rule the app's case files use; each mismatch is a JSON line naming id, line, field,
// expected and actual; a summary line ends the run, and a failed expectation exits 1.
#include "collision_lab/query/expect.h"
#include "collision_lab/query/runner.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

using nlohmann::json;
using namespace query;

namespace {

// The segment from (0,0,0) to (2,0,0) and P = (3,1,0): the end B answers, at distance √2.
const std::string kSegment = R"("op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[3,1,0])";

std::string line(const std::string& fields) { return "{" + fields + "," + kSegment + "}\n"; }

struct Checked {
  int exit_code = 0;
  std::vector<json> lines;
};

Checked check(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  Checked checked;
  checked.exit_code = run_check_lines(in, out);
  std::istringstream produced(out.str());
  for (std::string text; std::getline(produced, text);) checked.lines.push_back(json::parse(text));
  return checked;
}

TEST(Check, EveryExpectationIsComparedAndEachMismatchIsALine) {
  const std::string input = line(R"("id":"wall-1","expect":{"distance":1.4142135623730951,"feature":"vertex b"})") +
                            line(R"("id":"wall-2","expect":{"distance":1.5,"point":[2,0,1]})") +
                            line(R"("id":"no-expect")") +
                            line(R"("id":"tight","tolerance":0.01,"expect":{"distance":1.5})") +
                            line(R"("id":"loose-enough","tolerance":0.1,"expect":{"distance":1.45})");
  const Checked checked = check(input);
  EXPECT_EQ(checked.exit_code, kExitLineFailed);
  ASSERT_EQ(checked.lines.size(), 5u + 3u + 1u) << "five answers, three mismatches, the summary";
  EXPECT_EQ(checked.lines[0]["id"], "wall-1");
  EXPECT_EQ(checked.lines[0]["feature"], "vertex b") << "the answer as without --check";
  EXPECT_EQ(checked.lines[1]["id"], "wall-2");
  const json& distance = checked.lines[2];
  EXPECT_EQ(distance["id"], "wall-2");
  EXPECT_EQ(distance["line"], 2);
  EXPECT_EQ(distance["mismatch"], "distance");
  EXPECT_EQ(distance["expected"], 1.5);
  EXPECT_NEAR(distance["actual"].get<double>(), std::sqrt(2.0), 1e-15);
  EXPECT_EQ(checked.lines[3]["mismatch"], "point[2]");
  EXPECT_EQ(checked.lines[3]["actual"], 0.0);
  EXPECT_EQ(checked.lines[4]["id"], "no-expect");
  EXPECT_EQ(checked.lines[5]["id"], "tight");
  EXPECT_EQ(checked.lines[6]["id"], "tight");
  EXPECT_EQ(checked.lines[6]["line"], 4) << "1.5 is 0.086 from √2: more than 0.01 × 1.5";
  EXPECT_EQ(checked.lines[7]["id"], "loose-enough") << "1.45 is 0.036 from √2: within 0.1 × 1.45";
  EXPECT_EQ(checked.lines[8], json({{"summary", "2 passed, 2 failed"}, {"passed", 2}, {"failed", 2}}));
}

TEST(Check, AllPassingExitsZeroAndLinesWithoutExpectAreAnsweredAsToday) {
  const std::string input = line(R"("id":1,"expect":{"feature":"vertex b"})") + line(R"("id":2)");
  const Checked checked = check(input);
  EXPECT_EQ(checked.exit_code, 0);
  ASSERT_EQ(checked.lines.size(), 3u);
  std::istringstream plain_in(input), checked_in(input);
  std::ostringstream plain, checked_out;
  run_query_lines(plain_in, plain);
  run_check_lines(checked_in, checked_out);
  EXPECT_EQ(checked_out.str().substr(0, plain.str().size()), plain.str()) << "the answers, byte for byte";
  EXPECT_EQ(checked.lines[2]["summary"], "1 passed, 0 failed");
}

TEST(Check, ABadExpectOrToleranceIsThatLinesErrorAndAFailedLineMissesItsFields) {
  const Checked checked = check(line(R"("id":1,"expect":5)") + line(R"("id":2,"expect":{},"tolerance":-1)") +
                                R"({"id":3,"op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":-1},"point":[1,0,0],"expect":{"distance":0}})" "\n" +
                                "not json\n");
  EXPECT_EQ(checked.exit_code, kExitLineFailed);
  ASSERT_EQ(checked.lines.size(), 4u + 1u + 1u);
  EXPECT_EQ(checked.lines[0]["error"], "line 1: expect: expected an object of answer fields, got number 5");
  EXPECT_EQ(checked.lines[1]["error"], "line 2: tolerance: expected a number >= 0, got number -1");
  EXPECT_TRUE(checked.lines[2].contains("error"));
  EXPECT_EQ(checked.lines[3]["mismatch"], "distance");
  EXPECT_TRUE(checked.lines[3]["actual"].is_null()) << "the failed line has no distance";
  EXPECT_EQ(checked.lines[4]["error"].get<std::string>().rfind("line 4: not JSON: ", 0), 0u);
  EXPECT_EQ(checked.lines[5]["summary"], "0 passed, 1 failed") << "bad expectations are errors, not checks";
}

// Both commands take --check, write the same bytes and say each mismatch on stderr.
TEST(Check, BothCommandsCheckAlikeAndSayEachMismatchOnStderr) {
  const std::string input = line(R"("id":"wall-2","expect":{"distance":1.5})") + line(R"("id":3)");
  const ProcessResult tool = run_process(COLLISION_LAB_QUERY_BINARY, "--check", input);
  const ProcessResult app = run_process(COLLISION_LAB_BINARY, "query --check", input);
  EXPECT_EQ(tool.exit_code, kExitLineFailed);
  EXPECT_EQ(tool.out, app.out);
  EXPECT_EQ(tool.err, "collision-lab-query: line 1, id \"wall-2\": distance: expected 1.5, got 1.4142135623730951\n");
  EXPECT_EQ(app.err, "collision-lab: line 1, id \"wall-2\": distance: expected 1.5, got 1.4142135623730951\n");
  const ProcessResult both = run_process(COLLISION_LAB_QUERY_BINARY, "--check --emit-gtest", input);
  EXPECT_EQ(both.exit_code, kExitBadInput) << "a test file or a check, not both";
}

}  // namespace
