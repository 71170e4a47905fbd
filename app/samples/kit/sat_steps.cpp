#include "app/samples/kit/sat_steps.h"

#include "app/samples/kit/sample_ui.h"
#include "app/samples/kit/sat_view.h"

#include <imgui.h>

#include <algorithm>
#include <limits>

namespace kit {

namespace {
std::string gap_text(const geo::SatAxis<double>& axis) {
  return (axis.separating() ? "gap " : "overlap ") + format_number(std::abs(axis.gap));
}
}  // namespace

SeparatingPlane separating_plane(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b,
                                 const glm::dvec3& axis) {
  const auto across = [&](const glm::dvec3& normal) {
    double a_high = -std::numeric_limits<double>::infinity(), b_low = std::numeric_limits<double>::infinity();
    for (const auto& v : a) a_high = std::max(a_high, glm::dot(normal, v));
    for (const auto& v : b) b_low = std::min(b_low, glm::dot(normal, v));
    return SeparatingPlane{normal, (a_high + b_low) / 2, b_low - a_high};
  };
  // A tested axis may point from B to A: the normal is turned to point from A to B.
  const SeparatingPlane forward = across(axis), backward = across(-axis);
  return forward.gap >= backward.gap ? forward : backward;
}

int SatSteps::plane_axis() const {
  const int at = shown();
  if (at >= 0 && trace.axes[static_cast<std::size_t>(at)].separating()) return at;
  return answer().overlap ? -1 : answer_axis();
}

// The axis the user picked or stepped to, else the answer's: so the figure, the table's
// highlight and the card show the gap or depth the answer gives.
int SatSteps::shown() const {
  if (stepper.picked >= 0 && stepper.picked < count()) return stepper.picked;
  return answer_axis();
}

int SatSteps::answer_axis() const {
  const auto& answer = this->answer();
  const double value = answer.overlap ? -answer.depth : answer.separation;
  int best = -1;
  double best_miss = 0;
  for (int i = 0; i < count(); ++i) {
    const auto& axis = trace.axes[static_cast<std::size_t>(i)];
    const double miss = std::abs(axis.gap - value) + (1 - std::abs(glm::dot(axis.axis, answer.axis)));
    if (best < 0 || miss < best_miss) best = i, best_miss = miss;
  }
  return best;
}

std::string SatSteps::axis_name(const geo::SatAxis<double>& axis) const {
  return name ? name(axis) : kit::axis_name(axis, is_2d);
}

void SatSteps::draw(DebugDraw& draw, const glm::dvec3& side, const glm::dvec3& mtv_from) const {
  if (!sat.ok()) return;
  const int at = shown();
  if (at >= 0) {
    const auto& axis = trace.axes[static_cast<std::size_t>(at)];
    draw_projection(draw, a_points, b_points, axis.axis, perpendicular(axis.axis, side), axis_name(axis));
  }
  const auto& answer = this->answer();
  if (answer.overlap) {  // B moved by depth along the axis just touches A
    draw.arrow(mtv_from, mtv_from + answer.axis * answer.depth, palette::kAnswer, 4, Layer::Overlay);
    draw.label(mtv_from + answer.axis * answer.depth, "MTV, depth " + format_number(answer.depth), palette::kAnswer);
    return;
  }
  // The separating line or plane: midway across the gap.
  const int across = plane_axis();
  if (across < 0) return;
  const SeparatingPlane plane = separating_plane(a_points, b_points, trace.axes[static_cast<std::size_t>(across)].axis);
  if (!(plane.gap > 0)) return;
  const glm::dvec3 middle = centroid(a_points) * 0.5 + centroid(b_points) * 0.5;
  const glm::dvec3 on_plane = middle - plane.normal * (glm::dot(plane.normal, middle) - plane.offset);
  const Color color = palette::kSeparated;
  if (is_2d) {
    draw.infinite_line(on_plane, glm::dvec3(-plane.normal.y, plane.normal.x, 0), color.with_alpha(0.8f), 2);
  } else {
    double reach = 0;
    for (const auto* points : {&a_points, &b_points}) {
      for (const auto& v : *points) reach = std::max(reach, glm::length(v - on_plane));
    }
    draw.plane(plane.normal, plane.offset, middle, reach * 0.8, color.with_alpha(0.8f), false);
  }
  draw.label(on_plane, is_2d ? "separating line" : "separating plane", color);
}

FigureTable SatSteps::table() const {
  FigureTable out{"axes", {"axis", "A's interval", "B's interval", "gap"}, {}, shown()};
  for (std::size_t i = 0; i < trace.axes.size(); ++i) {
    const auto& axis = trace.axes[i];
    std::string gap = signed_fixed_text(axis.gap, 3);
    if (static_cast<int>(i) == sat.first_separating) gap += " \u2190";
    out.rows.push_back({axis_name(axis), fixed_text(axis.a_min, 2) + ".." + fixed_text(axis.a_max, 2),
                        fixed_text(axis.b_min, 2) + ".." + fixed_text(axis.b_max, 2), gap});
  }
  return out;
}

std::vector<std::string> SatSteps::card() const {
  if (!sat.ok() || trace.axes.empty()) return {};
  const int at = shown();
  const auto& axis = trace.axes[static_cast<std::size_t>(at)];
  std::vector<std::string> lines = {"axis " + std::to_string(at + 1) + " of " + std::to_string(count()) + ": " +
                                    axis_name(axis) + ", " + gap_text(axis)};
  const auto& answer = this->answer();
  const int decided = answer_axis();
  const std::string on = decided >= 0 ? " on " + axis_name(trace.axes[static_cast<std::size_t>(decided)]) : "";
  if (answer.overlap) {
    lines.push_back("overlapping: depth " + format_number(answer.depth) + on);
  } else {
    lines.push_back("separated: gap " + format_number(answer.separation) + on);
    if (sat.first_separating >= 0 && sat.first_separating != decided) {
      lines.push_back("first to separate: " + axis_name(trace.axes[static_cast<std::size_t>(sat.first_separating)]));
    }
  }
  return lines;
}

Figure SatSteps::figure() const {
  Figure out;
  if (!sat.ok()) return out;
  out.card = card();
  out.tables.push_back(table());
  const int at = shown();
  auto& facts = out.facts;
  facts["step"] = at + 1;
  facts["steps"] = count();
  if (at >= 0) {
    const auto& axis = trace.axes[static_cast<std::size_t>(at)];
    facts["shown_axis"] = {{"name", axis_name(axis)}, {"gap", axis.gap}};
  }
  for (const auto& axis : trace.axes) {  // what the table shows of each
    facts["axes"].push_back({axis.a_min, axis.a_max, axis.b_min, axis.b_max, axis.gap});
  }
  const int decided = answer_axis();
  if (decided >= 0) facts["answer_axis"] = axis_name(trace.axes[static_cast<std::size_t>(decided)]);
  if (const int across = plane_axis(); across >= 0) {
    const auto& axis = trace.axes[static_cast<std::size_t>(across)];
    const SeparatingPlane plane = separating_plane(a_points, b_points, axis.axis);
    facts["separating_plane"] = {{"axis", axis_name(axis)},
                                 {"normal", {plane.normal.x, plane.normal.y, plane.normal.z}},
                                 {"offset", plane.offset},
                                 {"gap", plane.gap}};
  }
  return out;
}

bool SatSteps::verdict(const char* overlap_text) const {
  if (!sat.ok()) {
    colored_text(kWarningText, "Invalid input: %s", geo::to_string(sat.error));
    return false;
  }
  colored_text(sat.overlap ? palette::kOverlap : palette::kSeparated, "%s", sat.overlap ? overlap_text : "SEPARATED");
  return true;
}

std::vector<ViewDirection> SatSteps::view_directions() const {
  if (is_2d || !sat.ok()) return {};
  if (answer().overlap) return {{"down the MTV's axis", answer().axis}};
  const int across = plane_axis();
  if (across < 0) return {};
  const glm::dvec3 normal = separating_plane(a_points, b_points, trace.axes[static_cast<std::size_t>(across)].axis).normal;
  return {{"down the separating axis", normal}, {"edge-on to the separating plane", perpendicular(normal, {0, 0, -1})}};
}

void SatSteps::table_panel(float max_rows) {
  if (!sat.ok()) return;
  const FigureTable rows = table();
  const bool stacked = narrow_panel();
  const float lines = stacked ? 2.0f : 1.0f;  // per row
  const float row_height = ImGui::GetTextLineHeightWithSpacing();
  const float height =
      row_height * lines * (std::min(max_rows, static_cast<float>(rows.rows.size())) + 1.0f) + row_height * 0.5f;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("sat axes", stacked ? 2 : 4, flags, ImVec2(0, height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    if (stacked) {  // the gap under the name, B's interval under A's, each value named
      ImGui::TableSetupColumn("axis", ImGuiTableColumnFlags_None, 1.0f);
      ImGui::TableSetupColumn("intervals", ImGuiTableColumnFlags_None, 1.4f);
    } else {
      // Weights that fit "A e1 × B e0", "-3.97..-0.56" and "+0.372 ←" in the 360 px panel, scrollbar included.
      const float weights[] = {1.32f, 1.28f, 1.28f, 1.1f};
      for (std::size_t c = 0; c < rows.columns.size(); ++c) {
        ImGui::TableSetupColumn(rows.columns[c].c_str(), ImGuiTableColumnFlags_None, weights[c]);
      }
    }
    wrapped_headers_row();
    for (std::size_t i = 0; i < rows.rows.size(); ++i) {
      const auto& row = rows.rows[i];
      const int index = static_cast<int>(i);
      ImGui::TableNextRow();
      // The selectable spans one line only: a stacked row is marked whole by its background.
      if (stacked && index == rows.highlighted) {
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(ImGuiCol_Header));
      }
      ImGui::TableNextColumn();
      ImGui::PushID(index);
      if (ImGui::Selectable(row[0].c_str(), index == rows.highlighted, ImGuiSelectableFlags_SpanAllColumns)) {
        stepper.picked = stepper.picked == index ? -1 : index;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("direction %s", vector_text(trace.axes[i].axis, is_2d).c_str());
      ImGui::PopID();
      const std::string named_gap = (stacked ? "gap " : "") + row[3];
      const auto gap = [&] { colored_text(verdict_color(!trace.axes[i].separating()), "%s", named_gap.c_str()); };
      if (stacked) gap();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(((stacked ? "A: " : "") + row[1]).c_str());
      if (!stacked) ImGui::TableNextColumn();
      ImGui::TextUnformatted(((stacked ? "B: " : "") + row[2]).c_str());
      if (!stacked) {
        ImGui::TableNextColumn();
        gap();
      }
    }
    ImGui::EndTable();
  }
  hint("Gap > 0 (green): that axis separates; \u2190 the first. Click a row, or press N / P (Down / Up), to draw "
       "an axis; Space plays them in turn.");
  stepper.controls();
}

}  // namespace kit
