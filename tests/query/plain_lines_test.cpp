// The runner's fast path answers byte for byte as the nlohmann path does: every line of
// the shipped and test corpora, seeded random lines of every operation and shape written
// in many number formats, and malformed lines; its reader reads numbers as nlohmann does;
// and the block reader splits lines as read_query_line does.
#include "collision_lab/query/flat_json.h"
#include "collision_lab/query/plain_lines.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>

using nlohmann::json;

namespace {
std::string nlohmann_answer(const std::string& line) {
  bool failed = false;
  return query::to_json_line(query::answer_query_line(line, 1, failed));
}

// Checks the fast answer of each line that has one; returns how many had one.
int expect_same_answers(const std::vector<std::string>& lines) {
  query::FlatJson reader(query::kMaxQueryLineDepth, query::kMaxQueryLineValues);
  int fast = 0;
  for (const auto& line : lines) {
    std::string answer = "kept";
    if (!query::answer_plain_line(line, reader, answer)) {
      EXPECT_EQ(answer, "kept") << line;
      continue;
    }
    ++fast;
    EXPECT_EQ(answer, "kept" + nlohmann_answer(line)) << line;
  }
  return fast;
}

std::vector<std::string> file_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A number as some writer of query lines might write it.
std::string written(double value, int style) {
  char buffer[64];
  switch (style) {
    case 0:
      if (std::abs(value) < 1e18) return std::to_string(static_cast<long long>(std::round(value)));
      [[fallthrough]];
    case 1:
      std::snprintf(buffer, sizeof buffer, "%.17g", value); return buffer;
    case 2: std::snprintf(buffer, sizeof buffer, "%.6e", value); return buffer;
    case 3: std::snprintf(buffer, sizeof buffer, "%.3f", value); return buffer;
    default: return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
  }
}

class RandomLines {
 public:
  explicit RandomLines(unsigned seed) : random_(seed) {}

  std::string number() {
    const double scale = std::pow(10.0, pick(-3, 4) * 4.0 - 4);  // 1e-16 .. 1e12: some out of range for float
    const double value = std::uniform_real_distribution<double>(-2, 2)(random_) * scale;
    return written(value, pick(0, 4));
  }
  std::string point() { return "[" + number() + "," + number() + "," + (pick(0, 4) ? number() : "0") + "]"; }
  std::string point_2d() { return "[" + number() + "," + number() + "]"; }

  std::string shape() {
    switch (pick(0, 9)) {
      case 0: return R"({"type":"segment","a":)" + point() + R"(,"b":)" + point() + "}";
      case 1: return R"({"type":"line","origin":)" + point() + R"(,"direction":)" + point() + "}";
      case 2: return R"({"type":"ray","origin":)" + point() + R"(,"direction":)" + point() + "}";
      case 3: return R"({"type":"triangle","a":)" + point() + R"(,"b":)" + point() + R"(,"c":)" + point() + "}";
      case 4: return R"({"type":"aabb","min":[-1,-2,-3],"max":)" + point() + "}";
      case 5: return R"({"type":"sphere","center":)" + point() + R"(,"radius":)" + number() + "}";
      case 6:
        return R"({"type":"obb","center":)" + point() +
               R"(,"axes":[[0.6,0.8,0],[-0.8,0.6,0],[0,0,1]],"half_extents":[1,2,0.5]})";
      case 7: return R"({"type":"plane","normal":)" + point() + R"(,"d":)" + number() + "}";
      case 8: return R"({"type":"polygon","vertices":[[0,0],[4,0],[5,3],)" + point_2d() + "]}";
      default:
        return R"({"type":"polyhedron","vertices":[[0,0,0],[2,0,0],[0,2,0],[0,0,2],)" + point() + "]}";
    }
  }

  std::string line(int index) {
    static const char* const kIds[] = {"1", "-0", "\"text id\"", "null", "true", "1.5", "{\"a\":1}", "\"caf\\u00e9\""};
    std::string text = "{\"id\":" + std::string(kIds[index % 8]);
    switch (pick(0, 5)) {
      case 0: text += R"(,"op":"closest_point","shape":)" + shape() + R"(,"point":)" + point(); break;
      case 1: text += R"(,"op":"closest_points","a":)" + shape() + R"(,"b":)" + shape(); break;
      case 2: text += R"(,"op":"signed_distance","plane":)" + shape() + R"(,"point":)" + point(); break;
      case 3: text += R"(,"op":"contains","shape":)" + shape() + R"(,"point":)" + point(); break;
      case 4: text += R"(,"op":"overlap","a":)" + shape() + R"(,"b":)" + shape(); break;
      default: text += R"(,"point":)" + point() + R"(,"op":"closest_point","shape":)" + shape(); break;
    }
    if (pick(0, 5) == 0) text += R"(,"precision":"float")";
    return text + "}";
  }

