// Closest point on a plane N·X = D (unit N): the signed distance s = N·P − D says how far
// P is from the plane and on which side, and the answer is P − s N, straight down the normal.
#include "app/explain/formula.h"
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/plane.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <algorithm>

namespace {

class ClosestPointPlane final : public Sample {
 public:
  // Frame the plane's drawn square as well as the handles, not just the handles.
  cam::Bounds bounds() const override {
    cam::Bounds box = Sample::bounds();
    const glm::dvec3 reach(grid_half_size() * 0.8);
    box.min = glm::min(box.min, anchor() - reach);
    box.max = glm::max(box.max, anchor() + reach);
    return box;
  }

  // On the plane as the query tool reads it, so the shown numbers are the tool's to the bit.
  void update(double) override {
    result_ = geo::closest_point(answered_plane(), state[p_]);
  }

  void draw(DebugDraw& draw) const override {
    if (!result_.ok()) return;
    const auto& pl = state[plane_];
    const glm::dvec3 p = state[p_];
    // The grid is centred on the plane's handle (where its normal arrow stands) and reaches the answer.
    draw.plane(pl.normal, pl.d, anchor(), grid_half_size(), palette::kShape);
    draw.arrow(anchor(), anchor() + pl.normal * 2.0, palette::kShape, 3, Layer::Overlay);
    draw.label(anchor() + pl.normal * 2.0, "N", palette::kShape);
    if (reveal.under_way() && !reveal.shows(formula_answer_step(reveal_steps()))) return kit::draw_query_point(draw, p);
    // N·P − D, measured along the normal from the answer up to P.
    kit::draw_point_answer(draw, p, result_.point);
    kit::draw_foot_mark(draw, p, result_.point, glm::cross(draw.view().forward, pl.normal), palette::kJoin);
    draw.label(result_.point, "Q = P \u2212 (N\u00b7P \u2212 D) N", palette::kAnswer);
    kit::label_signed_distance(draw, p, result_.point, result_.signed_distance, result_.side);
  }

  bool controls() override {
    legend(palette::kShape, "the plane N\u00b7X = D and its normal N");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "closest point Q on the plane");
    legend(palette::kSeparated, "P above the plane (N\u00b7P \u2212 D > 0)");
    legend(palette::kOverlap, "P below the plane (N\u00b7P \u2212 D < 0)");
    ImGui::Spacing();
    const auto& pl = state[plane_];
    if (begin_readouts("readouts")) {
      readout_point("N", pl.normal, false);
      readout("D", pl.d);
      readout("N\u00b7P", glm::dot(pl.normal, state[p_]));
      readout("N\u00b7P \u2212 D", result_.signed_distance,
              kit::signed_note(result_.signed_distance, "above", "below", "on").c_str());
      readout("side", query::side_name(result_.side));
      readout_point("closest Q", result_.point, false);  // its formula labels it in the scene
      readout("distance", result_.distance, "= |N\u00b7P \u2212 D|");
      end_readouts();
    }
    if (!result_.ok()) kit::warning("The normal is zero: there is no plane.");
    ImGui::Spacing();
    return false;
  }

  // The formula's lines: the answer has no other order.
  std::vector<RevealStep> reveal_steps() const override { return formula_steps(answered_plane(), state[p_], false); }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, plane_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[plane_], state[p_]),
             [this] { return query::closest_point_answer(result_); }}};
  }

 private:
  // Tilted well away from the ground grid, so the plane reads as a plane of its own.
  const ShapeId<geo::Plane<double>> plane_ =
      state.add("plane", geo::Plane<double>{glm::normalize(glm::dvec3(0.7, 1, 0.25)), 0.5});
  const PointId p_ = state.add("p", {0.5, 3.5, 2});
  geo::Plane<double> answered_plane() const { return query::read_back(state[plane_]).value_or(state[plane_]); }
  glm::dvec3 anchor() const { return state[plane_].normal * state[plane_].d; }  // the plane's point handle
  double grid_half_size() const { return std::max(3.5, glm::length(result_.point - anchor()) + 1.5); }
  geo::PlaneClosestPoint<double> result_;
};

}  // namespace

// Opens looking across the normal, not down it: the plane slants and P's drop shows its length.
REGISTER_SAMPLE(ClosestPointPlane, {.id = "closest-point-plane", .category = "Closest point", .order = 40, .title = "Closest point on a plane",
                                    .description = "Drag P, the plane's point or the tip of its normal. N\u00b7P \u2212 D is P's signed height above the plane; the answer drops P by that height along N.", .is_3d = true, .yaw_degrees = -20, .pitch_degrees = 25});
