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
    // While revealing: each dot product's boundary, the line across the segment at its end.
    const glm::dvec3 across(s.a.y - s.b.y, s.b.x - s.a.x, 0);
    for (int step = 0; step < 2 && reveal.under_way() && !result_.degenerate; ++step) {
      if (!reveal.shows(step)) continue;
      const glm::dvec3 end = step == 0 ? s.a : s.b;
      draw.infinite_line(end, across, palette::kMuted.with_alpha(0.5f), 1);
      draw.dashed_line(p, end, palette::kQuery.with_alpha(0.6f), 1.5f);
    }
    if (!reveal.shows(deciding_step())) return kit::draw_query_point(draw, p);  // not decided yet
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

  // The two dot products in the order they run; the first decides alone when P is before A.
  std::vector<RevealStep> reveal_steps() const override {
    const bool before_a = deciding_step() == 0;
    return {{"(P\u2212A)\u00b7(B\u2212A)", fixed_text(result_.dot_start, 3) +
                                             (before_a ? " \u2264 0: P is before A, the answer is A" : " > 0: P is past A")},
            {"(P\u2212B)\u00b7(A\u2212B)",
             before_a ? std::string("not needed")
                      : fixed_text(result_.dot_end, 3) + (result_.dot_end <= 0 ? " \u2264 0: P is past B, the answer is B"
                                                                              : " > 0: the answer is the projection")}};
  }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, segment_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[segment_], state[p_]),
             [this] { return query::closest_point_answer(result_, geo::ShapeKind::Segment); }}};
  }

 private:
  const ShapeId<geo::Segment<double>> segment_ = state.add("segment", geo::Segment<double>{{-4, -1, 0}, {4, 2, 0}});
  const PointId p_ = state.add("p", {1, 4, 0});
  int deciding_step() const { return result_.dot_start <= 0 ? 0 : 1; }
  geo::LinearClosestPoint<double> result_;
};

}  // namespace

REGISTER_SAMPLE(ClosestPointSegment, {.id = "closest-point-segment", .category = "Closest point", .order = 10, .title = "Closest point on a segment",
                                      .description = "Drag P, A or B. Two dot products decide whether the answer is A, B or the projection of P."});
