// Scene files: what --dump-state writes opens again as the same scene (every sample, in
// process), and a file that cannot be used stops a headless run with exit status 2 and
// one message naming the file and what is wrong with it.
#include "app/host/sample_host.h"
#include "app/document/scene_file.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace {
using nlohmann::json;
const std::string kBinary = COLLISION_LAB_BINARY;

TEST(SceneFile, EverySampleOpensAgainFromItsDumpWithTheSameShapesSettingsResultsAndCamera) {
  for (const auto& info : sample_registry()) {
    SCOPED_TRACE(info.id);
    SampleHost host;
    ASSERT_TRUE(host.select(info.id));
    host.camera_2d.center += glm::dvec2(0.25, -0.5);  // a view the user moved
    host.camera_3d.yaw += 0.3;
    const json saved = json::parse(host.dump().dump());
    const std::string path = write_file(std::string(info.id) + ".json", saved.dump(2));

    SceneFile scene;
    std::string error;
    ASSERT_TRUE(read_scene_file(path, scene, error)) << error;
    SampleHost reopened;
    reopened.open_scene(scene);
    const json again = json::parse(reopened.dump().dump());
    for (const char* key : {"collision_lab_scene", "sample", "settings", "state", "queries", "results", "camera"}) {
      EXPECT_EQ(again[key], saved[key]) << key;
    }
  }
}

TEST(SceneFile, SettingsTravelWithTheScene) {
  SampleHost host;
  ASSERT_TRUE(host.select("stress-closest-points"));
  ASSERT_TRUE(host.sample()->set_parameter("points", 123));
  host.sample()->update(0);
  const std::string path = write_file("stress.json", host.dump().dump());
  SceneFile scene;
  std::string error;
  ASSERT_TRUE(read_scene_file(path, scene, error)) << error;
  SampleHost reopened;
  reopened.open_scene(scene);
  EXPECT_EQ(reopened.sample()->parameters(), (std::vector<std::pair<std::string, double>>{{"points", 123}}));
}

// A scene of closest-point-segment with one field replaced.
std::string segment_scene(const std::string& key, const json& value) {
  json scene;
  scene["collision_lab_scene"] = 1;
  scene["sample"] = "closest-point-segment";
  scene["state"]["shapes"]["segment"] = {{"type", "segment"}, {"a", {0, 0, 0}}, {"b", {2, 0, 0}}};
  scene["state"]["points"]["p"] = {1, 1, 0};
  scene[key] = value;
  return scene.dump();
}

TEST(SceneFile, AFileThatCannotBeUsedEndsAHeadlessRunWithOneMessage) {
  const std::string directory = temp_path("a-directory");
  std::filesystem::create_directory(directory);
  const std::string big = temp_path("big.json");
  std::ofstream(big) << "{}";
  std::filesystem::resize_file(big, (64u << 20) + 1);
  const json square = {{"type", "polygon"}, {"vertices", {{0, 0}, {2, 0}, {1, 0.2}, {2, 2}, {0, 2}}}};
  const struct {
    std::string path, expected;
  } cases[] = {
      {temp_path("missing.json"), "no such file"},
      {directory, "is a directory"},
      {big, "too big (67108865 bytes; at most 64 MiB)"},
      {write_file("not-json.json", "{\"collision_lab_scene\": 1,"), "not JSON: "},
      {write_file("deep.json", std::string(100000, '[') + std::string(100000, ']')), "nested deeper than 256 levels"},
      {write_file("other.json", R"({"shapes": {}})"), "not a Collision Lab scene"},
      {write_file("v2.json", segment_scene("collision_lab_scene", 2)), "version 2 is not supported"},
      {write_file("unknown.json", segment_scene("sample", "closest-point-sgement")), "sample: unknown sample"},
      {write_file("type.json", segment_scene("state", {{"shapes", {{"segment", {{"type", "ray"}, {"origin", {0, 0}}, {"direction", {1, 0}}}}}}})),
       "shapes.segment.type: expected \"segment\""},
      {write_file("concave.json", json({{"collision_lab_scene", 1}, {"sample", "point-in-polygon"},
                                        {"state", {{"shapes", {{"polygon", square}}}}}}).dump()),
       "shapes.polygon.vertices"},
      {write_file("setting.json", segment_scene("settings", {{"points", 5}})), "settings.points: sample 'closest-point-segment' has no such setting"},
      {write_file("camera.json", segment_scene("camera", {{"center", {0, 0}}, {"units_per_pixel", -1}})), "camera.units_per_pixel: must be positive"},
      {write_file("title.json", segment_scene("title", 5)), "title: expected a string, got 5"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.path);
    const std::string png = temp_path("never.png");
    const auto result = run_process(kBinary, "'" + c.path + "' --screenshot '" + png + "'");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.err.rfind("collision-lab: " + c.path + ": ", 0), 0u) << result.err;
    EXPECT_NE(result.err.find(c.expected), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_FALSE(std::filesystem::exists(png));
  }
  // And a scene file chooses its sample: --sample beside it is refused.
  const auto both = run_process(kBinary, "--sample closest-point-line '" + write_file("ok.json", segment_scene("camera", json())) + "'");
  EXPECT_EQ(both.exit_code, 2);
}
}  // namespace
