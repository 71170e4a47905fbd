// Lecture files: the shipped lecture reads as 8 to 12 titled scenes with notes; each scene
// opened headless with --lecture-scene N gives the results of that scene on its own; a
// lecture that cannot be used stops a headless run with one message naming the scene and
// field; and in a Document, moving between scenes keeps each scene's edits until Save As
// writes them all.
#include "app/document/document.h"
#include "app/host/sample_host.h"
#include "tests/support/app_dump.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <chrono>
#include <fstream>
#include <thread>

namespace {
using nlohmann::json;
namespace fs = std::filesystem;
const std::string kBinary = COLLISION_LAB_BINARY;
const std::string kLecture = (fs::path(COLLISION_LAB_SOURCE_DIR) / "assets" / "lectures" / "closest-points-and-sat.json").string();

// The dump of one headless frame of `arguments` (a file and its options).
json dump_of(const std::string& arguments, const std::string& name) { return ::dump_of(kBinary, arguments, name); }

TEST(LectureFile, TheShippedLectureHasEightToTwelveTitledScenesWithNotes) {
  LoadedFile loaded;
  std::string error;
  ASSERT_TRUE(load_file(kLecture, 0, loaded, error)) << error;
  EXPECT_FALSE(loaded.lecture.title.empty());
  EXPECT_GE(loaded.lecture.scenes.size(), 8u);
  EXPECT_LE(loaded.lecture.scenes.size(), 12u);
  for (const LectureScene& scene : loaded.lecture.scenes) {
    SCOPED_TRACE(scene.title);
    EXPECT_FALSE(scene.title.empty());
    EXPECT_FALSE(scene.notes.empty()) << "the lecturer gets a note for every scene";
    EXPECT_TRUE(scene.scene.camera.present) << "a scene shows its subject, not a default framing";
  }
}

TEST(LectureFile, EachSceneOpenedHeadlessGivesTheResultsOfItsSceneOnItsOwn) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "screenshots need an X display (make test provides Xvfb)";
  LoadedFile loaded;
  std::string error;
  ASSERT_TRUE(load_file(kLecture, 0, loaded, error)) << error;
  const int count = static_cast<int>(loaded.lecture.scenes.size());
  for (int n = 1; n <= count; ++n) {
    const LectureScene& scene = loaded.lecture.scenes[static_cast<std::size_t>(n - 1)];
    SCOPED_TRACE(std::to_string(n) + ": " + scene.title);
    const json in_lecture = dump_of("'" + kLecture + "' --lecture-scene " + std::to_string(n), "lecture" + std::to_string(n));
    const std::string alone_path = write_file("scene" + std::to_string(n) + ".json", scene_json(scene.scene).dump(2));
    const json alone = dump_of("'" + alone_path + "'", "alone" + std::to_string(n));
    ASSERT_TRUE(in_lecture.contains("lecture"));
    EXPECT_EQ(in_lecture["lecture"]["scene"], n);
    EXPECT_EQ(in_lecture["lecture"]["scenes"], count);
    EXPECT_EQ(in_lecture["lecture"]["scene_title"], scene.title);
    EXPECT_EQ(in_lecture["lecture"]["title"], loaded.lecture.title);
    EXPECT_FALSE(alone.contains("lecture"));
    EXPECT_EQ(in_lecture["sample"], alone["sample"]);
    EXPECT_EQ(in_lecture["camera"], alone["camera"]);
    ASSERT_FALSE(alone["results"].empty());
    EXPECT_EQ(in_lecture["results"], alone["results"]);
  }
}

// A lecture of one scene with `entry` as that scene.
std::string one_scene_lecture(const json& entry) {
  return json{{"collision_lab_lecture", 1}, {"title", "t"}, {"scenes", json::array({entry})}}.dump();
}

