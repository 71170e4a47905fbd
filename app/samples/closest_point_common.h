#pragma once
// Small helpers shared by the "Closest point" samples: JSON for vectors, the common
// result fields, a warning line for degenerate input, and the 2D convex hull the polygon
// sample uses when a vertex is added.
#include "app/sample_ui.h"
#include "render/debug_draw.h"
#include "geometry/closest_point.h"
#include "geometry/result.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace closest_point_samples {

inline nlohmann::ordered_json json_vec(const glm::dvec3& v) { return {v.x, v.y, v.z}; }
inline nlohmann::ordered_json json_vec(const glm::dvec2& v) { return {v.x, v.y}; }

// point, distance, feature: the fields every closest-point answer starts with.
template <int N>
nlohmann::ordered_json common_fields(const geo::ClosestPointResult<double, N>& result, geo::ShapeKind kind) {
  return {{"point", json_vec(result.point)},
          {"distance", result.distance},
          {"feature", geo::feature_name(kind, result.feature)}};
}

// The line, ray and segment answers: the common fields, then t (clamped), t_raw and the
// first of the dot products that decide the clamp.
inline nlohmann::ordered_json linear_fields(const geo::LinearClosestPoint<double>& result, geo::ShapeKind kind) {
  auto out = common_fields(result, kind);
  out["t"] = result.t;
  out["t_raw"] = result.t_raw;
  out["dot_start"] = result.dot_start;
  return out;
}

// A 2D label anchor moved by screen pixels (labels sit up and right of their anchor; a
// positive `down_px` of about 34 puts one below the point instead).
inline glm::dvec3 nudge_2d(const DebugDraw& draw, const glm::dvec3& p, double right_px, double down_px) {
  const double units = draw.world_units_per_pixel_at(p);
  return p + glm::dvec3(right_px * units, -down_px * units, 0);
}

// Orange text for degenerate input: the answer is still right, the shape just is less.
inline void warning(const char* text) { colored_text(kWarningText, "%s", text); }

// "+2.35 above" style notes: the sign first, as the tutorials read it.
inline std::string signed_note(double value, const char* positive, const char* negative, const char* zero) {
  if (value > 0) return std::string("+  ") + positive;
  if (value < 0) return std::string("\u2212  ") + negative;
  return std::string("0  ") + zero;
}

// Twice the signed area of o, a, b: positive when o → a → b turns counter-clockwise.
inline double cross2(const glm::dvec2& o, const glm::dvec2& a, const glm::dvec2& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

// The convex hull of a point list, counter-clockwise, collinear and repeated points dropped
// (Andrew's monotone chain: sort by x, then build the lower and upper chains).
inline std::vector<glm::dvec2> convex_hull_2d(std::vector<glm::dvec2> points) {
  std::sort(points.begin(), points.end(),
            [](const glm::dvec2& a, const glm::dvec2& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  points.erase(std::unique(points.begin(), points.end()), points.end());
  if (points.size() < 3) return points;
  std::vector<glm::dvec2> hull(2 * points.size());
  std::size_t count = 0;
  for (const auto& p : points) {  // lower chain, left to right
    while (count >= 2 && cross2(hull[count - 2], hull[count - 1], p) <= 0) --count;
    hull[count++] = p;
  }
  const std::size_t lower = count + 1;
  for (std::size_t i = points.size() - 1; i-- > 0;) {  // upper chain, right to left
    while (count >= lower && cross2(hull[count - 2], hull[count - 1], points[i]) <= 0) --count;
    hull[count++] = points[i];
  }
  hull.resize(count - 1);  // the last point repeats the first
  return hull;
}

}  // namespace closest_point_samples
