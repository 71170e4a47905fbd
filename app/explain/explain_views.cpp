#include "app/explain/explain_views.h"

#include "app/explain/formula.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point_batch.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace {

// One line of the formula, wrapped to the panel: at an "=" where it can, else between
// pieces, onto indented rows. ImGui's own wrapping also breaks after a '.', which would
// split a number in two.
void formula_line(const std::string& line) {
  const float width = ImGui::GetContentRegionAvail().x;
  const auto fits = [&](const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x <= width; };
  const auto continued = [](const std::string& text) { return "    " + text.substr(text.find_first_not_of(' ')); };
  std::string row;
  const auto start_row = [&](const std::string& text) {
    ImGui::TextUnformatted(row.c_str());
    row = continued(text);
  };
  for (const auto& pieces : formula_clauses(line)) {
    std::string clause;
    for (const auto& piece : pieces) clause += piece;
    if (clause.find_first_not_of(' ') == std::string::npos || fits(row + clause)) {
      row += clause;
    } else if (!row.empty() && fits(continued(clause))) {
      start_row(clause);
    } else {
      for (const auto& piece : pieces) {
        if (row.empty() || fits(row + piece)) row += piece;
        else start_row(piece);
      }
    }
  }
  ImGui::TextUnformatted(row.c_str());
}

// A round step as it reads: 0.5, 2, 1000.
std::string step_text(double step) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", step);
  return text;
}

// Every line of the formula, whatever the reveal shows.
std::vector<std::string> every_line(const Sample& sample, const geo::AnyShape<double>& answered, const ExplainedQuery& query) {
  const FormulaStyle style{.full_precision = full_precision(), .is_2d = !sample.is_3d()};
  return formula_lines(answered, sample.state[query.point], style);
}

}  // namespace

void ExplainViews::update(const Sample& sample, const std::string& dragged_handle, double dt) {
  const auto query = sample.explained();
  if (!query || !show_locus_) return locus_.clear();
  const NamedPoint& p = sample.state.points[query->point.index];
  const bool dragging = dragged_handle == p.name;
  if (!dragging && locus_.points().empty()) return;  // nothing to trace or fade
  glm::dvec3 closest(0);
  const geo::BatchResult answer =
      geo::closest_points<double>(answered_shape(sample, *query), std::span(&p.position, 1), std::span(&closest, 1));
  if (!answer.ok()) return;  // refused: a NaN point, nothing to trace
  locus_.update(dragging, closest, dt);
}

void ExplainViews::draw_under(DebugDraw& draw, const Sample& sample) { field.draw(draw, sample); }

void ExplainViews::draw_over(DebugDraw& draw, const Sample& sample) {
  (void)sample;
  if (show_locus_) locus_.draw(draw);
}

void ExplainViews::panel(const Sample& sample) {
  const auto query = sample.explained();
  if (!query || !ImGui::CollapsingHeader("Explain", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Checkbox("Field overlay", &field.shown);
  const std::string steps = field.shown ? step_text(field.step()) + ", " + step_text(2 * field.step()) + ", " +
                                              step_text(3 * field.step())
                                        : "1, 2, 3";
  hint(("Each colour is the part of the plane whose closest point lies on one feature (vertices the strongest "
        "tint, faces the faintest, grey inside). The thin lines join points at the same distance from the shape: " +
        steps + " and so on.").c_str());
  if (field.shown) region_legend(geo::shape_kind(sample.state.shapes[query->shape_index].shape));
  ImGui::Checkbox("Locus trace", &show_locus_);
  hint("While you drag P, the path of its closest point is drawn; it fades when you let go.");
  ImGui::Checkbox("Formula", &show_formula_);
  hint("The query's formula step by step, with the numbers of this answer put in.");
  if (show_formula_) formula_panel(sample);
}

// A swatch and a tag for every region the overlay shows, as many to a line as fit.
void ExplainViews::region_legend(geo::ShapeKind kind) const {
  const float size = ImGui::GetTextLineHeight();
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (const geo::FeatureRef& feature : field.regions()) {
    const std::string tag = kit::feature_tag(geo::feature_name(kind, feature));
    const float width = size * 1.3f + ImGui::CalcTextSize(tag.c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2;
    if (!first) {
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
    }
    first = false;
    const Color color = themed(field_region_color(feature));
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + size, at.y + size),
                                              ImGui::GetColorU32(ImVec4(color.r, color.g, color.b, std::max(color.a, 0.6f))));
    ImGui::Dummy(ImVec2(size * 1.15f, size));
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted(tag.c_str());
  }
}

std::vector<std::string> ExplainViews::formula(const Sample& sample) {
  const auto query = sample.explained();
  if (!query) return {};
  std::vector<std::string> lines = every_line(sample, answered_shape(sample, *query), *query);
  const std::vector<RevealStep> steps = sample.reveal_steps();
  if (lines.empty() || !sample.reveal.partial(static_cast<int>(steps.size()))) return lines;
  if (!reveals_formula(steps, lines)) return {"(the formula follows the last step)"};  // it would give the answer away
  if (sample.reveal.shown == 0) return {"(N reveals the first line)"};
  lines.resize(std::min(lines.size(), static_cast<std::size_t>(sample.reveal.shown)));
  return lines;
}

void ExplainViews::formula_panel(const Sample& sample) {
  const auto lines = formula(sample);
  for (const auto& line : lines) formula_line(line);
  if (ImGui::Button("Copy formula")) {
    const ExplainedQuery query = *sample.explained();  // the panel shows only for an explained sample
    ImGui::SetClipboardText(formula_text(every_line(sample, answered_shape(sample, query), query)).c_str());
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every line of the formula as plain text, for notes or slides.");
}

void ExplainViews::clear() {
  locus_.clear();
  field.clear();
}

const geo::AnyShape<double>& ExplainViews::answered_shape(const Sample& sample, const ExplainedQuery& query) {
  const geo::AnyShape<double>& shape = sample.state.shapes[query.shape_index].shape;
  if (const auto* plane = std::get_if<geo::Plane<double>>(&shape)) {
    answered_ = query::read_back(*plane).value_or(*plane);
  } else if (const auto* hull = std::get_if<geo::ConvexPolyhedron<double>>(&shape)) {
    answered_ = tool_hull_.update(*hull);
  } else {
    return shape;
  }
  return answered_;
}
