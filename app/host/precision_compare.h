#pragma once
// Float against double: each of a sample's query lines answered again by the query runner
// with "precision": "float", field by field against the sample's own (double) answer, for
// the side panel's table and the float answer's points drawn over the scene.
#include "app/host/sample.h"
#include "render/debug_draw.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

// One field of the answers. Numbers with a fraction (distances, coordinates) are compared
// by size; everything else (feature names, verdicts, counts and indices, a field only one
// answer has) is categorical: it either matches or it differs.
struct PrecisionRow {
  std::string field;  // "point[0]", "region_dots.d1"; "A-B: axis[2]" when a sample has several lines
  bool numeric = false;
  double double_value = 0, float_value = 0;
  double absolute_difference = 0;  // |float − double|
  double ulps = 0;                 // that difference in ulps of the double answer (ulps_between)
  std::string double_text, float_text;  // categorical: the values as text, "absent" when missing
  bool differs = false;                 // categorical: the two answers disagree
};

struct PrecisionComparison {
  std::vector<PrecisionRow> rows;
  std::vector<glm::dvec3> float_points;  // the float answers' points in the scene
};

// The spacing of doubles at |value|: the gap to the next larger double (to the next
// smaller one at the largest double); infinity for infinities and NaN.
double ulp_of(double value);
// |f − d| / ulp_of(d). At d = 0 doubles are far denser than any float answer, so the
// difference is counted in ulps of f instead; 0 when both are equal (the same infinity
// too), infinity when only one of them is finite (or NaN).
double ulps_between(double double_value, double float_value);

// The rows of two answers of one query line, in the runner's form ("id" is left out).
std::vector<PrecisionRow> compare_answers(const nlohmann::ordered_json& double_answer,
                                          const nlohmann::ordered_json& float_answer);

// Every query line of the sample, its double answer against the runner's float answer.
PrecisionComparison compare_precision(const Sample& sample);

// The panel's part: the checkbox, and while it is on the legend and the table of rows.
void precision_panel(const Sample& sample, bool& compare_float);
// The float answer's points, over the sample's drawing, in their own colour.
void draw_float_answer(const Sample& sample, DebugDraw& draw);
