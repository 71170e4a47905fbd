// Case files never refuse: each line is a row, a line the tool cannot answer is an error
// row with the tool's own message, the engine's ids are kept, a row is framed on its own
// shapes, and the shown row's check follows the figure through edits, undo and reloads.
#include "app/document/document.h"
#include "collision_lab/query/runner.h"
#include "tests/support/app_dump.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace {
using nlohmann::json;

const std::string kBinary = COLLISION_LAB_BINARY;

json dump_of(const std::string& arguments, const std::string& name) {
  return ::dump_of(kBinary, arguments + " --size 1280x800", name);
}

// Three good lines and four bad ones: not JSON, an unknown op, NaN, and one over the limit.
std::string mixed_cases() {
  const std::string sphere = R"("shape":{"type":"sphere","center":[0,0,0],"radius":1})";
  return R"({"id":"broken","op":"closest_point",)" "\n"
         R"({"id":"wall-1","op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[1,1,0],"expect":{"distance":1}})" "\n"
         R"({"id":"typo","op":"closest_pont",)" + sphere + R"(,"point":[3,0,0]})" "\n"
         R"({"id":"wall-2","op":"contains",)" + sphere + R"(,"point":[0,0,0],"meta":{"frame":17}})" "\n"
         R"({"id":"nan","op":"closest_point",)" + sphere + R"(,"point":[NaN,0,0]})" "\n"
         R"({"id":7,"op":"closest_point",)" + sphere + R"(,"point":[3,0,0],"expect":{"distance":1.5}})" "\n"
         R"({"id":"huge","op":"contains",)" + sphere + R"(,"point":[0,0,0],"pad":")" +
         std::string(query::kDefaultMaxLineBytes, 'x') + "\"}\n";
}

TEST(CaseRows, ThreeGoodLinesAndFourBadOnesOpenAsSevenRows) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "screenshots need an X display (make test provides Xvfb)";
  const std::string path = write_file("mixed-cases.jsonl", mixed_cases());
  const json dump = dump_of("'" + path + "' --case 2", "mixed-cases");
  ASSERT_TRUE(dump.contains("cases"));
  const json& rows = dump["cases"];
  ASSERT_EQ(rows.size(), 7u);
  const std::vector<std::pair<int, std::string>> errors = {
      {1, "line 1: not JSON: column 37: unexpected end of input; expected string literal"},
      {3, "line 3: op: unknown operation \"closest_pont\" (expected closest_point, closest_points, signed_distance, contains or overlap)"},
      {5, "line 5: not JSON: NaN at column 97: JSON has no NaN or Infinity; write a finite number"},
      {7, "line 7: longer than 16777216 bytes (see --max-line-bytes)"}};
  for (const auto& [line, message] : errors) {
    const json& row = rows[static_cast<std::size_t>(line - 1)];
    EXPECT_EQ(row["line"], line);
    ASSERT_TRUE(row.contains("error")) << row;
    EXPECT_EQ(row["error"].get<std::string>().substr(0, message.size()), message);
  }
  EXPECT_EQ(rows[2]["id"], "typo") << "an error row keeps the id it could read";
  for (int line : {2, 4, 6}) EXPECT_FALSE(rows[static_cast<std::size_t>(line - 1)].contains("error")) << line;
  EXPECT_EQ(rows[1]["id"], "wall-1");
  EXPECT_EQ(rows[1]["ok"], true);
  EXPECT_EQ(rows[3]["id"], "wall-2");
  EXPECT_EQ(rows[5]["id"], 7);
  EXPECT_EQ(rows[5]["ok"], false);
  EXPECT_EQ(rows[5]["mismatches"][0]["actual"], 2);

  // Row 2 shows, its query under the engine's name.
  EXPECT_EQ(dump["case"], 2);
  EXPECT_EQ(dump["queries"][0]["id"], "wall-1");
  EXPECT_EQ(dump["results"][0]["id"], "wall-1");
  EXPECT_EQ(dump["case_check"], json::array()) << "the expectation holds for the figure";

  // An error row is selected with its message; the figure is the one shown before.
  const json error_row = dump_of("'" + path + "' --case 3", "mixed-cases-error");
  EXPECT_EQ(error_row["case"], 3);
  EXPECT_EQ(error_row["case_problem"], rows[2]["error"]);

  // The tool answers the same lines with the same messages.
  const auto tool = run_process(kBinary, "query --input '" + path + "'");
  EXPECT_EQ(tool.exit_code, query::kExitLineFailed) << tool.err;
  std::istringstream answers(tool.out);
  std::string answer;
  for (std::size_t i = 0; std::getline(answers, answer); ++i) {
    ASSERT_LT(i, rows.size());
    const json line = json::parse(answer);
    EXPECT_EQ(line.contains("error"), rows[i].contains("error")) << answer;
    if (line.contains("error")) {
      EXPECT_EQ(line["error"], rows[i]["error"]);
    }
    if (i == 3) {
      EXPECT_EQ(line["meta"], json({{"frame", 17}})) << "meta passes through";
    }
  }
}

