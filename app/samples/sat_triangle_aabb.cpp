// Triangle against an axis-aligned box (Akenine-Möller's test) by the Separating Axis
// Test: 13 axes, the box's three face normals, the triangle's normal, and the nine cross
// products of a box axis with a triangle edge.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "app/samples/kit/sat_steps.h"
#include "app/samples/kit/sat_view.h"
#include "collision_lab/triangle.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

using Box = geo::Aabb<double>;
using Tri = geo::Triangle<double>;

const char* const kEdgeNames[3] = {"ab", "bc", "ca"};
const char* const kBoxAxes[3] = {"x", "y", "z"};

// The box is A (its face normals are x, y, z), the triangle is B (one normal, three edges).
std::string axis_name(const geo::SatAxis<double>& axis) {
  switch (axis.source) {
    case geo::AxisSource::FaceA: return std::string("box ") + (axis.index_a >= 0 && axis.index_a < 3 ? kBoxAxes[axis.index_a] : "?");
    case geo::AxisSource::FaceB: return "normal n";
    case geo::AxisSource::EdgeEdge:
      return std::string(axis.index_a >= 0 && axis.index_a < 3 ? kBoxAxes[axis.index_a] : "?") + " \u00d7 " +
             (axis.index_b >= 0 && axis.index_b < 3 ? kEdgeNames[axis.index_b] : "edge");
    default: return kit::axis_name(axis);
  }
}

class SatTriangleAabb final : public Sample {
 public:
  cam::Bounds bounds() const override { return kit::with_room_for_projections(Sample::bounds()); }

  bool key(int glfw_key, bool pressed) override { return steps_.key(glfw_key, pressed); }
  bool animating() const override { return steps_.stepper.playing; }

  void update(double dt) override {
    const Box& b = state[box_];
    const Tri& t = state[triangle_];
    // As the query tool runs with "trace": default options (no early-out, no cache), every axis traced.
    steps_.sat = geo::sat_overlap(geo::sat_shape(b), geo::sat_shape(t), {}, &steps_.trace);
    steps_.a_points = kit::box_corners((b.min + b.max) * 0.5, {glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)},
                                       (b.max - b.min) * 0.5);
    steps_.b_points = {t.a, t.b, t.c};
    normal_ = geo::triangle_normal(t);
    steps_.step(dt);
  }

  void draw(DebugDraw& draw) const override {
    const auto& sat = steps_.sat;
    const Color verdict = kit::verdict_color(sat.ok() && sat.overlap);
    const Box& b = state[box_];
    const Tri& t = state[triangle_];
    const glm::dvec3 center = (b.min + b.max) * 0.5, half = (b.max - b.min) * 0.5;
    draw.solid_box(center, glm::dmat3(1), half, verdict.with_alpha(0.14f));
    draw.wire_box(center, glm::dmat3(1), half, palette::kShape, 2.5f);
    kit::draw_triangle(draw, t, verdict.with_alpha(0.3f), palette::kShapeB, 3, {"a", "b", "c"});
    const glm::dvec3 middle = (t.a + t.b + t.c) / 3.0;
    if (glm::dot(normal_, normal_) > 0) {
      draw.arrow(middle, middle + normal_, palette::kShapeB.with_alpha(0.8f), 2);
      draw.label(middle + normal_, "n", palette::kShapeB);  // the axis table's "normal n"
    }
    steps_.draw(draw, {0, -1, 0}, middle);
  }

  Figure figure() const override { return steps_.figure(); }
  std::vector<ViewDirection> view_directions() const override { return steps_.view_directions(); }

  bool controls() override {
    legend(palette::kShape, "the AABB");
    legend(palette::kShapeB, "the triangle abc and its normal n");
    legend(palette::kSeparated, "separated, the gap on the drawn axis, the separating plane");
    legend(palette::kOverlap, "overlapping, the overlap on the drawn axis");
    legend(palette::kAnswer, "MTV on the triangle (least-overlap axis \u00d7 depth)");
    ImGui::Spacing();
    const auto& sat = steps_.sat;
    if (!steps_.verdict("OVERLAP: the triangle touches the box")) return false;
    if (begin_readouts("readouts")) {
      readout("axes tested", std::to_string(sat.axis_tests) + " of 13 (3 box + 1 normal + 9 crosses)");
      if (sat.overlap) {
        readout("depth (least overlap)", sat.depth);
      } else {
        readout("first separating", axis_name(sat.first_separating_axis));
        readout("largest gap", sat.separation);
      }
      if (glm::dot(normal_, normal_) == 0) readout("triangle", "degenerate: no normal (a segment or a point)");
      end_readouts();
    }
    ImGui::Spacing();
    steps_.table_panel(14);
    ImGui::Spacing();
    return false;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::overlap_trace_line("box-triangle", state[box_], state[triangle_]),
             [this] { return query::overlap_answer(steps_.sat); }}};
  }

 private:
  // A sliver passing a box edge: the box's axes and the triangle's normal all see overlap,
  // and only an edge cross product separates them.
  const ShapeId<Box> box_ = state.add("box", Box{{-1, -1, -1}, {1, 1, 1}});
  const ShapeId<Tri> triangle_ =
      state.add("triangle", Tri{{-0.513, 2.807, 1.451}, {2.655, -0.092, -0.096}, {1.364, 3.020, 1.974}});

  glm::dvec3 normal_{0};
  kit::SatSteps steps_ = kit::SatSteps::named(axis_name);  // every axis, the one shown, and the separating plane
};

}  // namespace

// Facing the triangle (the default view sees it edge-on) with the separating axis across the screen.
REGISTER_SAMPLE(SatTriangleAabb, {.id = "sat-triangle-aabb", .category = "Overlap", .order = 40, .title = "SAT: triangle and AABB",
                                  .description = "Drag the triangle's corners or the box's centre and max corner. Thirteen axes decide: the box's three, the triangle's normal and nine edge cross products.", .is_3d = true, .yaw_degrees = 15, .pitch_degrees = 15});
