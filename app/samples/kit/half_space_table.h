#pragma once
// The panel table of the samples that test P against each edge or face of a convex shape:
// a row per edge or face with its value n_i·P − d_i and what that value says.
#include "app/host/reveal.h"
#include "app/samples/kit/sample_ui.h"

#include <imgui.h>

#include <algorithm>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace kit {

// Three columns (`columns`: the edge or face, the value, the verdict), a row per value;
// `name(i)` and `verdict(i, value)` write the first and last cells of row i. A narrow
// panel shows the verdict under the value, in two columns. Rows from `revealed` on are
// tests not yet revealed: named, without value or verdict.
template <typename NameCell, typename VerdictCell>
void half_space_table(const char* id, const char* const (&columns)[3], const std::vector<double>& values,
                      NameCell name, VerdictCell verdict, std::size_t revealed = std::numeric_limits<std::size_t>::max()) {
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
    if (i >= revealed) continue;
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

// The test of P against each plane in turn, as revealed steps ("edge", "face"): the first
// plane P is in front of proves it outside, and the planes after it are never tested.
inline std::vector<RevealStep> plane_test_steps(const char* plane, const std::vector<double>& values, int first_separating) {
  std::vector<RevealStep> steps;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int index = static_cast<int>(i);
    std::string outcome = "N\u00b7P \u2212 D = " + signed_fixed_text(values[i], 3);
    if (first_separating >= 0 && index > first_separating) {
      outcome = "not run";
    } else if (index == first_separating) {
      outcome += " > 0: P is outside";
    } else {
      outcome += first_separating < 0 && i + 1 == values.size() ? " \u2264 0: behind every plane, P is inside" : " \u2264 0: behind";
    }
    steps.push_back({plane + std::string(" ") + std::to_string(i), outcome});
  }
  return steps;
}

// Whether the verdict is revealed: the first separating plane's test, else the last plane's.
inline bool plane_tests_decided(const Reveal& reveal, std::size_t count, int first_separating) {
  return reveal.shows(first_separating >= 0 ? first_separating : static_cast<int>(count) - 1);
}

// The rows of half_space_table that show their value.
inline std::size_t revealed_rows(const Reveal& reveal, std::size_t count) {
  return reveal.under_way() ? std::min(count, static_cast<std::size_t>(reveal.shown)) : count;
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
