// Camera bookmarks in scene files: up to nine cameras keyed "1" to "9" that open with the
// scene and save again unchanged; a bad one stops the file with the bookmark's name; and
// another sample starts with none.
#include "app/document/scene_file.h"
#include "app/host/sample_host.h"

#include <gtest/gtest.h>

namespace {
using nlohmann::json;

json obb_scene() {
  json scene = json::parse(R"({"collision_lab_scene": 1, "sample": "closest-point-obb", "state": {},
    "camera": {"target": [0, 0, 0], "distance": 9, "yaw": 0.5, "pitch": 0.25, "orthographic": false}})");
  scene["bookmarks"]["2"] = {{"target", {1, 2, 3}}, {"distance", 4.5}, {"yaw", -0.125}, {"pitch", 0.75}, {"orthographic", true}};
  scene["bookmarks"]["9"] = {{"target", {0.1, 0.2, 0.3}}, {"distance", 1e-3}, {"yaw", 3}, {"pitch", -1}, {"orthographic", false}};
  return scene;
}

TEST(Bookmarks, OpenWithTheSceneAndSaveAgainUnchanged) {
  SceneFile scene;
  std::string error;
  ASSERT_TRUE(read_scene_text(obb_scene().dump(), scene, error)) << error;
  EXPECT_FALSE(scene.bookmarks[0].present);
  ASSERT_TRUE(scene.bookmarks[1].present);
  EXPECT_EQ(scene.bookmarks[1].distance, 4.5);
  EXPECT_TRUE(scene.bookmarks[1].orthographic);
  ASSERT_TRUE(scene.bookmarks[8].present);

  SampleHost host;
  host.open_scene(scene);
  EXPECT_EQ(json::parse(host.dump().dump())["bookmarks"], obb_scene()["bookmarks"]);
  host.set_camera(host.bookmarks[1]);
  EXPECT_EQ(json::parse(host.dump().dump())["camera"], obb_scene()["bookmarks"]["2"]) << "recalled exactly";

  host.reset();  // R: the sample's opening state, the scene's views kept
  EXPECT_EQ(json::parse(host.dump().dump())["bookmarks"], obb_scene()["bookmarks"]);

  ASSERT_TRUE(host.select("closest-point-aabb"));
  EXPECT_FALSE(json::parse(host.dump().dump()).contains("bookmarks")) << "another sample's views are not this one's";
}

TEST(Bookmarks, ABadOneStopsTheFileWithTheBookmarksName) {
  const std::vector<std::pair<json, std::string>> cases = {
      {json::array(), "bookmarks: expected an object of cameras keyed \"1\" to \"9\", got"},
      {{{"10", obb_scene()["camera"]}}, "bookmarks.10: a bookmark is numbered \"1\" to \"9\""},
      {{{"0", obb_scene()["camera"]}}, "bookmarks.0: a bookmark is numbered"},
      {{{"3", 7}}, "bookmarks.3: expected a camera object, got 7"},
      {{{"4", {{"target", {0, 0, 0}}, {"distance", -1}, {"yaw", 0}, {"pitch", 0}, {"orthographic", false}}}},
       "bookmarks.4.distance: must be positive"},
  };
  for (const auto& [bookmarks, expected] : cases) {
    SCOPED_TRACE(bookmarks.dump());
    json text = obb_scene();
    text["bookmarks"] = bookmarks;
    SceneFile scene;
    std::string error;
    EXPECT_FALSE(read_scene_text(text.dump(), scene, error));
    EXPECT_EQ(error.rfind(expected, 0), 0u) << error;
  }
}
}  // namespace