 private:
  int pick(int low, int high) { return std::uniform_int_distribution<int>(low, high)(random_); }
  std::mt19937 random_;
};
}  // namespace

TEST(PlainLines, TheShippedAndTestCorporaAnswerAsTheNlohmannPathDoes) {
  auto lines = file_lines(COLLISION_LAB_SOURCE_DIR "/assets/queries/examples.jsonl");
  const auto cases = file_lines(COLLISION_LAB_SOURCE_DIR "/tests/query/emit_gtest_cases.jsonl");
  lines.insert(lines.end(), cases.begin(), cases.end());
  EXPECT_GT(expect_same_answers(lines), 100);  // of 371; overlaps are left to the nlohmann path
}

TEST(PlainLines, SeededRandomLinesOfEveryOperationAnswerAsTheNlohmannPathDoes) {
  RandomLines random(20261124);
  std::vector<std::string> lines;
  for (int i = 0; i < 6000; ++i) lines.push_back(random.line(i));
  EXPECT_GT(expect_same_answers(lines), 1000);  // the rest: errors, overlaps and ids the fast path leaves
}

TEST(PlainLines, MalformedAndUnusualLinesAreLeftToTheNlohmannPath) {
  const std::string segment = R"("shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]})";
  const std::vector<std::string> lines = {
      "", " ", "{}", "[]", "null", "{", "{\"id\":1,", R"({"id":1,"op":"closest_point",)" + segment + "}",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[3,1,0]} x)",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[3,1,0],"point":[4,1,0]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[3,1,0],})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[03,1,0]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[3.,1,0]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[1e999,1,0]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[1e-999,1,0]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[NaN,1,0]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[-0,-0.0,-0e5]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[123456789012345678901234567890,1,0]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[1E+2,4.9406564584124654e-324,2.2250738585072014e-308]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[3,1,"0"]})",
      R"({"id":"a\"b","op":"closest_point",)" + segment + R"(,"point":[3,1,0]})",
      "{\"id\":\"\x7f\",\"op\":\"closest_point\"," + segment + R"(,"point":[3,1,0]})",
      "{\"id\":\"caf\xc3\xa9\",\"op\":\"closest_point\"," + segment + R"(,"point":[3,1,0]})",
      "\xef\xbb\xbf{\"id\":1,\"op\":\"closest_point\"," + segment + R"(,"point":[3,1,0]})",
      " \t{ \"id\" : 9223372036854775807 , \"op\" : \"closest_point\" , " + segment + R"( , "point" : [ 3 , 1 , 0 ] } )",
      R"({"id":-9223372036854775808,"op":"closest_point",)" + segment + R"(,"point":[3,1,0]})",
      R"({"id":18446744073709551615,"op":"closest_point",)" + segment + R"(,"point":[3,1,0]})",
      R"({"id":1,"op":"closest_point","precision":"half",)" + segment + R"(,"point":[3,1,0]})",
      R"({"id":1,"op":"closest_point","precision":1,)" + segment + R"(,"point":[3,1,0]})",
      R"({"id":1,"op":"nearest",)" + segment + R"(,"point":[3,1,0]})",
      R"({"id":1,"op":["closest_point"],)" + segment + R"(,"point":[3,1,0]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[1e200,1,0]})",
      R"({"id":1,"op":"closest_point",)" + segment + R"(,"point":[1e-200,0,0],"shape":null})",
      R"({"id":1,"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[1e-200,0,0]},"point":[0,0,0]})",
      R"({"id":1,"op":"contains","shape":{"type":"polygon","vertices":[[0,0],[1,0],[0,1]]},"point":[0,0,1]})",
      R"({"id":1,"op":"closest_point","shape":{"type":"triangle","a":[0,0,0],"b":[1e150,0,0],"c":[0,1e150,0]},"point":[1e150,1e150,0]})",
      R"({"id":1,"op":"overlap","a":{"type":"sphere","center":[0,0,0],"radius":1},"b":{"type":"sphere","center":[1,0,0],"radius":1}})",
      std::string(70, '[') + std::string(70, ']'),
  };
  expect_same_answers(lines);
}

