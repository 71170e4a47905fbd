#pragma once
// Drawing and text helpers the samples share: the answer of a point query, the witness
// pair of a closest-points answer, a triangle, a point's drop to a plane, the right-angle
// mark, labels placed in screen pixels, vectors as text, framing, convex polyhedra.
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/plane.h"
#include "collision_lab/shapes.h"
#include "render/camera.h"
#include "render/debug_draw.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <string>

namespace kit {

// Orange text for degenerate input: the answer is still right, the shape just is less.
// Wrapped, so the whole sentence shows in the panel at any UI scale.
inline void warning(const char* text) { warning_text(text); }

// "+  above" style notes: the sign first, as the tutorials read it.
inline std::string signed_note(double value, const char* positive, const char* negative, const char* zero) {
  if (value > 0) return std::string("+  ") + positive;
  if (value < 0) return std::string("\u2212  ") + negative;
  return std::string("0  ") + zero;
}

// "On" within a tolerance relative to the scene's size, so dragging onto a plane can hit it.
// A box's clamp of one coordinate, as a revealed step says it: "4.000 > max 2.000: clamped".
inline std::string clamp_outcome(double value, double low, double high, int clamped) {
  if (clamped == 0) return fixed_text(value, 3) + " in [" + fixed_text(low, 3) + ", " + fixed_text(high, 3) + "]: kept";
  return clamped < 0 ? fixed_text(value, 3) + " < min " + fixed_text(low, 3) + ": clamped"
                     : fixed_text(value, 3) + " > max " + fixed_text(high, 3) + ": clamped";
}

inline double side_tolerance(const glm::dvec3& p) { return 1e-9 * (1 + glm::length(p)); }

inline std::string vector_text(const glm::dvec3& v, bool is_2d = false) {
  return is_2d ? "(" + format_number(v.x) + ", " + format_number(v.y) + ")"
               : "(" + format_number(v.x) + ", " + format_number(v.y) + ", " + format_number(v.z) + ")";
}

// "d = 1.234" at the middle of the join from a to b, in the join's colour.
inline void label_distance(DebugDraw& draw, const glm::dvec3& a, const glm::dvec3& b, double distance) {
  draw.label((a + b) * 0.5, "d = " + format_number(distance), palette::kJoin);
}

// The answer of a closest-pair query: the join, both witness points on top, and the distance
// labelled at the join's middle.
inline void draw_witnesses(DebugDraw& draw, const glm::dvec3& on_a, const glm::dvec3& on_b, double distance) {
  draw.line(on_a, on_b, palette::kJoin, 2.5f, Layer::Overlay);
  draw.point(on_a, 12, palette::kAnswer, Layer::Overlay);
  draw.point(on_b, 12, palette::kAnswer, Layer::Overlay);
  label_distance(draw, on_a, on_b, distance);
}

// P alone, named: what a point query shows before its answer is revealed.
inline void draw_query_point(DebugDraw& draw, const glm::dvec3& p) {
  draw.point(p, 10, palette::kQuery, Layer::Overlay);
  draw.label(p, "P", palette::kQuery);
}

// The answer of a point query: the join from P to its closest point Q, P named, and Q on
// top. Inside a solid shape Q is P itself: P is named "P (inside)" and Q is left out.
inline void draw_point_answer(DebugDraw& draw, const glm::dvec3& p, const glm::dvec3& q, bool inside = false) {
  draw.line(p, q, palette::kJoin, 2);
  draw.point(p, 10, palette::kQuery, Layer::Overlay);
  draw.label(p, inside ? "P (inside)" : "P", palette::kQuery);
  if (!inside) draw.point(q, 12, palette::kAnswer, Layer::Overlay);
}

// A numbered feature as the scene tags it: "vertex 2" is v2, "edge 3" e3, "face 6" f6 (the
// tags drawn on the shape); a named one stays as the query tool names it ("edge ab").
inline std::string feature_tag(const std::string& feature) {
  for (const char* word : {"vertex ", "edge ", "face "}) {
    const std::string prefix = word;
    const bool numbered = feature.size() > prefix.size() && feature.compare(0, prefix.size(), prefix) == 0 &&
                          std::isdigit(static_cast<unsigned char>(feature[prefix.size()]));
    if (numbered) return prefix.substr(0, 1) + feature.substr(prefix.size());
  }
  return feature;
}

// The label of a closest point that names its feature: "edge ab,  d = 1.234", "f6,  d = 2.811".
inline std::string feature_and_distance(const std::string& feature, double distance) {
  return feature_tag(feature) + ",  d = " + format_number(distance);
}

// A triangle: its fill, its outline and its corners named, the names in the outline's colour.
inline void draw_triangle(DebugDraw& draw, const geo::Triangle<double>& t, Color fill, Color edge, float width,
                          const std::string (&names)[3]) {
  draw.triangle(t.a, t.b, t.c, fill);
  draw.polygon_outline({t.a, t.b, t.c}, edge, width);
  draw.label(t.a, names[0], edge);
  draw.label(t.b, names[1], edge);
  draw.label(t.c, names[2], edge);
}

// The colour of P's side of a plane: green in front (or on it), red behind.
inline Color side_color(geo::PlaneSide side) {
  return side == geo::PlaneSide::Below ? palette::kOverlap : palette::kSeparated;
}

// "N·P − D = s", then `more`, at the middle of P's drop to its foot on a plane, in the colour of P's side.
inline void label_signed_distance(DebugDraw& draw, const glm::dvec3& p, const glm::dvec3& foot, double signed_distance,
                                  geo::PlaneSide side, const std::string& more = "") {
  draw.label((p + foot) * 0.5, "N\u00b7P \u2212 D = " + format_number(signed_distance) + more, side_color(side));
}

// A small square corner at `at` between the unit directions `along` and `across`, drawn
// in screen-constant size: the mark a teacher draws for "perpendicular".
inline void draw_right_angle(DebugDraw& draw, const glm::dvec3& at, const glm::dvec3& along,
                             const glm::dvec3& across, Color color) {
  // Wider than the answer's dot (12 px), so the mark shows around it.
  const double size = draw.world_length_of_pixels(at, 22);
  const glm::dvec3 a = at + along * size, b = at + (along + across) * size, c = at + across * size;
  draw.line(a, b, color, 2, Layer::Overlay);
  draw.line(b, c, color, 2, Layer::Overlay);
}

// The right-angle mark where P's drop meets what it drops onto at `foot`: between the drop
// and `along` (a direction of the line or plane), when the drop is long enough to show it.
inline void draw_foot_mark(DebugDraw& draw, const glm::dvec3& p, const glm::dvec3& foot, glm::dvec3 along, Color color) {
  const glm::dvec3 drop = p - foot;
  const double length = glm::length(drop);
  if (!(length > 2 * draw.world_length_of_pixels(foot, 22))) return;
  const glm::dvec3 up = drop / length;
  along -= up * glm::dot(along, up);  // square to the drop
  if (!(glm::length(along) > 1e-9)) along = glm::cross(up, std::abs(up.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0));
  draw_right_angle(draw, foot, glm::normalize(along), up, color);
}

// P's drop to its foot on a plane: the drop in the colour of P's side, the foot, and N·P − D.
inline void draw_plane_drop(DebugDraw& draw, const glm::dvec3& p, const glm::dvec3& foot, double signed_distance,
                            geo::PlaneSide side, float foot_px, const std::string& more = "") {
  draw.line(p, foot, side_color(side), 2.5f, Layer::Overlay);
  draw.point(foot, foot_px, palette::kAnswer, Layer::Overlay);
  label_signed_distance(draw, p, foot, signed_distance, side, more);
  // Any direction of the plane is square to the drop: the one across the screen shows best.
  const glm::dvec3 drop = p - foot;
  const glm::dvec3 along = draw.view().is_3d ? glm::cross(draw.view().forward, drop) : glm::dvec3(-drop.y, drop.x, 0);
  draw_foot_mark(draw, p, foot, along, side_color(side));
}

// A convex polyhedron as the debug draw's convex mesh (borrowing the hull's arrays).
inline ConvexMesh convex_mesh(const geo::ConvexPolyhedron<double>& hull) {
  return {hull.vertices, hull.faces, hull.edges};
}

// A convex polyhedron with its depth cue: the faces turned to the eye shaded, the edges
// solid in front and dashed behind (DebugDraw::solid_convex, wire_convex).
inline void draw_polyhedron(DebugDraw& draw, const geo::ConvexPolyhedron<double>& hull, Color edge, Color fill,
                            float width_px = 2.5f) {
  draw.solid_convex(convex_mesh(hull), fill);
  draw.wire_convex(convex_mesh(hull), edge, width_px);
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
