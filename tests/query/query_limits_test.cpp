// The query tool's limits and failures: a line too deep, too long or with too many
// vertices is answered with an error and the next line still is; an input that cannot be
// read and an output that cannot be written stop it with one message and their status.
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using nlohmann::json;

namespace {
const std::string kTool = COLLISION_LAB_QUERY_BINARY;
const std::string kApp = COLLISION_LAB_BINARY;
const std::string kGoodLine =
    R"({"id":"next","op":"contains","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[0,0,0]})";

// Runs `binary` with a time limit, so that a hang fails the test (timeout exits 124).
ProcessResult run_limited(const std::string& binary, const std::string& arguments, const std::string& input = "") {
  return run_process("/usr/bin/timeout", "60 '" + binary + "' " + arguments, input);
}

// The same with stdout on /dev/full, where every write fails with ENOSPC.
ProcessResult run_into_full_disk(const std::string& binary, const std::string& arguments, const std::string& input) {
  return run_process("/bin/sh", "-c \"exec /usr/bin/timeout 60 '" + binary + "' " + arguments + " >/dev/full\"", input);
}

std::vector<json> answer_lines(const std::string& out) {
  std::vector<json> lines;
  std::istringstream produced(out);
  for (std::string line; std::getline(produced, line);) lines.push_back(json::parse(line));
  return lines;
}

std::string polyhedron_line(std::size_t vertex_count) {
  std::string line = R"({"id":"many","op":"contains","shape":{"type":"polyhedron","vertices":[)";
  for (std::size_t i = 0; i < vertex_count; ++i) {
    line += (i ? ",[" : "[") + std::to_string(i % 7) + "," + std::to_string(i % 11) + "," + std::to_string(i % 13) + "]";
  }
  return line + R"(]},"point":[0,0,0]})";
}

TEST(QueryLimits, AHundredThousandDeepIdIsAnErrorAndTheNextLineIsAnswered) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const std::string input = R"({"id":)" + deep + R"(,"op":"contains"})" "\n" + kGoodLine + "\n";
  const std::string path = write_file("deep.jsonl", input);
  for (const auto& result : {run_limited(kTool, "", input), run_limited(kTool, "--input '" + path + "'")}) {
    EXPECT_EQ(result.exit_code, 1) << result.err;
    const auto lines = answer_lines(result.out);
    ASSERT_EQ(lines.size(), 2u) << result.out;
    EXPECT_EQ(lines[0], json::parse(R"({"id":null,"error":"line 1: not JSON: nested deeper than 64 levels"})"));
    EXPECT_EQ(lines[1]["id"], "next");
    EXPECT_EQ(lines[1]["inside"], true);
  }
}

// A line of 4 MiB of small objects once took minutes (nlohmann's callback parser rescans
// each array after every object) and some 80 bytes of memory per byte of text.
TEST(QueryLimits, ALineOfManyValuesIsAnErrorAtOnceAndTheNextLineIsAnswered) {
  std::string objects;
  for (int i = 0; i < 1000000; ++i) objects += "{},";
  const std::string input = R"({"id":"many","junk":[)" + objects + R"({}],"op":"contains"})" "\n" + kGoodLine + "\n";
  const auto result = run_limited(kTool, "", input);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const auto lines = answer_lines(result.out);
  ASSERT_EQ(lines.size(), 2u) << result.out;
  EXPECT_EQ(lines[0]["error"], "line 1: not JSON: more than 1000000 values");
  EXPECT_EQ(lines[1]["id"], "next");
  // Just under the budget, objects parse in linear time: the line is answered (its op is
  // incomplete) within the subprocess's time limit.
  const std::string fewer = R"({"id":"fewer","junk":[)" + objects.substr(0, 3 * 450000) + R"({}],"op":"x"})" "\n";
  const auto answered = run_limited(kTool, "", fewer);
  EXPECT_NE(answered.out.find("unknown operation"), std::string::npos) << answered.out.substr(0, 200);
}

