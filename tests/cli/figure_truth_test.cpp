// Every figure tells the truth: each number that a label, the presenter card or a table
// shows is a field of the answers or of a named intermediate the sample reports, a
// highlighted row is the step the card names, a separating plane separates, and GJK's hull
// of A − B holds every vertex difference. Checked in every sample's opening state, in
// every shipped scene, and in 100 seeded random states of each sample.
#include "app/host/figure.h"
#include "app/shell/presenter.h"
#include "app/document/presets.h"
#include "app/host/sample.h"
#include "app/document/scene_file.h"
#include "collision_lab/support.h"
#include "collision_lab/query/overlap_operations.h"
#include "collision_lab/query/shape_json.h"
#include "render/camera.h"
#include "render/debug_draw.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <regex>
#include <string>
#include <vector>

namespace {

using nlohmann::ordered_json;

struct Token {
  double value = 0;
  double half_step = 0;  // half the last shown digit: how far the shown text may be from the value
  std::string text;
};

// The numbers written in `text`: not the digits of a name ("A3", "u0", "e3", "3D").
std::vector<Token> numbers_in(const std::string& text) {
  static const std::regex number(R"(([0-9]+)(\.([0-9]+))?(e[-+][0-9]+)?)");
  std::vector<Token> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    const auto at = static_cast<std::size_t>(m.position(0));
    const char before = at > 0 ? text[at - 1] : ' ';
    const std::size_t end = at + static_cast<std::size_t>(m.length(0));
    const char after = end < text.size() ? text[end] : ' ';
    if (std::isalnum(static_cast<unsigned char>(before)) || before == '_' || before == '.') continue;
    if (std::isalpha(static_cast<unsigned char>(after))) continue;
    static const std::regex named(R"((vertex|edge|face) $)");
    if (std::regex_search(text.substr(0, at), named)) continue;  // "face 6" is a name
    Token token{std::stod(m.str(0)), 0.5, m.str(0)};
    const int decimals = m[3].matched ? static_cast<int>(m[3].length()) : 0;
    token.half_step = 0.5 * std::pow(10.0, -decimals);
    if (m[4].matched) token.half_step *= std::pow(10.0, std::stod(m[4].str().substr(1)));
    out.push_back(token);
  }
  return out;
}

void collect(const ordered_json& value, std::vector<double>& pool) {
  if (value.is_number()) pool.push_back(std::abs(value.get<double>()));
  if (value.is_boolean()) pool.push_back(value.get<bool>() ? 1 : 0);
  if (value.is_structured()) {
    for (const auto& item : value) collect(item, pool);
  }
}

bool shown_as(const Token& token, const std::vector<double>& pool) {
  for (double value : pool) {
    if (std::abs(value - token.value) <= token.half_step * (1 + 1e-9) + 1e-12 * value) return true;
  }
  return false;
}

// The vertices a SAT or GJK query line's shape has: a polygon's, a sphere's centre (the
// core GJK works on), or its convex vertices as GJK numbers them.
std::vector<glm::dvec3> vertices_of(const ordered_json& json) {
  const auto shape = query::read_shape<double>(nlohmann::json(json), "shape");
  std::vector<glm::dvec3> out;
  if (const auto* polygon = std::get_if<geo::ConvexPolygon<double>>(&shape)) {
    for (const auto& v : polygon->vertices) out.emplace_back(v, 0);
    return out;
  }
  if (const auto* sphere = std::get_if<geo::Sphere<double>>(&shape)) return {sphere->center};
  const auto convex = query::as_convex(shape);
  if (!convex) return out;
  for (int i = 0;; ++i) {
    const auto v = geo::shape_vertex(*convex, i);
    if (v.vertex < 0) break;
    out.push_back(v.point);
  }
  return out;
}

struct Drawn {
  std::vector<Label> labels;
  int points = 0;
};

// What the sample draws, with the camera framing what Home frames: its labels, and how many
// points (flush without a GL context only counts).
Drawn drawn(const Sample& sample) {
  const Viewport viewport{0, 0, 1280, 800};
  ViewInfo view;
  if (sample.is_3d()) {
    cam::Camera3D camera;
    camera.yaw = glm::radians(sample.info().yaw_degrees);
    camera.pitch = glm::radians(sample.info().pitch_degrees);
    camera.frame(sample.bounds(), viewport);
    view = camera.view_info(viewport, 1);
  } else {
    cam::Camera2D camera;
    camera.frame(sample.bounds(), viewport);
    view = camera.view_info(viewport, 1);
  }
  DebugDraw draw;
  draw.begin_frame(view);
  sample.draw(draw);
  Drawn out{draw.labels(), 0};
  draw.flush();  // without a GL context it only counts, and empties the labels
  out.points = draw.stats().points;
  return out;
}

