// The Separating Axis Test for two convex polyhedra: the face normals of A, then of B,
// then the cross product of every edge direction of A with every edge direction of B.
// The edge-edge preset is the case that shows why the cross products are needed.
#include "app/host/sample.h"
#include "app/samples/kit/sample_ui.h"
#include "app/samples/kit/sat_steps.h"
#include "app/samples/kit/sat_view.h"
#include "collision_lab/hull.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <cmath>

namespace {

using Hull = geo::ConvexPolyhedron<double>;

// A cube of half-size `half` turned by `angle` about the unit `axis`, centred at `center`.
Hull turned_cube(const glm::dvec3& center, double half, const glm::dvec3& axis, double angle) {
  std::vector<glm::dvec3> corners;
  const double c = std::cos(angle), s = std::sin(angle);
  for (int i = 0; i < 8; ++i) {
    const glm::dvec3 p(i & 1 ? half : -half, i & 2 ? half : -half, i & 4 ? half : -half);
    // Rodrigues' rotation formula.
    const glm::dvec3 turned = p * c + glm::cross(axis, p) * s + axis * glm::dot(axis, p) * (1 - c);
    corners.push_back(center + turned);
  }
  return geo::make_convex_hull(corners).hull;
}

Hull tetrahedron(const glm::dvec3& center, double size) {
  return geo::make_convex_hull(std::vector<glm::dvec3>{center + glm::dvec3(size, size, size), center + glm::dvec3(size, -size, -size),
                                                       center + glm::dvec3(-size, size, -size), center + glm::dvec3(-size, -size, size)})
      .hull;
}

// Short names, so the combo shows them whole at 250%; the note under it says what each shows.
const char* const kPresets[] = {"edge \u00d7 edge", "apart", "overlapping", "tetrahedron and cube"};
const char* const kPresetNotes[] = {"Face axes alone would say overlap: only an edge \u00d7 edge axis separates.",
                                    "Apart: a face normal separates.", "Overlapping: the least overlap gives the MTV.",
                                    "A tetrahedron and a cube, apart."};

class SatPolyhedra final : public Sample {
 public:
  SatPolyhedra() { apply_preset(0); }

  cam::Bounds bounds() const override { return kit::with_room_for_projections(Sample::bounds()); }

  bool key(int glfw_key, bool pressed) override { return steps_.key(glfw_key, pressed); }
  bool animating() const override { return steps_.stepper.playing; }

  void update(double dt) override {
    // As the query tool runs with "trace": default options (no early-out, no cache), every axis traced.
    steps_.sat = geo::sat_overlap(geo::sat_shape(state[a_]), geo::sat_shape(state[b_]), {}, &steps_.trace);
    steps_.a_points = state[a_].vertices;
    steps_.b_points = state[b_].vertices;
    steps_.step(dt);
  }

  void draw(DebugDraw& draw) const override {
    const auto& sat = steps_.sat;
    const Color verdict = kit::verdict_color(sat.ok() && sat.overlap);
    const Hull &a = state[a_], &b = state[b_];
    kit::draw_polyhedron(draw, a, palette::kShape, verdict.with_alpha(0.14f));
    kit::draw_polyhedron(draw, b, palette::kShapeB, verdict.with_alpha(0.14f));
    const int shown = sat.ok() ? steps_.shown() : -1;
    const geo::SatAxis<double>* axis_shown = shown >= 0 ? &steps_.trace.axes[static_cast<std::size_t>(shown)] : nullptr;
    const bool face_a = axis_shown && axis_shown->source == geo::AxisSource::FaceA;
    const bool face_b = axis_shown && axis_shown->source == geo::AxisSource::FaceB;
    // The face numbers name the shapes too (A0, B2): no letter at the centres to crowd them.
    kit::draw_face_numbers(draw, a, "A", palette::kShape, face_a ? axis_shown->index_a : -1);
    kit::draw_face_numbers(draw, b, "B", palette::kShapeB, face_b ? axis_shown->index_b : -1);
    if (axis_shown && axis_shown->source == geo::AxisSource::EdgeEdge) highlight_edges(draw, *axis_shown);
    steps_.draw(draw, {1, 0, 0}, kit::centroid(b.vertices));
  }

  Figure figure() const override { return steps_.figure(); }
  std::vector<ViewDirection> view_directions() const override { return steps_.view_directions(); }

