#pragma once
// The panel table of the samples that test P against each edge or face of a convex shape:
// a row per edge or face with its value n_i·P − d_i and what that value says.
#include "app/samples/kit/sample_ui.h"

#include <imgui.h>

#include <cstddef>
#include <string>
#include <vector>

namespace kit {

// Three columns (`columns`: the edge or face, the value, the verdict), a row per value;
// `name(i)` and `verdict(i, value)` write the first and last cells of row i. A narrow
// panel shows the verdict under the value, in two columns.
template <typename NameCell, typename VerdictCell>
void half_space_table(const char* id, const char* const (&columns)[3], const std::vector<double>& values,
                      NameCell name, VerdictCell verdict) {
  const bool stacked = narrow_panel();
  if (!ImGui::BeginTable(id, stacked ? 2 : 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  // Fixed shares: wrapped cells cannot size their columns.
  ImGui::TableSetupColumn(columns[0], ImGuiTableColumnFlags_None, 1.2f);
  if (stacked) {
    ImGui::TableSetupColumn((std::string(columns[1]) + "\n" + columns[2]).c_str(), ImGuiTableColumnFlags_None, 1.0f);
  } else {
    ImGui::TableSetupColumn(columns[1], ImGuiTableColumnFlags_None, 1.0f);
    ImGui::TableSetupColumn(columns[2], ImGuiTableColumnFlags_None, 1.1f);
  }
  wrapped_headers_row();
  ImGui::PushTextWrapPos(0.0f);  // the cells wrap inside their columns
  for (std::size_t i = 0; i < values.size(); ++i) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    name(i);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(signed_fixed_text(values[i], 3).c_str());
    if (!stacked) ImGui::TableNextColumn();
    verdict(i, values[i]);
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTable();
}

// The containment verdict: the first edge or face P is in front of proves it outside,
// any later one in front is out too, and the rest have P behind them.
inline void containment_verdict(bool first_separating, double value, double tolerance) {
  if (first_separating) {
    colored_text(palette::kSeparated, "> 0: outside (the first)");
  } else if (value > tolerance) {
    colored_text(palette::kOverlap, "> 0: outside");
  } else {
    ImGui::TextUnformatted("\u2264 0: inside");
  }
}

// P in front of the edge or face (`front`, green) or behind it (`behind`, greyed).
inline void side_verdict(double value, const char* front, const char* behind) {
  if (value > 0) {
    colored_text(palette::kSeparated, "%s", front);
  } else {
    ImGui::TextDisabled("%s", behind);
  }
}

}  // namespace kit
