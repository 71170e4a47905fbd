// libFuzzer target: the bytes are one query line, answered as `collision-lab-query` answers
// it. Whatever the line, the answer must come back (no crash, throw or undefined behaviour),
// read back as one line of JSON, fail exactly when it says "error", and, when it does not,
// hold no null: a NaN or infinity written out as JSON becomes null, a wrong answer. The
// runner's fast path, where it takes the line, must answer the same bytes.
#include "collision_lab/query/plain_lines.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

[[noreturn]] void fail(const char* what, const std::string& answer) {
  std::fprintf(stderr, "query_line_fuzzer: %s: %s\n", what, answer.c_str());
  std::abort();
}

bool holds_null(const nlohmann::json& value) {
  if (value.is_null()) return true;
  if (!value.is_structured()) return false;
  for (const auto& item : value) {
    if (holds_null(item)) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string line(reinterpret_cast<const char*>(data), size);
  bool failed = false;
  const nlohmann::ordered_json answer = query::answer_query_line(line, 1, failed);
  const std::string text = query::to_json_line(answer);
  static query::FlatJson reader(query::kMaxQueryLineDepth, query::kMaxQueryLineValues);
  std::string fast;
  if (query::answer_plain_line(line, reader, fast) && fast != text) fail("the fast path answers otherwise", fast);
  if (text.find('\n') != std::string::npos) fail("the answer spans lines", text);
  nlohmann::json read_back;
  try {
    read_back = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    fail("the answer is not JSON", text);
  }
  if (!read_back.is_object() || !read_back.contains("id")) fail("the answer has no id", text);
  if (failed != read_back.contains("error")) fail("failed disagrees with \"error\"", text);
  if (failed) {
    if (!read_back["error"].is_string()) fail("the error is not a string", text);
    return 0;
  }
  read_back.erase("id");  // echoed as the request had it, null included
  if (holds_null(read_back)) fail("a number of the answer is null (NaN or infinity)", text);
  return 0;
}
