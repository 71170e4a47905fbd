#include "app/shell/ui_shell.h"

#include "app/document/document_ui.h"
#include "app/document/presets.h"
#include "app/host/precision_compare.h"
#include "app/host/sample_host.h"
#include "app/platform/platform.h"
#include "app/samples/kit/sample_ui.h"
#include "app/shell/theme.h"
#include "app/shell/view_along.h"
#include "render/camera.h"
#include "render/debug_draw.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace {
constexpr float kPanelWidth = 360.0f;  // at 100% scale, by default
constexpr float kMinPanelWidth = 220.0f;
constexpr float kDefaultPanelShare = 0.4f, kMaxPanelShare = 0.7f;  // of the window's width
constexpr int kScaleChoices[] = {100, 125, 150, 175, 200, 250, 300};

ImU32 to_imgui(const Color& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }
}  // namespace

void UiShell::set_theme(bool dark) {
  dark_ = dark;
  apply_style();
}

void UiShell::set_scale(float content_scale, int ui_scale_percent) {
  content_scale_ = content_scale;
  ui_scale_percent_ = ui_scale_percent;
  apply_style();
}

void UiShell::apply_style() {
  const Theme theme = make_theme(dark_);
  ImGuiStyle style = theme.style;
  background_ = theme.scene_background;
  title_color_ = theme.title_text;
  style.WindowRounding = 0.0f;
  style.FrameRounding = 3.0f;
  style.WindowBorderSize = 0.0f;
  style.ScaleAllSizes(float(pixel_scale()));
  ImGui::GetStyle() = style;
  set_light_theme(!dark_);  // the panel's swatches and coloured text follow the scene's palette
}

void UiShell::set_full_precision(bool on) { ::set_full_precision(on); }

bool UiShell::full_precision() const { return ::full_precision(); }

Viewport UiShell::scene_viewport(int fb_width, int fb_height) const {
  const bool bare = ui_hidden_ || presenter_;
  const float left = bare ? 0.0f : panel_width_px_;
  const float top = bare ? 0.0f : menu_height_px_;
  Viewport viewport;
  viewport.x = left;
  viewport.y = top;
  viewport.width = std::max(1.0, double(fb_width) - left);
  viewport.height = std::max(1.0, double(fb_height) - top);
  return viewport;
}

void UiShell::draw(GLFWwindow* window, SampleHost& host, DocumentUi& documents) {
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  menu_height_px_ = 0;
  panel_width_px_ = 0;
  const std::vector<std::pair<std::string, ScreenRect>> cards_before = std::move(cards_shown_);
  cards_shown_.clear();
  if (presenter_) {
    if (host.info()) draw_presenter_cards(host, documents);
  } else if (!ui_hidden_) {
    draw_menu_bar(window, host, documents);
    menu_height_px_ = ImGui::GetFrameHeight() * fb_scale.y;
    if (panel_shown_) panel_width_px_ = draw_side_panel(host, documents) * fb_scale.x;
  }
  draw_help_windows();
  png_export_.draw();
  const auto same = [](const auto& a, const auto& b) {
    return a.first == b.first && a.second.x == b.second.x && a.second.y == b.second.y && a.second.width == b.second.width &&
           a.second.height == b.second.height;
  };
  cards_settling_ = !std::equal(cards_before.begin(), cards_before.end(), cards_shown_.begin(), cards_shown_.end(), same);
}

// The answer card, then the formula and the test table when asked for, each in the corner
// that hides least of the scene and none of the cards before it.
void UiShell::draw_presenter_cards(SampleHost& host, DocumentUi& documents) {
  answer_card_.draw(*host.info(), documents.lecture_heading(), card_lines(*host.sample(), sample_results(*host.sample())),
                    title_color_, scene_growth());
  cards_shown_.push_back({"answer", answer_card_.rect});
  std::vector<ScreenRect> taken{answer_card_.rect};
  const Color lit = themed(palette::kAnswer);
  const ImVec4 highlight(lit.r, lit.g, lit.b, 1);
  const std::vector<std::string> formula = show_formula_card_ ? host.explain.formula(*host.sample()) : std::vector<std::string>{};
  if (!formula.empty()) {
    formula_card_.avoid = answer_card_.avoid;
    formula_card_.draw_card("formula card", "Formula", formula, nullptr, title_color_, highlight, scene_growth(), taken);
    cards_shown_.push_back({"formula", formula_card_.rect});
    taken.push_back(formula_card_.rect);
  }
  const Figure figure = show_table_card_ ? host.sample()->figure() : Figure{};
  if (!figure.tables.empty()) {
    table_card_.avoid = answer_card_.avoid;
    table_card_.draw_card("table card", "Tests", {}, &figure.tables.front(), title_color_, highlight, scene_growth(), taken);
    cards_shown_.push_back({"table", table_card_.rect});
  }
}

