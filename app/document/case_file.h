#pragma once
// Case files: JSON Lines of query lines, as an engine writes the cases it wants to see.
// Each line is a row with the query tool's answer and, when the line carries "expect" (a
// subset of the answer's fields), whether the answer agrees. A row opens as a scene of
// the sample that draws its query.
#include "app/document/scene_file.h"
#include "collision_lab/query/expect.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

struct CaseRow {
  int line = 0;                    // in the file, counted from 1
  nlohmann::json request;          // the line as read
  std::string op, shapes;          // "closest_point", "segment, P"
  nlohmann::ordered_json answer;   // the tool's answer, as collision-lab-query writes it
  std::optional<bool> ok;          // whether the answer has the expected fields; none without "expect"
  std::vector<query::ExpectMismatch> mismatches;  // by query::compare_expect, as --check finds them
};

// Every non-blank line as a row. A line that is not a query the tool answers refuses the
// whole file: false, with `error` = "line N: field: problem".
bool read_cases(const std::string& text, std::vector<CaseRow>& rows, std::string& error);

// The scene that shows `request`: a teaching sample when one asks this very query of
// shapes it holds (same op, method and precision, and the same answer), else any-query.
// Throws query::JsonInputError when no sample takes the shapes.
SceneFile case_scene(const nlohmann::json& request);

// What --dump-state writes for the rows: {line, op, ok, mismatches} each.
nlohmann::ordered_json cases_json(const std::vector<CaseRow>& rows);
