#pragma once
// Case files: JSON Lines of query lines, as an engine writes the cases it wants to see.
// Each line is a row with the query tool's answer and, when the line carries "expect" (a
// subset of the answer's fields), whether the answer agrees. A row opens as a scene of
// the sample that draws its query. A line the tool cannot answer is an error row with the
// tool's message; the other rows still open.
#include "app/host/background_answers.h"
#include "app/document/scene_file.h"
#include "collision_lab/query/expect.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

struct CaseRow {
  int line = 0;                    // in the file, counted from 1
  nlohmann::json request;          // the line as read; null when it is not JSON
  nlohmann::json id;               // the engine's "id"; null without one
  std::string op, shapes;          // "closest_point", "segment, P"; empty when not given
  nlohmann::ordered_json answer;   // the tool's answer, as collision-lab-query writes it
  std::string error;               // the tool's error for the line ("line 4: a.radius: ..."); empty when answered
  std::optional<query::Expectation> expectation;
  std::optional<bool> ok;          // whether the answer has the expected fields; none without "expect"
  std::vector<query::ExpectMismatch> mismatches;  // by query::compare_expect, as --check finds them
  bool answering = false;          // left to answer later (BackgroundAnswers): nothing above is known but `line`
};

// A line longer than kAnswerLaterBytes, and every line once answering has taken
// kAnswerNowSeconds, is left to answer later when read_cases may leave lines.
inline constexpr double kAnswerNowSeconds = 0.25;

// Every non-blank line as a row, answered as `collision-lab-query --check` answers it
// (query::check_line, with the tool's limits). With `later`, long lines and the lines
// after the first quarter second are rows still `answering`, and their text goes to
// `later`. False only when there is no line at all.
bool read_cases(const std::string& text, std::vector<CaseRow>& rows, std::string& error,
                std::vector<UnansweredLine>* later = nullptr);
// Fills in an `answering` row (or any row) from its line's answer.
void answer_row(CaseRow& row, query::CheckedLine checked);

// "wall-17", or the id as JSON when it is not a string; empty without one.
std::string id_text(const nlohmann::json& id);

// The scene that shows `request`: a teaching sample when one asks this very query of
// shapes it holds (same op, method and precision, and the same answer) and the line is
// not long (kAnswerLaterBytes), else any-query.
// Throws query::JsonInputError when no sample takes the shapes. `answer`: the line's
// answer, when it is known already (a case row's), so it is not computed again.
SceneFile case_scene(const nlohmann::json& request, const nlohmann::ordered_json* answer = nullptr);
// Throws query::JsonInputError ("a.vertices: 100000 vertices; the app shows at most 4096")
// for an operand with more vertices than a figure holds: checked on the JSON, at once.
void check_case_vertices(const nlohmann::json& request);

// The row's "expect" checked against `sample`'s answer now to the query that shows the row
// (the same op and method); none without an expectation or such a query.
std::optional<std::vector<query::ExpectMismatch>> case_mismatches_now(const CaseRow& row, const Sample& sample);

// The index in `queries` of the one that shows the row; -1 when none does.
int case_query_index(const std::vector<AnsweredQuery>& queries, const CaseRow& row);

// What --dump-state writes for the rows: {line, id, op, ok, mismatches} each, and "error"
// for an error row.
nlohmann::ordered_json cases_json(const std::vector<CaseRow>& rows);
// {field, expected, actual} each.
nlohmann::ordered_json mismatches_json(const std::vector<query::ExpectMismatch>& mismatches);
// Gives the dump's query that shows `row`, and its result, the engine's id, when it has one.
void name_case_query(nlohmann::ordered_json& dump, const CaseRow& row);