void UiShell::draw_menu_bar(GLFWwindow* window, SampleHost& host, DocumentUi& documents) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    documents.file_menu();
    if (ImGui::MenuItem("Export PNG\u2026")) png_export_.open(host.info() ? host.info()->id : "scene");
    ImGui::Separator();
    if (!platform::files_are_downloads() && ImGui::MenuItem("Quit", "Ctrl+Q")) documents.request_quit(window);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
    const std::string* next_undo = host.history().next_undo();
    const std::string* next_redo = host.history().next_redo();
    if (ImGui::MenuItem(next_undo ? ("Undo " + *next_undo).c_str() : "Undo", "Ctrl+Z", false, next_undo)) host.undo();
    if (ImGui::MenuItem(next_redo ? ("Redo " + *next_redo).c_str() : "Redo", "Ctrl+Y", false, next_redo)) host.redo();
    ImGui::Separator();
    documents.edit_menu();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Hide the UI", "Tab")) ui_hidden_ = true;
    if (ImGui::MenuItem("Presenter mode", "F5")) presenter_ = true;
    ImGui::MenuItem("Presenter: formula card", "F6", &show_formula_card_);
    ImGui::MenuItem("Presenter: test table card", "F7", &show_table_card_);
    ImGui::MenuItem("Side panel", nullptr, &panel_shown_);
    if (ImGui::MenuItem("Default panel width", nullptr, false, panel_width_ != 0)) panel_width_ = 0;
    if (ImGui::MenuItem("Frame the scene", "Home")) host.frame_scene();
    ImGui::MenuItem("Compare float and double", nullptr, &host.compare_float);
    ImGui::Separator();
    ImGui::MenuItem("Pen: draw on the figure", "Ctrl+P", &tools.pen);
    if (ImGui::MenuItem("Wipe the ink", "E", false, !tools.strokes.empty())) tools.wipe();
    ImGui::MenuItem("Laser pointer: hold L", nullptr, false, false);
    if (ImGui::MenuItem("Pin a ghost of this figure", "G", host.ghost() != nullptr)) {
      host.ghost() ? host.unpin() : host.pin();
    }
    if (host.sample() && host.sample()->is_3d()) {
      ImGui::Separator();
      if (ImGui::MenuItem("Perspective", nullptr, !host.camera_3d.orthographic)) host.camera_3d.orthographic = false;
      if (ImGui::MenuItem("Orthographic", nullptr, host.camera_3d.orthographic)) host.camera_3d.orthographic = true;
      view_along_menu_items(host);
      ImGui::MenuItem("Auto-orbit", nullptr, &host.auto_orbit);
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Full precision", nullptr, full_precision())) set_full_precision(!full_precision());
    ImGui::Separator();
    if (ImGui::MenuItem("Dark theme", nullptr, dark_)) set_theme(true);
    if (ImGui::MenuItem("Light theme", nullptr, !dark_)) set_theme(false);
    if (ImGui::BeginMenu("UI scale")) {
      for (int percent : kScaleChoices) {
        const std::string label = std::to_string(percent) + "%";
        if (ImGui::MenuItem(label.c_str(), nullptr, percent == ui_scale_percent_) && percent != ui_scale_percent_) {
          set_scale(content_scale_, percent);
          font_rebuild_ = true;
        }
      }
      ImGui::EndMenu();
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Samples")) {
    const char* category = nullptr;
    bool open = false;
    for (const auto& info : sample_registry()) {
      if (!category || std::strcmp(category, info.category) != 0) {
        if (open) ImGui::EndMenu();
        category = info.category;
        open = ImGui::BeginMenu(category);
      }
      if (open && ImGui::MenuItem(info.title, nullptr, host.info() == &info)) documents.select_sample(info.id);
    }
    if (open) ImGui::EndMenu();
    ImGui::Separator();
    if (ImGui::MenuItem("Previous", "[")) documents.next_sample(-1);
    if (ImGui::MenuItem("Next", "]")) documents.next_sample(+1);
    ImGui::EndMenu();
  }
  const PresetsMenuChoice presets = draw_presets_menu();
  if (presets.open) documents.open_preset(*presets.open);
  if (presets.save_mine) documents.save_my_preset();
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Keyboard and mouse", "F1", &show_shortcuts_);
    ImGui::MenuItem("About Collision Lab", nullptr, &show_about_);
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

float UiShell::draw_side_panel(SampleHost& host, DocumentUi& documents) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float menu_height = ImGui::GetFrameHeight();
  const float scale = float(pixel_scale()), height = viewport->Size.y - menu_height;
  // Its right edge is a splitter: ImGui resizes the window from it, within these bounds.
  const float widest = kMaxPanelShare * viewport->Size.x;
  const float narrowest = std::min(kMinPanelWidth * scale, kDefaultPanelShare * viewport->Size.x);
  const float wanted = panel_width_ > 0 ? float(panel_width_) * scale
                                        : std::min(kPanelWidth * scale, kDefaultPanelShare * viewport->Size.x);
  const float width = std::clamp(wanted, narrowest, widest);
  ImGui::SetNextWindowPos(ImVec2(viewport->Pos.x, viewport->Pos.y + menu_height));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::SetNextWindowSizeConstraints(ImVec2(narrowest, height), ImVec2(widest, height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar;
  const bool open = ImGui::Begin("Sample", nullptr, flags);
  const float shown_width = ImGui::GetWindowWidth();
  if (std::fabs(shown_width - width) >= 1.0f) panel_width_ = std::max(1, int(std::lround(shown_width / scale)));
  if (open) {
    documents.case_list();
    documents.lecture_list();
    if (const SampleInfo* info = host.info()) {
      ImGui::TextDisabled("%s", info->category);
      const ImVec4 title = title_color_;
      ImGui::PushStyleColor(ImGuiCol_Text, title);
      ImGui::TextWrapped("%s", info->title);
      ImGui::PopStyleColor();
      ImGui::TextWrapped("%s", info->description);
      if (!host.scene_title().empty()) {  // a preset says what it sets up
        ImGui::Separator();
        ImGui::PushStyleColor(ImGuiCol_Text, title);
        ImGui::TextWrapped("%s", host.scene_title().c_str());
        ImGui::PopStyleColor();
        ImGui::TextWrapped("%s", host.scene_description().c_str());
      }
      ImGui::Separator();
      precision_panel(*host.sample(), host.compare_float);
      view_along_buttons(host);
      host.sample()->reveal.controls(host.sample()->reveal_steps());
      std::optional<Snapshot> before;
      if (!panel_edit_before_) before = host.snapshot();
      const bool edited = host.sample()->controls();
      // Settings (a sample's parameters, e.g. N) change in controls() without saying so.
      const bool settings_changed = before && before->settings != host.sample()->parameters();
      if (host.sample()->edit_fields() || edited || settings_changed) {
        host.sample()->update(0);
        if (!panel_edit_before_) {
          panel_edit_before_ = std::move(before);
          panel_edit_generation_ = host.generation();
        }
      }
      if (panel_edit_before_ && !ImGui::IsAnyItemActive()) {
        const bool settings = panel_edit_before_->settings != host.sample()->parameters();
        // An edit begun in another sample (it changed mid-drag) is no step of this one.
        if (panel_edit_generation_ == host.generation()) {
          host.record_edit(settings ? "Change settings" : "Edit values", *panel_edit_before_);
        }
        panel_edit_before_.reset();
      }
      host.explain.panel(*host.sample());
      ImGui::Spacing();
      bool precise = full_precision();
      if (wrapped_checkbox("Full precision", precise)) set_full_precision(precise);
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Every digit: the shortest text that reads back as the same number.\n"
                          "Off: 4 decimals. Typing always keeps every digit typed.");
      }
    } else {
      ImGui::TextDisabled("No sample loaded.");
    }
    ImGui::Spacing();
    documents.scene_details();
    draw_sample_browser(host, documents);
  }
  ImGui::End();
  return shown_width;
}

