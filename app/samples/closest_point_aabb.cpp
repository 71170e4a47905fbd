// Closest point on an axis-aligned box: clamp each coordinate of P to [min, max] on its
// own. The axes that clamped name the feature: one a face, two an edge, three a vertex,
// none means P is inside and is its own closest point.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <cstdlib>

namespace {

const Color kAxisColors[3] = {{1, 0.35f, 0.35f, 1}, {0.4f, 0.95f, 0.4f, 1}, {0.4f, 0.6f, 1, 1}};
const char* const kAxisNames[3] = {"x", "y", "z"};

class ClosestPointAabb final : public Sample {
 public:
  void update(double) override { result_ = geo::closest_point(state[box_], state[p_]); }

  void draw(DebugDraw& draw) const override {
    const auto& b = state[box_];
    const glm::dvec3 p = state[p_];
    const glm::dvec3 center = (b.min + b.max) * 0.5, half = (b.max - b.min) * 0.5;
    const bool inside = result_.feature.kind == geo::Feature::Inside;
    draw.solid_box(center, glm::dmat3(1), half, (inside ? palette::kOverlap : palette::kShape).with_alpha(0.18f));
    draw.wire_box(center, glm::dmat3(1), half, inside ? palette::kOverlap : palette::kShape, 2);
    draw.label(b.min, "min", palette::kShape);
    draw.label(b.max, "max", palette::kShape);
    // The clamp, one axis at a time: a step along each axis that clamped, in the axis colour.
    glm::dvec3 step = p;
    for (int k = 0; k < 3; ++k) {
      if (result_.clamped[k] == 0 || !reveal.shows(k)) continue;
      glm::dvec3 next = step;
      next[k] = result_.point[k];
      draw.dashed_line(step, next, kAxisColors[k], 2.5f, Layer::Overlay);
      draw.label((step + next) * 0.5, kAxisNames[k], kAxisColors[k]);
      step = next;
    }
    if (!reveal.shows(2)) {  // the point so far, with the axes not yet clamped still P's
      draw.point(step, 7, palette::kMuted, Layer::Overlay);
      return kit::draw_query_point(draw, p);
    }
    kit::draw_point_answer(draw, p, result_.point, inside);
    if (!inside) draw.label(result_.point, kit::feature_and_distance(feature(), result_.distance), palette::kAnswer);
  }

  bool controls() override {
    legend(palette::kShape, "the box [min, max]");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "closest point (P itself when inside)");
    legend(palette::kOverlap, "the box when P is inside");
    legend(kAxisColors[0], "clamp along x (a dashed step per axis)");
    legend(kAxisColors[1], "clamp along y");
    legend(kAxisColors[2], "clamp along z");
    ImGui::Spacing();
    const auto& b = state[box_];
    const glm::dvec3 p = state[p_];
    const bool stacked = narrow_panel();  // then the range goes under P
    if (ImGui::BeginTable("clamps", stacked ? 3 : 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
      // Fixed shares: wrapped cells cannot size their columns.
      ImGui::TableSetupColumn("axis", ImGuiTableColumnFlags_None, 0.7f);
      if (stacked) {
        ImGui::TableSetupColumn("P\nrange", ImGuiTableColumnFlags_None, 1.6f);
      } else {
        ImGui::TableSetupColumn("P", ImGuiTableColumnFlags_None, 1.0f);
        ImGui::TableSetupColumn("range", ImGuiTableColumnFlags_None, 1.8f);
      }
      ImGui::TableSetupColumn("clamped", ImGuiTableColumnFlags_None, 1.4f);
      wrapped_headers_row();
      for (int k = 0; k < 3; ++k) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(kAxisNames[k]);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(fixed_text(p[k], 3).c_str());
        if (!stacked) ImGui::TableNextColumn();
        wrapped_cell("[" + fixed_text(b.min[k], 3) + ", " + fixed_text(b.max[k], 3) + "]");
        ImGui::TableNextColumn();
        const std::string clamped = fixed_text(result_.point[k], 3);
        if (!reveal.shows(k)) {
          ImGui::TextUnformatted("");  // not yet clamped
        } else if (result_.clamped[k] == 0) {
          wrapped_cell(clamped + " (in range)", palette::kMuted);
        } else {
          wrapped_cell(clamped + (result_.clamped[k] < 0 ? " (min)" : " (max)"), palette::kAnswer);
        }
      }
      ImGui::EndTable();
    }
    if (begin_readouts("readouts")) {
      const int clamps = std::abs(result_.clamped.x) + std::abs(result_.clamped.y) + std::abs(result_.clamped.z);
      const char* counts[4] = {"0: inside", "1: a face", "2: an edge", "3: a vertex"};
      readout("axes clamped", counts[clamps]);
      answer_readouts(feature(), result_.point, result_.distance, false);
      end_readouts();
    }
    if (glm::any(glm::equal(b.min, b.max))) {
      kit::warning("The box is flat along an axis: a rectangle, segment or point.");
    }
    ImGui::Spacing();
    return false;
  }

  // Each coordinate clamped on its own, x then y then z.
  std::vector<RevealStep> reveal_steps() const override {
    const auto& b = state[box_];
    const glm::dvec3 p = state[p_];
    std::vector<RevealStep> steps;
    for (int k = 0; k < 3; ++k) {
      steps.push_back({std::string("clamp ") + kAxisNames[k], kit::clamp_outcome(p[k], b.min[k], b.max[k], result_.clamped[k])});
    }
    return steps;
  }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, box_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[box_], state[p_]),
             [this] { return query::closest_point_answer(result_, geo::ShapeKind::Aabb); }}};
  }

 private:
  const ShapeId<geo::Aabb<double>> box_ =
      state.add("box", geo::Aabb<double>{{-2, 0, -1.5}, {2, 2, 1.5}});  // resting on the grid
  const PointId p_ = state.add("p", {4, 3.5, 0.5});  // beyond +x and +y: an edge
  std::string feature() const { return geo::feature_name(geo::ShapeKind::Aabb, result_.feature); }
  geo::BoxClosestPoint<double> result_;
};

}  // namespace

REGISTER_SAMPLE(ClosestPointAabb, {.id = "closest-point-aabb", .category = "Closest point", .order = 50, .title = "Closest point on an AABB",
                                   .description = "Drag P, the box's centre or its min and max corners. Each coordinate of P is clamped to [min, max] on its own; how many axes clamped tells face, edge or vertex.", .is_3d = true});
