// The smallest whole sample: the closest point on a circle (a sphere seen in 2D).
#include "app/host/sample.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

namespace {

class MinimalSample final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_point(state[circle_], state[p_]); }

  void draw(DebugDraw& draw) const override {
    draw.circle(state[circle_].center, {0, 0, 1}, state[circle_].radius, palette::kShape, 3);
    draw.line(state[p_], result_.point, palette::kJoin, 2);
    draw.point(state[p_], 10, palette::kQuery, Layer::Overlay);
    draw.point(result_.point, 12, palette::kAnswer, Layer::Overlay);
  }

  bool controls() override {
    if (begin_readouts("readouts")) {
      readout("|P \u2212 C|", result_.center_distance);
      readout("distance", result_.distance);
      end_readouts();
    }
    return false;  // the state's fields follow, drawn by the app
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[circle_], state[p_]),
             [this] { return query::closest_point_answer(result_); }}};
  }

 private:
  const ShapeId<geo::Sphere<double>> circle_ = state.add("circle", geo::Sphere<double>{{0, 0, 0}, 2});
  const PointId p_ = state.add("p", {3, 2, 0});
  geo::SphereClosestPoint<double> result_;
};

}  // namespace

REGISTER_SAMPLE(MinimalSample, {.id = "minimal", .category = "Closest point", .order = 1000,
                                .title = "Closest point on a circle", .description = "Drag P or the circle."});