void UiShell::draw_sample_browser(SampleHost& host, DocumentUi& documents) {
  if (!ImGui::CollapsingHeader("All samples")) return;
  const char* category = nullptr;
  for (const auto& info : sample_registry()) {
    if (!category || std::strcmp(category, info.category) != 0) {
      category = info.category;
      ImGui::TextDisabled("%s", category);
    }
    ImGui::PushID(info.id);
    if (ImGui::Selectable(info.title, host.info() == &info)) documents.select_sample(info.id);
    ImGui::PopID();
  }
}

void UiShell::draw_labels(const DebugDraw& draw, const Viewport& scene, std::vector<ScreenRect> keep_clear) {
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  const float grow = scene_growth(), font_size = ImGui::GetFontSize() * grow;
  std::vector<const Label*> shown;
  std::vector<LabelToPlace> wanted;
  for (const auto& label : draw.labels()) {
    if (!label.visible) continue;
    const ImVec2 size = ImGui::CalcTextSize(label.text.c_str());
    shown.push_back(&label);
    wanted.push_back({float(label.screen.x) / fb_scale.x, float(label.screen.y) / fb_scale.y, size.x * grow,
                      size.y * grow, label.centred});
  }
  if (draw.view().is_3d) keep_clear.push_back(axis_gizmo_rect(scene));
  std::vector<ScreenSegment> lines;  // past 4096 lines the scene is a crowd no label avoids
  for (const glm::dvec4& s : draw.lines_on_screen(4096)) {
    lines.push_back({float(s.x / fb_scale.x), float(s.y / fb_scale.y), float(s.z / fb_scale.x), float(s.w / fb_scale.y)});
  }
  if (presenter_) answer_card_.avoid_next(keep_clear, wanted, lines);  // only the card needs them
  for (const auto& [name, rect] : cards_shown_) keep_clear.push_back(rect);
  const float inset = 2 * grow;
  const ScreenRect bounds{float(scene.x) / fb_scale.x + inset, float(scene.y) / fb_scale.y + inset,
                          float(scene.width) / fb_scale.x - 2 * inset, float(scene.height) / fb_scale.y - 2 * inset};
  const std::vector<PlacedLabel> placed = place_labels(wanted, keep_clear, bounds, font_size / 2, lines);
  shown_labels_.clear();
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (!placed[i].shown) continue;
    const Label& label = *shown[i];
    const ScreenRect& rect = placed[i].rect;
    const Color opaque = label.color.with_alpha(1);  // see-through text would fail the contrast test's 4.5:1
    const ImU32 color = to_imgui(dark_ ? opaque : for_light_background(opaque));
    const ImU32 shadow = dark_ ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
    shown_labels_.push_back({label.text, rect.x, rect.y, rect.width, rect.height, placed[i].leader});
    if (placed[i].leader) {  // back to the point it names, which it had to leave
      ImVec2 end;
      nearest_point(rect, wanted[i].anchor_x, wanted[i].anchor_y, end.x, end.y);
      const ImVec2 start(wanted[i].anchor_x, wanted[i].anchor_y);
      list->AddLine(start, end, shadow, 3.0f * grow);
      list->AddLine(start, end, color, 1.5f * grow);
    }
    // A halo in the background's tone keeps labels readable over any line or fill.
    const float halo = std::max(1.0f, font_size / 14);
    for (const ImVec2 offset : {ImVec2(-1, -1), ImVec2(1, -1), ImVec2(-1, 1), ImVec2(1, 1)}) {
      list->AddText(ImGui::GetFont(), font_size, ImVec2(rect.x + offset.x * halo, rect.y + offset.y * halo), shadow,
                    label.text.c_str());
    }
    list->AddText(ImGui::GetFont(), font_size, ImVec2(rect.x, rect.y), color, label.text.c_str());
  }
}

