#include "app/shell/presenter_tools.h"

#include <glm/glm.hpp>

namespace {
constexpr ImU32 kInk = IM_COL32(255, 64, 160, 255);   // magenta: no sample draws in it
constexpr ImU32 kLaser = IM_COL32(255, 40, 40, 255);  // a laser pointer's red
constexpr float kInkWidth = 4.0f, kLaserRadius = 9.0f;
}  // namespace

void PresenterTools::take_pointer(PointerInput& input, int host_generation,
                                  const std::function<glm::dvec3(glm::dvec2)>& to_world) {
  if (host_generation != generation) wipe();
  generation = host_generation;
  if (!pen) {
    drawing = false;
    return;
  }
  if (input.left_pressed && input.over_scene) {
    strokes.push_back({to_world(input.position)});
    last_at = input.position;
    drawing = true;
  } else if (drawing && input.left_down) {
    if (glm::length(input.position - last_at) >= 1.0) {
      strokes.back().push_back(to_world(input.position));
      last_at = input.position;
    }
  } else {
    drawing = false;
  }
  // The left button is the pen's: no handle is picked, dragged or added, and nothing orbits.
  input.left_pressed = input.left_down = input.left_released = input.left_double_clicked = false;
}

void PresenterTools::draw(float scale, float pixels, const std::function<bool(const glm::dvec3&, glm::dvec2&)>& to_screen) const {
  ImDrawList* ink = ImGui::GetBackgroundDrawList();  // drawn after the scene's labels: above them
  std::vector<ImVec2> shown;
  const auto flush = [&] {
    if (shown.size() == 1) ink->AddCircleFilled(shown[0], kInkWidth * scale / 2, kInk);
    if (shown.size() > 1) ink->AddPolyline(shown.data(), static_cast<int>(shown.size()), kInk, ImDrawFlags_None, kInkWidth * scale);
    shown.clear();
  };
  for (const auto& stroke : strokes) {
    for (const glm::dvec3& point : stroke) {
      glm::dvec2 at;
      if (!to_screen(point, at)) {
        flush();  // behind the camera: the stroke breaks there
        continue;
      }
      shown.push_back(ImVec2(float(at.x) / pixels, float(at.y) / pixels));
    }
    flush();
  }
  if (!laser) return;
  const ImVec2 at = ImGui::GetIO().MousePos;
  ImDrawList* top = ImGui::GetForegroundDrawList();
  top->AddCircleFilled(at, kLaserRadius * scale * 2.2f, IM_COL32(255, 40, 40, 50));  // the glow
  top->AddCircleFilled(at, kLaserRadius * scale * 1.5f, IM_COL32(255, 40, 40, 90));
  top->AddCircleFilled(at, kLaserRadius * scale, kLaser);
}

nlohmann::ordered_json PresenterTools::dump() const {
  std::size_t points = 0;
  for (const auto& stroke : strokes) points += stroke.size();
  return {{"pen", pen}, {"laser", laser}, {"strokes", strokes.size()}, {"points", points}};
}
