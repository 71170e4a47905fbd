// DocumentUi's case list: the rows of an open case file in the side panel, a failed
// expectation's row tinted, with its mismatches under the table.
#include "app/document/document_ui.h"

#include "app/samples/kit/sample_ui.h"
#include "app/shell/theme.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <string>

namespace {
// The answer in a few words for the case list: the verdict, else the distance.
std::string answer_summary(const nlohmann::ordered_json& answer) {
  if (answer.contains("overlap")) return answer["overlap"].get<bool>() ? "overlap" : "separated";
  if (answer.contains("inside")) return answer["inside"].get<bool>() ? "inside" : "outside";
  if (answer.contains("distance")) return "d = " + format_number(answer["distance"].get<double>());
  return "";
}
}  // namespace

void DocumentUi::case_list() {
  if (!document_.is_cases()) return;
  const std::string header = "Cases: " + file_name(document_.path()) + "###cases";
  if (!ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
  const auto& rows = document_.cases();
  // A narrow panel (a large UI scale) stacks a case's op, shapes and answer in one cell.
  const bool stacked = narrow_panel();
  const float shown_rows = stacked ? 3.0f * float(std::min<std::size_t>(rows.size(), 3)) : float(std::min<std::size_t>(rows.size(), 8));
  const float height = ImGui::GetTextLineHeightWithSpacing() * (shown_rows + 1.5f);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV;
  if (ImGui::BeginTable("case rows", stacked ? 2 : 4, flags, ImVec2(0, height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("line", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn(stacked ? "case" : "op");
    if (!stacked) {
      ImGui::TableSetupColumn("shapes");
      ImGui::TableSetupColumn("answer");
    }
    ImGui::TableHeadersRow();
    const ImVec4 failed_row = make_theme(!light_theme()).failed_row;
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
      const CaseRow& row = rows[static_cast<std::size_t>(i)];
      const bool failed = row.ok == false;
      const std::string answer = answer_summary(row.answer) + (row.ok ? (*row.ok ? "  \u2713" : "  \u2717") : "");
      ImGui::TableNextRow();
      float row_height = 0;  // stacked: the cell's, drawn first, so the row's selectable spans it
      if (stacked) {
        ImGui::TableSetColumnIndex(1);
        const float top = ImGui::GetCursorPosY();
        wrapped_cell(row.op + "\n" + row.shapes + "\n" + answer);
        row_height = ImGui::GetCursorPosY() - top - ImGui::GetStyle().ItemSpacing.y;
      }
      ImGui::TableSetColumnIndex(0);
      // A failed case's row is tinted rather than its text coloured: red text would lose
      // its contrast on the row's hover and selection highlights.
      if (failed) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(failed_row));
      const std::string label = std::to_string(row.line) + "##row" + std::to_string(i);
      if (ImGui::Selectable(label.c_str(), i == document_.selected_case(), ImGuiSelectableFlags_SpanAllColumns,
                            ImVec2(0, row_height))) {
        select_case(i);
      }
      if (failed && ImGui::IsItemHovered()) {
        std::string all;
        for (const auto& m : row.mismatches) all += query::mismatch_text(m) + '\n';
        ImGui::SetTooltip("%s", all.c_str());
      }
      if (stacked) continue;
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.op.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.shapes.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(answer.c_str());
    }
    ImGui::EndTable();
  }
  const int selected = document_.selected_case();
  if (selected >= 0 && document_.cases()[static_cast<std::size_t>(selected)].ok == false) {
    ImGui::PushTextWrapPos(0.0f);  // long numbers wrap at the panel's edge
    for (const auto& m : document_.cases()[static_cast<std::size_t>(selected)].mismatches) {
      colored_text(palette::kOverlap, "\u2717 %s", query::mismatch_text(m).c_str());
    }
    ImGui::PopTextWrapPos();
  }
  hint("Up and Down step through the cases.");
}
