// The Separating Axis Test for two convex polygons: project both onto the normal of every
// edge; if any pair of intervals leaves a gap, that axis separates them. If none does,
// they overlap, and the axis of least overlap gives the minimum translation.
#include "app/host/sample.h"
#include "app/samples/kit/hull_2d.h"
#include "app/samples/kit/sample_ui.h"
#include "app/samples/kit/sat_steps.h"
#include "app/samples/kit/sat_view.h"
#include "collision_lab/polygon.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <algorithm>

namespace {

using Polygon = geo::ConvexPolygon<double>;

std::vector<glm::dvec3> lifted(const Polygon& polygon) {
  std::vector<glm::dvec3> out;
  for (const auto& v : polygon.vertices) out.emplace_back(v, 0);
  return out;
}

class SatPolygons final : public Sample {
 public:
  cam::Bounds bounds() const override { return kit::with_room_for_projections(Sample::bounds()); }

  bool key(int glfw_key, bool pressed) override { return steps_.key(glfw_key, pressed); }
  bool animating() const override { return steps_.stepper.playing; }

  // As the query tool runs with "trace": default options (no early-out, no cache), every axis traced.
  void update(double dt) override {
    steps_.sat = geo::sat_overlap(state[a_], state[b_], {}, &steps_.trace);
    steps_.a_points = lifted(state[a_]);
    steps_.b_points = lifted(state[b_]);
    steps_.step(dt);
  }

  void draw(DebugDraw& draw) const override {
    const auto& sat = steps_.sat;
    const Color verdict = kit::verdict_color(sat.ok() && sat.overlap);
    const auto &a = steps_.a_points, &b = steps_.b_points;
    draw.polygon(a, verdict.with_alpha(0.16f));
    draw.polygon(b, verdict.with_alpha(0.16f));
    draw.polygon_outline(a, palette::kShape, 3);
    draw.polygon_outline(b, palette::kShapeB, 3);
    draw_edge_normals(draw, a, palette::kShape, "A");
    draw_edge_normals(draw, b, palette::kShapeB, "B");
    draw.label(kit::centroid(a), "A", palette::kShape);
    draw.label(kit::centroid(b), "B", palette::kShapeB);
    steps_.draw(draw, {0, -1, 0}, kit::centroid(b));
  }

  Figure figure() const override { return steps_.figure(); }

  bool controls() override {
    legend(palette::kShape, "polygon A and its edge normals");
    legend(palette::kShapeB, "polygon B and its edge normals");
    legend(palette::kSeparated, "separated (green fill), the gap on the axis, the separating line");
    legend(palette::kOverlap, "overlapping (red fill), the overlap on the axis");
    legend(palette::kAnswer, "minimum translation vector, applied to B");
    ImGui::Spacing();
    const auto& sat = steps_.sat;
    if (!steps_.verdict("OVERLAP: no edge normal separates them")) return false;
    if (begin_readouts("readouts")) {
      readout("axes tested", std::to_string(sat.axis_tests) + " (" + std::to_string(state[a_].vertices.size()) +
                                 " + " + std::to_string(state[b_].vertices.size()) + " edge normals)");
      if (sat.overlap) {
        readout("depth (least overlap)", sat.depth);
        readout_point("MTV direction", sat.axis, true);
      } else {
        readout("first separating", steps_.axis_name(sat.first_separating_axis));
        readout("largest gap", sat.separation);
      }
      end_readouts();
    }
    ImGui::Spacing();
    steps_.table_panel(16);
    hint("Double-click adds a vertex to the nearer polygon; right-click one removes it.");
    ImGui::Spacing();
    return false;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::overlap_trace_line("A-B", state[a_], state[b_]), [this] { return query::overlap_answer(steps_.sat); }}};
  }

  // The new point joins the polygon whose centroid is nearer, through the convex hull.
  bool add_point(const glm::dvec3& at) override {
    const glm::dvec2 p(at);
    const auto distance_to = [&](ShapeId<Polygon> id) { return glm::length(glm::dvec2(kit::centroid(lifted(state[id]))) - p); };
    Polygon& target = state[distance_to(a_) <= distance_to(b_) ? a_ : b_];
    auto points = target.vertices;
    points.push_back(p);
    auto built = geo::make_convex_polygon(kit::convex_hull_2d(points));
    const auto& hull = built.polygon.vertices;
    if (!built.ok() || std::find(hull.begin(), hull.end(), p) == hull.end()) return false;  // inside: no change
    target = built.polygon;
    steps_.stepper.forget();
    return true;
  }

  bool remove_handle(const std::string& label) override {
    for (const ShapeId<Polygon> id : {a_, b_}) {
      const int index = vertex_handle_index(label, state.name(id));
      if (index < 0) continue;
      Polygon& target = state[id];
      if (target.vertices.size() <= 3 || static_cast<std::size_t>(index) >= target.vertices.size()) return false;  // keep a triangle
      target.vertices.erase(target.vertices.begin() + index);
      steps_.stepper.forget();
      return true;
    }
    return false;
  }

 private:
  // A pentagon and a tilted quadrilateral, close but apart: one edge normal of B separates.
  const ShapeId<Polygon> a_ = state.add("A", Polygon{{{-4, -1.5}, {-1, -2}, {0, 0.3}, {-1.8, 2.4}, {-4.2, 1}}});
  const ShapeId<Polygon> b_ = state.add("B", Polygon{{{1.2, -0.6}, {4.4, -2}, {5, 1.6}, {2.2, 2.6}}});

  // Each edge's outward normal, an arrow from its midpoint: these are the candidate
  // axes, numbered as the axis table names them (edge A0 runs from vertex 0 to vertex 1).
  static void draw_edge_normals(DebugDraw& draw, const std::vector<glm::dvec3>& vertices, Color color,
                                const std::string& shape) {
    for (std::size_t i = 0; i < vertices.size(); ++i) {
      const glm::dvec3 a = vertices[i], b = vertices[(i + 1) % vertices.size()];
      const glm::dvec3 edge = b - a;
      const double length = glm::length(edge);
      if (length <= 0) continue;
      const glm::dvec3 normal(edge.y / length, -edge.x / length, 0);
      const glm::dvec3 mid = (a + b) * 0.5;
      const glm::dvec3 tip = mid + normal * draw.world_length_of_pixels(mid, 44);  // grows with the UI and presenter mode
      draw.arrow(mid, tip, color.with_alpha(0.8f), 2);
      draw.label(tip, shape + std::to_string(i), color);
    }
  }

  kit::SatSteps steps_ = kit::SatSteps::two_d();  // the axes, the one shown, and the separating line
};

}  // namespace

REGISTER_SAMPLE(SatPolygons, {.id = "sat-polygons", .category = "Overlap", .order = 10, .title = "SAT: two convex polygons",
                              .description = "Drag the vertices. Every edge normal is a candidate axis: both polygons are projected onto it, and one gap between the intervals proves they are apart."});
