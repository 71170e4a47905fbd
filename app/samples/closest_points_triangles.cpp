// Closest points between two triangles. When they are apart the closest pair is always
// edge–edge or vertex–face, so the answer is the best of the six edges of one against the
// other triangle and back; when they meet, an edge of one pierces the other (distance 0).
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/triangle.h"
#include "collision_lab/triangle_pairs.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <array>
#include <string>
#include <vector>

namespace {

// The corners of a triangle feature: one for a vertex, two for an edge, three for the face.
std::vector<glm::dvec3> feature_corners(const geo::Triangle<double>& tri, geo::FeatureRef feature) {
  const std::array<glm::dvec3, 3> v = {tri.a, tri.b, tri.c};
  const auto i = static_cast<std::size_t>(feature.index % 3);
  switch (feature.kind) {
    case geo::Feature::Vertex: return {v[i]};
    case geo::Feature::Edge: return {v[i], v[(i + 1) % 3]};
    default: return {tri.a, tri.b, tri.c};
  }
}

class ClosestPointsTriangles final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_points(state[t1_], state[t2_]); }

  void draw(DebugDraw& draw) const override {
    draw_triangle(draw, state[t1_], palette::kShape, "1");
    draw_triangle(draw, state[t2_], palette::kShapeB, "2");
    if (result_.intersecting) {
      draw.point(result_.a_point, 16, palette::kOverlap, Layer::Overlay);
      draw.point(result_.a_point, 9, palette::kAnswer, Layer::Overlay);
      draw.label(result_.a_point, "intersecting, d = 0", palette::kOverlap);
      return;
    }
    // The two features that hold the answer, traced over in the answer colour.
    highlight(draw, feature_corners(state[t1_], result_.a_feature));
    highlight(draw, feature_corners(state[t2_], result_.b_feature));
    kit::draw_witnesses(draw, result_.a_point, result_.b_point, result_.distance);
  }

  bool controls() override {
    legend(palette::kShape, "triangle 1: a1 b1 c1");
    legend(palette::kShapeB, "triangle 2: a2 b2 c2");
    legend(palette::kAnswer, "closest points and the features they lie on");
    legend(palette::kOverlap, "intersecting");
    ImGui::Spacing();
    if (begin_readouts("readouts")) {
      readout("intersecting", result_.intersecting ? "yes: distance 0" : "no");
      readout("part of triangle 1", geo::feature_name(geo::ShapeKind::Triangle, result_.a_feature));
      readout("part of triangle 2", geo::feature_name(geo::ShapeKind::Triangle, result_.b_feature));
      readout("pair kind", pair_kind());
      readout_point("on triangle 1", result_.a_point, false);
      readout_point("on triangle 2", result_.b_point, false);
      readout("distance", result_.distance);
      readout("distance\u00b2", result_.distance_squared);
      end_readouts();
    }
    if (geo::triangle_normal(state[t1_]) == glm::dvec3(0)) kit::warning("Triangle 1 is degenerate (a segment or point).");
    if (geo::triangle_normal(state[t2_]) == glm::dvec3(0)) kit::warning("Triangle 2 is degenerate (a segment or point).");
    ImGui::Spacing();
    return false;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_points_line("t1-t2", state[t1_], state[t2_]),
             [this] { return query::closest_points_answer(result_, geo::ShapeKind::Triangle, geo::ShapeKind::Triangle); }}};
  }

 private:
  void draw_triangle(DebugDraw& draw, const geo::Triangle<double>& tri, Color color, const std::string& suffix) const {
    const Color fill = result_.intersecting ? palette::kOverlap : color;
    kit::draw_triangle(draw, tri, fill.with_alpha(0.25f), color, 2.5f, {"a" + suffix, "b" + suffix, "c" + suffix});
  }

  static void highlight(DebugDraw& draw, const std::vector<glm::dvec3>& corners) {
    if (corners.size() == 2) draw.line(corners[0], corners[1], palette::kAnswer.with_alpha(0.8f), 5);
  }

  // "edge–edge", "vertex–face", ...: the classification the theory promises.
  std::string pair_kind() const {
    auto word = [](geo::Feature kind) {
      return kind == geo::Feature::Vertex ? "vertex" : kind == geo::Feature::Edge ? "edge" : "face";
    };
    return std::string(word(result_.a_feature.kind)) + "\u2013" + word(result_.b_feature.kind);
  }

  // Vertex a2 hovers over triangle 1's face: the vertex–face case, a perpendicular drop.
  const ShapeId<geo::Triangle<double>> t1_ = state.add("t1", geo::Triangle<double>{{-4, 0, -2}, {2, 0, -2.5}, {-1, 0, 3}});
  const ShapeId<geo::Triangle<double>> t2_ = state.add("t2", geo::Triangle<double>{{-1, 1.5, 0}, {3, 3.5, -1}, {2, 3, 2.5}});
  geo::TrianglePairResult<double> result_;
};

}  // namespace

// Opens from behind the origin: both triangles face the viewer and the vertical gap reads clearly.
REGISTER_SAMPLE(ClosestPointsTriangles, {.id = "closest-points-triangles", .category = "Closest points between", .order = 40, .title = "Two triangles",
                                         .description = "Drag any corner. Apart, the closest pair is edge\u2013edge or vertex\u2013face (highlighted); push one triangle through the other and they turn red, distance 0.", .is_3d = true, .yaw_degrees = 200, .pitch_degrees = 30});
