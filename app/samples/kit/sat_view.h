#pragma once
// What the Overlap samples (SAT, GJK/EPA) share: the table of tested axes, the two
// projected intervals drawn along an axis, polyhedron and box drawing.
#include "app/samples/kit/drawing.h"  // draw_polyhedron
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/sat.h"
#include "render/camera.h"
#include "render/debug_draw.h"

#include <imgui.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace kit {

inline const char* source_name(geo::AxisSource source) {
  switch (source) {
    case geo::AxisSource::FaceA: return "face of A";
    case geo::AxisSource::FaceB: return "face of B";
    case geo::AxisSource::EdgeEdge: return "edge \u00d7 edge";
    case geo::AxisSource::SideA: return "A's plane \u00d7 edge";
    case geo::AxisSource::SideB: return "B's plane \u00d7 edge";
    case geo::AxisSource::Pair: return "segment pair";
  }
  return "?";
}

// "face A2", "A e0 \u00d7 B e1" (edge direction 0 of A crossed with direction 1 of B): the
// default short name of a tested axis; A2 alone is a face's tag. A polygon's sides are
// edges: in 2D the normal of edge 2 of A is "edge A2".
inline std::string axis_name(const geo::SatAxis<double>& axis, bool is_2d = false) {
  const std::string a = std::to_string(axis.index_a), b = std::to_string(axis.index_b);
  const std::string side = is_2d ? "edge " : "face ";
  switch (axis.source) {
    case geo::AxisSource::FaceA: return side + "A" + a;
    case geo::AxisSource::FaceB: return side + "B" + b;
    case geo::AxisSource::EdgeEdge: return "A e" + a + " \u00d7 B e" + b;  // the edge directions crossed
    default: return source_name(axis.source);
  }
}

// Draws both shapes' projections onto `axis` beside the shapes: the axis line, A's and
// B's intervals as thick segments, dashed lines from the extreme vertices, and the gap
// (green) or overlap (red) between the intervals with its length. `side` is a unit
// direction perpendicular to the axis in which to move the line clear of the shapes.
inline void draw_projection(DebugDraw& draw, const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b,
                            const glm::dvec3& axis, const glm::dvec3& side, const std::string& title) {
  if (a.empty() || b.empty()) return;
  glm::dvec3 center(0);
  for (const auto& v : a) center += v;
  for (const auto& v : b) center += v;
  center /= static_cast<double>(a.size() + b.size());
  double reach = 0;  // how far the shapes extend sideways from their centre
  for (const auto* list : {&a, &b}) {
    for (const auto& v : *list) reach = std::max(reach, glm::dot(v - center, side));
  }
  const glm::dvec3 origin = center + side * (reach + 1.0);
  const double px = draw.world_length_of_pixels(origin, 1);  // one pixel at 100%, grown with the UI
  const auto on_line = [&](double value) { return origin + axis * (value - glm::dot(axis, origin)); };
  struct Interval {
    double lo, hi;
    glm::dvec3 lo_vertex, hi_vertex;
  };
  const auto project = [&](const std::vector<glm::dvec3>& vertices) {
    Interval interval{glm::dot(axis, vertices[0]), glm::dot(axis, vertices[0]), vertices[0], vertices[0]};
    for (const auto& v : vertices) {
      const double value = glm::dot(axis, v);
      if (value < interval.lo) interval.lo = value, interval.lo_vertex = v;
      if (value > interval.hi) interval.hi = value, interval.hi_vertex = v;
    }
    return interval;
  };
  const Interval ia = project(a), ib = project(b);
  draw.infinite_line(origin, axis, palette::kMuted.with_alpha(0.6f), 1.5f);
  // The two intervals sit just either side of the axis line, so both stay visible where they overlap.
  const glm::dvec3 lift_a = -side * (6 * px), lift_b = side * (6 * px);
  draw.dashed_line(ia.lo_vertex, on_line(ia.lo) + lift_a, palette::kShape.with_alpha(0.6f), 2);
  draw.dashed_line(ia.hi_vertex, on_line(ia.hi) + lift_a, palette::kShape.with_alpha(0.6f), 2);
  draw.dashed_line(ib.lo_vertex, on_line(ib.lo) + lift_b, palette::kShapeB.with_alpha(0.6f), 2);
  draw.dashed_line(ib.hi_vertex, on_line(ib.hi) + lift_b, palette::kShapeB.with_alpha(0.6f), 2);
  draw.line(on_line(ia.lo) + lift_a, on_line(ia.hi) + lift_a, palette::kShape, 7, Layer::Overlay);
  draw.line(on_line(ib.lo) + lift_b, on_line(ib.hi) + lift_b, palette::kShapeB, 7, Layer::Overlay);
  // The gap lies between the upper end of the lower interval and the lower end of the upper one.
  const bool a_first = ia.lo + ia.hi <= ib.lo + ib.hi;
  const double from = a_first ? ia.hi : ib.hi, to = a_first ? ib.lo : ia.lo;
  const double gap = to - from;
  const glm::dvec3 gap_at = on_line((from + to) * 0.5) + side * (30 * px);
  if (gap > 0) {
    draw.line(on_line(from), on_line(to), palette::kSeparated, 4, Layer::Overlay);
    draw.label(gap_at, "gap = " + format_number(gap), palette::kSeparated);
  } else {
    draw.line(on_line(to), on_line(from), palette::kOverlap, 4, Layer::Overlay);
    draw.label(gap_at, "overlap = " + format_number(-gap), palette::kOverlap);
  }
  draw.label(on_line(std::max(ia.hi, ib.hi)) + axis * (40 * px), title, palette::kMuted);
}

