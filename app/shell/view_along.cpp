#include "app/shell/view_along.h"

#include "app/host/sample_host.h"

#include <imgui.h>

#include <string>
#include <vector>

namespace {

// The world axes first, as the View menu always offered them, then the sample's.
std::vector<ViewDirection> directions(const Sample& sample) {
  std::vector<ViewDirection> all = {{"front (down z)", {0, 0, -1}}, {"top (down y)", {0, -1, 0}}, {"side (down x)", {-1, 0, 0}}};
  for (auto& direction : sample.view_directions()) all.push_back(std::move(direction));
  return all;
}

}  // namespace

void view_along_menu_items(SampleHost& host) {
  for (const ViewDirection& direction : directions(*host.sample())) {
    if (ImGui::MenuItem(("Look " + direction.name).c_str())) host.camera_3d.look_along(direction.forward);
  }
}

void view_along_buttons(SampleHost& host) {
  if (!host.sample() || !host.sample()->is_3d()) return;
  ImGui::TextDisabled("Look");
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  for (const ViewDirection& direction : directions(*host.sample())) {
    // As many buttons to a line as fit: at 250% the names go one under the other.
    const float width = ImGui::CalcTextSize(direction.name.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
    if (ImGui::SmallButton(direction.name.c_str())) host.camera_3d.look_along(direction.forward);
  }
}