void expect_truthful(const Sample& sample, const std::string& where) {
  const ordered_json results = sample_results(sample);
  const Figure figure = sample.figure();
  std::vector<double> answers;
  collect(results, answers);
  collect(figure.facts, answers);

  // The card: every number is an answer's or a named intermediate's; "and N more" counts
  // the answers the card leaves out.
  const auto card = card_lines(figure, results);
  static const std::regex more("^and ([0-9]+) more");
  for (const auto& line : card) {
    std::smatch counted;
    if (figure.card.empty() && std::regex_search(line, counted, more)) {
      EXPECT_EQ(std::stoul(counted[1].str()) + card.size() - 1, results.size()) << where << ": \"" << line << "\"";
      continue;
    }
    for (const Token& token : numbers_in(line)) {
      EXPECT_TRUE(shown_as(token, answers)) << where << ": the card's \"" << line << "\" shows " << token.text
                                            << ", which no answer or reported intermediate is";
    }
  }

  // The labels: an answer's number, an intermediate's, or one of the inputs themselves.
  std::vector<double> inputs = answers;
  for (const auto& query : sample.queries()) collect(query.line, inputs);
  static const std::regex arithmetic_like("[A-Za-z][A-Za-z0-9]* (-|\\+|\u2212)[0-9]");
  static const std::regex drifting_name(R"((^|[^A-Za-z])([FVE][0-9]+|(vertex|face|edge) [0-9]+)\b)");
  const Drawn scene = drawn(sample);
  // A cloud of points: the card counts them (each drawn with or without its answer).
  if (scene.points >= 1000) {
    bool counted = false;
    for (const auto& line : card) {
      for (const Token& token : numbers_in(line)) counted |= token.value <= scene.points && 2 * token.value >= scene.points;
    }
    EXPECT_TRUE(counted) << where << ": the card does not count the " << scene.points << " points drawn";
  }
  for (const Label& label : scene.labels) {
    for (const Token& token : numbers_in(label.text)) {
      EXPECT_TRUE(shown_as(token, inputs)) << where << ": the label \"" << label.text << "\" shows " << token.text
                                           << ", which no answer, intermediate or input is";
    }
    EXPECT_FALSE(std::regex_search(label.text, arithmetic_like))
        << where << ": the label \"" << label.text << "\" reads as a subtraction (name a value with \": \" or \" = \")";
    EXPECT_FALSE(std::regex_search(label.text, drifting_name))
        << where << ": the label \"" << label.text << "\" names a feature outside the scheme (v2, e3, f6 in the scene)";
  }

  // A table's cells: numbers of the answers, the intermediates or the inputs (or a test's 0).
  inputs.push_back(0);
  for (const FigureTable& table : figure.tables) {
    for (const auto& row : table.rows) {
      for (const auto& cell : row) {
        for (const Token& token : numbers_in(cell)) {
          EXPECT_TRUE(shown_as(token, inputs)) << where << ": table " << table.id << "'s cell \"" << cell << "\" shows "
                                               << token.text << ", which no answer, intermediate or input is";
        }
      }
    }
  }

  // A table's highlighted row is the step the card and the figure show.
  for (const FigureTable& table : figure.tables) {
    ASSERT_LT(table.highlighted, static_cast<int>(table.rows.size())) << where << ": table " << table.id;
    if (table.highlighted < 0) continue;
    const std::string& name = table.rows[static_cast<std::size_t>(table.highlighted)].front();
    // A table of tests in the order they run: the first that holds is highlighted, and it
    // names the answer's feature.
    const auto holds = std::find(table.columns.begin(), table.columns.end(), "holds");
    if (holds != table.columns.end()) {
      const auto column = static_cast<std::size_t>(holds - table.columns.begin());
      int first = -1;
      for (std::size_t i = 0; i < table.rows.size() && first < 0; ++i) {
        if (table.rows[i][column] == "yes") first = static_cast<int>(i);
      }
      EXPECT_EQ(table.highlighted, first) << where << ": the highlighted row is not the first that holds";
      if (results[0].contains("feature")) {
        EXPECT_EQ(name.rfind(results[0]["feature"].get<std::string>(), 0), 0u)
            << where << ": the highlighted row \"" << name << "\" is not the answer's feature " << results[0]["feature"];
      }
    }
    if (figure.facts.contains("shown_axis")) {
      EXPECT_EQ(name, figure.facts["shown_axis"]["name"].get<std::string>()) << where;
      EXPECT_EQ(table.highlighted + 1, figure.facts["step"].get<int>()) << where;
      ASSERT_FALSE(card.empty()) << where;
      EXPECT_NE(card.front().find(name), std::string::npos) << where << ": the card says \"" << card.front() << "\"";
    }
  }

  const auto queries = sample.queries();
  if (figure.facts.contains("separating_plane")) {  // a certificate: A on one side, B on the other, the gap between
    const auto& plane = figure.facts["separating_plane"];
    const glm::dvec3 normal(plane["normal"][0].get<double>(), plane["normal"][1].get<double>(), plane["normal"][2].get<double>());
    const double offset = plane["offset"].get<double>();
    const auto a = vertices_of(queries.front().line["a"]), b = vertices_of(queries.front().line["b"]);
    ASSERT_FALSE(a.empty() || b.empty()) << where;
    double a_high = -INFINITY, b_low = INFINITY, size = 1;
    for (const auto& v : a) a_high = std::max(a_high, glm::dot(normal, v)), size = std::max(size, glm::length(v));
    for (const auto& v : b) b_low = std::min(b_low, glm::dot(normal, v)), size = std::max(size, glm::length(v));
    const double tolerance = 1e-9 * size;
    EXPECT_LT(a_high, offset + tolerance) << where << ": a vertex of A is past the separating plane";
    EXPECT_GT(b_low, offset - tolerance) << where << ": a vertex of B is behind the separating plane";
    // The gap along the plane's normal is the one the table shows for its axis, and the
    // answer's separation when it is the answer's axis.
    const std::string axis = plane["axis"].get<std::string>();
    const double gap = axis == figure.facts["answer_axis"] ? results[0]["separation"].get<double>()
                                                            : figure.facts["shown_axis"]["gap"].get<double>();
    EXPECT_NEAR(b_low - a_high, gap, tolerance) << where << ": the gap along " << axis << "'s normal";
  }
  if (figure.facts.contains("minkowski_hull")) {  // every vertex difference inside, every hull vertex one of them
    const auto& hull = figure.facts["minkowski_hull"];
    const auto a = vertices_of(queries.front().line["a"]), b = vertices_of(queries.front().line["b"]);
    std::vector<glm::dvec3> differences;
    double size = 1;
    for (const auto& va : a) {
      for (const auto& vb : b) differences.push_back(va - vb), size = std::max(size, glm::length(va - vb));
    }
    for (const auto& w : differences) {
      for (const auto& plane : hull["planes"]) {
        const glm::dvec3 n(plane[0].get<double>(), plane[1].get<double>(), plane[2].get<double>());
        EXPECT_LE(glm::dot(n, w), plane[3].get<double>() + 1e-9 * size) << where << ": a vertex difference is outside the hull";
      }
    }
    for (const auto& vertex : hull["vertices"]) {
      const glm::dvec3 v(vertex[0].get<double>(), vertex[1].get<double>(), vertex[2].get<double>());
      const bool is_difference =
          std::any_of(differences.begin(), differences.end(), [&](const glm::dvec3& w) { return glm::length(w - v) <= 1e-12 * size; });
      EXPECT_TRUE(is_difference) << where << ": a hull vertex is no vertex difference";
    }
  }
}

