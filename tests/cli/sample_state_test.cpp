// The samples through the Sample API, without a window: what the user edits lives in the
// state (so a state read back gives the same answers), vertex edits change the hull, and
// the panel's colours follow the theme. ImGui runs headless here (no renderer needed).
#include "app/host/sample.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"
#include "tests/support/headless_imgui.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace {

using nlohmann::json;
using query::read_shape;
using query::to_json_line;

std::unique_ptr<Sample> open_sample(const char* id) {
  const SampleInfo* info = find_sample(id);
  if (!info) throw std::runtime_error(std::string("no sample ") + id);
  auto sample = info->make();
  sample->update(0);
  return sample;
}

// What --dump-state writes as "results".
json results(const Sample& sample) { return json::parse(to_json_line(sample_results(sample))); }
json first_result(const Sample& sample) { return results(sample).at(0); }
json first_query(const Sample& sample) { return json::parse(to_json_line(sample.queries().at(0).line)); }

glm::dvec3& point(Sample& sample, const std::string& name) {
  for (auto& named : sample.state.points) {
    if (named.name == name) return named.position;
  }
  throw std::runtime_error("no point " + name);
}
template <typename S> S& shape(Sample& sample, const std::string& name) {
  for (auto& named : sample.state.shapes) {
    if (named.name == name) return std::get<S>(named.shape);
  }
  throw std::runtime_error("no shape " + name);
}

Handle find_handle(Sample& sample, const std::string& label) {
  for (auto& handle : sample.handles()) {
    if (handle.label == label) return handle;
  }
  throw std::runtime_error("no handle " + label);
}

// A fresh sample of the same kind given this one's state, through its JSON.
std::unique_ptr<Sample> reopen_with_state(const char* id, const Sample& from) {
  auto copy = open_sample(id);
  copy->state = read_state(json::parse(to_json_line(state_json(from.state))), copy->state);
  copy->update(0);
  return copy;
}

// Equal JSON, numbers within a relative 1e-12 (a plane read back is normalized again).
bool same_results(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) {
    const double x = a, y = b;
    return std::abs(x - y) <= 1e-12 * (1 + std::abs(x) + std::abs(y));
  }
  if (a.type() != b.type() || a.size() != b.size()) return false;
  if (a.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it) {
      if (!b.contains(it.key()) || !same_results(it.value(), b[it.key()])) return false;
    }
    return true;
  }
  if (a.is_array()) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!same_results(a[i], b[i])) return false;
    }
    return true;
  }
  return a == b;
}

void expect_same_vector(const json& a, const json& b, double tolerance = 1e-12) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(double(a[i]), double(b[i]), tolerance) << i;
}

ImU32 packed(const Color& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }

// --- the theme: the panel's swatches show the colour the scene draws ---

TEST(SamplePanel, LegendSwatchesAreDarkenedLikeTheSceneInTheLightTheme) {
  for (bool light : {false, true}) {
    HeadlessImGui ui(light);
    ui.frame([] {
      legend(palette::kAnswer, "the answer");
      return false;
    });
    const Color scene = light ? for_light_background(palette::kAnswer) : palette::kAnswer;
    const auto colors = HeadlessImGui::vertex_colors();
    EXPECT_NE(std::find(colors.begin(), colors.end(), packed(scene)), colors.end()) << (light ? "light" : "dark");
    if (light) {  // the bright dark-theme yellow would be unreadable on the light panel
      EXPECT_EQ(std::find(colors.begin(), colors.end(), packed(palette::kAnswer)), colors.end());
    }
    EXPECT_EQ(light_theme(), light);
  }
}

TEST(SamplePanel, ColouredTextFollowsTheThemeToo) {
  HeadlessImGui ui(true);
  ui.frame([] {
    colored_text(palette::kSeparated, "SEPARATED %d", 1);
    return false;
  });
  const auto colors = HeadlessImGui::vertex_colors();
  EXPECT_NE(std::find(colors.begin(), colors.end(), packed(for_light_background(palette::kSeparated))), colors.end());
}

// --- plane-2d-two-points: the normal's side is the order of A and B, in the state ---

