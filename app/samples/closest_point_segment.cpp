// Closest point on a segment, by the tutorial's two dot products: the sign of
// (P − A)·(B − A) says whether P lies before A, the sign of (P − B)·(A − B) whether it
// lies past B; otherwise the answer is the projection A + t(B − A).
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

class ClosestPointSegment final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_point(state[segment_], state[p_]); }

  void draw(DebugDraw& draw) const override {
    const auto& s = state[segment_];
    const glm::dvec3 p = state[p_];
    // The segment's supporting line beyond its ends, faint, shows where the unclamped
    // projection would land (over the segment it would stripe it).
    draw.ray(s.a, s.a - s.b, palette::kMuted.with_alpha(0.35f), 1);
    draw.ray(s.b, s.b - s.a, palette::kMuted.with_alpha(0.35f), 1);
    draw.line(s.a, s.b, palette::kShape, 3);
    draw.label(s.a, "A", palette::kShape);
    draw.label(s.b, "B", palette::kShape);
    const glm::dvec3 projection = s.a + (s.b - s.a) * result_.t_raw;
    if (result_.t_raw != result_.t) {
      draw.dashed_line(p, projection, palette::kMuted, 1.5f);  // where the clamp started from
      draw.point(projection, 7, palette::kMuted, Layer::Overlay);
      draw.label(projection, "t = " + format_number(result_.t_raw), palette::kMuted);
    }
    kit::draw_point_answer(draw, p, result_.point);
    if (result_.t == result_.t_raw && result_.t > 0 && result_.t < 1) {  // an interior foot: square to the segment
      kit::draw_foot_mark(draw, p, result_.point, s.b - s.a, palette::kJoin);
    }
    kit::label_distance(draw, p, result_.point, result_.distance);
  }

  bool controls() override {
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "closest point on AB");
    ImGui::Spacing();
    if (begin_readouts("readouts")) {
      readout("(P\u2212A)\u00b7(B\u2212A)", result_.dot_start, result_.dot_start <= 0 ? "\u2264 0: before A" : "> 0");
      readout("(P\u2212B)\u00b7(A\u2212B)", result_.dot_end, result_.dot_end <= 0 ? "\u2264 0: past B" : "> 0");
      readout("t raw", result_.t_raw);
      readout("t clamped", result_.t, "in [0, 1]");
      answer_readouts(geo::feature_name(geo::ShapeKind::Segment, result_.feature), result_.point, result_.distance, true);
      readout("distance\u00b2", result_.distance_squared);
      end_readouts();
    }
    if (result_.degenerate) colored_text(kWarningText, "A = B: the segment is a point.");
    ImGui::Spacing();
    return false;
  }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, segment_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[segment_], state[p_]),
             [this] { return query::closest_point_answer(result_, geo::ShapeKind::Segment); }}};
  }

 private:
  const ShapeId<geo::Segment<double>> segment_ = state.add("segment", geo::Segment<double>{{-4, -1, 0}, {4, 2, 0}});
  const PointId p_ = state.add("p", {1, 4, 0});
  geo::LinearClosestPoint<double> result_;
};

}  // namespace

REGISTER_SAMPLE(ClosestPointSegment, {.id = "closest-point-segment", .category = "Closest point", .order = 10, .title = "Closest point on a segment",
                                      .description = "Drag P, A or B. Two dot products decide whether the answer is A, B or the projection of P."});
