// Closest point on a solid sphere: outside, walk from the centre C towards P by the
// radius, C + r (P − C)/|P − C|; inside, P is its own answer. At the centre the direction
// is undefined (every surface point is as close), and the answer is P as well.
#include "app/explain/formula.h"
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

class ClosestPointSphere final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_point(state[sphere_], state[p_]); }

  void draw(DebugDraw& draw) const override {
    const auto& s = state[sphere_];
    const glm::dvec3 p = state[p_];
    const bool inside = result_.feature.kind == geo::Feature::Inside && reveal.shows(2);  // its formula's verdict line
    const Color color = inside ? palette::kOverlap : palette::kShape;
    // A see-through sphere: a disc and outline facing the camera, and the three great circles.
    const glm::dvec3 facing = -draw.view().forward;
    draw.solid_circle(s.center, facing, s.radius, color.with_alpha(0.15f));
    draw.circle(s.center, facing, s.radius, color, 2.5f);
    for (const glm::dvec3 normal : {glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)}) {
      draw.circle(s.center, normal, s.radius, color.with_alpha(0.35f), 1);
    }
    draw.point(s.center, 7, palette::kShape, Layer::Overlay);
    draw.label(s.center, "C", palette::kShape);
    if (reveal.under_way() && !reveal.shows(formula_answer_step(reveal_steps()))) {
      if (reveal.shows(0)) draw.dashed_line(s.center, p, palette::kMuted, 1.5f, Layer::Overlay);  // |P − C|
      return kit::draw_query_point(draw, p);
    }
    if (!inside && result_.ok()) {
      // The radius towards P, then the rest of the way: d = |P − C| − r.
      draw.dashed_line(s.center, result_.point, palette::kShape, 2, Layer::Overlay);
      draw.label((s.center + result_.point) * 0.5, "r = " + format_number(s.radius), palette::kShape);
      draw.line(p, result_.point, palette::kJoin, 2);
      kit::label_distance(draw, p, result_.point, result_.distance);
    } else if (!result_.at_center) {
      draw.dashed_line(s.center, p, palette::kMuted, 1.5f, Layer::Overlay);
    }
    draw.point(p, 10, palette::kQuery, Layer::Overlay);
    draw.label(p, result_.at_center ? "P = C" : inside ? "P (inside)" : "P", palette::kQuery);
    if (!inside) {
      draw.point(result_.point, 12, palette::kAnswer, Layer::Overlay);
      draw.label(result_.point, "C + r (P\u2212C)/|P\u2212C|", palette::kAnswer);
    }
  }

  bool controls() override {
    legend(palette::kShape, "the sphere: centre C, radius r");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "closest point (P itself when inside)");
    legend(palette::kOverlap, "the sphere when P is inside");
    ImGui::Spacing();
    const auto& s = state[sphere_];
    if (begin_readouts("readouts")) {
      readout("|P \u2212 C|", result_.center_distance);
      readout("r", s.radius);
      readout("|P \u2212 C| \u2212 r", result_.center_distance - s.radius,
              kit::signed_note(result_.center_distance - s.radius, "outside", "inside", "on the surface").c_str());
      answer_readouts(geo::feature_name(geo::ShapeKind::Sphere, result_.feature), result_.point, result_.distance, false);
      end_readouts();
    }
    if (result_.at_center) {
      kit::warning("P = C: every surface point is equally close; P is inside, so P is the answer.");
    }
    if (s.radius == 0) kit::warning("r = 0: the sphere is the point C.");
    ImGui::Spacing();
    return false;
  }

  // The formula's lines: the answer has no other order.
  std::vector<RevealStep> reveal_steps() const override { return formula_steps(state[sphere_], state[p_], false); }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, sphere_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[sphere_], state[p_]),
             [this] { return query::closest_point_answer(result_); }}};
  }

 private:
  const ShapeId<geo::Sphere<double>> sphere_ =
      state.add("sphere", geo::Sphere<double>{{0, 2, 0}, 2});  // resting on the grid
  // Up and to the right of the sphere in the default view (the camera looks along −x −y −z),
  // so the radius and the remaining distance are both seen side-on.
  const PointId p_ = state.add("p", {3.5, 4.5, -3});
  geo::SphereClosestPoint<double> result_;
};

}  // namespace

REGISTER_SAMPLE(ClosestPointSphere, {.id = "closest-point-sphere", .category = "Closest point", .order = 70, .title = "Closest point on a sphere",
                                     .description = "Drag P, the centre C or the radius handle. Outside, the answer is C + r (P \u2212 C)/|P \u2212 C|; inside (or at the centre) it is P itself.", .is_3d = true});
