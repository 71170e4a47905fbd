// A plane from a normal and a point on it: D = N·X0. Every point X of the plane has
// N·X = D, so N·P − D is P's signed distance: positive in front (the side N points to),
// negative behind, zero on the plane.
// The state holds the plane itself (N and D, as a query line writes it) and a point x0 that
// says where on the plane the handle X0 sits: X0 is the point of the plane nearest x0.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/plane.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace {

constexpr double kNormalHandleLength = 2.0;  // the tip handle sits this far along N from X0
const glm::dvec3 kStartX0(1, 1, 0);

class PlaneNormalPoint final : public Sample {
 public:
  // Frame the origin too: D is measured from it.
  cam::Bounds bounds() const override {
    return kit::bounds_around({glm::dvec3(0), x0(), normal_tip(), state[p_]});
  }

  // X0 moves the plane through the cursor; the tip turns it about X0. Both keep x0 on the plane.
  std::vector<Handle> handles() override {
    std::vector<Handle> out;
    out.push_back({"p", state[p_], [this](const glm::dvec3& at) {
                     state[p_] = at;
                     return true;
                   }});
    out.push_back({"x0", x0(), [this](const glm::dvec3& at) {
                     state[x0_] = at;
                     state[plane_].d = glm::dot(state[plane_].normal, at);
                     return true;
                   }});
    out.push_back({"plane.normal", normal_tip(), [this](const glm::dvec3& tip) { return aim_normal(tip); }});
    return out;
  }

  void update(double) override {
    // The plane as the query tool reads it, so the shown numbers are the tool's to the bit.
    const auto read = query::read_back(state[plane_]);
    built_ = read ? geo::PlaneResult<double>{*read} : geo::failed<geo::PlaneResult<double>>(geo::QueryError::InvalidShape);
    if (!built_.ok()) {
      on_plane_ = {};
      on_plane_.error = built_.error;  // the answered query fails too: the normal is zero
      return;
    }
    const glm::dvec3 p = state[p_];
    on_plane_ = geo::closest_point(built_.plane, p);
    side_ = geo::side_of(built_.plane, p, kit::side_tolerance(p));
  }

  void draw(DebugDraw& draw) const override {
    const glm::dvec3 p = state[p_];
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

    kit::draw_plane_drop(draw, p, on_plane_.point, on_plane_.signed_distance, side_, 12,
                         std::string(" (") + query::side_name(side_) + ")");
  }

  bool controls() override {
    legend(palette::kShape, "the plane, its point X0 and normal N");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "P's foot on the plane");
    legend(palette::kSeparated, "P above (in front): N\u00b7P \u2212 D > 0");
    legend(palette::kOverlap, "P below (behind): N\u00b7P \u2212 D < 0");
    ImGui::Spacing();
    if (!built_.ok()) {
      kit::warning("The normal is zero: no plane.");
    } else if (begin_readouts("readouts")) {
      const auto& plane = built_.plane;
      readout_point("X0", x0(), false);
      readout_point("N (unit)", plane.normal, false);
      readout("D = N\u00b7X0", glm::dot(plane.normal, x0()));
      readout("N\u00b7P", glm::dot(plane.normal, state[p_]));
      readout("N\u00b7P \u2212 D", on_plane_.signed_distance, sign_text(on_plane_.signed_distance).c_str());
      readout("side", query::side_name(side_));
      readout_point("P's foot", on_plane_.point, false);
      end_readouts();
    }
    ImGui::Spacing();
    return false;
  }

  // Typed values act like the handles: a new x0 moves the plane through it, a new normal turns it about X0.
  bool edit_fields() override {
    const glm::dvec3 x0_before = state[x0_], on_plane_before = x0();
    const glm::dvec3 normal_before = state[plane_].normal;
    if (!Sample::edit_fields()) return false;
    auto& plane = state[plane_];
    if (state[x0_] != x0_before) plane.d = glm::dot(plane.normal, state[x0_]);
    if (plane.normal != normal_before) {
      plane.d = glm::dot(plane.normal, on_plane_before);
      state[x0_] = on_plane_before;
    }
    return true;
  }

  // P's signed distance to the state's plane, the plane the panel shows.
  std::vector<AnsweredQuery> queries() const override {
    return {{query::signed_distance_line("p", state[plane_], state[p_]),
             [this] { return query::signed_distance_answer(on_plane_); }}};
  }

 private:
  const ShapeId<geo::Plane<double>> plane_ =
      state.add("plane", geo::make_plane_from_normal_point(glm::dvec3(0.6, 2, 0.8), kStartX0).plane);
  const PointId x0_ = state.add("x0", kStartX0);
  const PointId p_ = state.add("p", {-2.5, 3.5, 2});

  // The point of the plane nearest x0 (x0 itself after any drag; a state read back may put it off the plane).
  glm::dvec3 x0() const {
    const geo::Plane<double>& s = state[plane_];
    const double length_squared = glm::dot(s.normal, s.normal);
    const glm::dvec3 anchor = state[x0_];
    if (!(length_squared > 0)) return anchor;
    return anchor - s.normal * ((glm::dot(s.normal, anchor) - s.d) / length_squared);
  }
  glm::dvec3 normal_tip() const { return x0() + kit::safe_normalize(state[plane_].normal) * kNormalHandleLength; }

  bool aim_normal(const glm::dvec3& tip) {
    const glm::dvec3 base = x0(), offset = tip - base;
    if (!(glm::length(offset) > 1e-9 * (1 + glm::length(base)))) return false;  // no direction: keep the plane
    auto& plane = state[plane_];
    plane.normal = glm::normalize(offset);
    plane.d = glm::dot(plane.normal, base);
    state[x0_] = base;
    return true;
  }

  geo::PlaneResult<double> built_;
  geo::PlaneClosestPoint<double> on_plane_;
  geo::PlaneSide side_ = geo::PlaneSide::On;
};

}  // namespace

// Opens on a low view: P's height above the plane (N·P − D) reads as height on screen.
// Opens looking across the normal: the plane slants, and N and P's drop stand out of it side by side.
REGISTER_SAMPLE(PlaneNormalPoint, {.id = "plane-normal-point", .category = "Planes and half-spaces", .order = 10, .title = "Plane from a normal and a point",
                                   .description = "Drag X0 to move the plane, the tip N to turn it, and P to watch N\u00b7P \u2212 D change sign as it crosses.", .is_3d = true, .yaw_degrees = -53, .pitch_degrees = 20});
