#include "app/presenter.h"

#include "app/sample.h"
#include "app/samples/kit/number_text.h"
#include "app/theme.h"

#include <algorithm>
#include <cmath>

namespace {

constexpr std::size_t kMostQueries = 4;  // more would not be read from the back of a room

std::string number_of(const nlohmann::ordered_json& value) {
  return value.is_number() ? fixed_text(value.get<double>(), 3) : value.dump();
}

std::string answer_of(const nlohmann::ordered_json& result) {
  if (result.contains("error")) return "refused: " + result["error"].get<std::string>();
  std::string line;
  if (result.contains("overlap")) {
    const bool overlap = result["overlap"].get<bool>();
    line = overlap ? "overlapping" : "separated";
    if (overlap && result.contains("depth")) line += ": depth " + number_of(result["depth"]);
    if (!overlap && result.contains("separation")) line += ": gap " + number_of(result["separation"]);
    if (!overlap && result.contains("distance")) line += ": distance " + number_of(result["distance"]);
    return line;
  }
  // A containment answer says in or out; a closest-point answer says only "inside".
  if (result.contains("inside") && (result["inside"].get<bool>() || !result.contains("distance"))) {
    line = result["inside"].get<bool>() ? "inside" : "outside";
  }
  if (result.contains("distance")) line += (line.empty() ? "" : ", ") + ("distance " + number_of(result["distance"]));
  if (result.contains("signed_distance")) {
    line += (line.empty() ? "" : ", ") + ("signed distance " + number_of(result["signed_distance"]));
  }
  if (result.contains("feature") && result["feature"].is_string()) line += " (" + result["feature"].get<std::string>() + ")";
  return line.empty() ? "answered" : line;
}

}  // namespace

std::vector<std::string> answer_card_lines(const nlohmann::ordered_json& results) {
  std::vector<std::string> lines;
  if (!results.is_array()) return lines;
  // Several queries are named by id, unless they share it (two questions about one pair).
  const auto id_of = [](const nlohmann::ordered_json& result) {
    return result.is_object() && result.contains("id") ? result["id"] : nlohmann::ordered_json();
  };
  bool named = false;
  for (const auto& result : results) named |= id_of(result) != id_of(results.front());
  for (std::size_t i = 0; i < results.size() && i < kMostQueries; ++i) {
    const auto& result = results[i];
    const std::string id = result.contains("id") && result["id"].is_string() ? result["id"].get<std::string>() : "";
    lines.push_back((named && !id.empty() ? id + ": " : "") + answer_of(result));
  }
  if (results.size() > kMostQueries) lines.push_back("and " + std::to_string(results.size() - kMostQueries) + " more");
  return lines;
}

std::vector<std::string> card_lines(const Figure& figure, const nlohmann::ordered_json& results) {
  return figure.card.empty() ? answer_card_lines(results) : figure.card;
}

ScreenRect card_at_corner(float width, float height, const ScreenRect& window, float margin, int corner) {
  const float x = corner & 1 ? window.right() - margin - width : window.x + margin;
  const float y = corner & 2 ? window.bottom() - margin - height : window.y + margin;
  return {x, y, width, height};
}

int answer_card_corner(const ScreenRect& card, std::span<const ScreenRect> things, const ScreenRect& window,
                       float margin, int current) {
  const auto covered = [&](int corner) {
    const ScreenRect at = card_at_corner(card.width, card.height, window, margin, corner);
    return std::count_if(things.begin(), things.end(), [&](const ScreenRect& thing) { return at.overlaps(thing); });
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

void AnswerCard::draw(const SampleInfo& info, const std::vector<std::string>& lines, const ImVec4& title_color,
                      float growth) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float margin = ImGui::GetFontSize();
  corner = answer_card_corner(rect, avoid, {0, 0, viewport->Size.x, viewport->Size.y}, margin, corner);
  const ImVec2 pivot(corner & 1 ? 1.0f : 0.0f, corner & 2 ? 1.0f : 0.0f);
  ImGui::SetNextWindowPos(ImVec2(viewport->Pos.x + (corner & 1 ? viewport->Size.x - margin : margin),
                                 viewport->Pos.y + (corner & 2 ? viewport->Size.y - margin : margin)),
                          ImGuiCond_Always, pivot);
  ImGui::SetNextWindowBgAlpha(kAnswerCardOpacity);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin("answer card", nullptr, flags)) {
    ImGui::SetWindowFontScale(growth);
    // A long answer wraps rather than run past the window's right edge.
    ImGui::PushTextWrapPos(viewport->Size.x - 3 * margin);
    ImGui::PushStyleColor(ImGuiCol_Text, title_color);
    ImGui::TextUnformatted(info.title);
    ImGui::PopStyleColor();
    for (const std::string& line : lines) ImGui::TextUnformatted(line.c_str());
    ImGui::PopTextWrapPos();
  }
  const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ImGui::End();
  rect = {at.x - viewport->Pos.x, at.y - viewport->Pos.y, size.x, size.y};
}
