// A plane through three points: N = normalize((B − A) × (C − A)), D = N·A. The cross
// product's order fixes the side N points to: seen from the tip of N, A → B → C runs
// counter-clockwise. Collinear points give a zero cross product, and no plane.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/tool_shapes.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/plane.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

class PlaneThreePoints final : public Sample {
 public:
  void update(double) override {
    const glm::dvec3 a = state[a_], b = state[b_], c = state[c_], p = state[p_];
    cross_ = glm::cross(b - a, c - a);
    built_ = geo::make_plane_from_points(a, b, c);
    on_plane_ = kit::closest_on_built_plane(built_, p);
    if (built_.ok()) side_ = geo::side_of(built_.plane, p, kit::side_tolerance(p));
  }

  void draw(DebugDraw& draw) const override {
    const glm::dvec3 a = state[a_], b = state[b_], c = state[c_], p = state[p_];
    draw.label(a, "A", palette::kShape);
    draw.label(b, "B", palette::kShape);
    draw.label(c, "C", palette::kShape);
    draw.point(p, 10, palette::kQuery, Layer::Overlay);
    draw.label(p, "P", palette::kQuery);
    if (!built_.ok()) {
      draw.line(a, b, palette::kOverlap, 2);  // the three points on one line: no plane to draw
      draw.line(b, c, palette::kOverlap, 2);
      return;
    }
    const auto& plane = built_.plane;
    const glm::dvec3 centroid = (a + b + c) / 3.0;
    draw.plane(plane.normal, plane.d, centroid, 3.5, palette::kShape);
    draw.triangle(a, b, c, palette::kShape.with_alpha(0.25f));
    // The two edge vectors the cross product takes, from A.
    draw.arrow(a, b, palette::kShape, 2.5f, Layer::Overlay);
    draw.arrow(a, c, palette::kShape, 2.5f, Layer::Overlay);
    draw.label(a + (b - a) * 0.75, "B \u2212 A", palette::kShape);
    draw.label(a + (c - a) * 0.75, "C \u2212 A", palette::kShape);
    // The winding, as arrows A → B → C → A pulled toward the centroid.
    const auto inset = [&](const glm::dvec3& v) { return centroid + (v - centroid) * 0.55; };
    draw.arrow(inset(a), inset(b), palette::kMuted, 1.5f, Layer::Overlay);
    draw.arrow(inset(b), inset(c), palette::kMuted, 1.5f, Layer::Overlay);
    draw.arrow(inset(c), inset(a), palette::kMuted, 1.5f, Layer::Overlay);
    draw.arrow(centroid, centroid + plane.normal * 2.0, palette::kAnswer, 3, Layer::Overlay);
    draw.label(centroid + plane.normal * 2.0, "N", palette::kAnswer);

    kit::draw_plane_drop(draw, p, on_plane_.point, on_plane_.signed_distance, side_, 10);
  }

  bool controls() override {
    legend(palette::kShape, "points A, B, C and the plane through them");
    legend(palette::kAnswer, "N = normalize((B \u2212 A) \u00d7 (C \u2212 A))");
    legend(palette::kMuted, "winding A \u2192 B \u2192 C");
    legend(palette::kQuery, "query point P, joined to its foot");
    ImGui::Spacing();
    const glm::dvec3 a = state[a_], b = state[b_], c = state[c_];
    if (begin_readouts("readouts")) {
      readout_point("B \u2212 A", b - a, false);
      readout_point("C \u2212 A", c - a, false);
      readout_point("(B\u2212A) \u00d7 (C\u2212A)", cross_, false);
      readout("|(B\u2212A) \u00d7 (C\u2212A)|", glm::length(cross_), "= twice the area");
      if (built_.ok()) {
        readout_point("N", built_.plane.normal, false);
        readout("D = N\u00b7A", built_.plane.d);
        readout("N\u00b7P \u2212 D", on_plane_.signed_distance, sign_text(on_plane_.signed_distance).c_str());
        readout("side", query::side_name(side_));
      }
      end_readouts();
    }
    if (built_.ok()) {
      ImGui::TextWrapped("Seen from the tip of N, A \u2192 B \u2192 C turns counter-clockwise. Swap B and C and N "
                         "flips: the same plane, the other side in front.");
    } else {
      kit::warning("make_plane_from_points: A, B and C are collinear (or repeated), so the cross product is "
                   "zero and there is no plane.");
    }
    ImGui::Spacing();
    return false;
  }

  // P's signed distance to the plane built from A, B and C.
  std::vector<AnsweredQuery> queries() const override {
    return {{query::signed_distance_line("p", built_.plane, state[p_]),
             [this] { return query::signed_distance_answer(on_plane_); }}};
  }

 private:
  const PointId a_ = state.add("a", {-2.5, 0.5, 2});
  const PointId b_ = state.add("b", {2.5, 0, 1.5});
  const PointId c_ = state.add("c", {0, 1.5, -2.5});
  const PointId p_ = state.add("p", {1.5, 3.5, 1});
  glm::dvec3 cross_{0};
  geo::PlaneResult<double> built_;
  geo::PlaneClosestPoint<double> on_plane_;
  geo::PlaneSide side_ = geo::PlaneSide::On;
};

}  // namespace

// Opens at a slant to the plane: the triangle keeps its shape and N stands clear of P's drop.
REGISTER_SAMPLE(PlaneThreePoints, {.id = "plane-three-points", .category = "Planes and half-spaces", .order = 20, .title = "Plane through three points",
                                   .description = "Drag A, B and C: the normal is (B \u2212 A) \u00d7 (C \u2212 A), so the winding decides its side. Line the three up and the plane disappears.", .is_3d = true, .yaw_degrees = -36, .pitch_degrees = 20});