// A cap on the digits counted once put 1e-5 and 1e3, written with 100,000 zeros or an
// exponent past 100,000, through the exact short-number conversion as 1; and empty arrays
// count towards the value limit in the nlohmann path's pre-scan, so a line of 600,000 of
// them is refused there and must not be answered here.
TEST(PlainLines, HugeDigitStringsAndManyEmptyArraysAnswerAsTheNlohmannPathDoes) {
  const std::string head = R"({"id":1,"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[)";
  std::string empties;
  for (int k = 0; k < 600000; ++k) empties += "[],";
  const std::vector<std::string> lines = {
      head + "0." + std::string(100004, '0') + "1e100000,1,0]}",
      head + "0." + std::string(99999, '0') + "1e100003,1,0]}",
      head + "1,1,0],\"pad\":[" + empties + "[]]}",
  };
  expect_same_answers(lines);
}

TEST(PlainLines, NumbersAreReadToTheBitAsNlohmannReadsThem) {
  std::mt19937_64 random(7);
  query::FlatJson reader(query::kMaxQueryLineDepth, query::kMaxQueryLineValues);
  int read = 0;
  for (int i = 0; i < 200000; ++i) {
    double value = 0;
    switch (i % 5) {
      case 0: value = std::bit_cast<double>(random()); break;                                     // any bits
      case 1: value = std::bit_cast<double>(random() & 0x800fffffffffffffULL); break;              // subnormals
      case 2: value = double(std::int64_t(random()) >> (1 + random() % 63)); break;                    // integers
      case 3: value = std::pow(10.0, double(random() % 601) - 300) * double(random() % 1000); break;  // 1e-300..1e300
      default: value = (random() % 2 ? -1.0 : 1.0) * double(random() % 100000) / 1000; break;
    }
    if (!std::isfinite(value)) continue;
    const std::string text = "[" + written(value, int(random() % 5)) + "]";
    const query::FlatValue* parsed = reader.parse(text);
    if (!parsed) continue;  // refused: nlohmann reads it
    ++read;
    const double expected = json::parse(text)[0].get<double>();
    EXPECT_EQ(std::bit_cast<std::uint64_t>(parsed->begin()->number()), std::bit_cast<std::uint64_t>(expected)) << text;
  }
  EXPECT_GT(read, 150000);
  EXPECT_EQ(reader.parse("[-0.0]")->begin()->number(), 0.0);
  EXPECT_TRUE(std::signbit(reader.parse("[-0.0]")->begin()->number()));
  EXPECT_FALSE(std::signbit(reader.parse("[-0]")->begin()->number()));  // an integer, as nlohmann reads it
}

TEST(PlainLines, TheRunnerSplitsLinesAsReadQueryLineDoes) {
  RandomLines random(11);
  std::string input;
  for (int i = 0; i < 12000; ++i) {  // past a 1 MiB block, with \r\n, blank, long and unterminated lines
    input += random.line(i);
    if (i % 97 == 0) input += std::string(500, ' ');
    input += i % 13 == 0 ? "\r\n" : i % 31 == 0 ? "\n\n" : "\n";
  }
  input += "{\"id\":\"last\"";
  for (const std::size_t max_bytes : {std::size_t(400), std::size_t(2000), query::kDefaultMaxLineBytes}) {
    std::istringstream reference_in(input);
    std::string expected, line;
    std::int64_t number = 0;
    for (query::LineRead read; (read = query::read_query_line(reference_in, line, max_bytes)) != query::LineRead::end;) {
      bool failed = false;
      ++number;
      expected += query::to_json_line(read == query::LineRead::too_long ? query::too_long_answer(number, max_bytes)
                                                                        : query::answer_query_line(line, number, failed)) +
                  "\n";
    }
    std::istringstream in(input);
    std::ostringstream out;
    query::QueryOptions options;
    options.max_line_bytes = max_bytes;
    EXPECT_EQ(query::run_query_lines(in, out, options), query::kExitLineFailed);
    EXPECT_EQ(out.str(), expected) << "max line bytes " << max_bytes;
  }
}
