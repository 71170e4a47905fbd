#pragma once
// Presenter mode (F5), for a class on a projector: the scene alone, with lines, points and
// labels larger, and a card in its corner with the sample's title and its answer in large
// type. Implemented in presenter.cpp.
#include "app/host/figure.h"
#include "app/shell/label_layout.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

struct SampleInfo;

// Presenter mode draws the scene's lines, points and labels and the card at least this
// many times their size at 100% UI scale.
inline constexpr float kPresenterScale = 1.75f;

// How much presenter mode enlarges what the UI scale already enlarged: a projector set to
// 250% needs no more, and larger labels would only crowd each other and the shapes.
inline float presenter_growth(int ui_scale_percent) {
  return std::max(1.0f, kPresenterScale * 100.0f / float(std::max(ui_scale_percent, 1)));
}


// The window's corners for the card: 0 top left, 1 top right, 2 bottom left, 3 bottom right.
ScreenRect card_at_corner(float width, float height, const ScreenRect& window, float margin, int corner);

// The corner whose card (of the size of `card`) covers the fewest of `things` (handles,
// labelled points, the axis gizmo): `current` unless another covers fewer, so the card
// does not jump about while the user drags. A corner where the card would cover one of
// `taken` (the cards placed before it) is used only when every corner would.
int answer_card_corner(const ScreenRect& card, std::span<const ScreenRect> things, const ScreenRect& window,
                       float margin, int current, std::span<const ScreenRect> taken = {});

// The card, in the corner that hides least of the scene (the scene fills the window in
// presenter mode).
struct AnswerCard {
  ScreenRect rect;                // where it was last drawn (window pixels)
  std::string heading;            // the heading it last showed, if any
  int corner = 0;                 // as answer_card_corner numbers them
  std::vector<ScreenRect> avoid;  // what it should rather not cover, from the last frame
  // What the next frame's card should rather not cover: the handles and the axis gizmo
  // (`keep_clear`), the labelled points, and the ends of the scene's lines.
  void avoid_next(std::span<const ScreenRect> keep_clear, std::span<const LabelToPlace> labels,
                  std::span<const ScreenSegment> lines);
  // Between ImGui::NewFrame and Render; `growth` is presenter_growth. `heading_text`, when set,
  // comes first: a lecture's "3 / 12  Title".
  void draw(const SampleInfo& info, const std::string& heading_text, const std::vector<std::string>& lines,
            const ImVec4& title_color, float growth);
  // Any card: its window `id`, a title, then `lines`, or the rows of `table` (its highlighted
  // row in `highlight`), in a corner clear of `taken` (the cards drawn before it).
  void draw_card(const char* id, const std::string& title, const std::vector<std::string>& lines, const FigureTable* table,
                 const ImVec4& title_color, const ImVec4& highlight, float growth, std::span<const ScreenRect> taken);
};