TEST(SampleState, Plane2dFlipIsASwapOfAAndBThatRoundTripsThroughTheState) {
  auto sample = open_sample("plane-2d-two-points");
  const json before = first_query(*sample);  // signed_distance of P to the plane through A and B
  const json before_answer = first_result(*sample);
  const glm::dvec3 a = point(*sample, "a"), b = point(*sample, "b");

  // The flip button, pressed headless: find it by moving the mouse down the panel until
  // a click swaps the points (the layout is ImGui's, so no pixel is assumed).
  HeadlessImGui ui(false);
  bool clicked = false;
  for (float y = 4; y < 200 && !clicked; y += 4) {
    ui.frame([&] { return sample->controls(); }, ImVec2(40, y));
    ui.frame([&] { return sample->controls(); }, ImVec2(40, y), true);
    clicked = ui.frame([&] { return sample->controls(); }, ImVec2(40, y));
  }
  ASSERT_TRUE(clicked) << "no control of the panel flipped the plane";
  sample->update(0);
  EXPECT_EQ(point(*sample, "a"), b);
  EXPECT_EQ(point(*sample, "b"), a);
  const json flipped = first_query(*sample);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(double(flipped["plane"]["normal"][k]), -double(before["plane"]["normal"][k]), 1e-12);
  }
  EXPECT_NEAR(double(flipped["plane"]["d"]), -double(before["plane"]["d"]), 1e-12);
  EXPECT_NEAR(double(first_result(*sample)["distance"]), -double(before_answer["distance"]), 1e-12);

  // A fresh sample given the flipped state shows the flipped plane: nothing lives outside it.
  auto reopened = reopen_with_state("plane-2d-two-points", *sample);
  EXPECT_TRUE(same_results(results(*reopened), results(*sample))) << results(*reopened).dump();
  EXPECT_TRUE(same_results(first_query(*reopened), flipped)) << first_query(*reopened).dump();
}

// --- plane-normal-point: the state holds the plane in the query mode's schema ---

TEST(SampleState, PlaneNormalPointHoldsAPlaneAndItsHandlesEditIt) {
  auto sample = open_sample("plane-normal-point");
  const json state = state_json(sample->state);
  ASSERT_TRUE(state["shapes"].contains("plane")) << state.dump();
  const json& plane_json = state["shapes"]["plane"];
  EXPECT_EQ(plane_json["type"], "plane");
  const auto plane = std::get<geo::Plane<double>>(read_shape<double>(json::parse(plane_json.dump()), "plane"));
  EXPECT_NEAR(glm::length(plane.normal), 1.0, 1e-12);
  const glm::dvec3 x0 = point(*sample, "x0");
  EXPECT_NEAR(glm::dot(plane.normal, x0), plane.d, 1e-12);  // X0 lies on the plane
  expect_same_vector(first_query(*sample)["plane"]["normal"], plane_json["normal"]);

  // The tip turns the plane about X0: aim it straight up and the plane is z = x0.z.
  Handle tip = find_handle(*sample, "plane.normal");
  ASSERT_TRUE(tip.move_to(x0 + glm::dvec3(0, 0, 3)));
  EXPECT_FALSE(find_handle(*sample, "plane.normal").move_to(x0)) << "a zero normal must be refused";
  sample->update(0);
  const auto& turned = shape<geo::Plane<double>>(*sample, "plane");
  EXPECT_EQ(turned.normal, glm::dvec3(0, 0, 1));
  EXPECT_NEAR(turned.d, x0.z, 1e-12);
  const glm::dvec3 p = point(*sample, "p");
  EXPECT_NEAR(double(first_result(*sample)["distance"]), p.z - x0.z, 1e-12);

  // X0 moves the plane through the cursor, along with X0 itself.
  ASSERT_TRUE(find_handle(*sample, "x0").move_to({0, 0, 5}));
  sample->update(0);
  EXPECT_NEAR(shape<geo::Plane<double>>(*sample, "plane").d, 5.0, 1e-12);
  EXPECT_EQ(first_result(*sample)["side"], p.z > 5 ? "above" : "below");
  EXPECT_EQ(find_handle(*sample, "plane.normal").position, glm::dvec3(0, 0, 7));

  auto reopened = reopen_with_state("plane-normal-point", *sample);
  EXPECT_TRUE(same_results(results(*reopened), results(*sample))) << results(*reopened).dump();
}

