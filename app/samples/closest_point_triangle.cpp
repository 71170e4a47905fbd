// Closest point on a triangle by Voronoi regions (Ericson 5.1.5). The triangle's plane is
// cut into seven regions: three vertex wedges, three edge slabs and the face. Six dot
// products d1..d6 and three edge determinants va, vb, vc decide which region P projects
// into, and the region decides the answer: a vertex, a point on an edge, or P's projection.
#include "app/host/sample.h"
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/triangle.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <vector>

namespace {

const char* const kVertexNames[3] = {"a", "b", "c"};  // as the query schema and the table name them

// One row of Ericson's test sequence: the first region whose test holds is the answer.
struct RegionTest {
  const char* region;
  const char* test;
  bool holds;
  geo::FeatureRef feature;
};

class ClosestPointTriangle final : public Sample {
 public:
  void update(double) override {
    result_ = geo::closest_point(state[triangle_], state[p_]);
    normal_ = geo::triangle_normal(state[triangle_]);
  }

  void draw(DebugDraw& draw) const override {
    const auto v = vertices();
    const glm::dvec3 p = state[p_];
    if (normal_ != glm::dvec3(0)) draw_regions(draw, p);
    for (int k = 0; k < 3; ++k) {
      draw.line(v[k], v[(k + 1) % 3], palette::kShape, 3);
      draw.label(v[k], kVertexNames[k], palette::kShape);
    }
    const bool tested = !result_.degenerate && normal_ != glm::dvec3(0);  // else answered as a segment, untested
    if (tested && !reveal.shows(deciding_test())) return kit::draw_query_point(draw, p);  // no region found yet
    kit::draw_point_answer(draw, p, result_.point);
    draw.label(result_.point, kit::feature_and_distance(feature(), result_.distance), palette::kAnswer);
  }

  // Ericson's tests in the order they run; the first that holds returns, so the rest never run.
  std::vector<RevealStep> reveal_steps() const override {
    if (result_.degenerate || normal_ == glm::dvec3(0)) return {};  // answered as a segment, before any test
    std::vector<RevealStep> steps;
    const int deciding = deciding_test();
    int index = 0;
    for (const RegionTest& test : region_tests()) {
      const std::string outcome = index < deciding ? std::string(test.test) + ": no"
                                  : index == deciding ? std::string(test.test) + ": holds, the answer"
                                                      : "not run";
      steps.push_back({test.region, outcome});
      ++index;
    }
    return steps;
  }

  bool controls() override {
    legend(palette::kShape, "triangle abc");
    legend(palette::kQuery, "P; dashed: P dropped onto the plane");
    legend(palette::kAnswer, "closest point and its Voronoi region");
    legend(palette::kMuted, "other regions (vertex wedges darker)");
    ImGui::Spacing();
    hint("Ericson's tests, in the order they run: the first that holds names the region.");
    const FigureTable table = regions_table();
    const bool stacked = narrow_panel();  // then "holds" goes under the region's name
    if (ImGui::BeginTable("regions", stacked ? 2 : 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
      // Fixed shares: wrapped cells cannot size their columns.
      ImGui::TableSetupColumn(stacked ? "region\nholds" : "region", ImGuiTableColumnFlags_None, 1.0f);
      ImGui::TableSetupColumn("test", ImGuiTableColumnFlags_None, stacked ? 1.4f : 1.9f);
      if (!stacked) ImGui::TableSetupColumn("holds", ImGuiTableColumnFlags_None, 0.8f);
      wrapped_headers_row();
      for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const auto& row = table.rows[i];
        const bool chosen = static_cast<int>(i) == table.highlighted;
        const Color text = themed(palette::kAnswer);
        if (chosen) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(text.r, text.g, text.b, 1));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        wrapped_cell(row[0]);
        if (stacked) wrapped_cell(row[2]);
        ImGui::TableNextColumn();
        wrapped_cell(row[1]);
        if (!stacked) {
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(row[2].c_str());
        }
        if (chosen) ImGui::PopStyleColor();
      }
      ImGui::EndTable();
    }
    if (begin_readouts("readouts")) {
      const std::array<std::pair<const char*, double>, 9> values = {{{"d1 = ab\u00b7ap", result_.d1},
                                                                     {"d2 = ac\u00b7ap", result_.d2},
                                                                     {"d3 = ab\u00b7bp", result_.d3},
                                                                     {"d4 = ac\u00b7bp", result_.d4},
                                                                     {"d5 = ab\u00b7cp", result_.d5},
                                                                     {"d6 = ac\u00b7cp", result_.d6},
                                                                     {"va (edge bc)", result_.va},
                                                                     {"vb (edge ca)", result_.vb},
                                                                     {"vc (edge ab)", result_.vc}}};
      for (const auto& [name, value] : values) readout(name, value, sign_text(value).c_str());
      const auto& uvw = result_.barycentric;
      readout("(u, v, w)", format_number(uvw.x) + ", " + format_number(uvw.y) + ", " + format_number(uvw.z));
      answer_readouts(feature(), result_.point, result_.distance, false);
      end_readouts();
    }
    hint("closest = u\u00b7a + v\u00b7b + w\u00b7c");
    if (result_.degenerate) {
      kit::warning("Degenerate: a, b, c are collinear or repeated; answered as the segment it is.");
    }
    ImGui::Spacing();
    return false;
  }

