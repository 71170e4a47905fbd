// Closest point on a convex polyhedron: P is inside when it is behind every face plane,
// N·P − D ≤ 0; then P is its own answer. Otherwise the answer is the projection onto
// one of the faces P is in front of (when it lands inside that face) or the nearest point
// over the edges. The faces P is in front of show their normals.
#include "app/explain/formula.h"
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/half_space_table.h"
#include "app/samples/kit/sample_ui.h"
#include "app/samples/kit/tool_shapes.h"
#include "collision_lab/hull.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <algorithm>

namespace {

// An irregular nine-point hull: no two faces alike, so the feature names mean something.
const std::vector<glm::dvec3> kStartPoints = {{-2, -1.5, -1.5}, {2.2, -1.2, -1.8}, {2.5, -1, 1.5},
                                              {-1.8, -1.3, 2},  {0, 2.5, 0},       {-2.4, 0.8, -0.5},
                                              {1.5, 1.5, -1.2}, {1, 1.2, 1.8},     {0.3, -2, 0.2}};

class ClosestPointPolyhedron final : public Sample {
 public:
  // On the hull as the query tool reads it, so the face numbers and distances shown are the tool's.
  void update(double) override { result_ = geo::closest_point(tool_hull_.update(state[hull_]), state[p_], &trace_); }

  void draw(DebugDraw& draw) const override {
    const auto& h = tool_hull_.hull();
    const glm::dvec3 p = state[p_];
    // Revealed with the formula's lines: the verdict with the second, the faces P is in front of in turn.
    const bool tested = reveal.shows(1);
    int outside_seen = 0;
    const bool answered = !reveal.under_way() || reveal.shows(formula_answer_step(reveal_steps()));
    const bool inside = tested && result_.feature.kind == geo::Feature::Inside;
    const Color body = inside ? palette::kOverlap : palette::kShape;
    kit::draw_polyhedron(draw, h, body, body.with_alpha(0.14f), 2.0f);
    // The closest face or edge over it; an edge the solid hides keeps its dashes.
    const int index = result_.feature.index;
    if (answered && result_.feature.kind == geo::Feature::Face && index >= 0 && std::size_t(index) < h.faces.size()) {
      draw.polygon(face_points(std::size_t(index)), palette::kAnswer.with_alpha(0.4f));
    }
    if (answered && result_.feature.kind == geo::Feature::Edge && index >= 0 && std::size_t(index) < h.edges.size()) {
      const auto& edge = h.edges[std::size_t(index)];
      const bool hidden = classify_facing(kit::convex_mesh(h), draw.view()).edge_hidden[std::size_t(index)];
      draw.convex_edge(h.vertices[std::size_t(edge[0])], h.vertices[std::size_t(edge[1])], palette::kAnswer, 4.0f, hidden);
    }
    // The normals of the faces P is in front of (N·P − D > 0): only these can hold the
    // answer. The closest face's normal is the join itself, so it is left out.
    for (std::size_t f = 0; f < h.faces.size() && f < trace_.face_distances.size(); ++f) {
      const bool closest = result_.feature == geo::FeatureRef{geo::Feature::Face, static_cast<int>(f)};
      if (!(trace_.face_distances[f] > 0) || !reveal.shows(outside_plane_line(outside_seen++)) || (closest && answered)) continue;
      const glm::dvec3 centre = face_centre(f);
      const glm::dvec3 tip = centre + h.face_planes[f].normal * 0.8;
      draw.arrow(centre, tip, palette::kSeparated, 2);
      draw.label(tip, "f" + std::to_string(f), palette::kSeparated);
    }
    if (!answered) return kit::draw_query_point(draw, p);
    kit::draw_point_answer(draw, p, result_.point, inside);
    if (!inside) draw.label(result_.point, kit::feature_and_distance(feature(), result_.distance), palette::kAnswer);
  }

  bool controls() override {
    const auto& h = tool_hull_.hull();
    legend(palette::kShape, "convex polyhedron (the hull of its vertices)");
    legend(palette::kQuery, "query point P");
    legend(palette::kAnswer, "closest point and its face or edge");
    legend(palette::kSeparated, "normals of the faces P is in front of");
    legend(palette::kOverlap, "the polyhedron when P is inside");
    vertex_edit_hint();
    ImGui::Text("%zu vertices, %zu edges, %zu faces", h.vertices.size(), h.edges.size(), h.faces.size());
    ImGui::Spacing();
    if (begin_readouts("readouts")) {
      readout("inside", result_.feature.kind == geo::Feature::Inside ? "yes: N\u00b7P \u2212 D \u2264 0 for every face"
                                                                        : "no: in front of some face");
      answer_readouts(feature(), result_.point, result_.distance, false);
      end_readouts();
    }
    kit::half_space_table(
        "faces", {"face", "N\u00b7P \u2212 D", "P is"}, trace_.face_distances,
        [&](std::size_t f) {
          const bool closest = result_.feature == geo::FeatureRef{geo::Feature::Face, static_cast<int>(f)};
          if (closest) {
            colored_text(palette::kAnswer, "f%zu", f);  // the answer's colour, as the face is in the scene
          } else {
            ImGui::Text("f%zu", f);
          }
        },
        [](std::size_t, double value) { kit::side_verdict(value, "in front", "behind"); });
    ImGui::Spacing();
    return false;
  }

  // The formula's lines, on the hull as answered: the answer has no other order.
  std::vector<RevealStep> reveal_steps() const override { return formula_steps(tool_hull_.hull(), state[p_], false); }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, hull_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[hull_], state[p_]),
             [this] { return query::closest_point_answer(result_, trace_); }}};
  }

  // Double-click / right-click: the vertex edits every polyhedron sample shares.
  bool add_point(const glm::dvec3& at) override { return add_hull_vertex(state[hull_], at); }
  bool remove_handle(const std::string& label) override {
    return remove_hull_vertex(state[hull_], vertex_handle_index(label, state.name(hull_)));
  }

 private:
  const ShapeId<geo::ConvexPolyhedron<double>> hull_ = state.add("hull", geo::make_convex_hull(kStartPoints).hull);
  const PointId p_ = state.add("p", {4.75, 0.55, -0.8});  // in front of the +x face, above its interior
  std::string feature() const { return geo::feature_name(geo::ShapeKind::Polyhedron, result_.feature); }

  std::vector<glm::dvec3> face_points(std::size_t face) const {
    std::vector<glm::dvec3> points;
    const auto& h = tool_hull_.hull();
    for (int index : h.faces[face]) points.push_back(h.vertices[std::size_t(index)]);
    return points;
  }
  glm::dvec3 face_centre(std::size_t face) const {
    glm::dvec3 sum(0);
    const auto points = face_points(face);
    for (const auto& q : points) sum += q;
    return sum / double(std::max<std::size_t>(1, points.size()));
  }

  kit::ToolHull tool_hull_;
  geo::PolyhedronClosestPoint<double> result_;
  geo::PolyhedronTrace<double> trace_;  // each face's N·P − D, for the table and the drawing
};

}  // namespace

REGISTER_SAMPLE(ClosestPointPolyhedron, {.id = "closest-point-polyhedron", .category = "Closest point", .order = 100, .title = "Closest point on a convex polyhedron",
                                         .description = "Drag P or a vertex; double-click to add a vertex, right-click one to remove it. P is inside when it is behind every face plane; otherwise the nearest face or edge answers.", .is_3d = true});
