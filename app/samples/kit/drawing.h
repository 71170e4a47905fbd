#pragma once
// Drawing and text helpers the samples share: the witness pair of a closest-points
// answer, the right-angle mark, labels placed in screen pixels, vectors as text, framing.
#include "app/samples/kit/sample_ui.h"
#include "render/camera.h"
#include "render/debug_draw.h"

#include <algorithm>
#include <initializer_list>
#include <string>

namespace kit {

// A 2D label anchor moved by screen pixels (labels sit up and right of their anchor; a
// positive `down_px` of about 34 puts one below the point instead).
inline glm::dvec3 nudge_2d(const DebugDraw& draw, const glm::dvec3& p, double right_px, double down_px) {
  const double units = draw.world_units_per_pixel_at(p);
  return p + glm::dvec3(right_px * units, -down_px * units, 0);
}

// Orange text for degenerate input: the answer is still right, the shape just is less.
inline void warning(const char* text) { colored_text(kWarningText, "%s", text); }

// "+  above" style notes: the sign first, as the tutorials read it.
inline std::string signed_note(double value, const char* positive, const char* negative, const char* zero) {
  if (value > 0) return std::string("+  ") + positive;
  if (value < 0) return std::string("\u2212  ") + negative;
  return std::string("0  ") + zero;
}

// "On" within a tolerance relative to the scene's size, so dragging onto a plane can hit it.
inline double side_tolerance(const glm::dvec3& p) { return 1e-9 * (1 + glm::length(p)); }

inline std::string vector_text(const glm::dvec3& v, bool is_2d = false) {
  return is_2d ? "(" + format_number(v.x) + ", " + format_number(v.y) + ")"
               : "(" + format_number(v.x) + ", " + format_number(v.y) + ", " + format_number(v.z) + ")";
}

// The answer of a closest-pair query: the join, both witness points on top, and the distance
// labelled at the join's middle.
inline void draw_witnesses(DebugDraw& draw, const glm::dvec3& on_a, const glm::dvec3& on_b, double distance) {
  draw.line(on_a, on_b, palette::kJoin, 2.5f, Layer::Overlay);
  draw.point(on_a, 12, palette::kAnswer, Layer::Overlay);
  draw.point(on_b, 12, palette::kAnswer, Layer::Overlay);
  draw.label((on_a + on_b) * 0.5, "d = " + format_number(distance), palette::kJoin);
}

// A small square corner at `at` between the unit directions `along` and `across`, drawn
// in screen-constant size: the mark a teacher draws for "perpendicular".
inline void draw_right_angle(DebugDraw& draw, const glm::dvec3& at, const glm::dvec3& along,
                             const glm::dvec3& across, Color color) {
  const double size = 14 * draw.world_units_per_pixel_at(at);
  const glm::dvec3 a = at + along * size, b = at + (along + across) * size, c = at + across * size;
  draw.line(a, b, color, 1.5f, Layer::Overlay);
  draw.line(b, c, color, 1.5f, Layer::Overlay);
}

// A label about 24 px below `p` on screen, for a second label on a point that already has one.
inline void label_below(DebugDraw& draw, const glm::dvec3& p, std::string text, Color color) {
  const glm::dvec3 forward = draw.view().forward;
  glm::dvec3 right = glm::cross(forward, glm::dvec3(0, 1, 0));
  if (glm::length(right) < 1e-9) right = glm::dvec3(1, 0, 0);  // looking straight down
  const glm::dvec3 up = glm::normalize(glm::cross(glm::normalize(right), forward));
  draw.label(p - up * (24 * draw.world_units_per_pixel_at(p)), std::move(text), color);
}

// The unit vector of v, or zero when it has no direction (never NaN).
inline glm::dvec3 safe_normalize(const glm::dvec3& v) {
  const double length = glm::length(v);
  return length > 1e-12 ? v / length : glm::dvec3(0);
}

// A box grown on every side by a tenth of its largest size (at least 0.5), so labels at
// the edges stay on screen.
inline cam::Bounds padded(cam::Bounds bounds) {
  const glm::dvec3 size = bounds.max - bounds.min;
  const double pad = std::max(0.5, 0.1 * std::max({size.x, size.y, size.z}));
  bounds.min -= glm::dvec3(pad);
  bounds.max += glm::dvec3(pad);
  return bounds;
}

// What Home frames: the box around the given points (the answer's too, not only the
// handles), padded.
inline cam::Bounds bounds_around(std::initializer_list<glm::dvec3> points) {
  cam::Bounds bounds{glm::dvec3(1e300), glm::dvec3(-1e300)};
  for (const auto& p : points) {
    bounds.min = glm::min(bounds.min, p);
    bounds.max = glm::max(bounds.max, p);
  }
  return padded(bounds);
}

}  // namespace kit