TEST(LectureFile, ALectureThatCannotBeUsedStopsAHeadlessRunWithOneMessageNamingTheField) {
  const json good_scene = json::parse(R"({"collision_lab_scene": 1, "sample": "closest-point-segment", "state": {}})");
  struct Case {
    std::string text, expected, extra;
  };
  const std::vector<Case> cases = {
      {R"({"collision_lab_lecture": 2, "scenes": []})", "collision_lab_lecture: version 2 is not supported", ""},
      {R"({"collision_lab_lecture": 1, "scenes": [], "tilte": "x"})", "tilte: unknown field", ""},
      {R"({"collision_lab_lecture": 1, "scenes": []})", "scenes: expected a non-empty array", ""},
      {R"({"collision_lab_lecture": 1, "title": 3, "scenes": []})", "title: expected a string, got 3", ""},
      {one_scene_lecture("a scene"), "scenes[0]: expected an object", ""},
      {one_scene_lecture({{"title", "a"}, {"scene", good_scene}, {"preset", "tutorials/ray-and-seven-points.json"}}),
       "scenes[0]: needs exactly one of", ""},
      {one_scene_lecture({{"title", "a"}, {"note", "x"}, {"scene", good_scene}}), "scenes[0].note: unknown field", ""},
      {one_scene_lecture({{"title", "a"}, {"preset", "tutorials/nothing.json"}}),
       "scenes[0].preset: no shipped scene tutorials/nothing.json", ""},
      {one_scene_lecture({{"title", "a"}, {"file", "missing.json"}}), "scenes[0].file: missing.json: ", ""},
      {one_scene_lecture({{"title", "a"}, {"scene", {{"collision_lab_scene", 1}, {"sample", "nope"}, {"state", json::object()}}}}),
       "scenes[0].scene: sample: unknown sample \"nope\"", ""},
      {one_scene_lecture({{"scene", good_scene}}), "scenes[0].title: missing", ""},
      {one_scene_lecture({{"title", "a"}, {"notes", false}, {"scene", good_scene}}), "scenes[0].notes: expected a string", ""},
      {one_scene_lecture({{"title", "a"}, {"scene", good_scene}}), "scene 3: the lecture has 1 scene", "--lecture-scene 3"},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    SCOPED_TRACE(c.text);
    const std::string path = write_file("bad" + std::to_string(i) + ".json", c.text);
    const std::string png = temp_path("bad" + std::to_string(i) + ".png");
    const auto result = run_process(kBinary, "'" + path + "' " + c.extra + " --screenshot '" + png + "'");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.err.rfind("collision-lab: " + path + ": ", 0), 0u) << result.err;
    EXPECT_NE(result.err.find(c.expected), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_FALSE(fs::exists(png));
  }
  const auto no_file = run_process(kBinary, "--lecture-scene 2 --screenshot '" + temp_path("none.png") + "'");
  EXPECT_EQ(no_file.exit_code, 2);
  EXPECT_NE(no_file.err.find("--lecture-scene: needs a file to open"), std::string::npos) << no_file.err;
}

TEST(LectureFile, AFileEntryIsReadFromTheLecturesFolder) {
  const std::string scene_path = write_file("beside.json", R"({"collision_lab_scene": 1, "title": "Beside", "sample": "closest-point-line", "state": {}})");
  const std::string lecture = write_file("with-file.json", one_scene_lecture({{"file", fs::path(scene_path).filename().string()}}));
  LoadedFile loaded;
  std::string error;
  ASSERT_TRUE(load_file(lecture, 0, loaded, error)) << error;
  EXPECT_EQ(loaded.lecture.scenes[0].title, "Beside") << "the scene's own title when the entry has none";
  EXPECT_EQ(loaded.scene.sample->id, std::string("closest-point-line"));
}

// The x of the first point of the sample's state.
double first_point_x(const SampleHost& host) { return host.sample()->state.points.at(0).position.x; }

