// The classic tutorial's point-in-convex-polygon test: every edge i is a 2D plane with an
// outward unit normal n_i and offset d_i; P is inside when n_i·P − d_i ≤ 0 for all of them,
// and the first edge with a positive value proves it is outside.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/half_space_table.h"
#include "app/samples/kit/hull_2d.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/polygon.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <string>
#include <vector>

namespace {

using Vertices = std::vector<glm::dvec2>;

class PointInPolygon final : public Sample {
 public:
  void update(double) override { result_ = geo::contains(state[polygon_], glm::dvec2(state[p_]), &trace_); }

  // Double-click: the hull of the polygon and the new point, refused if it swallows a vertex
  // or the point itself (inside, or on the line of an edge).
  bool add_point(const glm::dvec3& at) override {
    Vertices points = state[polygon_].vertices;
    points.push_back(glm::dvec2(at));
    const Vertices hull = kit::convex_hull_2d(points);
    if (hull.size() != points.size()) return false;
    auto built = geo::make_convex_polygon(hull);
    if (!built.ok() || built.polygon.vertices.size() != points.size()) return false;
    state[polygon_] = built.polygon;
    return true;
  }

  // Right-click a vertex: remove it, keeping at least a triangle.
  bool remove_handle(const std::string& label) override {
    auto& vertices = state[polygon_].vertices;
    const int found = vertex_handle_index(label, "polygon");
    if (found < 0 || vertices.size() <= 3) return false;
    const auto index = static_cast<std::size_t>(found);
    if (index >= vertices.size()) return false;
    Vertices fewer = vertices;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(index));
    auto built = geo::make_convex_polygon(fewer);
    if (!built.ok()) return false;
    vertices = built.polygon.vertices;
    return true;
  }

  void draw(DebugDraw& draw) const override {
    const auto& vertices = state[polygon_].vertices;
    std::vector<glm::dvec3> corners;
    for (const auto& v : vertices) corners.push_back(glm::dvec3(v, 0));
    const bool decided = kit::plane_tests_decided(reveal, trace_.edge_distances.size(), result_.first_separating_edge);
    draw.polygon(corners, (result_.inside && decided ? palette::kOverlap : palette::kShape).with_alpha(0.2f));
    draw.polygon_outline(corners, palette::kShape, 2.5f);
    // The table names each edge by its ends: v0, v1, ...
    for (std::size_t i = 0; i < corners.size(); ++i) draw.label(corners[i], "v" + std::to_string(i), palette::kShape);
    const glm::dvec3 p = state[p_];
    for (std::size_t i = 0; i < corners.size() && i < trace_.edge_distances.size() && reveal.shows(int(i)); ++i) {
      const glm::dvec3 from = corners[i], to = corners[(i + 1) % corners.size()];
      const glm::dvec3 normal = edge_normal(from, to), middle = (from + to) * 0.5;
      const double value = trace_.edge_distances[i];
      const bool separating = static_cast<int>(i) == result_.first_separating_edge;
      const Color color = separating ? palette::kSeparated : value > 0 ? palette::kOverlap : palette::kMuted;
      if (separating) {
        draw.line(from, to, palette::kSeparated, 5);
        // P's distance to that edge's line, along its normal: the number that decided.
        draw.dashed_line(p, p - normal * value, palette::kSeparated, 2);
      }
      draw.arrow(middle, middle + normal * 1.0, color, separating ? 3.0f : 2.0f);
      draw.label(middle + normal * 1.35, "e" + std::to_string(i) + ": " + signed_fixed_text(value, 3), color);  // signed, as the table
    }
    draw.point(p, 12, result_.inside && decided ? palette::kOverlap : palette::kQuery, Layer::Overlay);
    draw.label(p, !decided ? "P" : result_.inside ? "P inside" : "P outside",
               result_.inside && decided ? palette::kOverlap : palette::kQuery);
  }

  bool controls() override {
    legend(palette::kShape, "convex polygon, vertices v0, v1, ...");
    legend(palette::kMuted, "outward edge normal N, P behind it");
    legend(palette::kOverlap, "P in front of an edge; the fill when P is inside");
    legend(palette::kSeparated, "the first separating edge: proves P is outside");
    ImGui::Spacing();
    kit::half_space_table(
        "edges", {"edge", "N\u00b7P \u2212 D", "verdict"}, trace_.edge_distances,
        [&](std::size_t i) { ImGui::Text("e%zu (v%zu \u2192 v%zu)", i, i, (i + 1) % trace_.edge_distances.size()); },
        [&](std::size_t i, double value) {
          kit::containment_verdict(static_cast<int>(i) == result_.first_separating_edge, value, result_.tolerance);
        },
        kit::revealed_rows(reveal, trace_.edge_distances.size()));
    if (kit::plane_tests_decided(reveal, trace_.edge_distances.size(), result_.first_separating_edge)) {
      ImGui::Text("Verdict: %s", result_.inside ? "INSIDE (all edges \u2264 0)" : "OUTSIDE");
    }
    hint("Double-click: add a vertex. Right-click: remove.");
    if (!result_.ok()) kit::warning(geo::to_string(result_.error));
    ImGui::Spacing();
    return false;
  }

  // The edges in order; the first P is in front of ends the test.
  std::vector<RevealStep> reveal_steps() const override {
    return kit::plane_test_steps("edge", trace_.edge_distances, result_.first_separating_edge);
  }

  // A polygon's point is 2D (the tool refuses z ≠ 0): P goes in as [x, y, 0], as update() reads it.
  std::vector<AnsweredQuery> queries() const override {
    return {{query::contains_line("p", state[polygon_], glm::dvec3(glm::dvec2(state[p_]), 0)),
             [this] { return query::contains_answer(result_, trace_); }}};
  }

 private:
  // Counter-clockwise polygon: the outward normal is the edge turned clockwise.
  static glm::dvec3 edge_normal(const glm::dvec3& from, const glm::dvec3& to) {
    const glm::dvec3 edge = to - from;
    return kit::safe_normalize(glm::dvec3(edge.y, -edge.x, 0));
  }
  const ShapeId<geo::ConvexPolygon<double>> polygon_ =
      state.add("polygon", geo::ConvexPolygon<double>{{{-3, -2}, {2, -2.5}, {4, 0.5}, {1, 3}, {-3, 1.5}}});
  const PointId p_ = state.add("p", {4.5, 2.5, 0});
  geo::PolygonContainment<double> result_;
  geo::PolygonTrace<double> trace_;  // each edge's N·P − D, for the table and the drawing
};

}  // namespace

REGISTER_SAMPLE(PointInPolygon, {.id = "point-in-polygon", .category = "Planes and half-spaces", .order = 40, .title = "Point in a convex polygon",
                                 .description = "Drag P or the vertices. Each edge is a half-plane test N\u00b7P \u2212 D \u2264 0 (N its outward normal); the first edge P is in front of (green) proves it is outside."});
