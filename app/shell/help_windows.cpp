// The help windows: the keyboard and mouse table (F1) and About.
#include "app/platform/platform.h"
#include "app/shell/ui_shell.h"

#include <imgui.h>

#include <algorithm>
#include <cstring>

namespace {
const char* const kShortcuts[][2] = {
    {"Left drag a handle", "Move it (X / Y / Z held: along that axis; Ctrl: snap to the grid)"},
    {"Left drag (3D)", "Orbit the camera"},
    {"Right or middle drag", "Pan"},
    {"Wheel", "Zoom about the cursor"},
    {"Double-click", "Add a vertex (polygons, polyhedra, walls)"},
    {"Right-click a handle", "Remove that vertex"},
    {"Double-click a number", "Type it (Enter or leaving applies, Esc keeps it)"},
    {"Arrow keys", "Pan"},
    {"N / P, Down / Up", "SAT samples: the next / previous axis; GJK and EPA: step"},
    {"Space", "SAT samples, GJK and EPA: play the axes or steps in turn"},
    {"N / P, Space", "Other answers: reveal the next / previous step (a test, a clamp, a line of the formula), play them"},
    {"Home", "Frame the scene"},
    {"Ctrl+1…9, 1…9", "Keep the camera as bookmark 1…9 (Shift+1…9 too), go back to it"},
    {"[  ]", "Previous / next sample"},
    {"Up, Down", "Previous / next case (a case file open)"},
    {"PgDn, PgUp", "Next / previous scene (a lecture open)"},
    {"Ctrl+N", "New scene"},
    {"Ctrl+O", "Open a scene, lecture or case file"},
    {"Ctrl+S, Ctrl+Shift+S", "Save, save as"},
    {"Ctrl+V", "Paste a scene, a query line or a shape"},
    {"R", "Reset the sample"},
    {"Tab", "Hide or show the UI"},
    {"F1", "Show or hide this window"},
    {"F5", "Presenter mode: the scene alone, larger, with the answer"},
    {"Ctrl+P (Shift+P), E", "The pen: draw on the figure, wipe the ink (Esc puts it down)"},
    {"Hold L", "Laser pointer"},
    {"F6, F7", "Presenter mode: show or hide the formula card, the test table card"},
    {"G", "Pin a faint ghost of the figure beside the live one, or drop it"},
    {"Esc", "Cancel a drag, put the pen down, close a popup"},
    {"Ctrl+Z", "Undo (a drag is one step)"},
    {"Ctrl+Y, Ctrl+Shift+Z", "Redo"},
    {"Ctrl+Q", "Quit"},
};

// The browser keeps Ctrl+N (a new window) from the page, and closes pages itself.
bool works_here(const char* key) {
  return !platform::files_are_downloads() || (std::strcmp(key, "Ctrl+N") != 0 && std::strcmp(key, "Ctrl+Q") != 0);
}
}  // namespace

void UiShell::draw_help_windows() {
  if (show_shortcuts_) {
    // As wide as its longest row, or the window less a margin, where the actions wrap;
    // as tall as its rows then (a 0 height fits the content when it appears).
    float key_width = 0, action_width = 0;
    for (const auto& [key, action] : kShortcuts) {
      key_width = std::max(key_width, ImGui::CalcTextSize(key).x);
      action_width = std::max(action_width, ImGui::CalcTextSize(action).x);
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float natural = key_width + action_width + 2 * style.WindowPadding.x + 4 * style.CellPadding.x + style.ItemSpacing.x;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowSize(ImVec2(std::min(natural, 0.9f * viewport->Size.x), 0), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(viewport->Pos.x + viewport->Size.x / 2, viewport->Pos.y + viewport->Size.y / 2),
                            ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(viewport->Size.x, viewport->Size.y));
    if (ImGui::Begin("Keyboard and mouse", &show_shortcuts_, ImGuiWindowFlags_NoSavedSettings)) {
      if (ImGui::BeginTable("shortcuts", 2, ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, key_width);
        ImGui::TableSetupColumn("action", ImGuiTableColumnFlags_WidthStretch);
        for (const auto& [key, action] : kShortcuts) {
          if (!works_here(key)) continue;
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(key);
          ImGui::TableNextColumn();
          ImGui::TextWrapped("%s", action);
        }
        ImGui::EndTable();
      }
    }
    ImGui::End();
  }
  if (show_about_) {
    if (ImGui::Begin("About Collision Lab", &show_about_, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
      ImGui::Text("Collision Lab %s", COLLISION_LAB_VERSION);
      ImGui::TextUnformatted("Closest points, planes, containment and overlap tests,\n"
                             "live and touchable. The math follows Ericson's\n"
                             "Real-Time Collision Detection, chapter 5.");
    }
    ImGui::End();
  }
}
