#include "app/ui_shell.h"

#include <GLFW/glfw3.h>

namespace {
constexpr float kPanelWidth = 340.0f;  // at 100% scale
}

void UiShell::apply_theme(float scale) {
  scale_ = scale;
  ImGuiStyle style;
  if (theme_ == Theme::Dark) {
    ImGui::StyleColorsDark(&style);
    background_ = ImVec4(0.16f, 0.17f, 0.19f, 1.0f);
  } else {
    ImGui::StyleColorsLight(&style);
    background_ = ImVec4(0.93f, 0.93f, 0.92f, 1.0f);
  }
  style.WindowRounding = 0.0f;
  style.FrameRounding = 3.0f;
  style.WindowBorderSize = 0.0f;
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

void UiShell::draw(GLFWwindow* window) {
  if (ImGui::IsKeyPressed(GLFW_KEY_F1, false)) show_shortcuts_ = !show_shortcuts_;
  draw_menu_bar(window);
  if (show_panel_) draw_side_panel();
  draw_help_windows();
}

void UiShell::draw_menu_bar(GLFWwindow* window) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Quit", "Esc")) glfwSetWindowShouldClose(window, GLFW_TRUE);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem("Side panel", nullptr, &show_panel_);
    if (ImGui::MenuItem("Dark theme", nullptr, theme_ == Theme::Dark)) {
      theme_ = Theme::Dark;
      apply_theme(scale_);
    }
    if (ImGui::MenuItem("Light theme", nullptr, theme_ == Theme::Light)) {
      theme_ = Theme::Light;
      apply_theme(scale_);
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Samples")) {
    ImGui::MenuItem("(none yet)", nullptr, false, false);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Keyboard shortcuts", "F1", &show_shortcuts_);
    ImGui::MenuItem("About Collision Lab", nullptr, &show_about_);
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

void UiShell::draw_side_panel() {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float menu_height = ImGui::GetFrameHeight();
  ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x, viewport->Pos.y + menu_height));
  ImGui::SetNextWindowSize(ImVec2(kPanelWidth * scale_, viewport->Size.y - menu_height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
  if (ImGui::Begin("Sample", nullptr, flags)) {
    ImGui::TextDisabled("No sample loaded.");
  }
  ImGui::End();
}

void UiShell::draw_help_windows() {
  if (show_shortcuts_) {
    ImGui::SetNextWindowSize(ImVec2(360 * scale_, 0), ImGuiCond_Appearing);
    if (ImGui::Begin("Keyboard shortcuts", &show_shortcuts_, ImGuiWindowFlags_NoSavedSettings)) {
      if (ImGui::BeginTable("shortcuts", 2)) {
        auto row = [](const char* key, const char* action) {
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(key);
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(action);
        };
        row("Esc", "Quit");
        row("F1", "Show or hide this window");
        ImGui::EndTable();
      }
    }
    ImGui::End();
  }
  if (show_about_) {
    if (ImGui::Begin("About Collision Lab", &show_about_,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
      ImGui::Text("Collision Lab %s", COLLISION_LAB_VERSION);
      ImGui::TextUnformatted("Closest points, planes, containment and overlap tests,\n"
                             "live and touchable. The math follows Ericson's\n"
                             "Real-Time Collision Detection, chapter 5.");
    }
    ImGui::End();
  }
}
