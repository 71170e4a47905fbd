#pragma once
// Colours of the debug draw (RGBA, each in [0, 1]) and the palette the samples share.

struct Color {
  float r = 1, g = 1, b = 1, a = 1;
  constexpr Color with_alpha(float alpha) const { return {r, g, b, alpha}; }
};

// The palette is tuned for dark backgrounds; on a light one every bright colour is
// darkened to the same hue until it reads at WCAG AA contrast (4.5:1) on the light
// theme's surfaces, so white joins and yellow answers stay readable.
Color for_light_background(Color color);

// A palette chosen to read on a projector, on dark and light backgrounds alike.
namespace palette {
inline constexpr Color kShape{0.55f, 0.75f, 1.00f, 1};      // shapes being queried
inline constexpr Color kShapeB{1.00f, 0.70f, 0.35f, 1};     // the second shape of a pair
inline constexpr Color kQuery{0.35f, 0.95f, 0.95f, 1};      // query points (cyan)
inline constexpr Color kAnswer{1.00f, 0.90f, 0.20f, 1};     // closest points, the answer (yellow)
inline constexpr Color kJoin{0.95f, 0.95f, 0.95f, 1};       // lines joining a query to its answer
inline constexpr Color kOverlap{1.00f, 0.35f, 0.35f, 1};    // overlapping shapes
inline constexpr Color kSeparated{0.45f, 0.90f, 0.45f, 1};  // separated shapes, separating axes
inline constexpr Color kMagenta{1.00f, 0.30f, 1.00f, 1};    // the tutorial's ray
inline constexpr Color kHandle{1.00f, 1.00f, 1.00f, 1};
inline constexpr Color kHandleHover{1.00f, 0.60f, 0.10f, 1};
inline constexpr Color kMuted{0.60f, 0.62f, 0.66f, 1};
}  // namespace palette
