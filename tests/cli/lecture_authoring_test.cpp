// Authoring a lecture in the app: scenes added (a copy, a sample, a preset), moved and
// removed, titles and speaker notes edited, a lecture started from the scene shown; each
// makes the lecture unsaved, and Save As writes the lecture in its new order.
#include "app/document/document.h"
#include "app/document/document_ui.h"
#include "app/document/presets.h"
#include "app/host/sample_host.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

namespace {
using nlohmann::json;

std::vector<std::string> titles(const LectureFile& lecture) {
  std::vector<std::string> out;
  for (const LectureScene& scene : lecture.scenes) out.push_back(scene.title);
  return out;
}

std::string two_scene_lecture() {
  const std::string path = temp_path("two.json");
  std::ofstream(path) << json{{"collision_lab_lecture", 1}, {"title", "Two"}, {"scenes", {
      {{"title", "Ray"}, {"preset", "tutorials/ray-and-seven-points.json"}},
      {{"title", "Needle"}, {"preset", "degenerate-cases/needle-triangle.json"}}}}}.dump();
  return path;
}

TEST(LectureAuthoring, ScenesAreAddedMovedAndRemovedAndSaveAsWritesTheNewOrder) {
  SampleHost host;
  Document document;
  std::string error;
  ASSERT_TRUE(document.open(two_scene_lecture(), 0, host, error)) << error;
  ASSERT_FALSE(document.dirty(host));

  SceneFile obb;
  obb.sample = find_sample("closest-point-obb");
  obb.state = nlohmann::ordered_json::object();
  document.add_lecture_scene(obb, "A box", host);
  EXPECT_EQ(titles(document.lecture()), (std::vector<std::string>{"Ray", "A box", "Needle"}));
  EXPECT_EQ(document.lecture_scene(), 1) << "the added scene is shown";
  EXPECT_EQ(host.info()->id, std::string("closest-point-obb"));
  EXPECT_TRUE(document.dirty(host)) << "the lecture has a new scene";

  document.move_lecture_scene(+1);
  EXPECT_EQ(titles(document.lecture()), (std::vector<std::string>{"Ray", "Needle", "A box"}));
  EXPECT_EQ(document.lecture_scene(), 2) << "the scene moved stays shown";
  document.move_lecture_scene(+1);  // already last: nothing moves
  EXPECT_EQ(document.lecture_scene(), 2);

  document.set_lecture_text("Two and a box", "Box", "Drag P around the box.");
  ASSERT_TRUE(document.go_to_scene(1, host, error)) << error;
  EXPECT_EQ(host.info()->id, std::string("closest-point-triangle")) << "the order the scenes show in";
  document.remove_lecture_scene(host);
  EXPECT_EQ(titles(document.lecture()), (std::vector<std::string>{"Ray", "Box"}));
  EXPECT_EQ(host.info()->id, std::string("closest-point-obb"));

  const std::string saved = temp_path("authored.json");
  ASSERT_TRUE(document.save(saved, host, error)) << error;
  EXPECT_FALSE(document.dirty(host));
  LoadedFile again;
  ASSERT_TRUE(load_file(saved, 1, again, error)) << error;
  EXPECT_EQ(again.lecture.title, "Two and a box");
  EXPECT_EQ(titles(again.lecture), (std::vector<std::string>{"Ray", "Box"}));
  EXPECT_EQ(again.lecture.scenes[1].notes, "Drag P around the box.");
  EXPECT_EQ(again.scene.sample->id, std::string("closest-point-obb"));
}

TEST(LectureAuthoring, TheLastSceneIsNeverRemovedAndALectureStartsFromTheSceneShown) {
  SampleHost host;
  ASSERT_TRUE(host.select("closest-point-segment"));
  Document document;
  document.detach(host);
  EXPECT_FALSE(document.is_lecture());
  document.start_lecture(host);
  ASSERT_TRUE(document.is_lecture());
  EXPECT_EQ(titles(document.lecture()), (std::vector<std::string>{"Closest point on a segment"}));
  EXPECT_TRUE(document.dirty(host)) << "a lecture no file holds yet";
  EXPECT_TRUE(document.path().empty());
  document.remove_lecture_scene(host);
  EXPECT_EQ(document.lecture().scenes.size(), 1u) << "a lecture keeps one scene";
  document.add_lecture_scene(presets().front().scene, presets().front().scene.title, host);
  EXPECT_EQ(document.lecture().scenes.size(), 2u);
  const std::string saved = temp_path("started.json");
  std::string error;
  ASSERT_TRUE(document.save(saved, host, error)) << error;
  LoadedFile again;
  ASSERT_TRUE(load_file(saved, 0, again, error)) << error;
  EXPECT_EQ(again.lecture.title, "Untitled lecture");
  EXPECT_EQ(again.scene.sample->id, std::string("closest-point-segment"));
}

// A watched lecture whose scenes were added, moved or removed is not reloaded over: the
// banner says why, and the authoring stays.
TEST(LectureAuthoring, AReshapedLectureIsNotReloadedOver) {
  const std::string path = two_scene_lecture();
  SampleHost host;
  Document document;
  std::string error;
  ASSERT_TRUE(document.open(path, 0, host, error)) << error;
  document.move_lecture_scene(+1);
  document.set_watch(true);
  std::ofstream(path + ".part") << json{{"collision_lab_lecture", 1}, {"title", "Rewritten"}, {"scenes", {
      {{"title", "Ray"}, {"preset", "tutorials/ray-and-seven-points.json"}}}}}.dump();
  std::filesystem::rename(path + ".part", path);
  bool told = false;
  for (int i = 0; i < 200 && !told; ++i) {  // the watch's thread may see it late
    told = document.poll_watch(host);
    if (!told) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  ASSERT_TRUE(told);
  EXPECT_NE(document.watch_problem().find("not reloaded, as the lecture's scenes, titles or notes have unsaved changes"),
            std::string::npos) << document.watch_problem();
  EXPECT_EQ(titles(document.lecture()), (std::vector<std::string>{"Needle", "Ray"})) << "the moved order stays";
  EXPECT_EQ(document.lecture().title, "Two");
  document.set_watch(false);
}

// Another sample, picked while an untitled lecture is open, asks first: the lecture is
// in no file yet, so dropping it would lose every scene added.
TEST(LectureAuthoring, AnUntitledLectureIsNotDroppedWithoutAsking) {
  SampleHost host;
  ASSERT_TRUE(host.select("closest-point-segment"));
  Document document;
  document.detach(host);
  Settings settings;
  DocumentUi ui(document, host, settings);
  document.start_lecture(host);
  ui.select_sample("closest-point-obb");
  EXPECT_TRUE(document.is_lecture()) << "the question comes first";
  EXPECT_EQ(host.info()->id, std::string("closest-point-segment"));
}

}  // namespace
