// DocumentUi's case list: the rows of an open case file in the side panel, with the
// engine's ids; an error row and a failed expectation's row tinted, and under the table why.
#include "app/document/document_ui.h"

#include "app/samples/kit/sample_ui.h"
#include "app/shell/theme.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <optional>
#include <filesystem>
#include <string>
#include <vector>

namespace {
// The answer in a few words for the case list: the verdict, else the distance.
std::string answer_summary(const nlohmann::ordered_json& answer) {
  if (answer.contains("overlap")) return answer["overlap"].get<bool>() ? "overlap" : "separated";
  if (answer.contains("inside")) return answer["inside"].get<bool>() ? "inside" : "outside";
  if (answer.contains("distance")) return "d = " + format_number(answer["distance"].get<double>());
  return "";
}

// A row's cells as the table shows them, and why it failed (its tooltip).
struct RowText {
  std::string line, id, op, shapes, answer, why;
  bool failed = false;
};

// `now`: the shown row's mismatches against the figure as it is, which the row then shows.
RowText row_text(const CaseRow& row, const std::optional<std::vector<query::ExpectMismatch>>& now) {
  RowText text{std::to_string(row.line), id_text(row.id), row.op, row.shapes, "", row.error};
  if (row.answering) {
    text.answer = "answering\u2026";
    return text;
  }
  if (!row.error.empty()) {
    // "error: a.radius", "error: not JSON": what the tool's message names first.
    std::string what = row.error.substr(row.error.find(": ") == std::string::npos ? 0 : row.error.find(": ") + 2);
    what = what.substr(0, std::min({what.find(": "), what.find(" ("), what.size()}));
    text.answer = "error: " + what;
    text.failed = true;
    return text;
  }
  const auto& mismatches = now ? *now : row.mismatches;
  const std::optional<bool> ok = row.expectation ? std::optional<bool>(mismatches.empty()) : std::nullopt;
  text.answer = answer_summary(row.answer) + (ok ? (*ok ? "  \u2713" : "  \u2717") : "");
  text.failed = ok == false;
  for (const auto& m : mismatches) text.why += query::mismatch_text(m) + '\n';
  return text;
}

// "5.1 MB", "80 KB", "420 bytes".
std::string size_text(std::size_t bytes) {
  char text[32];
  if (bytes >= 1000000) {
    std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / 1e6);
  } else if (bytes >= 1000) {
    std::snprintf(text, sizeof text, "%.0f KB", double(bytes) / 1e3);
  } else {
    std::snprintf(text, sizeof text, "%zu bytes", bytes);
  }
  return text;
}

// The rows being answered off the main thread: how many are done, and the line at work.
void answer_progress(const AnswerProgress& progress) {
  const std::string done = std::to_string(progress.answered) + " of " + std::to_string(progress.total) +
                           (progress.total == 1 ? " line answered" : " lines answered");
  ImGui::ProgressBar(progress.total > 0 ? float(progress.answered) / float(progress.total) : 0.0f, ImVec2(-FLT_MIN, 0),
                     done.c_str());
  if (progress.line > 0) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f s", progress.seconds);
    ImGui::Text("Answering line %d (%s): %s", progress.line, size_text(progress.bytes).c_str(), seconds);
  }
}

// The width the table needs with its columns side by side: each as wide as its widest cell.
float columns_width(const std::vector<RowText>& texts, bool ids) {
  const auto width = [](const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x; };
  float line = width("line"), id = ids ? width("id") : 0, op = width("op"), shapes = width("shapes"), answer = width("answer");
  for (const RowText& text : texts) {
    line = std::max(line, width(text.line));
    if (ids) id = std::max(id, width(text.id));
    op = std::max(op, width(text.op));
    shapes = std::max(shapes, width(text.shapes));
    answer = std::max(answer, width(text.answer));
  }
  const float padding = 2 * ImGui::GetStyle().CellPadding.x + 1;  // each side, and the border
  return line + id + op + shapes + answer + (ids ? 5 : 4) * padding;
}
}  // namespace

