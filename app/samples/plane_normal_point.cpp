// A plane from a normal and a point on it: D = N·X0. Every point X of the plane has
// N·X = D, so N·P − D is P's signed distance: positive in front (the side N points to),
// negative behind, zero on the plane.
// The state holds the plane itself (N and D, the query mode's plane) and a point x0 that
// says where on the plane the handle X0 sits: X0 is the point of the plane nearest x0.
#include "app/sample.h"
#include "app/samples/pairs_common.h"
#include "geometry/plane.h"

#include <imgui.h>

#include <algorithm>

namespace {

constexpr double kNormalHandleLength = 2.0;  // the tip handle sits this far along N from X0

class PlaneNormalPoint final : public Sample {
 public:
  PlaneNormalPoint() {
    const glm::dvec3 x0(1, 1, 0);
    state.shapes = {{"plane", geo::make_plane_from_normal_point(glm::dvec3(0.6, 2, 0.8), x0).plane}};
    state.points = {{"x0", x0}, {"p", {-2.5, 3.5, 2}}};
  }

  bool is_3d() const override { return true; }
  // A low view: P's height above the plane (N·P − D) reads as height on screen.
  void initial_view(cam::Camera3D& camera) const override {
    camera.yaw = glm::radians(45.0);
    camera.pitch = glm::radians(15.0);
  }
  // Frame the origin too: D is measured from it.
  cam::Bounds bounds() const override {
    return pairs::bounds_around({glm::dvec3(0), x0(), normal_tip(), state.point("p")});
  }

  // X0 moves the plane through the cursor; the tip turns it about X0. Both keep x0 on the plane.
  std::vector<Handle> handles() override {
    std::vector<Handle> out;
    out.push_back({"p", state.point("p"), [this](const glm::dvec3& at) {
                     state.point("p") = at;
                     return true;
                   }});
    out.push_back({"x0", x0(), [this](const glm::dvec3& at) {
                     state.point("x0") = at;
                     plane().d = glm::dot(plane().normal, at);
                     return true;
                   }});
    out.push_back({"plane.normal", normal_tip(), [this](const glm::dvec3& tip) { return aim_normal(tip); }});
    return out;
  }

  void update(double) override {
    built_ = geo::make_plane(plane().normal, plane().d);
    if (!built_.ok()) return;
    const glm::dvec3 p = state.point("p");
    on_plane_ = geo::closest_point(built_.plane, p);
    side_ = geo::side_of(built_.plane, p, pairs::side_tolerance(p));
  }

  void draw(DebugDraw& draw) const override {
    const glm::dvec3 p = state.point("p");
    draw.point(p, 10, palette::kQuery, Layer::Overlay);
    draw.label(p, "P", palette::kQuery);
    if (!built_.ok()) return;
    const auto& plane = built_.plane;
    const glm::dvec3 origin_x0 = x0(), tip = normal_tip();
    draw.point(origin_x0, 10, palette::kShape, Layer::Overlay);
    draw.label(origin_x0, "X0", palette::kShape);
    draw.arrow(origin_x0, tip, palette::kShape, 3, Layer::Overlay);
    draw.label(tip, "N", palette::kShape);
    // A patch big enough to hold both X0 and P's foot.
    const double reach = glm::length(on_plane_.point - origin_x0) * 0.5;
    draw.plane(plane.normal, plane.d, (origin_x0 + on_plane_.point) * 0.5, std::max(3.0, reach + 1.5), palette::kShape,
               false);  // N is drawn at X0 above
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
      pairs::warning("The normal is zero: no plane.");
    } else if (begin_readouts("readouts")) {
      const auto& plane = built_.plane;
      readout_point("X0", x0(), false);
      readout_point("N (unit)", plane.normal, false);
      readout("D = N\u00b7X0", glm::dot(plane.normal, x0()));
      readout("N\u00b7P", glm::dot(plane.normal, state.point("p")));
      readout("N\u00b7P \u2212 D", on_plane_.signed_distance, sign_text(on_plane_.signed_distance).c_str());
      readout("side", pairs::side_name(side_));
      readout_point("foot P \u2212 (N\u00b7P \u2212 D) N", on_plane_.point, false);
      end_readouts();
    }
    ImGui::Spacing();
    // Typed values act like the handles: a new x0 moves the plane through it, a new normal turns it about X0.
    const glm::dvec3 x0_before = state.point("x0"), on_plane_before = x0();
    const glm::dvec3 normal_before = plane().normal;
    if (!edit_state(state, false)) return false;
    if (state.point("x0") != x0_before) plane().d = glm::dot(plane().normal, state.point("x0"));
    if (plane().normal != normal_before) {
      plane().d = glm::dot(plane().normal, on_plane_before);
      state.point("x0") = on_plane_before;
    }
    return true;
  }

  nlohmann::ordered_json results() const override {
    if (!built_.ok()) return {{"error", geo::to_string(built_.error)}};
    return {{"normal", pairs::json_point(built_.plane.normal)},
            {"d", built_.plane.d},
            {"x0", pairs::json_point(x0())},
            {"signed_distance", on_plane_.signed_distance},
            {"side", pairs::side_name(side_)},
            {"point", pairs::json_point(on_plane_.point)},
            {"distance", on_plane_.distance}};
  }

 private:
  geo::Plane<double>& plane() { return state.shape<geo::Plane<double>>("plane"); }
  const geo::Plane<double>& plane() const { return state.shape<geo::Plane<double>>("plane"); }

  // The point of the plane nearest x0 (x0 itself after any drag; a scene file may put it off the plane).
  glm::dvec3 x0() const {
    const geo::Plane<double>& s = plane();
    const double length_squared = glm::dot(s.normal, s.normal);
    const glm::dvec3 anchor = state.point("x0");
    if (!(length_squared > 0)) return anchor;
    return anchor - s.normal * ((glm::dot(s.normal, anchor) - s.d) / length_squared);
  }
  glm::dvec3 normal_tip() const { return x0() + pairs::safe_normalize(plane().normal) * kNormalHandleLength; }

  bool aim_normal(const glm::dvec3& tip) {
    const glm::dvec3 base = x0(), offset = tip - base;
    if (!(glm::length(offset) > 1e-9 * (1 + glm::length(base)))) return false;  // no direction: keep the plane
    plane().normal = glm::normalize(offset);
    plane().d = glm::dot(plane().normal, base);
    state.point("x0") = base;
    return true;
  }

  geo::PlaneResult<double> built_;
  geo::PlaneClosestPoint<double> on_plane_;
  geo::PlaneSide side_ = geo::PlaneSide::On;
};

}  // namespace

REGISTER_SAMPLE(PlaneNormalPoint, "plane-normal-point", "Planes and half-spaces", 10, "Plane from a normal and a point",
                "Drag X0 to move the plane, the tip N to turn it, and P to watch N\u00b7P \u2212 D change sign "
                "as it crosses.");
