#pragma once
// Case files: JSON Lines of query lines, as an engine writes the cases it wants to see.
// Each line is a row with the query tool's answer and, when the line carries "expect" (a
// subset of the answer's fields), whether the answer agrees. A row opens as a scene of
// the sample that draws its query.
#include "app/document/scene_file.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

// An expected field the answer does not match: "distance", "a_point[2]", "region_dots.d1".
struct ExpectMismatch {
  std::string field;
  nlohmann::json expected, actual;  // actual is null when the answer has no such field
};

struct CaseRow {
  int line = 0;                    // in the file, counted from 1
  nlohmann::json request;          // the line as read
  std::string op, shapes;          // "closest_point", "segment, P"
  nlohmann::ordered_json answer;   // the tool's answer, as collision-lab-query writes it
  std::optional<bool> ok;          // whether the answer has the expected fields; none without "expect"
  std::vector<ExpectMismatch> mismatches;
};

// Every non-blank line as a row. A line that is not a query the tool answers refuses the
// whole file: false, with `error` = "line N: field: problem".
bool read_cases(const std::string& text, std::vector<CaseRow>& rows, std::string& error);

// The fields of `expect` the answer does not have. Numbers agree within `tolerance` of the
// larger of 1 and the expected value's magnitude; everything else must be equal.
std::vector<ExpectMismatch> compare_expect(const nlohmann::json& expect, const nlohmann::json& answer, double tolerance);

// The scene that shows `request`: a teaching sample when one asks this very query of
// shapes it holds (same op, method and precision, and the same answer), else any-query.
// Throws query::JsonInputError when no sample takes the shapes.
SceneFile case_scene(const nlohmann::json& request);

// What --dump-state writes for the rows: {line, op, ok, mismatches} each.
nlohmann::ordered_json cases_json(const std::vector<CaseRow>& rows);

// "distance: expected 1.5, got 1.4142135623730951" for the row's first mismatch.
std::string mismatch_text(const ExpectMismatch& mismatch);
