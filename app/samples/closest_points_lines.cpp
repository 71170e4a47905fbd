// Closest points between two infinite lines P(s) = O1 + s d1 and Q(t) = O2 + t d2. At the
// answer the connecting segment is perpendicular to both directions; solving those two
// dot-product equations divides by |d1 × d2|², which is zero exactly when they are parallel.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/linear_pairs.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

class ClosestPointsLines final : public Sample {
 public:
  // The lines are infinite: frame the origins, the direction tips and the answer.
  cam::Bounds bounds() const override {
    const auto& a = state[line_a_];
    const auto& b = state[line_b_];
    return kit::bounds_around({a.origin, a.origin + a.direction, b.origin, b.origin + b.direction,
                               result_.a_point, result_.b_point});
  }

  void update(double) override { result_ = geo::closest_points(state[line_a_], state[line_b_]); }

  // Along a line it is a point, and the join shows its true length; down the join the
  // lines seem to cross, at the closest pair.
  std::vector<ViewDirection> view_directions() const override {
    return {{"along line 1", state[line_a_].direction},
            {"along line 2", state[line_b_].direction},
            {"down the join", result_.b_point - result_.a_point}};
  }

  void draw(DebugDraw& draw) const override {
    const auto& a = state[line_a_];
    const auto& b = state[line_b_];
    draw.infinite_line(a.origin, a.direction, palette::kShape, 3);
    draw.infinite_line(b.origin, b.direction, palette::kShapeB, 3);
    // The directions as arrows from the origins: the handles at their tips turn the lines.
    draw.arrow(a.origin, a.origin + a.direction, palette::kShape, 3, Layer::Overlay);
    draw.arrow(b.origin, b.origin + b.direction, palette::kShapeB, 3, Layer::Overlay);
    draw.label(a.origin, "O1", palette::kShape);
    draw.label(a.origin + a.direction, "d1", palette::kShape);
    draw.label(b.origin, "O2", palette::kShapeB);
    draw.label(b.origin + b.direction, "d2", palette::kShapeB);

    const glm::dvec3 join = kit::safe_normalize(result_.b_point - result_.a_point);
    if (join != glm::dvec3(0)) {
      draw.line(result_.a_point, result_.b_point, palette::kJoin, 2.5f, Layer::Overlay);
      kit::draw_right_angle(draw, result_.a_point, kit::safe_normalize(a.direction), join, palette::kJoin);
      kit::draw_right_angle(draw, result_.b_point, kit::safe_normalize(b.direction), -join, palette::kJoin);
      kit::label_distance(draw, result_.a_point, result_.b_point, result_.distance);
    }
    draw.point(result_.a_point, 12, palette::kAnswer, Layer::Overlay);
    draw.point(result_.b_point, 12, palette::kAnswer, Layer::Overlay);
    draw.label(result_.a_point, "s = " + format_number(result_.s), palette::kAnswer);
    draw.label(result_.b_point, "t = " + format_number(result_.t), palette::kAnswer);
  }

  bool controls() override {
    legend(palette::kShape, "line A: O1 + s d1");
    legend(palette::kShapeB, "line B: O2 + t d2");
    legend(palette::kAnswer, "closest points A(s), B(t)");
    legend(palette::kJoin, "their join, perpendicular to both lines");
    ImGui::Spacing();
    const auto& a = state[line_a_];
    const auto& b = state[line_b_];
    const glm::dvec3 join = result_.b_point - result_.a_point;
    const glm::dvec3 normal = glm::cross(a.direction, b.direction);
    if (begin_readouts("readouts")) {
      readout("d1\u00b7d1", glm::dot(a.direction, a.direction));
      readout("d1\u00b7d2", glm::dot(a.direction, b.direction));
      readout("d2\u00b7d2", glm::dot(b.direction, b.direction));
      readout("|d1 \u00d7 d2|\u00b2", glm::dot(normal, normal), result_.parallel ? "zero: parallel" : "> 0: one answer");
      readout("s raw", result_.s_raw);
      readout("t raw", result_.t_raw, "(lines: never clamped)");
      readout("(B\u2212A)\u00b7d1", glm::dot(join, a.direction), "0: perpendicular");
      readout("(B\u2212A)\u00b7d2", glm::dot(join, b.direction), "0: perpendicular");
      readout_point("A(s)", result_.a_point, false);
      readout_point("B(t)", result_.b_point, false);
      readout("distance", result_.distance);
      readout("parallel", result_.parallel ? "yes" : "no");
      end_readouts();
    }
    if (result_.parallel) kit::warning("Parallel: every pair along the lines is as close; s is taken at O1.");
    if (result_.a_degenerate || result_.b_degenerate) kit::warning("A zero direction: that line is a point.");
    ImGui::Spacing();
    return false;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_points_line("line_a-line_b", state[line_a_], state[line_b_]),
             [this] { return query::closest_points_answer(result_, geo::ShapeKind::Line, geo::ShapeKind::Line); }}};
  }

 private:
  const ShapeId<geo::Line<double>> line_a_ = state.add("line_a", geo::Line<double>{{-4, 0.5, -2}, {3, 0.5, 1}});
  const ShapeId<geo::Line<double>> line_b_ = state.add("line_b", geo::Line<double>{{1, 3, 3}, {0.25, -0.25, -1.5}});
  geo::LinearPairResult<double> result_;
};

}  // namespace

// Opens nearly square to the join, each line running off to its own vanishing point: from
// most directions their pictures cross away from the closest pair and read as meeting there.
REGISTER_SAMPLE(ClosestPointsLines, {.id = "closest-points-lines", .category = "Closest points between", .order = 10, .title = "Two lines",
                                     .description = "Drag the origins O1, O2 or the direction tips d1, d2. The join of the closest points is perpendicular to both lines; it stops being unique when they are parallel.", .is_3d = true, .yaw_degrees = 70, .pitch_degrees = 10});