TEST(LectureFile, EachSceneKeepsItsEditsUntilTheLectureIsClosedAndSaveAsWritesThemAll) {
  const std::string path = write_file("three.json", json{{"collision_lab_lecture", 1}, {"title", "Three"}, {"scenes", {
      {{"title", "Ray"}, {"preset", "tutorials/ray-and-seven-points.json"}},
      {{"title", "Needle"}, {"preset", "degenerate-cases/needle-triangle.json"}},
      {{"title", "Segments"}, {"preset", "degenerate-cases/near-parallel-segments.json"}}}}}.dump());
  SampleHost host;
  Document document;
  std::string error;
  ASSERT_TRUE(document.open(path, 1, host, error)) << error;
  EXPECT_EQ(document.lecture_scene(), 1);
  EXPECT_EQ(host.info()->id, std::string("closest-point-triangle"));
  EXPECT_FALSE(document.dirty(host));

  const double opened_x = first_point_x(host);
  const SampleState before = host.sample()->state;
  host.sample()->state.points[0].position.x += 0.5;
  host.sample()->update(0);
  host.record_edit("Edit values", before);
  EXPECT_TRUE(document.dirty(host));
  EXPECT_NE(document.title(host).find("scene 2 of 3 *"), std::string::npos) << document.title(host);

  ASSERT_TRUE(document.go_to_scene(2, host, error)) << error;
  EXPECT_EQ(host.info()->id, std::string("closest-points-segments"));
  EXPECT_TRUE(document.dirty(host)) << "scene 2's edit is still unsaved";
  EXPECT_FALSE(document.go_to_scene(3, host, error));
  EXPECT_EQ(error, "scene 4: the lecture has 3 scenes");
  ASSERT_TRUE(document.go_to_scene(1, host, error)) << error;
  EXPECT_EQ(first_point_x(host), opened_x + 0.5) << "the edit was kept";

  // Undo works within the scene: another edit, taken back.
  const SampleState kept = host.sample()->state;
  host.sample()->state.points[0].position.x += 1;
  host.sample()->update(0);
  host.record_edit("Edit values", kept);
  ASSERT_TRUE(host.undo());
  EXPECT_EQ(first_point_x(host), opened_x + 0.5);

  const std::string saved = temp_path("saved-lecture.json");
  ASSERT_TRUE(document.save(saved, host, error)) << error;
  EXPECT_FALSE(document.dirty(host));
  EXPECT_EQ(document.lecture_scene(), 1) << "saving keeps the scene shown";
  LoadedFile again;
  ASSERT_TRUE(load_file(saved, 1, again, error)) << error;
  ASSERT_EQ(again.lecture.scenes.size(), 3u);
  EXPECT_EQ(again.lecture.title, "Three");
  EXPECT_EQ(again.lecture.scenes[1].title, "Needle");
  SampleHost reopened;
  reopened.open_scene(again.scene);
  EXPECT_EQ(first_point_x(reopened), opened_x + 0.5) << "Save As wrote the edited scene";
  EXPECT_TRUE(json::parse(std::ifstream(saved))["scenes"][0].contains("scene")) << "every scene embedded";
}
}  // namespace