TEST(QueryLimits, QueryLinesNest64DeepScenesStill256) {
  const auto nested = [](int depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  EXPECT_NO_THROW(query::parse_json(nested(64), query::kMaxQueryLineDepth));
  EXPECT_THROW(query::parse_json(nested(65), query::kMaxQueryLineDepth), query::JsonInputError);
  EXPECT_NO_THROW(query::parse_json(nested(256)));
  // The deepest id a line may have is echoed in its answer.
  const std::string id = nested(63);
  const auto result = run_limited(kTool, "", R"({"id":)" + id + R"(,"op":"x"})" "\n");
  EXPECT_EQ(answer_lines(result.out).at(0)["id"], json::parse(id)) << result.out;
}

TEST(QueryLimits, ALineOverMaxLineBytesIsAnErrorAndTheNextLineIsAnswered) {
  const std::string padded = R"({"id":"long","pad":")" + std::string(2000, 'x') + R"("})";
  const std::string at_limit = kGoodLine + std::string(1000 - kGoodLine.size(), ' ');
  const std::string input = kGoodLine + "\n" + padded + "\n" + kGoodLine + "\n" + at_limit + "\n";
  for (const std::string& binary : {kTool, kApp}) {
    const auto result = run_limited(binary, std::string(binary == kApp ? "query " : "") + "--max-line-bytes 1000", input);
    EXPECT_EQ(result.exit_code, 1) << result.err;
    const auto lines = answer_lines(result.out);
    ASSERT_EQ(lines.size(), 4u) << result.out;
    EXPECT_EQ(lines[0]["inside"], true);
    EXPECT_EQ(lines[1], json::parse(R"j({"id":null,"error":"line 2: longer than 1000 bytes (see --max-line-bytes)"})j"));
    EXPECT_EQ(lines[2]["inside"], true);
    EXPECT_EQ(lines[3]["inside"], true) << lines[3];  // exactly 1000 bytes: answered
  }
  const auto refused = run_limited(kTool, "--max-line-bytes 0", kGoodLine + "\n");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err, "collision-lab-query: --max-line-bytes: Value 0 not in range 1 to 1073741824 (see --help)\n");
}

TEST(QueryLimits, TheLineReaderKeepsNoMoreThanTheLimit) {
  std::istringstream in("abc\r\n" + std::string(100000, 'x') + "\nlast");
  std::string line;
  EXPECT_EQ(query::read_query_line(in, line, 1000), query::LineRead::line);
  EXPECT_EQ(line, "abc");
  EXPECT_EQ(query::read_query_line(in, line, 1000), query::LineRead::too_long);
  EXPECT_LE(line.capacity(), 1000u);
  EXPECT_EQ(query::read_query_line(in, line, 1000), query::LineRead::line);
  EXPECT_EQ(line, "last");
  EXPECT_EQ(query::read_query_line(in, line, 1000), query::LineRead::end);
}

TEST(QueryLimits, APolyhedronOfMoreThan100000VerticesIsAnError) {
  const auto result = run_limited(kTool, "", polyhedron_line(query::kMaxShapeVertices + 1) + "\n" + kGoodLine + "\n");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const auto lines = answer_lines(result.out);
  ASSERT_EQ(lines.size(), 2u) << result.out;
  EXPECT_EQ(lines[0]["id"], "many");
  EXPECT_EQ(lines[0]["error"], "line 1: shape.vertices: 100001 points, more than the limit of 100000");
  EXPECT_EQ(lines[1]["inside"], true);
}

TEST(QueryLimits, AFailedWriteStopsWithExitStatus3) {
  const std::string input = kGoodLine + "\n" + kGoodLine + "\n";
  const auto answers = run_into_full_disk(kTool, "", input);
  EXPECT_EQ(answers.exit_code, 3);
  EXPECT_EQ(answers.err, "collision-lab-query: stdout: No space left on device\n");
  const auto tests = run_into_full_disk(kTool, "--emit-gtest", input);
  EXPECT_EQ(tests.exit_code, 3);
  EXPECT_EQ(tests.err, "collision-lab-query: stdout: No space left on device\n");
  const auto app = run_into_full_disk(kApp, "query", input);
  EXPECT_EQ(app.exit_code, 3);
  EXPECT_EQ(app.err, "collision-lab: stdout: No space left on device\n");
}

