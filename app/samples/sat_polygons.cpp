// The Separating Axis Test for two convex polygons: project both onto the normal of every
// edge; if any pair of intervals leaves a gap, that axis separates them. If none does,
// they overlap, and the axis of least overlap gives the minimum translation.
#include "app/sample.h"
#include "app/samples/kit/hull_2d.h"
#include "app/samples/kit/sample_ui.h"
#include "app/samples/kit/axis_stepper.h"
#include "app/samples/kit/sat_view.h"
#include "geometry/polygon.h"
#include "query/answers.h"
#include "query/query_lines.h"

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

  bool key(int glfw_key, bool pressed) override {
    return stepper_.key(glfw_key, pressed, kit::shown_axis(sat_, stepper_.picked), static_cast<int>(sat_.axes.size()));
  }
  bool animating() const override { return stepper_.playing; }

  // The default options are the query tool's with "trace": every axis recorded, no cache.
  void update(double dt) override {
    sat_ = geo::sat_overlap(state[a_], state[b_]);
    stepper_.update(dt, static_cast<int>(sat_.axes.size()));
  }

  void draw(DebugDraw& draw) const override {
    const bool overlap = sat_.ok() && sat_.overlap;
    const Color verdict = kit::verdict_color(overlap);
    const auto a = lifted(state[a_]), b = lifted(state[b_]);
    draw.polygon(a, verdict.with_alpha(0.16f));
    draw.polygon(b, verdict.with_alpha(0.16f));
    draw.polygon_outline(a, palette::kShape, 3);
    draw.polygon_outline(b, palette::kShapeB, 3);
    draw_edge_normals(draw, a, palette::kShape, "A");
    draw_edge_normals(draw, b, palette::kShapeB, "B");
    draw.label(kit::centroid(a), "A", palette::kShape);
    draw.label(kit::centroid(b), "B", palette::kShapeB);
    if (!sat_.ok()) return;

    const int shown = kit::shown_axis(sat_, stepper_.picked);
    if (shown >= 0) {
      const auto& axis = sat_.axes[static_cast<std::size_t>(shown)];
      const glm::dvec3 side = kit::perpendicular(axis.axis, {0, -1, 0});
      kit::draw_projection(draw, a, b, axis.axis, side, kit::axis_name(axis, true));
    }
    if (overlap) {  // B moved by depth along the axis just touches A
      const glm::dvec3 from = kit::centroid(b);
      draw.arrow(from, from + sat_.axis * sat_.depth, palette::kAnswer, 4, Layer::Overlay);
      draw.label(from + sat_.axis * sat_.depth, "MTV " + format_number(sat_.depth), palette::kAnswer);
    }
  }

  bool controls() override {
    legend(palette::kShape, "polygon A and its edge normals");
    legend(palette::kShapeB, "polygon B and its edge normals");
    legend(palette::kSeparated, "separated (green fill), the gap on the axis");
    legend(palette::kOverlap, "overlapping (red fill), the overlap on the axis");
    legend(palette::kAnswer, "minimum translation vector, applied to B");
    ImGui::Spacing();
    if (!sat_.ok()) {
      colored_text(kWarningText, "Invalid input: %s", geo::to_string(sat_.error));
      return false;
    }
    colored_text(sat_.overlap ? palette::kOverlap : palette::kSeparated, "%s",
                       sat_.overlap ? "OVERLAP: no edge normal separates them" : "SEPARATED");
    if (begin_readouts("readouts")) {
      readout("axes tested", std::to_string(sat_.axis_tests) + " (" + std::to_string(state[a_].vertices.size()) +
                                 " + " + std::to_string(state[b_].vertices.size()) + " edge normals)");
      if (sat_.overlap) {
        readout("depth (least overlap)", sat_.depth);
        readout_point("MTV direction", sat_.axis, true);
      } else {
        readout("first separating", kit::axis_name(sat_.axes[static_cast<std::size_t>(sat_.first_separating)], true));
        readout("largest gap", sat_.separation);
      }
      end_readouts();
    }
    ImGui::Spacing();
    stepper_.picked = kit::axes_table(sat_, stepper_.picked, true);
    stepper_.controls();
    hint("Double-click adds a vertex to the nearer polygon; right-click one removes it.");
    ImGui::Spacing();
    return false;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::overlap_trace_line("A-B", state[a_], state[b_]), [this] { return query::overlap_answer(sat_); }}};
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
    stepper_.forget();
    return true;
  }

  bool remove_handle(const std::string& label) override {
    for (const ShapeId<Polygon> id : {a_, b_}) {
      const int index = vertex_handle_index(label, state.name(id));
      if (index < 0) continue;
      Polygon& target = state[id];
      if (target.vertices.size() <= 3 || static_cast<std::size_t>(index) >= target.vertices.size()) return false;  // keep a triangle
      target.vertices.erase(target.vertices.begin() + index);
      stepper_.forget();
      return true;
    }
    return false;
  }

 private:
  // A pentagon and a tilted quadrilateral, close but apart: one edge normal of B separates.
  const ShapeId<Polygon> a_ = state.add("A", Polygon{{{-4, -1.5}, {-1, -2}, {0, 0.3}, {-1.8, 2.4}, {-4.2, 1}}});
  const ShapeId<Polygon> b_ = state.add("B", Polygon{{{1.2, -0.6}, {4.4, -2}, {5, 1.6}, {2.2, 2.6}}});

  // Each edge's outward normal, a short arrow from its midpoint: these are the candidate
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
      draw.arrow(mid, mid + normal * 0.6, color.with_alpha(0.7f), 1.5f);
      draw.label(mid + normal * 0.6, shape + std::to_string(i), color);
    }
  }

  geo::SatResult<double> sat_;
  kit::AxisStepper stepper_;  // the axis shown: picked in the table or stepped to with the keys
};

}  // namespace

REGISTER_SAMPLE(SatPolygons, {.id = "sat-polygons", .category = "Overlap", .order = 10, .title = "SAT: two convex polygons",
                              .description = "Drag the vertices. Every edge normal is a candidate axis: both polygons are projected onto it, and one gap between the intervals proves they are apart."});
