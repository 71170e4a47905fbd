// DebugDraw's shapes, built from DrawList's lines, points, triangles and labels.
#include "render/debug_draw.h"

#include "render/camera.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace {
constexpr double kPi = 3.14159265358979323846;

// Two unit vectors completing `normal` to a right-handed orthonormal basis.
void basis_around(const glm::dvec3& normal, glm::dvec3& u, glm::dvec3& v) {
  const glm::dvec3 n = glm::normalize(normal);
  const glm::dvec3 helper = std::abs(n.x) < 0.6 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0);
  u = glm::normalize(glm::cross(helper, n));
  v = glm::cross(n, u);
}

bool usable(const glm::dvec3& v) {
  const double length = glm::length(v);
  return length > 0 && std::isfinite(length);
}

// Clips origin + t * direction (t >= t_min) to an axis-aligned box: false when it misses.
bool clip_to_box(const glm::dvec3& origin, const glm::dvec3& direction, double t_min, const glm::dvec3& low,
                 const glm::dvec3& high, glm::dvec3& a, glm::dvec3& b) {
  double t_low = t_min, t_high = std::numeric_limits<double>::infinity();
  for (int axis = 0; axis < 3; ++axis) {
    if (std::abs(direction[axis]) < 1e-300) {
      if (origin[axis] < low[axis] || origin[axis] > high[axis]) return false;
      continue;
    }
    double t0 = (low[axis] - origin[axis]) / direction[axis];
    double t1 = (high[axis] - origin[axis]) / direction[axis];
    if (t0 > t1) std::swap(t0, t1);
    t_low = std::max(t_low, t0);
    t_high = std::min(t_high, t1);
  }
  if (!(t_low < t_high)) return false;
  a = origin + direction * t_low;
  b = origin + direction * t_high;
  return true;
}

// The region an infinite line is clipped to: the visible rectangle in 2D (a little larger),
// a box of a hundred camera distances around the target in 3D.
void view_box(const ViewInfo& view, glm::dvec3& low, glm::dvec3& high) {
  glm::dvec3 half;
  if (view.is_3d) {
    half = glm::dvec3(100.0 * std::max(glm::length(view.eye - view.origin), 1e-9));
  } else {
    const double upp = view.world_units_per_pixel;
    half = {view.viewport.width * 0.55 * upp, view.viewport.height * 0.55 * upp,
            1e3 * std::max(view.viewport.width, view.viewport.height) * upp};
  }
  low = view.origin - half;
  high = view.origin + half;
}

double smoothstep(double edge0, double edge1, double x) {
  const double t = std::clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}
}  // namespace

void DebugDraw::arrow(const glm::dvec3& from, const glm::dvec3& to, Color color, float width_px, Layer layer) {
  const glm::dvec3 shaft = to - from;
  const double length = glm::length(shaft);
  if (!(length > 0) || !std::isfinite(length)) return;
  const glm::dvec3 direction = shaft / length;
  // The head is sized in pixels at the tip, and never more than 40% of the arrow.
  const double head_px = (7.0 + 2.5 * width_px) * view().pixel_scale;
  const double head = std::min(head_px * world_units_per_pixel_at(to), 0.4 * length);
  const glm::dvec3 toward_eye = view().orthographic ? -view().forward : view().eye - to;
  glm::dvec3 side = glm::cross(direction, toward_eye);
  const double side_length = glm::length(side);
  if (!(side_length > 1e-9 * glm::length(toward_eye))) {  // pointing at the eye: no visible head
    line(from, to, color, width_px, layer);
    return;
  }
  side /= side_length;
  const glm::dvec3 base = to - direction * head;
  line(from, base + direction * (0.3 * head), color, width_px, layer);
  triangle(to, base + side * (0.45 * head), base - side * (0.45 * head), color, layer);
}

void DebugDraw::infinite_line(const glm::dvec3& origin, const glm::dvec3& direction, Color color, float width_px) {
  if (!usable(direction)) return;
  glm::dvec3 low, high, a, b;
  view_box(view(), low, high);
  if (clip_to_box(origin, glm::normalize(direction), -std::numeric_limits<double>::infinity(), low, high, a, b)) {
    line(a, b, color, width_px);
  }
}

void DebugDraw::ray(const glm::dvec3& origin, const glm::dvec3& direction, Color color, float width_px) {
  if (!usable(direction)) return;
  glm::dvec3 low, high, a, b;
  view_box(view(), low, high);
  if (clip_to_box(origin, glm::normalize(direction), 0.0, low, high, a, b)) line(a, b, color, width_px);
}