// --- point-in-polyhedron: double-click adds a vertex, right-click removes one ---

TEST(SampleState, PointInPolyhedronAddsAndRemovesVertices) {
  auto sample = open_sample("point-in-polyhedron");
  auto hull = [&]() -> const geo::ConvexPolyhedron<double>& {
    return shape<geo::ConvexPolyhedron<double>>(*sample, "hull");
  };
  const std::size_t vertices = hull().vertices.size();
  ASSERT_EQ(first_result(*sample)["inside"], false);
  const glm::dvec3 p = point(*sample, "p");

  // A vertex beyond P grows the hull around it: P turns inside.
  const glm::dvec3 beyond = p + glm::dvec3(1.5, 0, 0);
  ASSERT_TRUE(sample->add_point(beyond));
  sample->update(0);
  EXPECT_EQ(hull().vertices.size(), vertices + 1);
  EXPECT_EQ(first_result(*sample)["inside"], true);
  EXPECT_EQ(first_result(*sample)["face_distances"].size(), hull().faces.size());

  // A point inside adds nothing and is refused.
  EXPECT_FALSE(sample->add_point(glm::dvec3(0, 1, 0)));
  EXPECT_EQ(hull().vertices.size(), vertices + 1);

  // Right-click the new vertex: the hull is as before and P is outside again.
  const auto& now = hull().vertices;
  const auto index = std::find(now.begin(), now.end(), beyond) - now.begin();
  ASSERT_LT(static_cast<std::size_t>(index), now.size());
  EXPECT_FALSE(sample->remove_handle("p"));
  EXPECT_FALSE(sample->remove_handle("hull[99]"));
  ASSERT_TRUE(sample->remove_handle("hull[" + std::to_string(index) + "]"));
  sample->update(0);
  EXPECT_EQ(hull().vertices.size(), vertices);
  EXPECT_EQ(first_result(*sample)["inside"], false);

  // Down to a tetrahedron, and no further.
  while (hull().vertices.size() > 4) ASSERT_TRUE(sample->remove_handle("hull[0]"));
  EXPECT_FALSE(sample->remove_handle("hull[0]"));
  EXPECT_EQ(hull().vertices.size(), 4u);
}

TEST(SampleState, VertexHandleLabelsAreParsedStrictly) {
  EXPECT_EQ(vertex_handle_index("hull[3]", "hull"), 3);
  EXPECT_EQ(vertex_handle_index("hull[12]", "hull"), 12);
  EXPECT_EQ(vertex_handle_index("hull[]", "hull"), -1);
  EXPECT_EQ(vertex_handle_index("hull[x]", "hull"), -1);
  EXPECT_EQ(vertex_handle_index("hull[-1]", "hull"), -1);
  EXPECT_EQ(vertex_handle_index("polygon[3]", "hull"), -1);
  EXPECT_EQ(vertex_handle_index("hull[99999999999999]", "hull"), -1);
  EXPECT_EQ(vertex_handle_index("hull.center", "hull"), -1);
}

// Every sample: what it answers depends on its state alone, so a state read back into a
// fresh sample answers the same.
TEST(SampleState, EverySampleAnswersTheSameFromItsStateReadBack) {
  for (const auto& info : sample_registry()) {
    // Not pure functions of the state by design: the game's update() walks the player
    // (each call pushes it out of the walls again), the stress sample times itself.
    const std::string id = info.id;
    if (id == "tutorial-dot-product-game" || id == "stress-closest-points") continue;
    auto sample = open_sample(info.id);
    auto reopened = reopen_with_state(info.id, *sample);
    EXPECT_TRUE(same_results(results(*reopened), results(*sample))) << info.id << ": " << results(*reopened).dump();
  }
}

}  // namespace