// A unit vector perpendicular to `axis`, as close to `preferred` as can be (the side on
// which to draw the projections).
inline glm::dvec3 perpendicular(const glm::dvec3& axis, const glm::dvec3& preferred) {
  glm::dvec3 side = preferred - axis * glm::dot(preferred, axis);
  if (glm::dot(side, side) < 1e-8) {
    side = std::abs(axis.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0);
    side -= axis * glm::dot(side, axis);
  }
  return glm::normalize(side);
}

inline glm::dvec3 centroid(const std::vector<glm::dvec3>& points) {
  glm::dvec3 sum(0);
  for (const auto& p : points) sum += p;
  return points.empty() ? sum : sum / static_cast<double>(points.size());
}

// Each face of a hull numbered at its centre as the axis table names its axis: "A2" for
// "face A2". SAT tests parallel faces once, so opposite faces share a number. Only faces
// turned towards the camera are numbered; the faces of the axis shown (`shown`, a face
// axis index, -1 for none) are tinted, and numbered even when turned away.
inline void draw_face_numbers(DebugDraw& draw, const geo::ConvexPolyhedron<double>& hull, const std::string& shape,
                              Color color, int shown) {
  const std::vector<glm::dvec3> axes = geo::sat_shape(hull).face_normals;
  std::vector<glm::dvec3> face;
  for (std::size_t f = 0; f < hull.faces.size() && f < hull.face_planes.size(); ++f) {
    const glm::dvec3 normal = hull.face_planes[f].normal;
    if (!(glm::dot(normal, normal) > 0)) continue;
    int axis = -1;  // the face axis parallel to this face's normal
    double best = 0;
    for (std::size_t k = 0; k < axes.size(); ++k) {
      const double along = std::abs(glm::dot(glm::normalize(normal), axes[k]));
      if (along > best) best = along, axis = static_cast<int>(k);
    }
    if (axis < 0) continue;
    face.clear();
    for (int i : hull.faces[f]) face.push_back(hull.vertices[static_cast<std::size_t>(i)]);
    const glm::dvec3 centre = centroid(face);
    const glm::dvec3 to_eye = draw.view().orthographic ? -draw.view().forward : draw.view().eye - centre;
    const bool lit = axis == shown;
    if (lit) draw.polygon(face, color.with_alpha(0.35f));
    if (lit || glm::dot(normal, to_eye) > 0) draw.label(centre, shape + std::to_string(axis), color);
  }
}

// The corners of an oriented box, for projecting and drawing.
inline std::vector<glm::dvec3> box_corners(const glm::dvec3& center, const std::array<glm::dvec3, 3>& axes,
                                           const glm::dvec3& half) {
  std::vector<glm::dvec3> corners;
  for (int i = 0; i < 8; ++i) {
    glm::dvec3 corner = center;
    for (int k = 0; k < 3; ++k) corner += axes[static_cast<std::size_t>(k)] * ((i >> k) & 1 ? half[k] : -half[k]);
    corners.push_back(corner);
  }
  return corners;
}

// The default framing grown on every side, so the projections drawn beside the shapes fit.
inline cam::Bounds with_room_for_projections(cam::Bounds bounds) {
  const glm::dvec3 size = bounds.max - bounds.min;
  const double room = 0.1 * std::max({size.x, size.y, size.z});
  bounds.min -= glm::dvec3(room);
  bounds.max += glm::dvec3(room);
  return bounds;
}

inline Color verdict_color(bool overlap) { return overlap ? palette::kOverlap : palette::kSeparated; }

}  // namespace kit