void DebugDraw::polygon(const std::vector<glm::dvec3>& vertices, Color fill) {
  for (std::size_t i = 2; i < vertices.size(); ++i) triangle(vertices[0], vertices[i - 1], vertices[i], fill);
}

void DebugDraw::polygon_outline(const std::vector<glm::dvec3>& vertices, Color color, float width_px) {
  if (vertices.size() < 2) return;
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    line(vertices[i], vertices[(i + 1) % vertices.size()], color, width_px);
    if (vertices.size() == 2) break;
  }
}

void DebugDraw::convex_edge(const glm::dvec3& a, const glm::dvec3& b, Color color, float width_px, bool hidden,
                            Layer layer) {
  if (hidden) {
    dashed_line(a, b, color.with_alpha(color.a * 0.45f), std::max(1.0f, width_px * 0.6f), layer);
  } else {
    line(a, b, color, width_px, layer);
  }
}

void DebugDraw::wire_convex(const ConvexMesh& mesh, Color color, float width_px) {
  const FacingSplit split = classify_facing(mesh, view());
  // Hidden edges first, so a front edge crossing one is drawn over it.
  for (bool hidden : {true, false}) {
    for (std::size_t e = 0; e < mesh.edges.size(); ++e) {
      const auto [a, b] = mesh.edges[e];
      if (split.edge_hidden[e] != hidden || a < 0 || b < 0 || std::size_t(a) >= mesh.vertices.size() ||
          std::size_t(b) >= mesh.vertices.size()) {
        continue;
      }
      convex_edge(mesh.vertices[std::size_t(a)], mesh.vertices[std::size_t(b)], color, width_px, hidden);
    }
  }
}

void DebugDraw::solid_convex(const ConvexMesh& mesh, Color fill) {
  const FacingSplit split = classify_facing(mesh, view());
  // A light above and a little left of the eye: the three faces of a box seen from a
  // corner come out in three tones, the top one lightest.
  glm::dvec3 right = glm::cross(view().forward, glm::dvec3(0, 1, 0));
  right = glm::length(right) > 1e-6 ? glm::normalize(right) : glm::dvec3(1, 0, 0);  // looking straight down
  const glm::dvec3 up = glm::cross(right, view().forward);
  const glm::dvec3 light = glm::normalize(-view().forward + up * 0.9 - right * 0.4);
  std::vector<glm::dvec3> corners;
  for (std::size_t f = 0; f < mesh.faces.size(); ++f) {
    if (!split.face_front[f]) continue;
    corners.clear();
    for (int index : mesh.faces[f]) {
      if (index >= 0 && std::size_t(index) < mesh.vertices.size()) corners.push_back(mesh.vertices[std::size_t(index)]);
    }
    const double lit = std::clamp(glm::dot(split.face_normals[f], light), 0.0, 1.0);
    polygon(corners, fill.with_alpha(fill.a * static_cast<float>(0.4 + 1.6 * lit)));
  }
}