namespace {
TEST(LectureFile, TheReadmesExampleReadsAsItIsWritten) {
  std::ifstream file(fs::path(COLLISION_LAB_SOURCE_DIR) / "README.md");
  const std::string readme((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::size_t section = readme.find("### Lectures");
  ASSERT_NE(section, std::string::npos);
  const std::size_t start = readme.find("```json\n", section);
  ASSERT_NE(start, std::string::npos);
  const std::size_t end = readme.find("\n```", start + 8);
  const std::string example = readme.substr(start + 8, end - start - 8);
  const std::string path = write_file("readme-lecture.json", example);
  std::ofstream(fs::path(path).parent_path() / "my-case.json")
      << R"({"collision_lab_scene": 1, "sample": "closest-point-aabb", "state": {}})";
  LoadedFile loaded;
  std::string error;
  ASSERT_TRUE(load_file(path, 2, loaded, error)) << error;
  ASSERT_EQ(loaded.lecture.scenes.size(), 3u);
  EXPECT_EQ(loaded.lecture.scenes[1].scene.sample->id, std::string("closest-point-aabb"));
  EXPECT_EQ(loaded.scene.sample->id, std::string("closest-point-segment"));
}
}  // namespace

namespace {
TEST(LectureFile, AnUneditedSceneIsNeverUnsavedWhereverTheLectureGoes) {
  const std::string path = write_file("unedited.json", json{{"collision_lab_lecture", 1}, {"scenes", {
      {{"title", "Short"}, {"scene", {{"collision_lab_scene", 1}, {"sample", "closest-point-segment"}, {"state", json::object()}}}},
      {{"title", "Ray"}, {"preset", "tutorials/ray-and-seven-points.json"}}}}}.dump());
  for (const std::string& lecture : {path, kLecture}) {
    SCOPED_TRACE(lecture);
    SampleHost host;
    Document document;
    std::string error;
    ASSERT_TRUE(document.open(lecture, 0, host, error)) << error;
    const int count = static_cast<int>(document.lecture().scenes.size());
    for (int i = 1; i < count; ++i) {
      ASSERT_TRUE(document.go_to_scene(i, host, error)) << error;
      EXPECT_FALSE(document.dirty(host)) << "scene " << i + 1 << ": " << document.title(host);
    }
    ASSERT_TRUE(document.go_to_scene(0, host, error)) << error;
    EXPECT_FALSE(document.dirty(host)) << document.title(host);
  }
}

TEST(LectureFile, AReloadedLectureKeepsTheEditsOfItsOtherScenes) {
  const json lecture = {{"collision_lab_lecture", 1}, {"scenes", {
      {{"title", "Needle"}, {"preset", "degenerate-cases/needle-triangle.json"}},
      {{"title", "Sliver"}, {"preset", "degenerate-cases/sliver-triangle.json"}}}}};
  const std::string path = write_file("reloaded.json", lecture.dump());
  SampleHost host;
  Document document;
  std::string error;
  ASSERT_TRUE(document.open(path, 0, host, error)) << error;
  const double opened_x = first_point_x(host);
  const SampleState before = host.sample()->state;
  host.sample()->state.points[0].position.x += 0.25;
  host.sample()->update(0);
  host.record_edit("Edit values", before);
  ASSERT_TRUE(document.go_to_scene(1, host, error)) << error;
  document.set_watch(true);

  json renamed = lecture;
  renamed["title"] = "Renamed";
  std::ofstream(path + ".part") << renamed.dump();
  fs::rename(path + ".part", path);
  bool reloaded = false;
  for (int i = 0; i < 200 && !reloaded; ++i) {  // the watch's thread may see it late
    reloaded = document.poll_watch(host);
    if (!reloaded) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  ASSERT_TRUE(reloaded) << document.watch_problem();
  EXPECT_EQ(document.lecture().title, "Renamed");
  EXPECT_EQ(document.lecture_scene(), 1);
  EXPECT_TRUE(document.dirty(host)) << "scene 1's edit is still unsaved";
  ASSERT_TRUE(document.go_to_scene(0, host, error)) << error;
  EXPECT_EQ(first_point_x(host), opened_x + 0.25) << "the edit survived the reload";
  document.set_watch(false);
}

TEST(LectureFile, LectureSceneOnAFileThatIsNoLectureIsRefused) {
  const std::string scene = write_file("plain.json", R"({"collision_lab_scene": 1, "sample": "closest-point-line", "state": {}})");
  const auto result = run_process(kBinary, "'" + scene + "' --lecture-scene 1 --screenshot '" + temp_path("plain.png") + "'");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "collision-lab: --lecture-scene: " + scene + " is not a lecture\n");
}
}  // namespace