TEST(CaseRows, AMisspeltKeyIsAnErrorRowWithASuggestionAndMetaPassesThrough) {
  std::vector<CaseRow> rows;
  std::string error;
  const std::string text =
      R"({"id":"p1","op":"closest_point","precison":"float","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[3,0,0]})" "\n"
      R"({"id":"p2","op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[3,0,0],"meta":{"engine":{"frame":[1,2]}}})";
  ASSERT_TRUE(read_cases(text, rows, error)) << error;
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].error, "line 1: precison: unknown key in a closest_point line (did you mean \"precision\"?)");
  EXPECT_TRUE(rows[1].error.empty());
  EXPECT_EQ(rows[1].answer["meta"], json({{"engine", {{"frame", {1, 2}}}}}));
}

TEST(CaseRows, AFloatCaseFarFromTheOriginIsFramedOnItsOwnShapes) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "screenshots need an X display (make test provides Xvfb)";
  const std::string path = write_file(
      "float-case.jsonl",
      R"({"id":"seg-5000","op":"closest_point","precision":"float","shape":{"type":"segment","a":[5000,5000,0],"b":[5000.75,5000.5,0]},"point":[5000.5,5000.1,0]})" "\n");
  const json dump = dump_of("'" + path + "'", "float-case");
  ASSERT_EQ(dump["sample"], "any-query");
  const json& viewport = dump["viewport"];  // x, y, width, height
  double low_x = 1e300, high_x = -1e300, low_y = 1e300, high_y = -1e300;
  for (const auto& handle : dump["handles"]) {
    EXPECT_TRUE(handle["visible"].get<bool>()) << handle;
    const double x = handle["screen"][0], y = handle["screen"][1];
    low_x = std::min(low_x, x), high_x = std::max(high_x, x), low_y = std::min(low_y, y), high_y = std::max(high_y, y);
  }
  EXPECT_EQ(dump["handles"].size(), 3u) << "the segment's ends and P: no unused shape";
  const double spread = std::max((high_x - low_x) / viewport[2].get<double>(), (high_y - low_y) / viewport[3].get<double>());
  EXPECT_GE(spread, 0.5) << "the handles span " << spread << " of the view";
}

// "holds", or the shown row's mismatches, one per line; "none" without a check.
std::string checks(const Document& document, const SampleHost& host) {
  const auto now = document.shown_case_mismatches(host);
  if (!now) return "none";
  if (now->empty()) return "holds";
  std::string text;
  for (const auto& m : *now) text += query::mismatch_text(m) + "\n";
  return text;
}

// The shown row's check is the figure's: an edit, an undo and a reload each change it.
TEST(CaseRows, TheShownRowsCheckFollowsEditsUndoAndReloads) {
  const auto line = [](double y, double expected) {
    return R"({"id":"w","op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[1,)" +
           std::to_string(y) + R"(,0],"expect":{"distance":)" + std::to_string(expected) + "}}\n";
  };
  const std::string path = write_file("follow.jsonl", line(1, 1));
  SampleHost host;
  Document document;
  std::string error;
  ASSERT_TRUE(document.open(path, 0, host, error)) << error;
  EXPECT_EQ(checks(document, host), "holds");

  const SampleState before = host.sample()->state;
  host.sample()->state.points[0].position.y = 3;  // P, three above the segment
  host.sample()->update(0);
  host.record_edit("Edit values", before);
  EXPECT_EQ(checks(document, host), "distance: expected 1, got 3\n");
  ASSERT_TRUE(host.undo());
  EXPECT_EQ(checks(document, host), "holds");

  // Reloaded with P at 2: the figure shows the new line; undo brings the edited one back,
  // and the check is against what is shown.
  host.sample()->state.points[0].position.y = 3;
  host.sample()->update(0);
  host.record_edit("Edit values", before);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << line(2, 2);
  ASSERT_TRUE(document.open(path, 0, host, error, "Reload follow.jsonl", true)) << error;
  EXPECT_EQ(checks(document, host), "holds");
  ASSERT_TRUE(host.undo());
  EXPECT_EQ(checks(document, host), "distance: expected 2, got 3\n");
}

}  // namespace