namespace {
// A box as a convex mesh: corner i has bit 0, 1, 2 set for +x, +y, +z along its axes.
const std::vector<std::vector<int>>& box_faces() {
  static const std::vector<std::vector<int>> faces = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                                                      {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  return faces;
}
constexpr std::array<int, 2> kBoxEdges[12] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                              {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};

struct BoxMesh {
  std::array<glm::dvec3, 8> corners;

  BoxMesh(const glm::dvec3& center, const glm::dmat3& axes, const glm::dvec3& half) {
    for (int i = 0; i < 8; ++i) {
      corners[std::size_t(i)] = center + axes[0] * (i & 1 ? half.x : -half.x) +
                                axes[1] * (i & 2 ? half.y : -half.y) + axes[2] * (i & 4 ? half.z : -half.z);
    }
  }
  ConvexMesh mesh() const { return {corners, box_faces(), kBoxEdges}; }
};
}  // namespace

void DebugDraw::wire_box(const glm::dvec3& center, const glm::dmat3& axes, const glm::dvec3& half_extents,
                         Color color, float width_px) {
  wire_convex(BoxMesh(center, axes, half_extents).mesh(), color, width_px);
}

void DebugDraw::solid_box(const glm::dvec3& center, const glm::dmat3& axes, const glm::dvec3& half_extents,
                          Color fill) {
  solid_convex(BoxMesh(center, axes, half_extents).mesh(), fill);
}

namespace {
// Calls chord(from, to) around the circle, with enough chords that none strays more than a
// quarter pixel from the true circle; nothing for an unusable normal or radius.
template <typename Chord>
void for_each_chord(const DrawList& draw, const glm::dvec3& center, const glm::dvec3& normal, double radius,
                    Chord chord) {
  if (!usable(normal) || !(radius > 0)) return;
  glm::dvec3 u, v;
  basis_around(normal, u, v);
  const double radius_px = radius / draw.world_units_per_pixel_at(center) * draw.view().pixel_scale;
  const double wanted = std::ceil(kPi * std::sqrt(2.0 * std::max(radius_px, 0.0)));
  const int segments = static_cast<int>(std::clamp(std::isfinite(wanted) ? wanted : 12.0, 12.0, 512.0));
  glm::dvec3 previous = center + u * radius;
  for (int i = 1; i <= segments; ++i) {
    const double angle = 2.0 * kPi * i / segments;
    const glm::dvec3 next = center + (u * std::cos(angle) + v * std::sin(angle)) * radius;
    chord(previous, next);
    previous = next;
  }
}
}  // namespace

void DebugDraw::circle(const glm::dvec3& center, const glm::dvec3& normal, double radius, Color color,
                       float width_px) {
  for_each_chord(*this, center, normal, radius,
                 [&](const glm::dvec3& from, const glm::dvec3& to) { line(from, to, color, width_px); });
}

void DebugDraw::solid_circle(const glm::dvec3& center, const glm::dvec3& normal, double radius, Color fill) {
  for_each_chord(*this, center, normal, radius,
                 [&](const glm::dvec3& from, const glm::dvec3& to) { triangle(center, from, to, fill); });
}

void DebugDraw::plane(const glm::dvec3& normal, double d, const glm::dvec3& around, double half_size, Color color,
                      bool with_normal) {
  const double length_squared = glm::dot(normal, normal);
  if (!(length_squared > 0) || !std::isfinite(length_squared) || !(half_size > 0)) return;
  const glm::dvec3 center = around - normal * ((glm::dot(normal, around) - d) / length_squared);
  glm::dvec3 u, v;
  basis_around(normal, u, v);
  u *= half_size;
  v *= half_size;
  triangle(center - u - v, center + u - v, center + u + v, color.with_alpha(color.a * 0.18f));
  triangle(center - u - v, center + u + v, center - u + v, color.with_alpha(color.a * 0.18f));
  constexpr int kCells = 8;
  for (int i = 0; i <= kCells; ++i) {
    const double f = 2.0 * i / kCells - 1.0;
    const bool edge = i == 0 || i == kCells;
    const Color line_color = color.with_alpha(color.a * (edge ? 0.9f : 0.35f));
    const float width = edge ? 2.0f : 1.0f;
    line(center - u + v * f, center + u + v * f, line_color, width);
    line(center + u * f - v, center + u * f + v, line_color, width);
  }
  // The normal, short, so the side N points to is visible.
  if (with_normal) arrow(center, center + glm::normalize(normal) * (half_size * 0.35), color, 2.0f);
}

void DebugDraw::grid(Color color) {
  // Minor lines at least 12 px apart (scaled px, so a larger pixel scale shows the same
  // grid), a power of ten; major lines every ten minor.
  const glm::dvec3 up_axis = view().is_3d ? glm::dvec3(0, 1, 0) : glm::dvec3(0, 0, 1);
  glm::dvec3 center = view().origin - up_axis * glm::dot(view().origin, up_axis);
  const double units_per_pixel = world_units_per_pixel_at(center);
  if (!(units_per_pixel > 0) || !std::isfinite(units_per_pixel)) return;
  const double units_per_scaled_pixel = units_per_pixel * view().pixel_scale;
  const double minor = std::pow(10.0, std::ceil(std::log10(units_per_scaled_pixel * 12.0)));
  const double major = minor * 10.0;
  // Minor lines fade in as they spread apart, so changing the spacing does not pop.
  const float minor_fade = static_cast<float>(smoothstep(12.0, 40.0, minor / units_per_scaled_pixel));
  const Color major_color = color;
  const Color minor_color = color.with_alpha(color.a * 0.45f * minor_fade);
  const Color axis_color = color.with_alpha(std::min(1.0f, color.a * 1.8f));
  const int a_axis = 0, b_axis = view().is_3d ? 2 : 1;  // the two axes spanning the ground

  auto snapped = [](double value, double step) { return std::floor(value / step) * step; };
  center[a_axis] = snapped(center[a_axis], major);
  center[b_axis] = snapped(center[b_axis], major);
  glm::dvec2 half;  // extent along a_axis, b_axis
  if (view().is_3d) {
    half = glm::dvec2(4.0 * std::max(glm::length(view().eye - view().origin), std::abs(view().eye.y)));
  } else {
    half = {view().viewport.width * 0.5 * units_per_pixel + major, view().viewport.height * 0.5 * units_per_pixel + major};
  }
  // In 3D each line is cut into pieces whose ends fade with the distance from the centre.
  const int pieces = view().is_3d ? 12 : 1;
  auto fade_at = [&](const glm::dvec3& p, double reach) {
    if (!view().is_3d) return 1.0f;
    const glm::dvec3 offset = p - center;
    return static_cast<float>(1.0 - smoothstep(0.25 * reach, reach, glm::length(offset)));
  };
  auto draw_family = [&](int across, int along) {  // lines at constant `across`, running along `along`
    const double extent_along = along == a_axis ? half.x : half.y;
    const double extent_across = across == a_axis ? half.x : half.y;
    const long count = static_cast<long>(std::ceil(extent_across / minor));
    for (long i = -count; i <= count; ++i) {
      const double offset = static_cast<double>(i) * minor;
      const bool is_major = i % 10 == 0;
      const bool is_axis = std::abs(center[across] + offset) < minor * 0.5;
      // Minor lines only near the centre in 3D: far away they would blur into a haze.
      const double reach = view().is_3d && !is_major ? extent_along * 0.4 : extent_along;
      if (std::abs(offset) > reach) continue;
      const Color base = is_axis ? axis_color : is_major ? major_color : minor_color;
      if (base.a <= 0.004f) continue;
      glm::dvec3 start = center, end = center;
      start[across] = end[across] = center[across] + offset;
      start[along] = center[along] - reach;
      end[along] = center[along] + reach;
      for (int piece = 0; piece < pieces; ++piece) {
        const glm::dvec3 a = start + (end - start) * (static_cast<double>(piece) / pieces);
        const glm::dvec3 b = start + (end - start) * (static_cast<double>(piece + 1) / pieces);
        const Color color_a = base.with_alpha(base.a * fade_at(a, reach));
        const Color color_b = base.with_alpha(base.a * fade_at(b, reach));
        if (color_a.a <= 0.004f && color_b.a <= 0.004f) continue;
        push_grid_line(a, b, color_a, color_b, is_axis ? 1.5f : 1.0f);
      }
    }
  };
  draw_family(a_axis, b_axis);
  draw_family(b_axis, a_axis);
  if (!view().is_3d) grid_ticks(color.with_alpha(1.0f));
}

// In 2D, coordinates along the bottom (x) and left (y) edges of the view, at a step of
// 1, 2 or 5 times a power of ten that leaves at least 60 (scaled) pixels between them.
void DebugDraw::grid_ticks(Color color) {
  const double units_per_pixel = world_units_per_pixel_at(view().origin);
  const double step = cam::round_step(units_per_pixel * view().pixel_scale * 60.0);
  const glm::dvec2 half(view().viewport.width * 0.5 * units_per_pixel, view().viewport.height * 0.5 * units_per_pixel);
  const glm::dvec2 low = glm::dvec2(view().origin) - half, high = glm::dvec2(view().origin) + half;
  const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
  for (int axis = 0; axis < 2; ++axis) {
    const double first = std::ceil(low[axis] / step), last = std::floor(high[axis] / step);
    if (!(last - first <= 200)) return;  // NaN, or a view too odd to number
    for (double i = first; i <= last; ++i) {
      const double value = i * step;
      char text[64];
      std::snprintf(text, sizeof text, "%.*f", decimals, i == 0 ? 0.0 : value);  // never "-0"
      // On the view's edge: the app moves it just inside. A y number sits just above its
      // line, which would otherwise run through it and read as a minus sign.
      const double above = 11.0 * view().pixel_scale * units_per_pixel;  // half a line of text and a gap
      label(axis == 0 ? glm::dvec3(value, low.y, 0) : glm::dvec3(low.x, value + above, 0), text, color, true);
    }
  }
}

void DebugDraw::axis_gizmo(const glm::dvec3& origin, double length) {
  const Color colors[3] = {{0.95f, 0.30f, 0.30f, 1}, {0.35f, 0.85f, 0.35f, 1}, {0.35f, 0.55f, 1.00f, 1}};
  const char* names[3] = {"x", "y", "z"};
  for (int axis = 0; axis < (view().is_3d ? 3 : 2); ++axis) {
    glm::dvec3 direction(0);
    direction[axis] = 1;
    const glm::dvec3 tip = origin + direction * length;
    arrow(origin, tip, colors[axis], 3.0f);
    // The letter sits just beyond the tip, centred on its anchor.
    label(tip + direction * (14.0 * view().pixel_scale * world_units_per_pixel_at(tip)), names[axis], colors[axis], true);
  }
}