  Figure figure() const override {
    Figure out;
    out.tables.push_back(regions_table());
    return out;
  }

  std::optional<ExplainedQuery> explained() const override { return ExplainedQuery{p_, triangle_.index}; }

  std::vector<AnsweredQuery> queries() const override {
    return {{query::closest_point_line("p", state[triangle_], state[p_]),
             [this] { return query::closest_point_answer(result_); }}};
  }

 private:
  const ShapeId<geo::Triangle<double>> triangle_ =
      state.add("triangle", geo::Triangle<double>{{-3, 1, -1}, {3, 1.4, -1.5}, {0, 0.8, 2.5}});
  const PointId p_ = state.add("p", {0.5, 3.5, -3.5});  // above the slab of edge ab

  std::array<glm::dvec3, 3> vertices() const {
    const auto& t = state[triangle_];
    return {t.a, t.b, t.c};
  }
  std::string feature() const { return geo::feature_name(geo::ShapeKind::Triangle, result_.feature); }
  // The first of region_tests() that holds: the test that returns the answer (face: the last).
  int deciding_test() const {
    const auto tests = region_tests();
    return static_cast<int>(std::find_if(tests.begin(), tests.end(), [](const RegionTest& t) { return t.holds; }) - tests.begin());
  }

  std::array<RegionTest, 7> region_tests() const {
    const auto& r = result_;
    using geo::Feature;
    // No-break spaces keep each condition ("d1 ≤ 0") whole when a narrow panel wraps the cell.
    std::array<RegionTest, 7> tests = {{{"vertex a", "d1\u00a0\u2264\u00a00, d2\u00a0\u2264\u00a00", r.d1 <= 0 && r.d2 <= 0, {Feature::Vertex, 0}},
             {"vertex b", "d3\u00a0\u2265\u00a00, d4\u00a0\u2264\u00a0d3", r.d3 >= 0 && r.d4 <= r.d3, {Feature::Vertex, 1}},
             {"edge ab", "vc\u00a0\u2264\u00a00, d1\u00a0\u2265\u00a00, d3\u00a0\u2264\u00a00", r.vc <= 0 && r.d1 >= 0 && r.d3 <= 0, {Feature::Edge, 0}},
             {"vertex c", "d6\u00a0\u2265\u00a00, d5\u00a0\u2264\u00a0d6", r.d6 >= 0 && r.d5 <= r.d6, {Feature::Vertex, 2}},
             {"edge ca", "vb\u00a0\u2264\u00a00, d2\u00a0\u2265\u00a00, d6\u00a0\u2264\u00a00", r.vb <= 0 && r.d2 >= 0 && r.d6 <= 0, {Feature::Edge, 2}},
             {"edge bc", "va\u00a0\u2264\u00a00, d4\u00a0\u2265\u00a0d3, d5\u00a0\u2265\u00a0d6", r.va <= 0 && r.d4 >= r.d3 && r.d5 >= r.d6,
              {Feature::Edge, 1}},
             {"face", "otherwise", false, {Feature::Face, 0}}}};
    tests[6].holds = std::none_of(tests.begin(), tests.begin() + 6, [](const RegionTest& t) { return t.holds; });
    return tests;
  }

