#pragma once
// The formula explain view: the steps of a closest-point query as the textbook writes them
// (Ericson, Real-Time Collision Detection, 5.1), with the live numbers put in. Every Q, t
// and distance shown is the one geo::closest_point answers, not a second computation.
#include "app/host/reveal.h"
#include "collision_lab/any_shape.h"

#include <string>
#include <vector>

struct FormulaStyle {
  bool full_precision = false;  // every digit, as the panel's "Full precision"; else 4 decimals
  bool is_2d = false;           // points as (x, y); a polygon is always 2D
};

// One step a line, e.g. "t = (P − A)·(B − A) / |B − A|² = 6.0000 / 73.0000 = 0.0822".
std::vector<std::string> formula_lines(const geo::AnyShape<double>& shape, const glm::dvec3& p, FormulaStyle style);
// The lines as steps to reveal one at a time ("line 2", the line), for a sample whose
// answer has no order of its own: the sphere, the plane, a polygon, a polyhedron. The
// lines' own style: the panel's precision.
std::vector<RevealStep> formula_steps(const geo::AnyShape<double>& shape, const glm::dvec3& p, bool is_2d);
// Whether `steps` are these lines, so the panel and the card show only the revealed ones.
bool reveals_formula(const std::vector<RevealStep>& steps, const std::vector<std::string>& lines);
// For a polygon or a polyhedron: the line that names the `rank`-th edge or face P is outside
// of (from 0). The lines after the first name the first few, and the next counts the rest.
int outside_plane_line(int rank);
// The step from which the figure draws the answer: the line that gives Q, or says there is none.
int formula_answer_step(const std::vector<RevealStep>& steps);
// The lines as plain text, one a line: what "Copy formula" puts on the clipboard.
std::string formula_text(const std::vector<std::string>& lines);
// Where a line may wrap on a narrow panel: its clauses, each from one "=" to the next, made
// of pieces that may start a row (words with the spaces before them). What the first "="
// defines stays with it, an operator (=, ≤, −, /, ...) with the word after it, and a
// bracket or |...| with what it holds but for a break after a comma: a row never ends in an
// operator, as textbooks break lines. Joined, the pieces are the line.
std::vector<std::vector<std::string>> formula_clauses(const std::string& line);
