#include "app/host/sample_state.h"
#include "app/shell/settings.h"
#include "collision_lab/query/shape_json.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using query::JsonInputError;
using query::to_json_line;

namespace {

TEST(Settings, MissingFileGivesDefaultsAndSavedOnesComeBack) {
  const std::string dir = temp_path("config");
  Settings defaults = load_settings(dir);
  EXPECT_EQ(defaults.ui_scale_percent, 100);
  EXPECT_TRUE(defaults.dark_theme);
  EXPECT_FALSE(defaults.full_precision);
  Settings changed;
  changed.last_sample = "closest-point-obb";
  changed.ui_scale_percent = 250;
  changed.dark_theme = false;
  changed.full_precision = true;
  changed.window_width = 1600;
  changed.window_height = 900;
  ASSERT_TRUE(save_settings(dir, changed));
  Settings loaded = load_settings(dir);
  EXPECT_EQ(loaded.last_sample, "closest-point-obb");
  EXPECT_EQ(loaded.ui_scale_percent, 250);
  EXPECT_FALSE(loaded.dark_theme);
  EXPECT_TRUE(loaded.full_precision);
  EXPECT_EQ(loaded.window_width, 1600);
  EXPECT_EQ(loaded.window_height, 900);
}

TEST(Settings, CorruptOrOutOfRangeFilesNeverCrash) {
  const std::string dir = temp_path("corrupt");
  std::filesystem::create_directories(dir);
  for (const char* text : {"{not json", "[]", R"({"ui_scale_percent":"big"})", "\x01\x02\x03"}) {
    std::ofstream(dir + "/settings.json") << text;
    Settings loaded = load_settings(dir);
    EXPECT_EQ(loaded.ui_scale_percent, 100) << text;
  }
  std::ofstream(dir + "/settings.json") << R"({"ui_scale_percent":9000,"window_width":-5})";
  Settings refused = load_settings(dir);  // an out-of-range value keeps its default
  EXPECT_EQ(refused.ui_scale_percent, 100);
  EXPECT_EQ(refused.window_width, 1280);
}

// A state as a sample builds it, and the typed ids it keeps.
struct ExampleState {
  SampleState state;
  ShapeId<geo::Segment<double>> segment = state.add("segment", geo::Segment<double>{{0, 0, 0}, {2, 0, 0}});
  ShapeId<geo::ConvexPolygon<double>> poly = state.add("poly", geo::ConvexPolygon<double>{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}});
  PointId p = state.add("p", {3, 1, 0});
};

TEST(SampleState, TypedIdsReadWhatWasAddedByName) {
  ExampleState example;
  EXPECT_EQ(example.state[example.p], glm::dvec3(3, 1, 0));
  EXPECT_EQ(example.state[example.segment].b, glm::dvec3(2, 0, 0));
  EXPECT_EQ(example.state.name(example.poly), "poly");
  EXPECT_EQ(example.state.name(example.p), "p");
  example.state[example.p].x = 7;
  EXPECT_EQ(example.state.points[0].position.x, 7);
}

TEST(SampleState, JsonRoundTripsAndBadInputKeepsTheOldState) {
  const ExampleState example;
  const SampleState& state = example.state;
  auto json = nlohmann::json::parse(to_json_line(state_json(state)));
  json["points"]["p"] = {5, 6, 0};
  SampleState read = read_state(json, state);
  EXPECT_EQ(read[example.p], glm::dvec3(5, 6, 0));
  EXPECT_EQ(read[example.segment].b, glm::dvec3(2, 0, 0));

  json["shapes"]["segment"] = {{"type", "ray"}, {"origin", {0, 0}}, {"direction", {1, 0}}};
  try {
    read_state(json, state);
    FAIL() << "a changed shape type must be refused";
  } catch (const JsonInputError& e) {
    EXPECT_NE(std::string(e.what()).find("shapes.segment.type"), std::string::npos) << e.what();
  }
  json["shapes"]["segment"] = {{"type", "segment"}, {"a", {0, 0}}, {"b", {"x", 0}}};
  EXPECT_THROW(read_state(json, state), JsonInputError);
  EXPECT_EQ(state[example.p], glm::dvec3(3, 1, 0));  // the original is untouched
}

TEST(SampleState, HandlesMoveShapesAndRefuseToBreakThem) {
  ExampleState example;
  SampleState& state = example.state;
  auto handles = collect_handles(state);
  auto find = [&](const std::string& label) -> Handle& {
    for (auto& h : handles) {
      if (h.label == label) return h;
    }
    throw std::runtime_error("no handle " + label);
  };
  EXPECT_TRUE(find("segment.b").move_to({4, 1, 0}));
  EXPECT_EQ(state[example.segment].b, glm::dvec3(4, 1, 0));
  // Pulling a square's corner inside would make it concave: refused, the square stays.
  EXPECT_FALSE(find("poly[2]").move_to({1, 1, 0}));
  EXPECT_EQ(state[example.poly].vertices.size(), 4u);
  EXPECT_TRUE(find("poly[2]").move_to({3, 3, 0}));
}

}  // namespace