  // The tests as the panel lists them, the first that holds highlighted. A degenerate
  // triangle is answered as the segment it is, before any test: its own row says so.
  FigureTable regions_table() const {
    FigureTable table{"regions", {"region", "test", "holds"}, {}, -1};
    if (result_.degenerate) {
      table.rows.push_back({feature() + " (fallback)", "a, b, c collinear or repeated: the segment's closest point", "yes"});
    }
    int index = 0;
    for (const auto& row : region_tests()) {  // a test not yet revealed has no answer to show
      table.rows.push_back({row.region, row.test, !reveal.shows(index++) ? "" : row.holds ? "yes" : "no"});
    }
    for (std::size_t i = 0; i < table.rows.size() && table.highlighted < 0; ++i) {
      if (table.rows[i][2] == "yes") table.highlighted = static_cast<int>(i);
    }
    return table;
  }

  // The seven regions in the triangle's plane, reaching past P's projection; the one the
  // answer came from is highlighted. Edge slabs rise from each edge along its outward
  // in-plane normal; vertex wedges lie between the slabs of the two edges meeting there.
  void draw_regions(DebugDraw& draw, const glm::dvec3& p) const {
    const auto v = vertices();
    const glm::dvec3 dropped = p - normal_ * glm::dot(normal_, p - v[0]);
    double longest = 0;
    std::array<glm::dvec3, 3> outward;
    for (int k = 0; k < 3; ++k) {
      const glm::dvec3 edge = v[(k + 1) % 3] - v[k];
      longest = std::max(longest, glm::length(edge));
      outward[k] = glm::normalize(glm::cross(edge, normal_));
    }
    const double reach = std::max(0.6 * longest, glm::length(dropped - result_.point) + 1.0);
    const Color highlight = palette::kAnswer.with_alpha(0.3f);
    // A region is drawn once its test is revealed; the answer's is highlighted.
    const auto tests = region_tests();
    const auto revealed = [&](geo::Feature kind, int index) {
      for (std::size_t i = 0; i < tests.size(); ++i) {
        if (tests[i].feature == geo::FeatureRef{kind, index}) return reveal.shows(static_cast<int>(i));
      }
      return true;
    };
    const auto fill = [&](geo::Feature kind, int index, float alpha) {
      return result_.feature == geo::FeatureRef{kind, index} ? highlight : palette::kMuted.with_alpha(alpha);
    };
    const bool face_highlighted = result_.feature.kind == geo::Feature::Face && revealed(geo::Feature::Face, 0);
    draw.triangle(v[0], v[1], v[2], face_highlighted ? highlight : palette::kShape.with_alpha(0.25f));
    for (int k = 0; k < 3; ++k) {
      const int next = (k + 1) % 3, previous = (k + 2) % 3;
      const glm::dvec3 out = outward[k] * reach;
      if (revealed(geo::Feature::Edge, k)) draw.polygon({v[k], v[next], v[next] + out, v[k] + out}, fill(geo::Feature::Edge, k, 0.10f));
      const glm::dvec3 out_previous = outward[previous] * reach;
      if (revealed(geo::Feature::Vertex, k)) {
        draw.polygon({v[k], v[k] + out_previous, v[k] + out_previous + outward[k] * reach, v[k] + out},
                     fill(geo::Feature::Vertex, k, 0.22f));
      }
      draw.dashed_line(v[k], v[k] + out, palette::kMuted, 1);
      draw.dashed_line(v[next], v[next] + out, palette::kMuted, 1);
    }
    // P dropped straight onto the plane: the region is where this lands.
    draw.dashed_line(p, dropped, palette::kQuery.with_alpha(0.6f), 1.5f);
    draw.point(dropped, 7, palette::kQuery.with_alpha(0.6f), Layer::Overlay);
  }

  geo::TriangleClosestPoint<double> result_;
  glm::dvec3 normal_{0};
};

}  // namespace

REGISTER_SAMPLE(ClosestPointTriangle, {.id = "closest-point-triangle", .category = "Closest point", .order = 80, .title = "Closest point on a triangle",
                                       .description = "Drag P or a vertex and watch which of the seven Voronoi regions P falls in: a vertex wedge, an edge slab or the face. The panel lists Ericson's tests in the order they run.", .is_3d = true});
