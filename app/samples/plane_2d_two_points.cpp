// The 2D "plane" through A and B: a line with the unit normal N to the left of B − A (turned
// counter-clockwise) and D = N·A. N·P − D is P's signed distance; the positive half-plane
// (shaded) is the side N points to. The order of A and B is the normal's side, so it lives
// in the state: swapping them gives (−N, −D), the same line with its sides swapped.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/tool_shapes.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/plane.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <utility>

namespace {

class Plane2dTwoPoints final : public Sample {
 public:
  void update(double) override {
    const glm::dvec3 a = state[a_], b = state[b_], p = state[p_];
    built_ = geo::make_plane_2d(glm::dvec2(a), glm::dvec2(b), geo::Orientation2D::Left);
    on_line_ = kit::closest_on_built_plane(built_, p);
    if (built_.ok()) side_ = geo::side_of(built_.plane, p, kit::side_tolerance(p));
  }

  void draw(DebugDraw& draw) const override {
    const glm::dvec3 a = state[a_], b = state[b_], p = state[p_];
    draw.label(a, "A", palette::kShape);
    draw.label(b, "B", palette::kShape);
    draw.point(p, 10, palette::kQuery, Layer::Overlay);
    draw.label(p, "P", palette::kQuery);
    if (!built_.ok()) return;
    const auto& plane = built_.plane;
    // The positive half-plane as a large quad on N's side (far beyond any sensible view).
    const double far = 1000;
    const glm::dvec3 along = kit::safe_normalize(b - a), middle = (a + b) * 0.5;
    draw.polygon({middle - along * far, middle + along * far, middle + along * far + plane.normal * far,
                  middle - along * far + plane.normal * far},
                 palette::kSeparated.with_alpha(0.12f));
    draw.infinite_line(a, b - a, palette::kShape, 3);
    draw.arrow(a, b, palette::kShape, 3, Layer::Overlay);
    draw.arrow(middle, middle + plane.normal * 1.5, palette::kAnswer, 3, Layer::Overlay);
    draw.label(middle + plane.normal * 1.7, "N", palette::kAnswer);
    draw.label(middle + plane.normal * 1.2 - along * 2.5, "N\u00b7X \u2212 D > 0", palette::kSeparated);

    kit::draw_plane_drop(draw, p, on_line_.point, on_line_.signed_distance, side_, 10);
  }

  bool controls() override {
    bool changed = false;
    // (−N, −D) is the plane through B then A: the flip is a swap of two points in the state.
    if (ImGui::Button("Swap A and B")) {
      std::swap(state[a_], state[b_]);
      changed = true;
    }
    hint("Swapping A and B turns N and D into \u2212N and \u2212D.");
    legend(palette::kShape, "the line through A and B");
    legend(palette::kAnswer, "the normal N's direction; P's foot on the line");
    legend(palette::kSeparated, "positive half-plane, N\u00b7X \u2212 D > 0");
    legend(palette::kOverlap, "P on the negative side");
    ImGui::Spacing();
    if (!built_.ok()) {
      kit::warning("A = B: no direction, so no line and no normal.");
    } else if (begin_readouts("readouts")) {
      const glm::dvec3 a = state[a_], b = state[b_];
      readout_point("B \u2212 A", b - a, true);
      readout_point("N = left perp, unit", built_.plane.normal, true);
      readout("D = N\u00b7A", built_.plane.d);
      readout("N\u00b7P \u2212 D", on_line_.signed_distance, sign_text(on_line_.signed_distance).c_str());
      readout("side", side_ == geo::PlaneSide::Above ? "positive (N's side)"
                      : side_ == geo::PlaneSide::Below ? "negative" : "on the line");
      const auto other = geo::flipped(built_.plane);
      readout("flipped: (\u2212N, \u2212D)", kit::vector_text(other.normal, true) + ", " + format_number(other.d));
      end_readouts();
    }
    ImGui::Spacing();
    return changed;
  }

  // P's signed distance to the line through A and B, written as a plane with N in the xy-plane.
  std::vector<AnsweredQuery> queries() const override {
    return {{query::signed_distance_line("p", built_.plane, state[p_]),
             [this] { return query::signed_distance_answer(on_line_); }}};
  }

 private:
  const PointId a_ = state.add("a", {-3, -1, 0});
  const PointId b_ = state.add("b", {3, 1.5, 0});
  const PointId p_ = state.add("p", {1.5, 3, 0});
  geo::PlaneResult<double> built_;
  geo::PlaneClosestPoint<double> on_line_;
  geo::PlaneSide side_ = geo::PlaneSide::On;
};

}  // namespace

REGISTER_SAMPLE(Plane2dTwoPoints, {.id = "plane-2d-two-points", .category = "Planes and half-spaces", .order = 30, .title = "2D plane through two points",
                                   .description = "Drag A and B to place the line and P to test it. N points to the left of A \u2192 B; swap A and B to flip it. The shaded half-plane is where N\u00b7P \u2212 D > 0."});
