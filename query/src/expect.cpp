#include "collision_lab/query/expect.h"

#include "collision_lab/query/message_text.h"
#include "collision_lab/query/shape_json.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <iostream>

namespace query {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

void compare(const json& expected, const json* actual, const std::string& path, double tolerance,
             std::vector<ExpectMismatch>& out) {
  if (!actual) {
    out.push_back({path, expected, nullptr});
  } else if (expected.is_object() && actual->is_object()) {
    for (const auto& [key, value] : expected.items()) {
      const json* field = actual->contains(key) ? &(*actual)[key] : nullptr;
      compare(value, field, path.empty() ? key : path + "." + key, tolerance, out);
    }
  } else if (expected.is_array() && actual->is_array() && expected.size() == actual->size()) {
    for (std::size_t i = 0; i < expected.size(); ++i) {
      compare(expected[i], &(*actual)[i], path + "[" + std::to_string(i) + "]", tolerance, out);
    }
  } else if (expected.is_number() && actual->is_number()) {
    const double e = expected.get<double>(), a = actual->get<double>();
    if (!(std::abs(a - e) <= tolerance * std::max(1.0, std::abs(e)))) out.push_back({path, expected, *actual});
  } else if (expected != *actual) {
    out.push_back({path, expected, *actual});
  }
}

// "line 4" or "line 4, id \"wall-17\"": where a mismatch is, for stderr.
std::string line_and_id(std::int64_t line_number, const ordered_json& id) {
  const std::string where = "line " + std::to_string(line_number);
  return id.is_null() ? where : where + ", id " + cut_for_message(id.dump());
}

}  // namespace

std::optional<Expectation> read_expectation(const json& request) {
  if (!request.is_object() || !request.contains("expect")) return std::nullopt;
  Expectation expectation{request["expect"]};
  if (!expectation.fields.is_object()) {
    throw JsonInputError("expect: expected an object of answer fields, got " + describe(expectation.fields));
  }
  expectation.tolerance = read_tolerance(request);
  return expectation;
}

double read_tolerance(const json& request, double fallback) {
  if (!request.is_object() || !request.contains("tolerance")) return fallback;
  const json& tolerance = request["tolerance"];
  if (!tolerance.is_number() || !(tolerance.get<double>() >= 0)) {
    throw JsonInputError("tolerance: expected a number >= 0, got " + describe(tolerance));
  }
  return tolerance.get<double>();
}

std::vector<ExpectMismatch> compare_expect(const Expectation& expectation, const json& answer) {
  std::vector<ExpectMismatch> out;
  compare(expectation.fields, &answer, "", expectation.tolerance, out);
  return out;
}

namespace {
// A value as the answer line writes it: 0, not nlohmann's 0.0.
std::string value_text(const json& value) { return cut_for_message(to_json_line(ordered_json(value))); }
}  // namespace

std::string mismatch_text(const ExpectMismatch& m) {
  return m.field + ": expected " + value_text(m.expected) + ", got " + (m.actual.is_null() ? "nothing" : value_text(m.actual));
}

CheckedLine check_line(const std::string& line, std::int64_t line_number, std::size_t max_bytes) {
  CheckedLine checked;
  if (line.size() > max_bytes) {
    checked.failed = true;
    checked.answer = too_long_answer(line_number, max_bytes);
    return checked;
  }
  try {
    checked.request = parse_json(line, kMaxQueryLineDepth, kMaxQueryLineValues);
  } catch (const std::exception&) {
    checked.answer = answer_query_line(line, line_number, checked.failed);  // which says why it is not JSON
    return checked;
  }
  checked.answer = answer_from(checked.request, line_number, [&] {
    checked.expectation = read_expectation(checked.request);
    return ordered_json::object();
  }, checked.failed);
  if (checked.failed) return checked;
  checked.answer = answer_request(checked.request, line_number, checked.failed);
  if (checked.expectation) checked.mismatches = compare_expect(*checked.expectation, json(checked.answer));
  return checked;
}

int run_check_lines(std::istream& in, std::ostream& out, const QueryOptions& options) {
  int exit_code = 0;
  std::int64_t line_number = 0, passed = 0, failed_checks = 0;
  std::string line;
  for (LineRead read; (read = read_query_line(in, line, options.max_line_bytes)) != LineRead::end;) {
    ++line_number;
    CheckedLine checked;
    if (read == LineRead::too_long) {  // not stored: answered as check_line answers it
      checked.failed = true;
      checked.answer = too_long_answer(line_number, options.max_line_bytes);
    } else {
      checked = check_line(line, line_number, options.max_line_bytes);
    }
    bool failed = checked.failed;
    const ordered_json& answer = checked.answer;
    std::string text = to_json_line(answer) + '\n';
    if (checked.expectation) {
      const std::vector<ExpectMismatch>& mismatches = checked.mismatches;
      ++(mismatches.empty() ? passed : failed_checks);
      failed = failed || !mismatches.empty();
      for (const ExpectMismatch& m : mismatches) {
        ordered_json reported;
        reported["id"] = answer["id"];
        reported["line"] = line_number;
        reported["mismatch"] = m.field;
        reported["expected"] = m.expected;
        reported["actual"] = m.actual;
        text += to_json_line(reported) + '\n';
        report_error(options, line_and_id(line_number, answer["id"]), mismatch_text(m));
      }
    }
    if (failed) exit_code = kExitLineFailed;
    errno = 0;  // a failed write leaves its reason
    out << text;
    if (!written(out, options)) return kExitWriteFailed;
  }
  ordered_json summary;
  summary["summary"] = std::to_string(passed) + " passed, " + std::to_string(failed_checks) + " failed";
  summary["passed"] = passed;
  summary["failed"] = failed_checks;
  errno = 0;
  out << to_json_line(summary) << '\n';
  out.flush();
  if (!written(out, options)) return kExitWriteFailed;
  return read_to_end(in, options) ? exit_code : kExitBadInput;
}

int run_check_command(const QueryOptions& options) {
  return run_on_query_input(options, [&](std::istream& in) { return run_check_lines(in, std::cout, options); });
}

}  // namespace query
