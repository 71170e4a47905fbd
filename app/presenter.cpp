#include "app/presenter.h"

#include "app/sample.h"
#include "app/samples/kit/number_text.h"
#include "app/theme.h"

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
  const bool named = results.size() > 1;
  for (std::size_t i = 0; i < results.size() && i < kMostQueries; ++i) {
    const auto& result = results[i];
    const std::string id = result.contains("id") && result["id"].is_string() ? result["id"].get<std::string>() : "";
    lines.push_back((named && !id.empty() ? id + ": " : "") + answer_of(result));
  }
  if (results.size() > kMostQueries) lines.push_back("and " + std::to_string(results.size() - kMostQueries) + " more");
  return lines;
}

ScreenRect draw_answer_card(const SampleInfo& info, const nlohmann::ordered_json& results, const ImVec4& title_color) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float margin = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(viewport->Pos.x + margin, viewport->Pos.y + margin));
  ImGui::SetNextWindowBgAlpha(kAnswerCardOpacity);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin("answer card", nullptr, flags)) {
    ImGui::SetWindowFontScale(kPresenterScale);
    ImGui::PushStyleColor(ImGuiCol_Text, title_color);
    ImGui::TextUnformatted(info.title);
    ImGui::PopStyleColor();
    for (const std::string& line : answer_card_lines(results)) ImGui::TextUnformatted(line.c_str());
  }
  const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ImGui::End();
  return {at.x, at.y, size.x, size.y};
}