// Answers are flushed every 4096 lines: a failure is seen there, not after the whole input.
TEST(QueryLimits, AnswersAreWrittenAsTheyGo) {
  class CountingBuffer : public std::stringbuf {
   public:
    int syncs = 0;

   protected:
    int sync() override {
      ++syncs;
      return 0;
    }
  } buffer;
  std::ostream out(&buffer);
  std::string input;
  for (int i = 0; i < 2 * query::kLinesPerFlush; ++i) input += kGoodLine + "\n";
  std::istringstream in(input);
  EXPECT_EQ(query::run_query_lines(in, out), 0);
  EXPECT_EQ(buffer.syncs, 3);  // after 4096 and 8192 lines, and at the end
}

TEST(QueryLimits, AnInputThatCannotBeReadIsNamedWithExitStatus2) {
  const std::string directory = std::filesystem::path(temp_path("dir.jsonl")).string();
  std::filesystem::create_directories(directory);
  for (const std::string& arguments : {std::string(), std::string("--emit-gtest ")}) {
    const auto folder = run_limited(kTool, arguments + "--input '" + directory + "'");
    EXPECT_EQ(folder.exit_code, 2);
    EXPECT_EQ(folder.err, "collision-lab-query: " + directory + ": Is a directory\n");
    EXPECT_EQ(folder.out, "");
  }
  const auto redirected = run_process("/bin/sh", "-c \"exec /usr/bin/timeout 60 '" + kTool + "' <'" + directory + "'\"");
  EXPECT_EQ(redirected.exit_code, 2);
  EXPECT_EQ(redirected.err, "collision-lab-query: stdin: Is a directory\n");
  const auto app = run_limited(kApp, "query --input /nonexistent/q.jsonl");
  EXPECT_EQ(app.exit_code, 2);
  EXPECT_EQ(app.err, "collision-lab: /nonexistent/q.jsonl: No such file or directory\n");
  // One argument may be at most 128 KiB long on Linux: a 100,000-byte name stands for any.
  const std::string long_name = "/nonexistent/" + std::string(100000, 'q');
  const auto hostile = run_limited(kTool, "--input '" + long_name + "'");
  EXPECT_EQ(hostile.exit_code, 2);
  EXPECT_EQ(hostile.err, "collision-lab-query: " + query::cut_for_message(long_name) + ": File name too long\n");
}

// In process there is no 128 KiB limit on an argument: a 400 KB name.
TEST(QueryLimits, A400KbInputNameGivesOneShortLine) {
  query::QueryOptions options;
  options.input_path = "/nonexistent/" + std::string(400 * 1024, 'q');
  testing::internal::CaptureStderr();
  EXPECT_EQ(query::run_on_query_input(options, [](std::istream&) { return 0; }), 2);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "collision-lab: " + query::cut_for_message(options.input_path) + ": File name too long\n");
}

TEST(QueryLimits, CommandLineErrorsNameWhatIsWrong) {
  const auto unknown = run_limited(kTool, "--frobnicate");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "collision-lab-query: --frobnicate: unknown option or extra argument (see --help)\n");
  const auto empty = run_limited(kTool, "--input ''");
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_EQ(empty.err, "collision-lab-query: --input: needs a name, not an empty one (see --help)\n");
  const auto app = run_limited(kApp, "query --input");
  EXPECT_EQ(app.exit_code, 2);
  EXPECT_EQ(app.err, "collision-lab: --input: 1 required TEXT missing (see --help)\n");
}

TEST(QueryLimits, ObbAxesMessagesShowTheNumberThatBreaksTheTolerance) {
  std::istringstream in(
      R"({"op":"contains","shape":{"type":"obb","center":[0,0,0],"axes":[[1.0000011,0,0],[0,1,0],[0,0,1]],"half_extents":[1,1,1]},"point":[0,0,0]})" "\n"
      R"({"op":"contains","shape":{"type":"obb","center":[0,0,0],"axes":[[1,0,0],[0.0000011,1,0],[0,0,1]],"half_extents":[1,1,1]},"point":[0,0,0]})" "\n");
  std::ostringstream out;
  EXPECT_EQ(query::run_query_lines(in, out), 1);
  const auto lines = answer_lines(out.str());
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["error"], "line 1: shape.axes[0]: not unit length (length 1.0000011, tolerance 1e-6)");
  EXPECT_EQ(lines[1]["error"], "line 2: shape.axes: axes 0 and 1 are not orthogonal (dot 1.1e-06, tolerance 1e-6)");
}
}  // namespace