// The arrows and their letters grow with the display's pixel density, but with the UI's
// scale no more than to 150%: a corner of the scene, not a shape's place.
float UiShell::axis_gizmo_scale() const { return content_scale_ * std::min(float(ui_scale_percent_) / 100.0f, 1.5f); }

ScreenRect UiShell::axis_gizmo_rect(const Viewport& scene) const {
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  const float reach = 56.0f * axis_gizmo_scale();
  const ImVec2 origin(float(scene.x) / fb_scale.x + reach, float(scene.y + scene.height) / fb_scale.y - reach);
  return {origin.x - reach, origin.y - reach, 2 * reach, 2 * reach};
}

void UiShell::draw_axis_gizmo(const cam::Camera3D& camera, const Viewport& scene) const {
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  const float scale = axis_gizmo_scale(), length = 34.0f * scale;
  const ScreenRect area = axis_gizmo_rect(scene);
  const ImVec2 origin(area.x + area.width / 2, area.y + area.height / 2);
  const Color colors[3] = {palette::kOverlap, palette::kSeparated, palette::kShape};
  const char* names[3] = {"x", "y", "z"};
  // The axis pointing farthest away first, so the nearer ones are drawn over it.
  int order[3] = {0, 1, 2};
  std::sort(order, order + 3, [&](int a, int b) { return camera.forward()[a] > camera.forward()[b]; });
  for (const int k : order) {
    const ImVec2 direction(float(camera.right()[k]), -float(camera.up()[k]));  // screen y grows down
    const ImVec2 tip(origin.x + direction.x * length, origin.y + direction.y * length);
    const Color shown = dark_ ? colors[k] : for_light_background(colors[k]);
    list->AddLine(origin, tip, to_imgui(shown), 3.0f * scale);
    const ImVec2 text = ImGui::CalcTextSize(names[k]);
    const float reach = length + 0.6f * std::max(text.x, text.y);
    list->AddText(ImVec2(origin.x + direction.x * reach - text.x / 2, origin.y + direction.y * reach - text.y / 2),
                  to_imgui(shown), names[k]);
  }
}
