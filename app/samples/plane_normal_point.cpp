// A plane from a normal and a point on it: N = normalize(tip − X0), D = N·X0. Every point
// X of the plane has N·X = D, so N·P − D is P's signed distance: positive in front (the
// side N points to), negative behind, zero on the plane.
#include "app/sample.h"
#include "app/samples/pairs_common.h"
#include "geometry/plane.h"

#include <imgui.h>

#include <algorithm>

namespace {

class PlaneNormalPoint final : public Sample {
 public:
  PlaneNormalPoint() {
    state.points = {{"x0", {1, 1, 0}}, {"normal_tip", {1.6, 3, 0.8}}, {"p", {-2.5, 3.5, 2}}};
  }

  bool is_3d() const override { return true; }
  // Frame the origin too: D is measured from it.
  cam::Bounds bounds() const override {
    return pairs::bounds_around({glm::dvec3(0), state.point("x0"), state.point("normal_tip"), state.point("p")});
  }

  void update(double) override {
    const glm::dvec3 x0 = state.point("x0");
    built_ = geo::make_plane_from_normal_point(state.point("normal_tip") - x0, x0);
    if (!built_.ok()) return;
    const glm::dvec3 p = state.point("p");
    on_plane_ = geo::closest_point(built_.plane, p);
    side_ = geo::side_of(built_.plane, p, pairs::side_tolerance(p));
  }

  void draw(DebugDraw& draw) const override {
    const glm::dvec3 x0 = state.point("x0"), tip = state.point("normal_tip"), p = state.point("p");
    draw.point(x0, 10, palette::kShape, Layer::Overlay);
    draw.label(x0, "X0", palette::kShape);
    draw.arrow(x0, tip, palette::kShape, 3, Layer::Overlay);
    draw.label(tip, "N", palette::kShape);
    draw.point(p, 10, palette::kQuery, Layer::Overlay);
    draw.label(p, "P", palette::kQuery);
    if (!built_.ok()) return;
    const auto& plane = built_.plane;
    // A patch big enough to hold both X0 and P's foot.
    const double reach = glm::length(on_plane_.point - x0) * 0.5;
    draw.plane(plane.normal, plane.d, (x0 + on_plane_.point) * 0.5, std::max(3.0, reach + 1.5), palette::kShape);
    // D is the signed distance of the origin's foot on the plane: the dashed line shows it.
    const glm::dvec3 foot = plane.normal * plane.d;
    draw.dashed_line(glm::dvec3(0), foot, palette::kMuted, 1.5f);
    draw.point(glm::dvec3(0), 7, palette::kMuted, Layer::Overlay);
    draw.label(foot * 0.5, "D = " + format_number(plane.d), palette::kMuted);

    const Color side_color = side_ == geo::PlaneSide::Below ? palette::kOverlap : palette::kSeparated;
    draw.line(p, on_plane_.point, side_color, 2.5f, Layer::Overlay);
    draw.point(on_plane_.point, 12, palette::kAnswer, Layer::Overlay);
    draw.label((p + on_plane_.point) * 0.5,
               "N\u00b7P \u2212 D = " + format_number(on_plane_.signed_distance) + " (" + pairs::side_name(side_) + ")",
               side_color);
  }

  bool controls() override {
    legend(palette::kShape, "the plane, its point X0 and normal N");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "P's foot on the plane");
    legend(palette::kSeparated, "P in front: N\u00b7P \u2212 D > 0");
    legend(palette::kOverlap, "P behind: N\u00b7P \u2212 D < 0");
    ImGui::Spacing();
    if (!built_.ok()) {
      pairs::warning("The normal's tip is on X0: a zero normal makes no plane.");
      return edit_state(state, false);
    }
    const auto& plane = built_.plane;
    if (begin_readouts("readouts")) {
      readout_point("tip \u2212 X0", state.point("normal_tip") - state.point("x0"), false);
      readout_point("N (unit)", plane.normal, false);
      readout("D = N\u00b7X0", plane.d);
      readout("N\u00b7P", glm::dot(plane.normal, state.point("p")));
      readout("N\u00b7P \u2212 D", on_plane_.signed_distance, sign_text(on_plane_.signed_distance).c_str());
      readout("side", pairs::side_name(side_));
      readout_point("foot P \u2212 (N\u00b7P \u2212 D) N", on_plane_.point, false);
      end_readouts();
    }
    ImGui::Spacing();
    return edit_state(state, false);
  }

  nlohmann::ordered_json results() const override {
    if (!built_.ok()) return {{"error", geo::to_string(built_.error)}};
    return {{"normal", pairs::json_point(built_.plane.normal)},
            {"d", built_.plane.d},
            {"signed_distance", on_plane_.signed_distance},
            {"side", pairs::side_name(side_)},
            {"point", pairs::json_point(on_plane_.point)},
            {"distance", on_plane_.distance}};
  }

 private:
  geo::PlaneResult<double> built_;
  geo::PlaneClosestPoint<double> on_plane_;
  geo::PlaneSide side_ = geo::PlaneSide::On;
};

}  // namespace

REGISTER_SAMPLE(PlaneNormalPoint, "plane-normal-point", "Planes and half-spaces", 10, "Plane from a normal and a point",
                "Drag X0 to move the plane, the tip N to turn it, and P to watch N\u00b7P \u2212 D change sign "
                "as it crosses.");