void DocumentUi::case_list() {
  if (!document_.is_cases()) return;
  const std::string header = "Cases: " + file_name(document_.path()) + "###cases";
  if (!ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
  const auto& rows = document_.cases();
  const int selected = document_.selected_case();
  // The shown row's check is the figure's now: an edit, an undo or a reload changes it.
  const auto shown_mismatches = document_.shown_case_mismatches(host_);
  std::vector<RowText> texts;
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    texts.push_back(row_text(rows[static_cast<std::size_t>(i)], i == selected ? shown_mismatches : std::nullopt));
  }
  const bool ids = std::any_of(rows.begin(), rows.end(), [](const CaseRow& row) { return !row.id.is_null(); });
  // Side by side when every column fits the panel, else each case stacked in one cell.
  const bool stacked = narrow_panel() || columns_width(texts, ids) > ImGui::GetContentRegionAvail().x;
  const float shown_rows = stacked ? 2.0f * float(std::min<std::size_t>(rows.size(), 4)) : float(std::min<std::size_t>(rows.size(), 8));
  const float height = ImGui::GetTextLineHeightWithSpacing() * (shown_rows + 1.5f);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV;
  if (ImGui::BeginTable("case rows", stacked ? 2 : ids ? 5 : 4, flags, ImVec2(0, height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("line", ImGuiTableColumnFlags_WidthFixed);
    if (!stacked && ids) ImGui::TableSetupColumn("id");
    ImGui::TableSetupColumn(stacked ? "case" : "op");
    if (!stacked) {
      ImGui::TableSetupColumn("shapes");
      ImGui::TableSetupColumn("answer");
    }
    ImGui::TableHeadersRow();
    const ImVec4 failed_row = make_theme(!light_theme()).failed_row;
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
      const RowText& text = texts[static_cast<std::size_t>(i)];
      ImGui::TableNextRow();
      float row_height = 0;  // stacked: the cell's, drawn first, so the row's selectable spans it
      if (stacked) {
        ImGui::TableSetColumnIndex(1);
        const float top = ImGui::GetCursorPosY();
        // Two lines: what the engine calls it and asks, then of what and the answer.
        const auto joined = [](const std::string& a, const std::string& b) { return a.empty() || b.empty() ? a + b : a + "  " + b; };
        const std::string first = joined(text.id, text.op);
        wrapped_cell((first.empty() ? "" : first + "\n") + joined(text.shapes, text.answer));
        row_height = ImGui::GetCursorPosY() - top - ImGui::GetStyle().ItemSpacing.y;
      }
      ImGui::TableSetColumnIndex(0);
      // A failed case's row is tinted rather than its text coloured: red text would lose
      // its contrast on the row's hover and selection highlights.
      if (text.failed) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(failed_row));
      const std::string label = text.line + "##row" + std::to_string(i);
      if (ImGui::Selectable(label.c_str(), i == selected, ImGuiSelectableFlags_SpanAllColumns, ImVec2(0, row_height))) {
        select_case(i);
      }
      if (text.failed && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.why.c_str());
      if (stacked) continue;
      for (const std::string* cell : {&text.id, &text.op, &text.shapes, &text.answer}) {
        if (cell == &text.id && !ids) continue;
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(cell->c_str());
      }
    }
    ImGui::EndTable();
  }
  ImGui::PushTextWrapPos(0.0f);  // long numbers and messages wrap at the panel's edge
  if (document_.answering()) answer_progress(document_.answer_progress());
  if (document_.shown_case_answering()) {
    ImGui::TextUnformatted("This line's figure opens once it is answered; the one shown is unchanged.");
  } else if (!document_.case_problem().empty() && selected >= 0 && rows[static_cast<std::size_t>(selected)].error.empty()) {
    // Answered, but no sample can draw it (a hull larger than a figure holds): the answer in numbers.
    ImGui::TextUnformatted("This line has no figure: the one shown is unchanged.");
    ImGui::TextDisabled("%s", document_.case_problem().c_str());
    ImGui::TextUnformatted("The tool's answer:");
    tool_answer_readouts("case answer", rows[static_cast<std::size_t>(selected)].answer);
  } else if (!document_.case_problem().empty()) {
    colored_text(palette::kOverlap, "\u2717 %s", document_.case_problem().c_str());
    ImGui::TextUnformatted("This line has no figure: the one shown is unchanged.");
  } else if (shown_mismatches) {
    for (const auto& m : *shown_mismatches) colored_text(palette::kOverlap, "\u2717 %s", query::mismatch_text(m).c_str());
  }
  ImGui::PopTextWrapPos();
  hint("Up and Down step through the cases.");
}
