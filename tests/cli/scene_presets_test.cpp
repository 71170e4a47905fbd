// The shipped classroom scenes: the presets embedded in the app are exactly the files of
// assets/scenes/, each reads as a scene with a title and a description, and opening one is
// a single undoable step that undo takes back to the sample, state and camera before it.
#include "app/document/presets.h"
#include "app/host/sample_host.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {
using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kScenes = fs::path(COLLISION_LAB_SOURCE_DIR) / "assets" / "scenes";

std::string read_file(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(Presets, TheEmbeddedScenesAreTheFilesOfAssetsScenesAsTheyAreNow) {
  std::vector<std::string> on_disk;
  for (const auto& entry : fs::recursive_directory_iterator(kScenes)) {
    if (entry.is_regular_file()) on_disk.push_back(fs::relative(entry.path(), kScenes).generic_string());
  }
  std::sort(on_disk.begin(), on_disk.end());
  std::vector<std::string> embedded;
  for (const EmbeddedFile& file : embedded_scene_files()) {
    embedded.emplace_back(file.path);
    EXPECT_EQ(file.text, read_file(kScenes / file.path)) << file.path;
  }
  EXPECT_EQ(embedded, on_disk);
  EXPECT_EQ(presets().size(), on_disk.size()) << "every file is a preset";
}

TEST(Presets, EachReadsWithATitleAndADescriptionForTeachers) {
  ASSERT_FALSE(embedded_scene_files().empty());
  for (const EmbeddedFile& file : embedded_scene_files()) {
    SCOPED_TRACE(std::string(file.path));
    SceneFile scene;
    std::string error;
    ASSERT_TRUE(read_scene_text(std::string(file.text), scene, error)) << error;
    EXPECT_FALSE(scene.title.empty());
    EXPECT_FALSE(scene.description.empty());
    EXPECT_TRUE(scene.camera.present) << "a preset shows its subject, not a default framing";
  }
  // Grouped by folder, the tutorials first.
  EXPECT_EQ(presets().front().group, "Tutorials");
  EXPECT_EQ(presets().back().group, "Degenerate cases");
}

const Preset& preset_of_sample(const std::string& id, const std::string& other_than = "") {
  for (const Preset& preset : presets()) {
    if (preset.scene.sample->id == id && preset.path != other_than) return preset;
  }
  throw std::runtime_error("no preset of " + id);
}

TEST(Presets, OpeningOneIsOneUndoableStepBackToTheSampleStateAndCamera) {
  SampleHost host;
  ASSERT_TRUE(host.select("closest-point-segment"));
  const SampleState before_edit = host.sample()->state;
  host.sample()->state.points[0].position.x += 1;  // an edit before the preset
  host.sample()->update(0);
  host.record_edit("Edit values", before_edit);
  host.camera_2d.center = {0.5, -0.25};
  const json edited = json::parse(host.dump().dump());

  const Preset& needle = preset_of_sample("closest-point-triangle");
  host.open_scene(needle.scene, "Open preset " + needle.scene.title);
  const json opened = json::parse(host.dump().dump());
  EXPECT_EQ(opened["sample"], "closest-point-triangle");
  EXPECT_EQ(opened["title"], needle.scene.title);
  EXPECT_EQ(opened["camera"], json::parse(scene_json(needle.scene).dump())["camera"]);
  ASSERT_NE(host.history().next_undo(), nullptr);
  EXPECT_EQ(*host.history().next_undo(), "Open preset " + needle.scene.title);

  // A preset of the same sample is a step too, and edits after it are steps of their own.
  const Preset& other = preset_of_sample("closest-point-triangle", needle.path);
  host.open_scene(other.scene, "Open preset " + other.scene.title);
  const SampleState before_drag = host.sample()->state;
  host.sample()->state.points[0].position.y += 2;
  host.sample()->update(0);
  host.record_edit("Drag p", before_drag);

  ASSERT_TRUE(host.undo());  // the drag
  ASSERT_TRUE(host.undo());  // the second preset
  EXPECT_EQ(json::parse(host.dump().dump()), opened);
  ASSERT_TRUE(host.undo());  // the first preset: the segment sample as it was, with its history
  EXPECT_EQ(json::parse(host.dump().dump()), edited);
  EXPECT_EQ(*host.history().next_undo(), "Edit values");
  EXPECT_EQ(*host.history().next_redo(), "Open preset " + needle.scene.title);

  ASSERT_TRUE(host.redo());
  EXPECT_EQ(json::parse(host.dump().dump()), opened);
  ASSERT_TRUE(host.redo());
  ASSERT_TRUE(host.redo());
  EXPECT_EQ(host.sample()->state.points[0].position.y, before_drag.points[0].position.y + 2);
  EXPECT_FALSE(host.redo());
}

TEST(Presets, UndoBringsBackShapesAScenesStateCouldNotHold) {
  // The game's walls come and go: a wall the user added survives opening a preset and undoing it.
  SampleHost host;
  ASSERT_TRUE(host.select("tutorial-dot-product-game"));
  const SampleState before = host.sample()->state;
  ASSERT_TRUE(host.sample()->add_point({-4.5, -1.5, 0}));
  host.record_edit("Add vertex", before);
  const std::size_t shapes = host.sample()->state.shapes.size();
  ASSERT_GT(shapes, before.shapes.size());
  const Preset& triangle = preset_of_sample("closest-point-triangle");
  host.open_scene(triangle.scene, "Open preset " + triangle.scene.title);
  ASSERT_TRUE(host.undo());
  EXPECT_EQ(host.info()->id, std::string("tutorial-dot-product-game"));
  EXPECT_EQ(host.sample()->state.shapes.size(), shapes);
  EXPECT_EQ(host.sample()->queries().size(), shapes - 1);  // one per wall, the new one too (the player is no wall)
}

TEST(Presets, ADumpOfAnOpenedSceneKeepsItsTitleAndDescription) {
  const Preset& preset = presets().front();
  SampleHost host;
  host.open_scene(preset.scene);
  const json dumped = json::parse(host.dump().dump());
  EXPECT_EQ(dumped["title"], preset.scene.title);
  EXPECT_EQ(dumped["description"], preset.scene.description);
  ASSERT_TRUE(host.select("closest-point-line"));
  EXPECT_FALSE(json::parse(host.dump().dump()).contains("title")) << "another sample is not the scene";
}
}  // namespace
