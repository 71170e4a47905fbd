#pragma once
// A query line's "expect": answer fields as an engine got them, checked by one rule for the
// query tool's --check and the app's case files. "tolerance" (default 1e-9) bounds how far
// a number may be from its expected value, relative to the larger of 1 and its magnitude.
#include "collision_lab/query/runner.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace query {

inline constexpr double kDefaultExpectTolerance = 1e-9;

// The option's help, for collision-lab-query and `collision-lab query` alike.
inline constexpr const char* kCheckHelp =
    "Also compare each line's answer with its \"expect\" (within \"tolerance\"): a JSON line per mismatch, then a "
    "summary line; exit status 1 if any expectation fails";

struct Expectation {
  nlohmann::json fields;  // an object: a subset of the answer's fields
  double tolerance = kDefaultExpectTolerance;
};

// An expected field the answer does not match: "distance", "a_point[2]", "region_dots.d1".
struct ExpectMismatch {
  std::string field;
  nlohmann::json expected, actual;  // actual is null when the answer has no such field
};

// The line's "tolerance", or `fallback` without one. Throws JsonInputError naming the field
// when it is not a number >= 0.
double read_tolerance(const nlohmann::json& request, double fallback = kDefaultExpectTolerance);

// The line's "expect" and "tolerance"; none without "expect". Throws JsonInputError naming
// the field ("expect: expected an object of answer fields, got 5") when either is malformed.
std::optional<Expectation> read_expectation(const nlohmann::json& request);

// The fields of the expectation the answer does not have: numbers within the tolerance,
// everything else equal.
std::vector<ExpectMismatch> compare_expect(const Expectation& expectation, const nlohmann::json& answer);

// "distance: expected 1.5, got 1.4142135623730951".
std::string mismatch_text(const ExpectMismatch& mismatch);

// A query line as --check and the app's case files take it.
struct CheckedLine {
  nlohmann::json request;         // the line as read; null when it is not JSON
  nlohmann::ordered_json answer;  // as run_query_lines writes it: the answer, or {"id", "error"}
  bool failed = false;            // the answer is an error (a malformed "expect" included)
  std::optional<Expectation> expectation;
  std::vector<ExpectMismatch> mismatches;  // of the answer, when there is an expectation
};

// Answers line `line_number` (counted from 1) and checks it against its "expect". A line
// longer than `max_bytes` is answered with too_long_answer, unread.
CheckedLine check_line(const std::string& line, std::int64_t line_number, std::size_t max_bytes = kDefaultMaxLineBytes);

// --check: every line is answered as run_query_lines answers it. After a line whose answer
// misses its "expect", a line per mismatch: {"id", "line", "mismatch": field, "expected",
// "actual"}, also said on stderr; at the end {"summary": "N passed, N failed", "passed",
// "failed"} over the lines with "expect". A malformed "expect" is that line's error.
// Returns kExitLineFailed if an expectation or a line failed, else as run_query_lines.
int run_check_lines(std::istream& in, std::ostream& out, const QueryOptions& options = {});
int run_check_command(const QueryOptions& options);

}  // namespace query
