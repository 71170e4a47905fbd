#include "app/shell/presenter_tools.h"

#include <cmath>

namespace {
constexpr ImU32 kInk = IM_COL32(255, 64, 160, 255);   // magenta: no sample draws in it
constexpr ImU32 kLaser = IM_COL32(255, 40, 40, 255);  // a laser pointer's red
constexpr float kInkWidth = 4.0f, kLaserRadius = 9.0f;
}  // namespace

void PresenterTools::take_pointer(PointerInput& input, int host_generation, ImVec2 mouse) {
  if (host_generation != generation) wipe();
  generation = host_generation;
  if (!pen) {
    drawing = false;
    return;
  }
  if (input.left_pressed && input.over_scene) {
    strokes.push_back({mouse});
    drawing = true;
  } else if (drawing && input.left_down) {
    const ImVec2 last = strokes.back().back();
    if (std::hypot(mouse.x - last.x, mouse.y - last.y) >= 1.0f) strokes.back().push_back(mouse);
  } else {
    drawing = false;
  }
  // The left button is the pen's: no handle is picked, dragged or added, and nothing orbits.
  input.left_pressed = input.left_down = input.left_released = input.left_double_clicked = false;
}

void PresenterTools::draw(float scale) const {
  ImDrawList* ink = ImGui::GetBackgroundDrawList();  // drawn after the scene's labels: above them
  for (const auto& stroke : strokes) {
    if (stroke.size() == 1) {
      ink->AddCircleFilled(stroke[0], kInkWidth * scale / 2, kInk);
    } else {
      ink->AddPolyline(stroke.data(), static_cast<int>(stroke.size()), kInk, ImDrawFlags_None, kInkWidth * scale);
    }
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