TEST(FigureTruth, EverySampleInItsOpeningState) {
  for (const auto& info : sample_registry()) {
    auto sample = info.make();
    sample->update(0);
    expect_truthful(*sample, std::string(info.id) + " (opening state)");
  }
}

TEST(FigureTruth, EveryShippedScene) {
  for (const auto& file : embedded_scene_files()) {
    SceneFile scene;
    std::string error;
    ASSERT_TRUE(read_scene_text(std::string(file.text), scene, error)) << file.path << ": " << error;
    auto sample = make_scene_sample(scene);
    sample->update(0);
    expect_truthful(*sample, std::string(file.path));
  }
}

// Each state moves a few handles of the opening state by seeded random offsets.
TEST(FigureTruth, AHundredSeededRandomStatesOfEverySample) {
  for (const auto& info : sample_registry()) {
    std::mt19937 random(20261127);
    for (int state = 0; state < 100; ++state) {
      auto sample = info.make();
      sample->update(0);
      std::uniform_real_distribution<double> offset(-2.5, 2.5);
      const int moves = 1 + state % 3;
      for (int move = 0; move < moves; ++move) {
        auto handles = sample->handles();
        if (handles.empty()) break;
        auto& handle = handles[random() % handles.size()];
        glm::dvec3 by(offset(random), offset(random), info.is_3d ? offset(random) : 0.0);
        if (handle.move_to(handle.position + by)) sample->update(0);
      }
      const int failures_before = ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
      expect_truthful(*sample, std::string(info.id) + " (random state " + std::to_string(state) + ")");
      // One state's lies are enough to read for a sample.
      if (::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count() > failures_before) break;
    }
  }
}

}  // namespace
