// Closest point on an infinite line O + t d: t = (P − O)·d / d·d with no clamp, so the
// answer is always the orthogonal projection of P, and P − Q meets the line at a right angle.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

class ClosestPointLine final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_point(state[line_], state[p_]); }

  void draw(DebugDraw& draw) const override {
    const auto& l = state[line_];
    const glm::dvec3 p = state[p_];
    draw.infinite_line(l.origin, l.direction, palette::kShape, 3);
    draw.arrow(l.origin, l.origin + l.direction, palette::kShape, 3, Layer::Overlay);
    draw.label(l.origin, "O", palette::kShape);
    draw.label(l.origin + l.direction, "d", palette::kShape);
    if (!reveal.shows(1)) return kit::draw_query_point(draw, p);  // t needs both dot products
    // t d, the step from O to the answer along the line.
    if (!result_.degenerate) {
      draw.dashed_line(l.origin, result_.point, palette::kAnswer.with_alpha(0.9f), 3, Layer::Overlay);
      draw.label(result_.point, "t = " + format_number(result_.t), palette::kAnswer);
    }
    draw_right_angle(draw, p);
    kit::draw_point_answer(draw, p, result_.point);
    // Not "d = …": here d is the line's direction.
    draw.label((p + result_.point) * 0.5, "distance " + format_number(result_.distance), palette::kJoin);
  }

  bool controls() override {
    legend(palette::kShape, "the line O + t d, t any real number");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "closest point: the projection O + t d");
    ImGui::Spacing();
    const auto& l = state[line_];
    if (begin_readouts("readouts")) {
      readout("(P\u2212O)\u00b7d", result_.dot_start, result_.dot_start < 0 ? "\u2212 : t < 0, behind O" : "+ : t \u2265 0");
      readout("d\u00b7d", glm::dot(l.direction, l.direction));
      readout("t", result_.t, "= (P\u2212O)\u00b7d / d\u00b7d");
      readout_point("closest", result_.point, true);
      readout("distance", result_.distance);
      readout("(P\u2212Q)\u00b7d", glm::dot(state[p_] - result_.point, l.direction), "\u2248 0: a right angle");
      end_readouts();
    }
    if (result_.degenerate) kit::warning("d = 0: the line is the point O.");
    ImGui::Spacing();
    return false;
  }

  // Both dot products, then t is their ratio: a line never clamps.
  std::vector<RevealStep> reveal_steps() const override {
    const auto& l = state[line_];
    return {{"(P\u2212O)\u00b7d", fixed_text(result_.dot_start, 3) + (result_.dot_start < 0 ? ": t < 0, P is behind O" : ": t \u2265 0")},
            {"d\u00b7d", fixed_text(glm::dot(l.direction, l.direction), 3) + ": t = (P\u2212O)\u00b7d / d\u00b7d = " + fixed_text(result_.t, 3)}};
  }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, line_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[line_], state[p_]),
             [this] { return query::closest_point_answer(result_, geo::ShapeKind::Line); }}};
  }

 private:
  const ShapeId<geo::Line<double>> line_ = state.add("line", geo::Line<double>{{-3, -1.5, 0}, {2, 1, 0}});
  const PointId p_ = state.add("p", {0.5, 3, 0});

  // The square in the corner between the line and P − Q, where there is room for it.
  void draw_right_angle(DebugDraw& draw, const glm::dvec3& p) const {
    const glm::dvec3 up = p - result_.point;
    if (result_.degenerate || glm::length(up) < 2 * draw.world_length_of_pixels(result_.point, 22)) return;
    kit::draw_right_angle(draw, result_.point, glm::normalize(state[line_].direction), glm::normalize(up), palette::kJoin);
  }

  geo::LinearClosestPoint<double> result_;
};

}  // namespace

REGISTER_SAMPLE(ClosestPointLine, {.id = "closest-point-line", .category = "Closest point", .order = 30, .title = "Closest point on a line",
                                   .description = "Drag P, O or the tip of d. The answer is the projection O + t d with t = (P \u2212 O)\u00b7d / d\u00b7d, never clamped: P \u2212 Q is always perpendicular to the line."});
