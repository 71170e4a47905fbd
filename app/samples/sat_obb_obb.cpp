// Two oriented boxes by the Separating Axis Test: 15 candidate axes, the three axes of
// each box and the nine cross products of an axis of A with an axis of B. A box projects
// onto an axis L as centre·L ± Σ e_k |u_k·L|, so every test is a handful of dot products.
#include "app/host/sample.h"
#include "app/samples/kit/sample_ui.h"
#include "app/samples/kit/sat_steps.h"
#include "app/samples/kit/sat_view.h"
#include "collision_lab/box_overlap.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <cmath>

namespace {

using Box = geo::Obb<double>;

Box make_box(const glm::dvec3& center, const glm::dvec3& half, const glm::dvec3& axis, double angle) {
  Box box;
  box.center = center;
  box.half_extents = half;
  const double c = std::cos(angle), s = std::sin(angle);
  for (int k = 0; k < 3; ++k) {
    glm::dvec3 u(0);
    u[k] = 1;
    box.axes[static_cast<std::size_t>(k)] = u * c + glm::cross(axis, u) * s + axis * glm::dot(axis, u) * (1 - c);
  }
  return box;
}

glm::dmat3 axes_matrix(const Box& box) { return glm::dmat3(box.axes[0], box.axes[1], box.axes[2]); }

// u0..u2 are A's axes, v0..v2 B's, as the classic derivation names them.
std::string axis_name(const geo::SatAxis<double>& axis) {
  switch (axis.source) {
    case geo::AxisSource::FaceA: return "A: u" + std::to_string(axis.index_a);
    case geo::AxisSource::FaceB: return "B: v" + std::to_string(axis.index_b);
    case geo::AxisSource::EdgeEdge: return "u" + std::to_string(axis.index_a) + " \u00d7 v" + std::to_string(axis.index_b);
    default: return kit::axis_name(axis);
  }
}

class SatObbObb final : public Sample {
 public:
  cam::Bounds bounds() const override { return kit::with_room_for_projections(Sample::bounds()); }

  // As the query tool runs with "trace": default options (no early-out, no cache), every axis traced.
  // The panel shows every axis; the answer is the tool's, the 15-axis test to the first
  // separating axis, which can differ from the full run in the last bits.
  bool key(int glfw_key, bool pressed) override { return steps_.key(glfw_key, pressed); }
  bool animating() const override { return steps_.stepper.playing; }

  void update(double dt) override {
    const Box &a = state[a_], &b = state[b_];
    steps_.sat = geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b), {}, &steps_.trace);
    answer_ = geo::box_overlap(a, b);
    steps_.answered = &answer_;
    steps_.a_points = kit::box_corners(a.center, a.axes, a.half_extents);
    steps_.b_points = kit::box_corners(b.center, b.axes, b.half_extents);
    steps_.step(dt);
  }

  void draw(DebugDraw& draw) const override {
    const Color verdict = kit::verdict_color(steps_.sat.ok() && steps_.sat.overlap);
    const Color axis_colors[3] = {{1, 0.35f, 0.35f, 1}, {0.4f, 0.95f, 0.4f, 1}, {0.4f, 0.6f, 1, 1}};
    for (const ShapeId<Box> id : {a_, b_}) {
      const Box& b = state[id];
      const bool is_a = id.index == a_.index;
      const Color edge = is_a ? palette::kShape : palette::kShapeB;
      draw.solid_box(b.center, axes_matrix(b), b.half_extents, verdict.with_alpha(0.14f));
      draw.wire_box(b.center, axes_matrix(b), b.half_extents, edge, 2.5f);
      // Each axis arrow named as the axis table names it: u0 of A, v0 of B.
      for (std::size_t k = 0; k < 3; ++k) {
        const glm::dvec3 tip = b.center + b.axes[k] * b.half_extents[static_cast<int>(k)];
        draw.arrow(b.center, tip, axis_colors[k].with_alpha(0.8f), 1.5f);
        draw.label(tip, (is_a ? "u" : "v") + std::to_string(k), axis_colors[k]);
      }
      draw.label(b.center, state.name(id), edge);
    }
    steps_.draw(draw, {0, -1, 0}, state[b_].center);
  }

  Figure figure() const override { return steps_.figure(); }
  std::vector<ViewDirection> view_directions() const override { return steps_.view_directions(); }

  bool controls() override {
    legend(palette::kShape, "box A, axes u0 u1 u2 (red, green, blue)");
    legend(palette::kShapeB, "box B, axes v0 v1 v2");
    legend(palette::kSeparated, "separated, the gap on the drawn axis, the separating plane");
    legend(palette::kOverlap, "overlapping, the overlap on the drawn axis");
    legend(palette::kAnswer, "MTV on B (least-overlap axis \u00d7 depth)");
    ImGui::Spacing();
    const auto& sat = steps_.sat;
    if (!steps_.verdict("OVERLAP: none of the axes separates")) return false;
    if (begin_readouts("readouts")) {
      readout("axes tested", std::to_string(sat.axis_tests) + " of 15" +
                                 (sat.axis_tests < 15 ? " (parallel axes are tested once)" : ""));
      if (sat.overlap) {
        readout("drawn", "the axis of least overlap");
        readout("depth", answer_.depth);
        readout_point("MTV direction", answer_.axis, false);
      } else {
        readout("first separating", axis_name(sat.first_separating_axis));
        readout("gap", answer_.separation);
      }
      if (sat.face_axes_would_be_wrong) readout("face axes alone", "would say overlap: a cross product decides");
      end_readouts();
    }
    hint("A box's interval on L: C\u00b7L \u00b1 (e0|u0\u00b7L| + e1|u1\u00b7L| + e2|u2\u00b7L|).");
    ImGui::Spacing();
    steps_.table_panel(15);
    ImGui::Spacing();
    return false;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::overlap_line("A-B", state[a_], state[b_]), [this] { return query::overlap_answer(answer_); }}};
  }

 private:
  // A's top is an edge along x, B's bottom an edge along z, crossed just above it: all six
  // face axes overlap, and only u0 × v2 (vertical) separates. Drag B down to make them touch.
  const ShapeId<Box> a_ = state.add("A", make_box({0, 0, 0}, {1.6, 1, 1}, {1, 0, 0}, std::acos(-1.0) / 4));
  const ShapeId<Box> b_ = state.add("B", make_box({0, 3.2, 0}, {1, 1, 1.6}, {0, 0, 1}, std::acos(-1.0) / 4));
  geo::SatResult<double> answer_;  // the query tool's: the 15-axis test to the first separating axis
  kit::SatSteps steps_ = kit::SatSteps::named(axis_name);  // every axis, the one shown, and the separating plane
};

}  // namespace

// From the front and a little to the side: both boxes show their turn, the gap in plain view.
REGISTER_SAMPLE(SatObbObb, {.id = "sat-obb-obb", .category = "Overlap", .order = 30, .title = "SAT: two oriented boxes",
                            .description = "Drag the centres, or the axis tips to turn the boxes. Fifteen axes: three of each box and nine cross products; the drawn axis shows both projected intervals.", .is_3d = true, .yaw_degrees = 35, .pitch_degrees = 15});
