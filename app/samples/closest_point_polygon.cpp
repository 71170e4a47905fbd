// Closest point on a convex polygon: P is inside when it is behind every edge, that is
// N·P − D ≤ 0 for each edge's outward unit normal N and offset D; then P is its own answer.
// Otherwise the answer is the nearest point over the edges, each a clamped segment.
#include "app/explain/formula.h"
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/half_space_table.h"
#include "app/samples/kit/hull_2d.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/polygon.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

class ClosestPointPolygon final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_point(state[polygon_], glm::dvec2(state[p_]), &trace_); }

  void draw(DebugDraw& draw) const override {
    const auto& v = state[polygon_].vertices;
    const glm::dvec3 p = state[p_];
    // Revealed with the formula's lines: the verdict with the second, the edges P is outside of in turn.
    const bool tested = reveal.shows(1);
    int outside_seen = 0;
    const bool inside = tested && result_.feature.kind == geo::Feature::Inside;
    std::vector<glm::dvec3> outline;
    for (const auto& q : v) outline.emplace_back(q, 0);
    draw.polygon(outline, (inside ? palette::kOverlap : palette::kShape).with_alpha(0.2f));
    draw.polygon_outline(outline, inside ? palette::kOverlap : palette::kShape, 3);
    // Each edge's outward normal at its midpoint: green where P is outside that edge.
    const double normal_length = draw.world_length_of_pixels(outline.front(), 40);
    for (std::size_t i = 0; i < v.size() && i < trace_.edge_distances.size(); ++i) {
      const glm::dvec2 a = v[i], b = v[(i + 1) % v.size()];
      if (a == b) continue;
      const glm::dvec2 normal = glm::normalize(glm::dvec2(b.y - a.y, a.x - b.x));  // right of a → b: outward for CCW
      const glm::dvec3 middle((a + b) * 0.5, 0);
      const glm::dvec3 tip = middle + glm::dvec3(normal * normal_length, 0);
      const bool outside = trace_.edge_distances[i] > 0 && reveal.shows(outside_plane_line(outside_seen++));
      draw.arrow(middle, tip, outside ? palette::kSeparated : palette::kMuted, 2);
      draw.label(tip, "e" + std::to_string(i), outside ? palette::kSeparated : palette::kMuted);
    }
    // Vertex names just outside the polygon, away from its centre, clear of the edges.
    glm::dvec3 centre(0);
    for (const auto& q : outline) centre += q / double(outline.size());
    const double label_offset = draw.world_length_of_pixels(centre, 14);
    for (std::size_t i = 0; i < v.size(); ++i) {
      const glm::dvec3 away = kit::safe_normalize(outline[i] - centre) * label_offset;
      draw.label(outline[i] + away, "v" + std::to_string(i), palette::kShape);
    }
    if (reveal.under_way() && !reveal.shows(formula_answer_step(reveal_steps()))) return kit::draw_query_point(draw, p);
    const glm::dvec3 answer(result_.point, 0);
    kit::draw_point_answer(draw, p, answer, inside);
    if (!inside) {
      draw.label(answer, kit::feature_and_distance(feature(), result_.distance), palette::kAnswer);
    }
  }

  bool controls() override {
    legend(palette::kShape, "convex polygon, corners v0, v1, \u2026 counter-clockwise");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "closest point (P itself when inside)");
    legend(palette::kSeparated, "edge normals with P outside that edge");
    legend(palette::kOverlap, "the polygon when P is inside");
    vertex_edit_hint();
    ImGui::Spacing();
    hint("Edge e0 runs from v0 to v1, e1 from v1 to v2, and so on.");
    kit::half_space_table(
        "edges", {"edge", "N\u00b7P \u2212 D", "P is"}, trace_.edge_distances,
        [](std::size_t i) { ImGui::Text("e%zu", i); },
        [](std::size_t, double value) { kit::side_verdict(value, "outside", "inside"); });
    if (begin_readouts("readouts")) {
      readout("inside", result_.feature.kind == geo::Feature::Inside ? "yes: N\u00b7P \u2212 D \u2264 0 for every edge"
                                                                        : "no: some edge has P outside");
      answer_readouts(feature(), glm::dvec3(result_.point, 0), result_.distance, true);
      end_readouts();
    }
    ImGui::Spacing();
    return false;
  }

  // The formula's lines: the answer has no other order.
  std::vector<RevealStep> reveal_steps() const override { return formula_steps(state[polygon_], state[p_], true); }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, polygon_.index}; }

  // The tool reads a polygon's query point as 2D, [x, y, 0], as update() takes it.
  std::vector<AnsweredQuery> queries() const override {
    const glm::dvec3 p = state[p_];
    return {{query::closest_point_line("p", state[polygon_], glm::dvec3(p.x, p.y, 0)),
             [this] { return query::closest_point_answer(result_, trace_); }}};
  }

  // A new vertex makes the hull of the old ones and it; refused when it lies inside.
  bool add_point(const glm::dvec3& at) override {
    const glm::dvec2 point(at);
    const auto containment = geo::contains(state[polygon_], point);
    if (!containment.ok() || containment.inside) return false;
    auto points = state[polygon_].vertices;
    points.push_back(point);
    const auto built = geo::make_convex_polygon(kit::convex_hull_2d(points));
    if (!built.ok()) return false;
    state[polygon_] = built.polygon;
    return true;
  }

  bool remove_handle(const std::string& label) override {
    const int index = vertex_handle_index(label, state.name(polygon_));
    auto vertices = state[polygon_].vertices;
    if (index < 0 || static_cast<std::size_t>(index) >= vertices.size() || vertices.size() <= 3) return false;
    vertices.erase(vertices.begin() + index);
    const auto built = geo::make_convex_polygon(vertices);
    if (!built.ok() || built.polygon.vertices.size() < 3) return false;
    state[polygon_] = built.polygon;
    return true;
  }

 private:
  const ShapeId<geo::ConvexPolygon<double>> polygon_ = state.add(
      "polygon", geo::ConvexPolygon<double>{{{-3, -2}, {2, -2.5}, {3.5, 0.5}, {1, 3}, {-2.5, 1.5}}});
  const PointId p_ = state.add("p", {5.4, 1.6, 0});  // outside two edges, well inside their shared vertex's region
  std::string feature() const { return geo::feature_name(geo::ShapeKind::Polygon, result_.feature); }
  geo::PolygonClosestPoint<double> result_;
  geo::PolygonTrace<double> trace_;  // each edge's N·P − D, for the table and the normals
};

}  // namespace

REGISTER_SAMPLE(ClosestPointPolygon, {.id = "closest-point-polygon", .category = "Closest point", .order = 90, .title = "Closest point on a convex polygon",
                                      .description = "Drag P or a vertex; double-click to add a vertex, right-click one to remove it. P is inside when N\u00b7P \u2212 D \u2264 0 for every edge (N its outward normal, D its offset); otherwise the nearest edge or vertex answers."});
