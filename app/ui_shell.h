#pragma once
// The app's frame around the samples: menu bar, side panel, theme, help windows.
#include <imgui.h>

struct GLFWwindow;

enum class Theme { Dark, Light };

class UiShell {
 public:
  // Applies colours and sizes for the theme at the given UI scale.
  void apply_theme(float scale);
  // Builds this frame's menu bar and panels (between ImGui::NewFrame and Render).
  void draw(GLFWwindow* window);
  const ImVec4& background_color() const { return background_; }

 private:
  void draw_menu_bar(GLFWwindow* window);
  void draw_side_panel();
  void draw_help_windows();

  Theme theme_ = Theme::Dark;
  float scale_ = 1.0f;
  bool show_panel_ = true;
  bool show_shortcuts_ = false;
  bool show_about_ = false;
  ImVec4 background_{0.16f, 0.17f, 0.19f, 1.0f};
};
