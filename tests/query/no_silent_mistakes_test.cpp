// No silent mistakes in a query line: a misspelt key is an error naming it and the key it
// is likely meant to be; NaN and Infinity (not JSON) are named with how to write the line;
// a null says null; an engine's own data under "meta" comes back untouched.
#include "collision_lab/query/runner.h"

#include <gtest/gtest.h>

#include <sstream>

using nlohmann::json;
using namespace query;

namespace {

const std::string kSphere = R"({"type":"sphere","center":[0,0,0],"radius":1})";

// The answer of each line, through the runner's fast path where the line is plain JSON.
std::vector<json> answers(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  run_query_lines(in, out);
  std::vector<json> lines;
  std::istringstream produced(out.str());
  for (std::string line; std::getline(produced, line);) lines.push_back(json::parse(line));
  return lines;
}

std::string error_of(const std::string& line) {
  const auto lines = answers(line + "\n");
  return lines.size() == 1 ? lines[0].value("error", "") : "";
}

TEST(NoSilentMistakes, AnUnknownKeyIsNamedWithTheKeyItIsLikelyMeantToBe) {
  EXPECT_EQ(error_of(R"({"op":"closest_point","precison":"float","shape":)" + kSphere + R"(,"point":[2,0,0]})"),
            "line 1: precison: unknown key in a closest_point line (did you mean \"precision\"?)");
  EXPECT_EQ(error_of(R"({"op":"overlap","a":)" + kSphere + R"(,"b":)" + kSphere + R"(,"metod":"gjk"})"),
            "line 1: metod: unknown key in an overlap line (did you mean \"method\"?)");
  EXPECT_EQ(error_of(R"({"op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"raduis":1},"point":[2,0,0]})"),
            "line 1: shape.raduis: unknown key in a sphere (did you mean \"radius\"?)");
  EXPECT_EQ(error_of(R"({"op":"closest_point","colour":"red","shape":)" + kSphere + R"(,"point":[2,0,0]})"),
            "line 1: colour: unknown key in a closest_point line (it has id, op, shape, point, precision, expect, "
            "tolerance, meta)");
  EXPECT_EQ(error_of(R"({"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[1,0,0],"c":[2,0,0]},"point":[2,0,0]})"),
            "line 1: shape.c: unknown key in a segment (it has type, a, b)")
      << "one letter is no typo of another";
  EXPECT_EQ(error_of(R"({"op":"closest_point","shape":)" + kSphere + R"(,"point":[2,0,0],"bad\nkey":1})"),
            "line 1: \"bad\\nkey\": unknown key in a closest_point line (it has id, op, shape, point, precision, "
            "expect, tolerance, meta)")
      << "quoted, so the message stays one line";
}

TEST(NoSilentMistakes, TheEnginesMetaComesBackUntouched) {
  const json meta = {{"frame", 1207}, {"bodies", {"wall-17", "player"}}, {"dt", 0.016666666666666666}};
  const auto lines = answers(R"({"id":1,"meta":)" + meta.dump() + R"(,"op":"closest_point","shape":)" + kSphere +
                             R"(,"point":[2,0,0]})" "\n" R"({"id":2,"meta":"kept","op":"closest_point","shape":)" +
                             kSphere + R"(,"point":[2,0]})" "\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["meta"], meta);
  EXPECT_EQ(lines[0]["distance"], 1);
  EXPECT_EQ(lines[1]["meta"], "kept") << "an error answer keeps it too: " << lines[1];
}

TEST(NoSilentMistakes, NanAndInfinityAreNamedWithHowToWriteTheLine) {
  const std::string nan_line = R"({"op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":NaN},"point":[1,0,0]})";
  EXPECT_EQ(error_of(nan_line), "line 1: not JSON: NaN at column " + std::to_string(nan_line.find("NaN") + 1) +
                                    ": JSON has no NaN or Infinity; write a finite number (Python's json.dumps writes "
                                    "them unless given allow_nan=False)");
  for (const std::string token : {"Infinity", "-Infinity"}) {
    const std::string line = R"({"op":"closest_point","shape":)" + kSphere + R"(,"point":[)" + token + ",0,0]}";
    EXPECT_EQ(error_of(line).rfind("line 1: not JSON: " + token + " at column " + std::to_string(line.find(token) + 1) +
                                       ": JSON has no NaN or Infinity",
                                   0),
              0u)
        << error_of(line);
  }
  EXPECT_EQ(error_of(R"({"id":"NaN Infinity","op":"closest_point","shape":)" + kSphere + R"(,"point":[2,0,0]})"), "")
      << "inside a string they are words";
}

TEST(NoSilentMistakes, ANullSaysNull) {
  EXPECT_EQ(error_of(R"({"op":"closest_point","shape":{"type":"sphere","center":[null,0,0],"radius":1},"point":[1,0,0]})"),
            "line 1: shape.center[0]: expected a number, got null");
}

}  // namespace
