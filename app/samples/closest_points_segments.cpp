// Closest points between two segments P0P1 and Q0Q1: first the closest points of the
// supporting lines (s raw, t raw), then the clamp into [0, 1] and a re-projection of the
// other parameter. Nearly parallel segments are the known trap: the lines' answer divides
// by |d1 × d2|², which is tiny, so s raw flies off while the clamped answer stays fine.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/linear_pairs.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <cmath>
#include <string>

namespace {

struct Preset {
  const char* name;
  geo::Segment<double> first, second;
};

const Preset kPresets[] = {
    {"general", {{-3, 0, 3}, {0, 0, 0}}, {{3.5, 3, -1.5}, {2, -1, -1}}},
    {"nearly parallel", {{-4, 0, 0}, {4, 0, 0}}, {{-2, 1.5, 0}, {6, 1.5, 1e-7}}},
    {"crossing", {{-3, 1, -3}, {3, 1, 3}}, {{-3, 1, 3}, {3, 1, -3}}},
};

// Which end a parameter was clamped to, if any.
const char* clamp_note(double raw, const char* start, const char* end) {
  return raw < 0 ? start : raw > 1 ? end : "not clamped";
}

// A segment feature in this sample's names: its end P0/P1 (Q0/Q1) or its interior.
std::string end_name(geo::FeatureRef feature, const char* start, const char* end) {
  if (feature.kind != geo::Feature::Vertex) return "interior";
  return std::string(feature.index == 0 ? start : end) + " (end)";
}

class ClosestPointsSegments final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_points(state[p_], state[q_]); }

  void draw(DebugDraw& draw) const override {
    const auto& p = state[p_];
    const auto& q = state[q_];
    // The supporting lines beyond the ends, faint: where the unclamped parameters live.
    for (const auto* segment : {&p, &q}) {
      draw.ray(segment->a, segment->a - segment->b, palette::kMuted.with_alpha(0.3f), 1);
      draw.ray(segment->b, segment->b - segment->a, palette::kMuted.with_alpha(0.3f), 1);
    }
    draw.line(p.a, p.b, palette::kShape, 4);
    draw.line(q.a, q.b, palette::kShapeB, 4);
    draw.label(p.a, "P0", palette::kShape);
    draw.label(p.b, "P1", palette::kShape);
    draw.label(q.a, "Q0", palette::kShapeB);
    draw.label(q.b, "Q1", palette::kShapeB);

    // The lines' closest pair before clamping, when it differs and is near enough to show.
    const bool s_clamped = result_.s != result_.s_raw, t_clamped = result_.t != result_.t_raw;
    if ((s_clamped || t_clamped) && std::abs(result_.s_raw) < 10 && std::abs(result_.t_raw) < 10) {
      const glm::dvec3 raw_p = p.a + (p.b - p.a) * result_.s_raw;
      const glm::dvec3 raw_q = q.a + (q.b - q.a) * result_.t_raw;
      draw.dashed_line(raw_p, raw_q, palette::kMuted, 1.5f);
      draw.point(raw_p, 7, palette::kMuted, Layer::Overlay);
      draw.point(raw_q, 7, palette::kMuted, Layer::Overlay);
      // Only the parameters the clamp changed: the others sit under the answer's own label.
      if (s_clamped) draw.label(raw_p, "s raw = " + format_number(result_.s_raw), palette::kMuted);
      if (t_clamped) draw.label(raw_q, "t raw = " + format_number(result_.t_raw), palette::kMuted);
    }
    kit::draw_witnesses(draw, result_.a_point, result_.b_point, result_.distance);
    draw.label(result_.a_point, "s = " + format_number(result_.s), palette::kAnswer);
    draw.label(result_.b_point, "t = " + format_number(result_.t), palette::kAnswer);
  }

  bool controls() override {
    bool changed = false;
    if (ImGui::Combo("preset", &preset_, "general\0nearly parallel (the trap)\0crossing\0")) {
      apply(kPresets[preset_]);
      changed = true;
    }
    legend(palette::kShape, "segment P0P1: P0 + s (P1 \u2212 P0)");
    legend(palette::kShapeB, "segment Q0Q1: Q0 + t (Q1 \u2212 Q0)");
    legend(palette::kMuted, "the lines' closest points, before clamping");
    legend(palette::kAnswer, "closest points, s and t in [0, 1]");
    ImGui::Spacing();
    const glm::dvec3 d1 = state[p_].b - state[p_].a, d2 = state[q_].b - state[q_].a;
    const glm::dvec3 normal = glm::cross(d1, d2);
    if (begin_readouts("readouts")) {
      readout("|d1 \u00d7 d2|\u00b2", glm::dot(normal, normal), result_.parallel ? "parallel" : nullptr);
      readout("s raw", result_.s_raw);
      readout("s clamped", result_.s, clamp_note(result_.s_raw, "clamped to P0", "clamped to P1"));
      readout("t raw", result_.t_raw);
      readout("t clamped", result_.t, clamp_note(result_.t_raw, "clamped to Q0", "clamped to Q1"));
      readout("feature on P", end_name(result_.a_feature, "P0", "P1"));
      readout("feature on Q", end_name(result_.b_feature, "Q0", "Q1"));
      readout_point("closest on P", result_.a_point, false);
      readout_point("closest on Q", result_.b_point, false);
      readout("distance", result_.distance);
      end_readouts();
    }
    if (result_.parallel) kit::warning("Parallel: the closest pair is not unique; one is shown.");
    if (result_.a_degenerate) kit::warning("P0 = P1: segment P is a point.");
    if (result_.b_degenerate) kit::warning("Q0 = Q1: segment Q is a point.");
    ImGui::Spacing();
    return changed;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_points_line("p-q", state[p_], state[q_]),
             [this] { return query::closest_points_answer(result_, geo::ShapeKind::Segment, geo::ShapeKind::Segment); }}};
  }

 private:
  void apply(const Preset& preset) {
    state[p_] = preset.first;
    state[q_] = preset.second;
  }
  const ShapeId<geo::Segment<double>> p_ = state.add("p", kPresets[0].first);
  const ShapeId<geo::Segment<double>> q_ = state.add("q", kPresets[0].second);
  geo::LinearPairResult<double> result_;
  int preset_ = 0;
};

}  // namespace

REGISTER_SAMPLE(ClosestPointsSegments, {.id = "closest-points-segments", .category = "Closest points between", .order = 20, .title = "Two segments",
                                        .description = "Drag the ends P0, P1, Q0, Q1, or pick a preset. Grey: the supporting lines' answer before clamping; yellow: the segments' closest points after it.", .is_3d = true});
