#pragma once
// The app's frame around the samples: menu bar, side panel with the sample's controls
// and the sample browser, theme and UI scale, help windows, world-anchored labels.
#include "app/document/history.h"
#include "app/shell/label_layout.h"
#include "app/document/png_export.h"
#include "app/shell/presenter.h"
#include "app/shell/presenter_tools.h"
#include "render/view.h"

#include <imgui.h>

#include <optional>
#include <utility>
#include <string>
#include <vector>

struct GLFWwindow;
class SampleHost;
class DocumentUi;
class DebugDraw;
namespace cam {
class Camera3D;
}

class UiShell {
 public:
  void set_theme(bool dark);
  void set_scale(float content_scale, int ui_scale_percent);
  bool dark_theme() const { return dark_; }
  int ui_scale_percent() const { return ui_scale_percent_; }
  double pixel_scale() const { return double(content_scale_) * ui_scale_percent_ / 100.0; }
  void request_font_rebuild() { font_rebuild_ = true; }
  bool take_font_rebuild() { bool r = font_rebuild_; font_rebuild_ = false; return r; }
  void toggle_shortcuts() { show_shortcuts_ = !show_shortcuts_; }
  void toggle_ui() { ui_hidden_ = !ui_hidden_; }
  // Presenter mode (presenter.h): the scene alone, larger, with the answer card.
  void toggle_presenter() { presenter_ = !presenter_; }
  bool presenter() const { return presenter_; }
  // Presenter mode's optional cards beside the answer card (F6, F7).
  void toggle_formula_card() { show_formula_card_ = !show_formula_card_; }
  void toggle_table_card() { show_table_card_ = !show_table_card_; }
  // The cards drawn last frame in presenter mode, by name, where they were (window pixels).
  const std::vector<std::pair<std::string, ScreenRect>>& cards_shown() const { return cards_shown_; }
  // True while a card moved or changed size last frame: its place depends on its size and
  // on the cards before it, so the next frame places it again.
  bool cards_settling() const { return cards_settling_; }
  const AnswerCard& answer_card() const { return answer_card_; }  // as last drawn, in presenter mode
  // The scale of the scene's lines, points and labels: the UI's, larger in presenter mode.
  double scene_pixel_scale() const { return pixel_scale() * scene_growth(); }
  float scene_growth() const { return presenter_ ? presenter_growth(ui_scale_percent_) : 1.0f; }
  // The side panel's width at 100% UI scale (0: the default, 360 but at most 40% of the
  // window) and whether it is shown; the user changes both, the settings keep them.
  void set_panel(int width, bool shown) { panel_width_ = width, panel_shown_ = shown; }
  int panel_width() const { return panel_width_; }
  bool panel_shown() const { return panel_shown_; }
  // Fields and readouts with every digit (the shortest text that reads back the same)
  // instead of 4 decimals.
  void set_full_precision(bool on);
  bool full_precision() const;

  // Builds this frame's menu bar and panels (between ImGui::NewFrame and Render).
  void draw(GLFWwindow* window, SampleHost& host, DocumentUi& documents);
  // The part of the framebuffer the scene is drawn in: right of the panel, below the menu.
  Viewport scene_viewport(int fb_width, int fb_height) const;
  // The draw list's labels where place_labels puts them in the scene, clear of each other,
  // of `keep_clear` (the handles), the 3D axis gizmo and the presenter's answer card.
  void draw_labels(const DebugDraw& draw, const Viewport& scene, std::vector<ScreenRect> keep_clear);
  // In 3D views, the world's x, y and z as the camera sees them, in the scene's lower-left corner.
  void draw_axis_gizmo(const cam::Camera3D& camera, const Viewport& scene) const;
  // The labels drawn last frame, where they were drawn (window pixels), for tests.
  struct ShownLabel {
    std::string text;
    float x = 0, y = 0, width = 0, height = 0;
    bool leader = false;  // moved away from its point, with a line back to it
  };
  const std::vector<ShownLabel>& shown_labels() const { return shown_labels_; }
  const ImVec4& background_color() const { return background_; }
  PngExportDialog& png_export() { return png_export_; }

  PresenterTools tools;  // the pen and the laser pointer (View menu, Ctrl+P, E, L)

 private:
  void apply_style();
  void draw_menu_bar(GLFWwindow* window, SampleHost& host, DocumentUi& documents);
  float draw_side_panel(SampleHost& host, DocumentUi& documents);  // its width
  void draw_sample_browser(SampleHost& host, DocumentUi& documents);
  void draw_help_windows();
  ScreenRect axis_gizmo_rect(const Viewport& scene) const;  // window pixels
  float axis_gizmo_scale() const;

  bool dark_ = true;
  float content_scale_ = 1.0f;
  int ui_scale_percent_ = 100;
  bool font_rebuild_ = false;
  bool ui_hidden_ = false;
  bool presenter_ = false;
  bool show_shortcuts_ = false;
  bool show_about_ = false;
  int panel_width_ = 0;
  bool panel_shown_ = true;
  float panel_width_px_ = 0;   // framebuffer pixels, measured this frame
  float menu_height_px_ = 0;
  ImVec4 background_{0.16f, 0.17f, 0.19f, 1.0f};
  ImVec4 title_color_{1, 1, 1, 1};  // a sample's title (Theme::title_text)
  // The state and settings before the panel edit in progress (a field or setting being
  // dragged or typed), recorded as one undo step when no field is active any more.
  std::optional<Snapshot> panel_edit_before_;
  int panel_edit_generation_ = 0;  // the host's generation when that edit began
  PngExportDialog png_export_;
  AnswerCard answer_card_;  // in presenter mode
  AnswerCard formula_card_, table_card_;  // and beside it, when asked for
  bool show_formula_card_ = false, show_table_card_ = false;
  std::vector<std::pair<std::string, ScreenRect>> cards_shown_;
  bool cards_settling_ = false;
  void draw_presenter_cards(SampleHost& host, DocumentUi& documents);
  std::vector<ShownLabel> shown_labels_;
};
