#include "app/shell/presenter.h"

#include "app/host/sample.h"
#include "app/shell/theme.h"

#include <algorithm>
#include <cmath>

ScreenRect card_at_corner(float width, float height, const ScreenRect& window, float margin, int corner) {
  const float x = corner & 1 ? window.right() - margin - width : window.x + margin;
  const float y = corner & 2 ? window.bottom() - margin - height : window.y + margin;
  return {x, y, width, height};
}

int answer_card_corner(const ScreenRect& card, std::span<const ScreenRect> things, const ScreenRect& window,
                       float margin, int current, std::span<const ScreenRect> taken) {
  const auto covered = [&](int corner) {
    const ScreenRect at = card_at_corner(card.width, card.height, window, margin, corner);
    const auto over = [&](const ScreenRect& thing) { return at.overlaps(thing); };
    const bool on_a_card = std::any_of(taken.begin(), taken.end(), over);
    return std::count_if(things.begin(), things.end(), over) + (on_a_card ? std::ptrdiff_t(1) << 40 : 0);
  };
  // Among corners that cover as few, the one farthest from the middle of what is drawn.
  float middle_x = 0, middle_y = 0;
  for (const ScreenRect& thing : things) middle_x += thing.x + thing.width / 2, middle_y += thing.y + thing.height / 2;
  if (!things.empty()) middle_x /= float(things.size()), middle_y /= float(things.size());
  const auto distance = [&](int corner) {
    const ScreenRect at = card_at_corner(card.width, card.height, window, margin, corner);
    return std::hypot(at.x + at.width / 2 - middle_x, at.y + at.height / 2 - middle_y);
  };
  if (covered(current) == 0) return current;
  int best = current;
  for (int corner = 0; corner < 4; ++corner) {
    const auto fewer = covered(corner), least = covered(best);
    if (fewer < least || (fewer == least && best != current && distance(corner) > distance(best))) best = corner;
  }
  return best;
}

void AnswerCard::avoid_next(std::span<const ScreenRect> keep_clear, std::span<const LabelToPlace> labels,
                            std::span<const ScreenSegment> lines) {
  avoid.assign(keep_clear.begin(), keep_clear.end());
  const auto point = [&](float x, float y) {
    if (std::isfinite(x) && std::isfinite(y)) avoid.push_back({x - 1, y - 1, 2, 2});
  };
  for (const LabelToPlace& label : labels) point(label.anchor_x, label.anchor_y);
  for (const ScreenSegment& line : lines) point(line.x0, line.y0), point(line.x1, line.y1);
}

void AnswerCard::draw(const SampleInfo& info, const std::string& heading_text, const std::vector<std::string>& lines,
                      const ImVec4& title_color, float growth) {
  heading = heading_text;
  draw_card("answer card", info.title, lines, nullptr, title_color, title_color, growth, {});
}

void AnswerCard::draw_card(const char* id, const std::string& title, const std::vector<std::string>& lines,
                           const FigureTable* table, const ImVec4& title_color, const ImVec4& highlight, float growth,
                           std::span<const ScreenRect> taken) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float margin = ImGui::GetFontSize();
  corner = answer_card_corner(rect, avoid, {0, 0, viewport->Size.x, viewport->Size.y}, margin, corner, taken);
  const ImVec2 pivot(corner & 1 ? 1.0f : 0.0f, corner & 2 ? 1.0f : 0.0f);
  ImGui::SetNextWindowPos(ImVec2(viewport->Pos.x + (corner & 1 ? viewport->Size.x - margin : margin),
                                 viewport->Pos.y + (corner & 2 ? viewport->Size.y - margin : margin)),
                          ImGuiCond_Always, pivot);
  ImGui::SetNextWindowBgAlpha(kAnswerCardOpacity);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin(id, nullptr, flags)) {
    ImGui::SetWindowFontScale(growth);
    // A long answer wraps rather than run past the window's right edge.
    ImGui::PushTextWrapPos(viewport->Size.x - 3 * margin);
    if (!heading.empty()) ImGui::TextUnformatted(heading.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, title_color);
    ImGui::TextUnformatted(title.c_str());
    ImGui::PopStyleColor();
    for (const std::string& line : lines) ImGui::TextUnformatted(line.c_str());
    ImGui::PopTextWrapPos();
    if (table && ImGui::BeginTable("rows", static_cast<int>(table->columns.size()), ImGuiTableFlags_SizingFixedFit)) {
      for (const std::string& column : table->columns) ImGui::TableSetupColumn(column.c_str());
      ImGui::TableHeadersRow();
      for (std::size_t row = 0; row < table->rows.size(); ++row) {
        const bool lit = static_cast<int>(row) == table->highlighted;
        if (lit) ImGui::PushStyleColor(ImGuiCol_Text, highlight);
        ImGui::TableNextRow();
        for (const std::string& cell : table->rows[row]) {
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(cell.c_str());
        }
        if (lit) ImGui::PopStyleColor();
      }
      ImGui::EndTable();
    }
  }
  const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ImGui::End();
  rect = {at.x - viewport->Pos.x, at.y - viewport->Pos.y, size.x, size.y};
}
