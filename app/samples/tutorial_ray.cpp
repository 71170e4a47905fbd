// The classic tutorial's ray sample, reproduced: a ray from (−10, −8, 1) along (1, 2, 3)
// and seven points; each point's closest point on the ray is t = max(0, (P − O)·d / d·d)
// along it. Points "behind" the origin clamp to the origin itself.
#include "app/host/sample.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <array>
#include <string>

namespace {

const std::array<glm::dvec3, 7> kTutorialPoints = {glm::dvec3(-8, -5, -8), glm::dvec3(-6, -9, 8),
                                                   glm::dvec3(-9, -5, 5),  glm::dvec3(-4, 3, -3),
                                                   glm::dvec3(2, 1, -10),  glm::dvec3(8, 5, 2),
                                                   glm::dvec3(4, -3, -8)};

class TutorialRay final : public Sample {
 public:
  TutorialRay() {
    for (std::size_t i = 0; i < kTutorialPoints.size(); ++i) {
      points_.push_back(state.add("p" + std::to_string(i + 1), kTutorialPoints[i]));
    }
  }

  double orbit_degrees_per_second() const override { return orbit_ ? 45 : 0; }
  // The tutorial's camera orbits the origin: frame a box centred on it.
  cam::Bounds bounds() const override { return {glm::dvec3(-9), glm::dvec3(9)}; }

  void update(double) override {
    const auto& ray = state[ray_];
    results_.clear();
    for (const PointId p : points_) results_.push_back(geo::closest_point(ray, state[p]));
  }

  void draw(DebugDraw& draw) const override {
    const auto& ray = state[ray_];
    draw.ray(ray.origin, ray.direction, palette::kMagenta, 3);
    draw.arrow(ray.origin, ray.origin + ray.direction, palette::kMagenta, 3, Layer::Overlay);
    draw.label(ray.origin, "O", palette::kMagenta);
    for (std::size_t i = 0; i < results_.size(); ++i) {
      const glm::dvec3 p = state[points_[i]];
      draw.line(p, results_[i].point, palette::kJoin, 1.5f);
      draw.point(p, 10, palette::kQuery, Layer::Overlay);
      draw.point(results_[i].point, 10, palette::kAnswer, Layer::Overlay);
      draw.label(p, state.name(points_[i]), palette::kQuery);
    }
  }

  bool controls() override {
    wrapped_checkbox("Orbit the camera (45\u00b0/s)", orbit_);
    legend(palette::kMagenta, "the ray O + t d, t \u2265 0");
    legend(palette::kQuery, "points");
    legend(palette::kAnswer, "their closest points on the ray");
    ImGui::Spacing();
    // A narrow panel stacks each row's cells, each named, so no number reads as another's.
    const FigureTable table = points_table();
    const bool stacked = narrow_panel();
    if (ImGui::BeginTable("points", stacked ? 1 : 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
      // Fixed shares: wrapped cells cannot size their columns.
      if (!stacked) {
        for (std::size_t c = 0; c < table.columns.size(); ++c) {
          ImGui::TableSetupColumn(table.columns[c].c_str(), ImGuiTableColumnFlags_None, c == 0 ? 0.8f : 1.1f);
        }
        wrapped_headers_row();
      }
      for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const auto& row = table.rows[i];
        const bool clamped = results_[i].t != results_[i].t_raw;
        ImGui::TableNextRow();
        for (std::size_t c = 0; c < row.size(); ++c) {
          if (!stacked || c == 0) ImGui::TableNextColumn();
          const std::string text = stacked && c > 0 ? "   " + table.columns[c] + " = " + row[c] : row[c];
          if (c == 2 && clamped) {
            wrapped_cell(text, kWarningText);
          } else {
            wrapped_cell(text);
          }
        }
      }
      ImGui::EndTable();
    }
    hint("Orange t: the projection falls behind O, so t clamps to 0.");
    ImGui::Spacing();
    return false;
  }

  Figure figure() const override {
    Figure out;
    out.tables.push_back(points_table());
    for (const auto& r : results_) out.facts["dot_start"].push_back(r.dot_start), out.facts["t_raw"].push_back(r.t_raw);
    return out;
  }

  std::vector<AnsweredQuery> queries() const override {
    std::vector<AnsweredQuery> out;
    for (std::size_t i = 0; i < results_.size(); ++i) {
      out.push_back({query::closest_point_line(state.name(points_[i]), state[ray_], state[points_[i]]),
                     [this, i] { return query::closest_point_answer(results_[i], geo::ShapeKind::Ray); }});
    }
    return out;
  }

 private:
  const ShapeId<geo::Ray<double>> ray_ = state.add("ray", geo::Ray<double>{{-10, -8, 1}, {1, 2, 3}});
  std::vector<PointId> points_;  // p1..p7, as the tutorial names its points

  // One row a point: its name, (P − O)·d, t (0 and the unclamped value when it clamps) and
  // its distance from the ray.
  FigureTable points_table() const {
    FigureTable table{"points", {"point", "(P\u2212O)\u00b7d", "t", "distance"}, {}, -1};
    for (std::size_t i = 0; i < results_.size(); ++i) {
      const auto& r = results_[i];
      const std::string t = r.t != r.t_raw ? "0 (raw " + format_number(r.t_raw) + ")" : format_number(r.t);
      table.rows.push_back({state.name(points_[i]), format_number(r.dot_start), t, format_number(r.distance)});
    }
    return table;
  }
  std::vector<geo::LinearClosestPoint<double>> results_;
  bool orbit_ = true;
};

}  // namespace

REGISTER_SAMPLE(TutorialRay, {.id = "tutorial-ray", .category = "Tutorials", .order = 10, .title = "The tutorial's ray and seven points",
                              .description = "The ray from (\u221210, \u22128, 1) along (1, 2, 3): each point's closest point on it, with t clamped at 0 for the points behind the origin.", .is_3d = true});