  bool controls() override {
    bool changed = false;
    if (ImGui::Combo(fitted_label("preset", kPresets[preset_]).c_str(), &preset_, kPresets, IM_ARRAYSIZE(kPresets))) {
      apply_preset(preset_);
      changed = true;
    }
    hint(kPresetNotes[preset_]);
    legend(palette::kShape, "polyhedron A");
    legend(palette::kShapeB, "polyhedron B");
    legend(palette::kSeparated, "separated, the gap on the axis, the separating plane");
    legend(palette::kOverlap, "overlapping, the overlap on the axis");
    legend(palette::kAnswer, "edges of an edge \u00d7 edge axis; MTV");
    ImGui::Spacing();
    const auto& sat = steps_.sat;
    if (!steps_.verdict("OVERLAP: no axis separates them")) return changed;
    if (sat.face_axes_would_be_wrong) {
      colored_text(palette::kAnswer, "Face axes alone would be wrong");
      ImGui::TextWrapped("Every face normal shows overlapping intervals; only an edge \u00d7 edge axis separates. "
                         "A test of face axes alone would report a collision here.");
    }
    const auto count = [&](geo::AxisSource source) {
      int n = 0;
      for (const auto& axis : steps_.trace.axes) n += axis.source == source;
      return std::to_string(n);
    };
    if (begin_readouts("readouts")) {
      readout("axes", std::to_string(sat.axis_tests) + ": " + count(geo::AxisSource::FaceA) + " + " +
                          count(geo::AxisSource::FaceB) + " faces, " + count(geo::AxisSource::EdgeEdge) + " edge pairs");
      if (sat.overlap) {
        readout("depth (least overlap)", sat.depth);
        readout_point("MTV direction", sat.axis, false);
      } else {
        readout("first separating", steps_.axis_name(sat.first_separating_axis));
        readout("largest gap", sat.separation);
      }
      end_readouts();
    }
    hint("Parallel face normals and edge directions are tested once; edge pairs whose arcs on the Gauss map "
         "do not cross are skipped (they cannot separate).");
    ImGui::Spacing();
    steps_.table_panel(12);
    ImGui::Spacing();
    return changed;
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::overlap_trace_line("A-B", state[a_], state[b_]), [this] { return query::overlap_answer(steps_.sat); }}};
  }

 private:
  // Both are set by apply_preset in the constructor.
  const ShapeId<Hull> a_ = state.add("A", Hull{});
  const ShapeId<Hull> b_ = state.add("B", Hull{});

  void apply_preset(int preset) {
    const double quarter = std::acos(-1.0) / 4;
    Hull a, b;
    switch (preset) {
      case 0:  // A's top is an edge along x, B's bottom an edge along z, crossing just above it
        a = turned_cube({0, 0, 0}, 1, {1, 0, 0}, quarter);
        b = turned_cube({0, 3.2, 0}, 1, {0, 0, 1}, quarter);
        break;
      case 1:
        a = turned_cube({-1.6, 0, 0}, 1, {0, 0, 1}, 0.3);
        b = turned_cube({1.8, 0.4, 0.3}, 1, {0, 1, 0}, 0.5);
        break;
      case 2:
        a = turned_cube({-0.6, 0, 0}, 1, {0, 0, 1}, 0.3);
        b = turned_cube({0.9, 0.3, 0.4}, 1, glm::normalize(glm::dvec3(1, 1, 0)), 0.6);
        break;
      default:
        a = tetrahedron({-1.4, 0, 0.2}, 1);
        b = turned_cube({1.6, 0.6, 0}, 0.9, glm::normalize(glm::dvec3(1, 2, 1)), 0.7);
        break;
    }
    preset_ = preset;
    steps_.stepper.forget();
    state[a_] = std::move(a);
    state[b_] = std::move(b);
  }

  // The hull edges parallel to each edge direction of the crossed pair, in yellow.
  void highlight_edges(DebugDraw& draw, const geo::SatAxis<double>& axis) const {
    for (const ShapeId<Hull> id : {a_, b_}) {
      const Hull& h = state[id];
      for (const auto& e : h.edges) {
        const glm::dvec3 p = h.vertices[static_cast<std::size_t>(e[0])], q = h.vertices[static_cast<std::size_t>(e[1])];
        // An edge is one of the pair's when it is perpendicular to the axis and it is the
        // extreme edge facing the other shape: drawn when perpendicular and at an interval end.
        const double along = std::abs(glm::dot(glm::normalize(q - p), axis.axis));
        if (along > 1e-6) continue;
        const double value = glm::dot(axis.axis, p);
        const bool is_a = id.index == a_.index;
        const double lo = is_a ? axis.a_min : axis.b_min, hi = is_a ? axis.a_max : axis.b_max;
        const double other_mid = is_a ? (axis.b_min + axis.b_max) / 2 : (axis.a_min + axis.a_max) / 2;
        const double facing = other_mid > (lo + hi) / 2 ? hi : lo;
        if (std::abs(value - facing) <= 1e-6 * (1 + std::abs(facing))) draw.line(p, q, palette::kAnswer, 5, Layer::Overlay);
      }
    }
  }

  int preset_ = 0;
  // Every axis, the one shown, and the separating plane. Edge axes name the two edge
  // directions; faces are numbered as SAT deduplicated them.
  kit::SatSteps steps_;
};

}  // namespace

// From the front and a little to the side: both shapes show their turn, the gap in plain view.
REGISTER_SAMPLE(SatPolyhedra, {.id = "sat-polyhedra", .category = "Overlap", .order = 20, .title = "SAT: two convex polyhedra",
                               .description = "Pick a preset or drag the vertices. The first preset crosses two edges: every face normal says overlap, and only the cross product of the two edges separates the shapes.", .is_3d = true, .yaw_degrees = 35, .pitch_degrees = 20});
