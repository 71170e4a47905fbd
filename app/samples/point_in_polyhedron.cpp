// Point in a convex polyhedron: the 3D version of the polygon test. Each face is a plane
// N_i·X = D_i with an outward normal; P is inside when N_i·P − D_i ≤ 0 for every face, and
// the first face with a positive value is a separating plane between P and the solid.
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

#include <string>
#include <vector>

namespace {

// A lopsided, truncated pyramid: irregular enough that the faces have distinct normals.
const std::vector<glm::dvec3> kStartPoints = {{-2.5, 0, -2}, {2, 0, -2.5}, {2.5, 0, 2}, {-2, 0, 2.5},
                                             {-1, 2.5, -1},  {1.2, 2.8, -1}, {0, 3, 1.2}};

class PointInPolyhedron final : public Sample {
 public:
  // On the hull as the query tool reads it, so the face numbers and distances shown are the tool's.
  void update(double) override { result_ = geo::contains(tool_hull_.update(state[hull_]), state[p_], &trace_); }

  void draw(DebugDraw& draw) const override {
    const auto& h = tool_hull_.hull();
    const glm::dvec3 p = state[p_];
    const bool decided = kit::plane_tests_decided(reveal, trace_.face_distances.size(), result_.first_separating_face);
    const Color body = result_.inside && decided ? palette::kOverlap : palette::kShape;
    kit::draw_polyhedron(draw, h, palette::kShape, body.with_alpha(0.15f), 2.0f);
    const FacingSplit facing = classify_facing(kit::convex_mesh(h), draw.view());
    for (std::size_t f = 0; f < h.faces.size() && reveal.shows(int(f)); ++f) {
      const std::vector<glm::dvec3> corners = face_corners(f);
      const bool separating = static_cast<int>(f) == result_.first_separating_face;
      const glm::dvec3 center = face_center(f), normal = h.face_planes[f].normal;
      if (separating) {
        // Outlined dashed when it faces away, so it still reads as the far side.
        draw.polygon(corners, palette::kSeparated.with_alpha(0.45f));
        for (std::size_t i = 0; i < corners.size(); ++i) {
          draw.convex_edge(corners[i], corners[(i + 1) % corners.size()], palette::kSeparated, 4, !facing.face_front[f]);
        }
        draw.arrow(center, center + normal * 1.5, palette::kSeparated, 3, Layer::Overlay);
        const double value = trace_.face_distances[f];
        draw.dashed_line(p, p - normal * value, palette::kSeparated, 2);  // P's height above that face
        draw.label(center + normal * 1.8,
                   "f" + std::to_string(f) + ": N\u00b7P \u2212 D = " + format_number(value), palette::kSeparated);
      } else if (facing.face_front[f]) {
        // Front faces only: labels of hidden faces would show through and clutter.
        draw.arrow(center, center + normal * 0.7, palette::kMuted, 1.5f);
        draw.label(center, "f" + std::to_string(f), palette::kMuted);
      }
    }
    draw.point(p, 12, result_.inside && decided ? palette::kOverlap : palette::kQuery, Layer::Overlay);
    draw.label(p, !decided ? "P" : result_.inside ? "P inside" : "P outside", result_.inside && decided ? palette::kOverlap : palette::kQuery);
  }

  bool controls() override {
    legend(palette::kShape, "convex polyhedron (drag its vertices)");
    legend(palette::kMuted, "outward face normals N");
    legend(palette::kSeparated, "the first separating face: P is in front of it");
    legend(palette::kOverlap, "P in front of a face; the solid when P is inside");
    vertex_edit_hint();
    ImGui::Text("%zu vertices, %zu faces", tool_hull_.hull().vertices.size(), tool_hull_.hull().faces.size());
    ImGui::Spacing();
    kit::half_space_table(
        "faces", {"face", "N\u00b7P \u2212 D", "verdict"}, trace_.face_distances,
        [&](std::size_t f) { ImGui::Text("face %zu (%zu sides)", f, tool_hull_.hull().faces[f].size()); },
        [&](std::size_t f, double value) {
          kit::containment_verdict(static_cast<int>(f) == result_.first_separating_face, value, result_.tolerance);
        },
        kit::revealed_rows(reveal, trace_.face_distances.size()));
    if (kit::plane_tests_decided(reveal, trace_.face_distances.size(), result_.first_separating_face)) {
      ImGui::Text("Verdict: %s", result_.inside ? "INSIDE (all faces \u2264 0)" : "OUTSIDE");
    }
    if (!result_.ok()) kit::warning(geo::to_string(result_.error));
    ImGui::Spacing();
    return false;
  }

  // Double-click / right-click: the vertex edits every polyhedron sample shares.
  bool add_point(const glm::dvec3& at) override { return add_hull_vertex(state[hull_], at); }
  bool remove_handle(const std::string& label) override {
    return remove_hull_vertex(state[hull_], vertex_handle_index(label, state.name(hull_)));
  }

  // The faces in order; the first P is in front of ends the test.
  std::vector<RevealStep> reveal_steps() const override {
    return kit::plane_test_steps("face", trace_.face_distances, result_.first_separating_face);
  }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::contains_line("p", state[hull_], state[p_]),
             [this] { return query::contains_answer(result_, trace_); }}};
  }

 private:
  const ShapeId<geo::ConvexPolyhedron<double>> hull_ = state.add("hull", geo::make_convex_hull(kStartPoints).hull);
  const PointId p_ = state.add("p", {4.5, 1.5, 0.5});

  std::vector<glm::dvec3> face_corners(std::size_t f) const {
    std::vector<glm::dvec3> corners;
    for (int index : tool_hull_.hull().faces[f]) corners.push_back(tool_hull_.hull().vertices[static_cast<std::size_t>(index)]);
    return corners;
  }
  glm::dvec3 face_center(std::size_t f) const {
    glm::dvec3 sum(0);
    const auto corners = face_corners(f);
    for (const auto& c : corners) sum += c;
    return sum / static_cast<double>(corners.size());
  }
  kit::ToolHull tool_hull_;
  geo::PolyhedronContainment<double> result_;
  geo::PolyhedronTrace<double> trace_;  // each face's N·P − D, for the table and the drawing
};

}  // namespace

// Opens from the front: the separating face and its normal are seen at an angle, P beside them.
REGISTER_SAMPLE(PointInPolyhedron, {.id = "point-in-polyhedron", .category = "Planes and half-spaces", .order = 50, .title = "Point in a convex polyhedron",
                                    .description = "Drag P (hold X, Y or Z to move along an axis) or a vertex; double-click to add a vertex, right-click one to remove it. P is inside when it is behind every face plane; the first face it is in front of is highlighted.", .is_3d = true, .yaw_degrees = 60, .pitch_degrees = 25});
