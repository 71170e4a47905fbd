#include "app/shell/theme.h"

#include "app/samples/kit/sample_ui.h"
#include "render/color.h"

#include <cmath>
#include <utility>

namespace {

ImVec4 rgb(float r, float g, float b, float a = 1.0f) { return ImVec4(r, g, b, a); }

// ImGui's dark style with the surfaces text sits on made opaque and the accents dimmed
// enough for white text: its blue buttons and selections give white text only 3:1.
void dark_colors(Theme& theme) {
  ImGui::StyleColorsDark(&theme.style);
  ImVec4* c = theme.style.Colors;
  theme.scene_background = rgb(0.13f, 0.14f, 0.16f);
  theme.failed_row = rgb(0.80f, 0.15f, 0.15f, 0.35f);
  c[ImGuiCol_Text] = rgb(0.95f, 0.95f, 0.96f);
  c[ImGuiCol_TextDisabled] = rgb(0.66f, 0.68f, 0.72f);
  c[ImGuiCol_WindowBg] = rgb(0.09f, 0.10f, 0.11f);
  c[ImGuiCol_PopupBg] = rgb(0.11f, 0.12f, 0.13f);
  c[ImGuiCol_MenuBarBg] = rgb(0.15f, 0.16f, 0.18f);
  c[ImGuiCol_FrameBg] = rgb(0.17f, 0.22f, 0.30f);
  c[ImGuiCol_FrameBgHovered] = rgb(0.21f, 0.29f, 0.41f);
  c[ImGuiCol_FrameBgActive] = rgb(0.24f, 0.34f, 0.50f);
  c[ImGuiCol_Button] = rgb(0.19f, 0.30f, 0.46f);
  c[ImGuiCol_ButtonHovered] = rgb(0.22f, 0.37f, 0.58f);
  c[ImGuiCol_ButtonActive] = rgb(0.16f, 0.29f, 0.48f);
  c[ImGuiCol_Header] = rgb(0.19f, 0.30f, 0.46f);
  c[ImGuiCol_HeaderHovered] = rgb(0.22f, 0.37f, 0.58f);
  c[ImGuiCol_HeaderActive] = rgb(0.16f, 0.29f, 0.48f);
  c[ImGuiCol_TitleBg] = rgb(0.07f, 0.08f, 0.09f);
  c[ImGuiCol_TitleBgActive] = rgb(0.14f, 0.23f, 0.37f);
  c[ImGuiCol_TitleBgCollapsed] = rgb(0.07f, 0.08f, 0.09f);
  c[ImGuiCol_Tab] = rgb(0.16f, 0.24f, 0.36f);
  c[ImGuiCol_TabHovered] = rgb(0.22f, 0.37f, 0.58f);
  c[ImGuiCol_TabActive] = rgb(0.19f, 0.32f, 0.50f);
  c[ImGuiCol_TableHeaderBg] = rgb(0.14f, 0.15f, 0.17f);
  c[ImGuiCol_TableRowBgAlt] = rgb(1.0f, 1.0f, 1.0f, 0.05f);
  c[ImGuiCol_TextSelectedBg] = rgb(0.26f, 0.45f, 0.72f, 0.45f);
}

// ImGui's light style with darker greyed text (its #999 on #F0F0F0 is 2.5:1).
void light_colors(Theme& theme) {
  ImGui::StyleColorsLight(&theme.style);
  ImVec4* c = theme.style.Colors;
  theme.scene_background = rgb(0.97f, 0.97f, 0.96f);
  theme.failed_row = rgb(0.95f, 0.30f, 0.30f, 0.25f);
  c[ImGuiCol_Text] = rgb(0.0f, 0.0f, 0.0f);
  c[ImGuiCol_TextDisabled] = rgb(0.36f, 0.37f, 0.39f);
  c[ImGuiCol_WindowBg] = rgb(0.95f, 0.95f, 0.95f);
  c[ImGuiCol_PopupBg] = rgb(1.0f, 1.0f, 1.0f);
  c[ImGuiCol_MenuBarBg] = rgb(0.91f, 0.91f, 0.91f);
  c[ImGuiCol_TableHeaderBg] = rgb(0.88f, 0.91f, 0.95f);
  c[ImGuiCol_TableRowBgAlt] = rgb(0.30f, 0.30f, 0.30f, 0.09f);
  // A white checkbox or field on the light panel needs an outline to be seen at all.
  theme.style.FrameBorderSize = 1.0f;
  c[ImGuiCol_Border] = rgb(0.45f, 0.46f, 0.48f);
}

double channel_luminance(float srgb) {
  const double c = srgb;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double relative_luminance(const ImVec4& color) {
  return 0.2126 * channel_luminance(color.x) + 0.7152 * channel_luminance(color.y) +
         0.0722 * channel_luminance(color.z);
}

ImVec4 to_imvec(const Color& c) { return ImVec4(c.r, c.g, c.b, c.a); }

}  // namespace

Theme make_theme(bool dark) {
  Theme theme;
  if (dark) {
    dark_colors(theme);
  } else {
    light_colors(theme);
  }
  // Windows resize from their edges (the side panel's right edge); a corner grip would
  // only be a stray triangle at the bottom of the panel.
  for (const ImGuiCol grip : {ImGuiCol_ResizeGrip, ImGuiCol_ResizeGripHovered, ImGuiCol_ResizeGripActive}) {
    theme.style.Colors[grip] = rgb(0, 0, 0, 0);
  }
  // The accent as text: the light style's amber is too pale on a light panel.
  const ImVec4 accent = theme.style.Colors[ImGuiCol_PlotHistogram];
  const Color title = dark ? Color{accent.x, accent.y, accent.z, 1} : for_light_background({accent.x, accent.y, accent.z, 1});
  theme.title_text = to_imvec(title);
  return theme;
}

ImVec4 composite(const ImVec4& top, const ImVec4& bottom) {
  const float a = top.w;
  return ImVec4(top.x * a + bottom.x * (1 - a), top.y * a + bottom.y * (1 - a), top.z * a + bottom.z * (1 - a), 1.0f);
}

double contrast_ratio(const ImVec4& a, const ImVec4& b) {
  const double la = relative_luminance(a), lb = relative_luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

std::vector<TextOnSurface> text_pairings(const Theme& theme, bool dark) {
  const ImVec4* c = theme.style.Colors;
  const ImVec4 window = composite(c[ImGuiCol_WindowBg], theme.scene_background);
  const ImVec4 popup = composite(c[ImGuiCol_PopupBg], window);
  // Where the greyed and coloured text appears: windows, popups, menus and table rows.
  const std::vector<std::pair<std::string, ImVec4>> quiet_surfaces = {
      {"window", window},
      {"popup", popup},
      {"menu bar", composite(c[ImGuiCol_MenuBarBg], window)},
      {"table header", composite(c[ImGuiCol_TableHeaderBg], window)},
      {"striped row", composite(c[ImGuiCol_TableRowBgAlt], window)},
      {"striped row in a popup", composite(c[ImGuiCol_TableRowBgAlt], popup)},
  };
  // The body text is also on fields, buttons, selections, tabs, title bars and the tinted
  // rows of failed cases.
  std::vector<std::pair<std::string, ImVec4>> body_surfaces = quiet_surfaces;
  const std::pair<const char*, ImGuiCol> interactive[] = {
      {"field", ImGuiCol_FrameBg},          {"hovered field", ImGuiCol_FrameBgHovered},
      {"active field", ImGuiCol_FrameBgActive}, {"button", ImGuiCol_Button},
      {"hovered button", ImGuiCol_ButtonHovered}, {"pressed button", ImGuiCol_ButtonActive},
      {"selection", ImGuiCol_Header},       {"hovered selection", ImGuiCol_HeaderHovered},
      {"active selection", ImGuiCol_HeaderActive}, {"tab", ImGuiCol_Tab},
      {"hovered tab", ImGuiCol_TabHovered}, {"active tab", ImGuiCol_TabActive},
      {"title bar", ImGuiCol_TitleBg},      {"active title bar", ImGuiCol_TitleBgActive},
      {"selected text", ImGuiCol_TextSelectedBg},
  };
  for (const auto& [name, col] : interactive) body_surfaces.emplace_back(name, composite(c[col], window));
  body_surfaces.emplace_back("failed case's row", composite(theme.failed_row, window));

  std::vector<TextOnSurface> pairings;
  const auto add = [&](const std::string& text_name, const ImVec4& text, const auto& surfaces) {
    for (const auto& [surface_name, surface] : surfaces) pairings.push_back({text_name, surface_name, text, surface});
  };
  const ImVec4 card = composite(ImVec4(c[ImGuiCol_WindowBg].x, c[ImGuiCol_WindowBg].y, c[ImGuiCol_WindowBg].z,
                                       kAnswerCardOpacity),
                                theme.scene_background);
  body_surfaces.emplace_back("answer card", card);
  add("text", c[ImGuiCol_Text], body_surfaces);
  add("title", theme.title_text, quiet_surfaces);
  pairings.push_back({"title", "answer card", theme.title_text, card});
  add("greyed text", c[ImGuiCol_TextDisabled], quiet_surfaces);
  const std::pair<const char*, Color> coloured[] = {
      {"shape colour", palette::kShape},       {"second shape colour", palette::kShapeB},
      {"query colour", palette::kQuery},       {"answer colour", palette::kAnswer},
      {"join colour", palette::kJoin},         {"overlap colour", palette::kOverlap},
      {"separated colour", palette::kSeparated}, {"ray colour", palette::kMagenta},
      {"handle colour", palette::kHandle},     {"hovered handle colour", palette::kHandleHover},
      {"muted colour", palette::kMuted},       {"warning colour", kWarningText},
  };
  for (const auto& [name, color] : coloured) {
    const ImVec4 shown = to_imvec(dark ? color : for_light_background(color));
    add(name, shown, quiet_surfaces);
    pairings.push_back({std::string(name) + " (a scene label)", "scene", shown, theme.scene_background});
  }
  return pairings;
}
