// Closest points between a segment and a triangle. The segment pierces the triangle when
// its ends lie on opposite sides of the triangle's plane (N·(P − A) changes sign) and the
// crossing point is inside the triangle; otherwise the answer is on the triangle's edges
// or on the face under one of the segment's ends.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/triangle.h"
#include "collision_lab/triangle_pairs.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

class ClosestPointsSegmentTriangle final : public Sample {
 public:
  void update(double) override {
    const auto& s = state[segment_];
    const auto& tri = state[triangle_];
    result_ = geo::closest_points(s, tri);
    // The plane test, for the panel: signed heights of the ends above the triangle's plane.
    normal_ = geo::triangle_normal(tri);
    height_start_ = glm::dot(normal_, s.a - tri.a);
    height_end_ = glm::dot(normal_, s.b - tri.a);
    crosses_plane_ = normal_ != glm::dvec3(0) && height_start_ * height_end_ < 0;
    if (crosses_plane_) crossing_ = s.a + (s.b - s.a) * (height_start_ / (height_start_ - height_end_));
  }

  void draw(DebugDraw& draw) const override {
    const auto& s = state[segment_];
    const auto& tri = state[triangle_];
    const Color fill = result_.intersecting ? palette::kOverlap : palette::kShapeB;
    kit::draw_triangle(draw, tri, fill.with_alpha(0.25f), palette::kShapeB, 2.5f, {"a", "b", "c"});
    const glm::dvec3 centroid = (tri.a + tri.b + tri.c) / 3.0;
    if (normal_ != glm::dvec3(0)) {
      draw.arrow(centroid, centroid + normal_ * 1.2, palette::kShapeB, 2);
      draw.label(centroid + normal_ * 1.2, "N", palette::kShapeB);  // the N of the panel's N·(P0 − a)
    }

    draw.line(s.a, s.b, result_.intersecting ? palette::kOverlap : palette::kShape, 4);
    draw.label(s.a, "P0", palette::kShape);
    draw.label(s.b, "P1", palette::kShape);

    // Where the segment crosses the triangle's plane: the piercing point when it is inside.
    if (crosses_plane_ && !result_.intersecting) {
      draw.point(crossing_, 8, palette::kMuted, Layer::Overlay);
      draw.label(crossing_, "crosses the plane outside", palette::kMuted);
    }
    if (result_.intersecting) {
      draw.point(result_.a_point, 16, palette::kOverlap, Layer::Overlay);
      draw.point(result_.a_point, 9, palette::kAnswer, Layer::Overlay);
      draw.label(result_.a_point, "pierces here, d = 0", palette::kAnswer);
    } else {
      kit::draw_witnesses(draw, result_.a_point, result_.b_point, result_.distance);
      draw.label(result_.b_point, geo::feature_name(geo::ShapeKind::Triangle, result_.b_feature), palette::kAnswer);
    }
  }

  bool controls() override {
    legend(palette::kShape, "segment P0P1");
    legend(palette::kShapeB, "triangle abc and its normal N");
    legend(palette::kAnswer, "closest points, or the piercing point");
    legend(palette::kOverlap, "intersecting");
    ImGui::Spacing();
    if (begin_readouts("readouts")) {
      readout("N\u00b7(P0 \u2212 a)", height_start_, sign_text(height_start_).c_str());
      readout("N\u00b7(P1 \u2212 a)", height_end_, sign_text(height_end_).c_str());
      readout("crosses plane", crosses_plane_ ? "yes: signs differ" : "no");
      readout("intersecting", result_.intersecting ? "yes: distance 0" : "no");
      readout("segment part", geo::feature_name(geo::ShapeKind::Segment, result_.a_feature));
      readout("triangle part", geo::feature_name(geo::ShapeKind::Triangle, result_.b_feature));
      readout_point("on segment", result_.a_point, false);
      readout_point("on triangle", result_.b_point, false);
      readout("distance", result_.distance);
      end_readouts();
    }
    if (normal_ == glm::dvec3(0)) kit::warning("Degenerate triangle (collinear or repeated vertices): no plane.");
    if (state[segment_].a == state[segment_].b) kit::warning("P0 = P1: the segment is a point.");
    ImGui::Spacing();
    return false;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_points_line("segment-triangle", state[segment_], state[triangle_]),
             [this] { return query::closest_points_answer(result_, geo::ShapeKind::Segment, geo::ShapeKind::Triangle); }}};
  }

 private:
  const ShapeId<geo::Segment<double>> segment_ = state.add("segment", geo::Segment<double>{{2, 2.2, 2.5}, {4, -1.5, 1}});
  const ShapeId<geo::Triangle<double>> triangle_ =
      state.add("triangle", geo::Triangle<double>{{-3, 0, -2}, {3, 0, -2}, {0, 0, 3}});
  geo::TrianglePairResult<double> result_;
  glm::dvec3 normal_{0}, crossing_{0};
  double height_start_ = 0, height_end_ = 0;
  bool crosses_plane_ = false;
};

}  // namespace

// From the left and above: the join and the segment cross the screen apart, not one along the other.
REGISTER_SAMPLE(ClosestPointsSegmentTriangle, {.id = "closest-points-segment-triangle", .category = "Closest points between", .order = 30, .title = "Segment and triangle",
                                               .description = "Drag the segment's ends or the triangle's corners. Push the segment through the triangle: the distance drops to 0 and the piercing point is marked.", .is_3d = true, .yaw_degrees = -30, .pitch_degrees = 25});
