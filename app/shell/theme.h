#pragma once
// The dark and light themes: ImGui's colours and the scene's background, chosen so that all
// text reaches WCAG AA contrast (4.5:1) against whatever it is drawn on, on a projector as
// on a screen. text_pairings() lists every such pairing, and a test holds each to 4.5:1.
// Implemented in theme.cpp.
#include <imgui.h>

#include <string>
#include <vector>

struct Theme {
  ImGuiStyle style;  // colours only: sizes are scaled by the shell
  ImVec4 scene_background;
  ImVec4 failed_row;  // the tint of a table row whose case failed (translucent)
  ImVec4 title_text;  // a sample's title: the theme's accent
};

// The presenter's answer card lets this much of its window colour cover the scene.
inline constexpr float kAnswerCardOpacity = 0.85f;

Theme make_theme(bool dark);

// `top`, which may be translucent, composited over the opaque `bottom`.
ImVec4 composite(const ImVec4& top, const ImVec4& bottom);
// The WCAG 2 contrast ratio of two opaque colours: from 1 (the same) to 21 (black on white).
double contrast_ratio(const ImVec4& a, const ImVec4& b);

// One colour of text on one opaque surface, named for messages.
struct TextOnSurface {
  std::string text_name, surface_name;
  ImVec4 text, surface;
};

// Every pairing the app draws: the body text on every panel surface (windows, popups, menus,
// table headers and striped rows, fields, buttons and selections in each state); the
// greyed text and the palette's coloured text (as the theme shows it) on the surfaces where
// they appear; and the scene's labels on the scene.
std::vector<TextOnSurface> text_pairings(const Theme& theme, bool dark);
