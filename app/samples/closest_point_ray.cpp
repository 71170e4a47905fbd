// Closest point on a ray O + t d, t ≥ 0: project P onto the direction, t = (P − O)·d / d·d,
// and clamp t at 0. The sign of (P − O)·d alone decides the clamp: negative means P lies
// behind the line through O perpendicular to d, and the answer is O itself.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

class ClosestPointRay final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_point(state[ray_], state[p_]); }

  void draw(DebugDraw& draw) const override {
    const auto& r = state[ray_];
    const glm::dvec3 p = state[p_];
    // The line the ray lies on, behind O and faint: where the unclamped projection can land.
    draw.ray(r.origin, -r.direction, palette::kMuted.with_alpha(0.35f), 1);
    // The boundary (P − O)·d = 0: points on its far side project behind O.
    const glm::dvec3 across(-r.direction.y, r.direction.x, 0);
    if (!result_.degenerate) {
      draw.infinite_line(r.origin, across, palette::kMuted.with_alpha(0.5f), 1);
      const double along = -1.4 / glm::length(across);  // below O, clear of P and its join
      draw.label(r.origin + across * along, "on this line (P\u2212O)\u00b7d = 0", palette::kMuted);
    }
    draw.ray(r.origin, r.direction, palette::kShape, 3);
    draw.arrow(r.origin, r.origin + r.direction, palette::kShape, 3, Layer::Overlay);
    draw.label(r.origin, "O", palette::kShape);
    draw.label(r.origin + r.direction, "d", palette::kShape);

    if (!reveal.shows(result_.dot_start <= 0 ? 0 : 1)) return kit::draw_query_point(draw, p);  // not decided yet
    const glm::dvec3 projection = r.origin + r.direction * result_.t_raw;
    if (result_.t != result_.t_raw) {
      draw.dashed_line(p, projection, palette::kMuted, 1.5f);
      draw.dashed_line(projection, r.origin, palette::kMuted, 1.5f);
      draw.point(projection, 7, palette::kMuted, Layer::Overlay);
      draw.label(projection, "t raw = " + format_number(result_.t_raw), palette::kMuted);
    }
    kit::draw_point_answer(draw, p, result_.point);
    const std::string where = result_.t == 0 ? "t = 0 (O)" : "t = " + format_number(result_.t);
    draw.label(result_.point, where, palette::kAnswer);
    // Not "d = …": here d is the ray's direction.
    draw.label((p + result_.point) * 0.5, "distance " + format_number(result_.distance), palette::kJoin);
  }

  bool controls() override {
    legend(palette::kShape, "the ray O + t d, t \u2265 0");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "closest point on the ray");
    legend(palette::kMuted, "unclamped projection (when P is behind O)");
    ImGui::Spacing();
    const auto& r = state[ray_];
    if (begin_readouts("readouts")) {
      readout("(P\u2212O)\u00b7d", result_.dot_start,
              result_.dot_start < 0 ? "< 0: behind O" : "\u2265 0: ahead");
      readout("d\u00b7d", glm::dot(r.direction, r.direction));
      readout("t raw", result_.t_raw, "= (P\u2212O)\u00b7d / d\u00b7d");
      readout("t", result_.t, result_.t != result_.t_raw ? "clamped to 0" : "= t raw");
      answer_readouts(geo::feature_name(geo::ShapeKind::Ray, result_.feature), result_.point, result_.distance, true);
      end_readouts();
    }
    if (result_.degenerate) kit::warning("d = 0: the ray is the point O.");
    ImGui::Spacing();
    return false;
  }

  // The sign of (P − O)·d first: behind O the answer is O, and d·d is never needed.
  std::vector<RevealStep> reveal_steps() const override {
    const auto& r = state[ray_];
    const bool behind = result_.dot_start <= 0;  // as the kernel decides: on the boundary the answer is O
    return {{"(P\u2212O)\u00b7d", fixed_text(result_.dot_start, 3) + (behind ? " \u2264 0: P is not ahead of O, the answer is O" : " > 0: P is ahead of O")},
            {"d\u00b7d", behind ? std::string("not needed")
                                : fixed_text(glm::dot(r.direction, r.direction), 3) + ": t = (P\u2212O)\u00b7d / d\u00b7d = " + fixed_text(result_.t, 3)}};
  }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, ray_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[ray_], state[p_]),
             [this] { return query::closest_point_answer(result_, geo::ShapeKind::Ray); }}};
  }

 private:
  // P starts behind O, so the clamp (and the unclamped projection) show at once.
  const ShapeId<geo::Ray<double>> ray_ = state.add("ray", geo::Ray<double>{{-1, -1, 0}, {3, 1.5, 0}});
  const PointId p_ = state.add("p", {-3.5, 2.5, 0});
  geo::LinearClosestPoint<double> result_;
};

}  // namespace

REGISTER_SAMPLE(ClosestPointRay, {.id = "closest-point-ray", .category = "Closest point", .order = 20, .title = "Closest point on a ray",
                                  .description = "Drag P, the origin O or the tip of d. When (P \u2212 O)\u00b7d is negative, P is behind O and t clamps to 0: the answer is O."});
