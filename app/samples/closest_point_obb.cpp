// Closest point on an oriented box: express P in the box's axes (three dot products),
// clamp each coordinate to the half-extents, and map back. Nothing clamped: P is inside.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <cmath>
#include <string>

namespace {

// The box's own axes, coloured like x, y and z usually are.
constexpr Color kAxisColors[3] = {{1, 0.35f, 0.35f, 1}, {0.4f, 0.95f, 0.4f, 1}, {0.4f, 0.6f, 1, 1}};

glm::dmat3 axes_matrix(const geo::Obb<double>& box) { return glm::dmat3(box.axes[0], box.axes[1], box.axes[2]); }

// The box turned half a radian about z.
geo::Obb<double> initial_box() {
  const double c = std::cos(0.5), s = std::sin(0.5);
  geo::Obb<double> box;
  box.center = {0, 1, 0};
  box.axes = {glm::dvec3(c, s, 0), glm::dvec3(-s, c, 0), glm::dvec3(0, 0, 1)};
  box.half_extents = {3, 1.5, 2};
  return box;
}

class ClosestPointObb final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_point(state[box_], state[p_]); }

  void draw(DebugDraw& draw) const override {
    const auto& b = state[box_];
    const glm::dvec3 p = state[p_];
    const bool inside = result_.feature.kind == geo::Feature::Inside;
    draw.solid_box(b.center, axes_matrix(b), b.half_extents, (inside ? palette::kOverlap : palette::kShape).with_alpha(0.18f));
    draw.wire_box(b.center, axes_matrix(b), b.half_extents, palette::kShape, 2);
    for (int k = 0; k < 3; ++k) {
      const glm::dvec3 tip = b.center + b.axes[k] * b.half_extents[k];
      draw.arrow(b.center, tip, kAxisColors[k], 2);
      draw.label(tip, "u" + std::to_string(k) + " (local " + "xyz"[k] + ")", kAxisColors[k]);
    }
    draw.point(b.center, 7, palette::kShape, Layer::Overlay);
    draw.label(b.center, "C", palette::kShape);
    // Ericson's walk from C: along each axis by P's clamped coordinate, as far as revealed.
    glm::dvec3 walked = b.center;
    for (int k = 0; k < 3 && reveal.under_way() && reveal.shows(k); ++k) {
      const glm::dvec3 next = walked + b.axes[k] * result_.local_clamped[k];
      draw.dashed_line(walked, next, kAxisColors[k], 2.5f, Layer::Overlay);
      walked = next;
    }
    if (!reveal.shows(2)) {
      draw.point(walked, 7, palette::kMuted, Layer::Overlay);
      return kit::draw_query_point(draw, p);
    }
    kit::draw_point_answer(draw, p, result_.point);
    draw.label(result_.point, inside ? "P is inside" : kit::feature_and_distance(feature(), result_.distance),
               palette::kAnswer);
  }

  bool controls() override {
    legend(palette::kShape, "the box: centre C, half-extents e");
    legend(kAxisColors[0], "u0: the box's local x axis");
    legend(kAxisColors[1], "u1: its local y axis");
    legend(kAxisColors[2], "u2: its local z axis");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "closest point (P itself when inside)");
    legend(palette::kOverlap, "the box when P is inside");
    ImGui::Spacing();
    if (begin_readouts("readouts")) {
      const char* names[3] = {"local x = (P\u2212C)\u00b7u0", "local y = (P\u2212C)\u00b7u1", "local z = (P\u2212C)\u00b7u2"};
      for (int k = 0; k < 3; ++k) {
        const char* note = result_.clamped[k] < 0 ? "clamped to \u2212e" : result_.clamped[k] > 0 ? "clamped to +e" : "inside";
        readout(names[k], result_.local[k], note);
      }
      readout_point("clamped local", result_.local_clamped, false);
      answer_readouts(feature(), result_.point, result_.distance, false);
      end_readouts();
    }
    ImGui::Spacing();
    return false;
  }

  // P's coordinate along each axis, clamped to the half-extent: u0, then u1, then u2.
  std::vector<RevealStep> reveal_steps() const override {
    const glm::dvec3 e = state[box_].half_extents;
    std::vector<RevealStep> steps;
    for (int k = 0; k < 3; ++k) {
      steps.push_back({"clamp along u" + std::to_string(k), "(P\u2212C)\u00b7u" + std::to_string(k) + " = " +
                                                                kit::clamp_outcome(result_.local[k], -e[k], e[k], result_.clamped[k])});
    }
    return steps;
  }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, box_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[box_], state[p_]),
             [this] { return query::closest_point_answer(result_, geo::ShapeKind::Obb); }}};
  }

 private:
  const ShapeId<geo::Obb<double>> box_ = state.add("box", initial_box());
  const PointId p_ = state.add("p", {5, 4, 3});
  std::string feature() const { return geo::feature_name(geo::ShapeKind::Obb, result_.feature); }
  geo::BoxClosestPoint<double> result_;
};

}  // namespace

// From the front left: P stands clear of the box and the clamped edge faces the camera.
REGISTER_SAMPLE(ClosestPointObb, {.id = "closest-point-obb", .category = "Closest point", .order = 60, .title = "Closest point on an OBB",
                                  .description = "Drag P, the box's centre, or the tips of its axes to rotate it. P is projected onto the box's axes and each coordinate clamped to the half-extents.", .is_3d = true, .yaw_degrees = -25, .pitch_degrees = 25});
