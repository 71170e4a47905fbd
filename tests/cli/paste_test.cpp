// Ctrl+V and the document: a pasted scene, query line or shape is one undo step, text that
// cannot be used changes nothing and says why; a document knows its unsaved changes and
// saves a scene that opens again as it was.
#include "app/document/document.h"
#include "app/document/paste.h"
#include "collision_lab/query/shape_json.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace {
using nlohmann::json;

// A host without GL: the draw list is never initialised, which these tests do not need.
struct Fixture : ::testing::Test {
  SampleHost host;
  bool replaced = false;  // whether the paste opened a whole scene
  void SetUp() override { ASSERT_TRUE(host.select("closest-point-segment")); }
  json state() const { return state_json(const_cast<SampleHost&>(host).sample()->state); }
};

TEST_F(Fixture, ABareShapeReplacesTheSampleShapeOfItsTypeAsOneUndoStep) {
  const json before = state();
  std::string error;
  ASSERT_TRUE(paste_text(R"({"type":"segment","a":[1,2,3],"b":[4,5,6]})", host, error, replaced)) << error;
  EXPECT_EQ(state()["shapes"]["segment"]["b"], json({4, 5, 6}));
  EXPECT_EQ(*host.history().next_undo(), "Paste segment");
  EXPECT_FALSE(replaced);
  ASSERT_TRUE(host.undo());
  EXPECT_EQ(state(), before);
}

TEST_F(Fixture, AShapeTheSampleDoesNotHoldOpensASampleThatDoes) {
  std::string error;
  ASSERT_TRUE(paste_text(R"({"type":"obb","center":[1,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"half_extents":[1,2,3]})",
                         host, error, replaced))
      << error;
  EXPECT_STREQ(host.info()->id, "closest-point-obb");
  EXPECT_TRUE(replaced);
  EXPECT_EQ(state()["shapes"]["box"]["half_extents"], json({1, 2, 3}));
  ASSERT_TRUE(host.undo());  // back to the segment sample, as it was
  EXPECT_STREQ(host.info()->id, "closest-point-segment");
}

TEST_F(Fixture, AQueryLineOrASceneOpensIt) {
  std::string error;
  ASSERT_TRUE(paste_text(R"({"op":"overlap","a":{"type":"sphere","center":[0,0,0],"radius":1},)"
                         R"("b":{"type":"sphere","center":[1,0,0],"radius":1},"method":"gjk"})",
                         host, error, replaced))
      << error;
  EXPECT_STREQ(host.info()->id, "gjk-epa");
  const std::string scene = scene_json(host.scene()).dump(2);
  ASSERT_TRUE(host.select("closest-point-aabb"));
  ASSERT_TRUE(paste_text(scene, host, error, replaced)) << error;
  EXPECT_STREQ(host.info()->id, "gjk-epa");
  EXPECT_EQ(*host.history().next_undo(), "Paste scene");
}

TEST_F(Fixture, TextThatCannotBeUsedChangesNothingAndSaysWhy) {
  const json before = state();
  const auto refused = [&](const std::string& text) {
    std::string error;
    EXPECT_FALSE(paste_text(text, host, error, replaced)) << text;
    EXPECT_EQ(state(), before) << text;
    EXPECT_STREQ(host.info()->id, "closest-point-segment");
    return error;
  };
  EXPECT_EQ(refused("hello").rfind("not JSON", 0), 0u);
  EXPECT_EQ(refused("[1, 2]"), "not a scene, a query line or a shape (it has no \"collision_lab_scene\", \"op\" or \"type\" field)");
  EXPECT_EQ(refused(R"({"type":"polygon","vertices":[[0,0],[2,0],[1,0.1],[1,2]]})").rfind("shape", 0), 0u);
  EXPECT_EQ(refused(R"({"op":"contains","shape":{"type":"segment","a":[0,0,0],"b":[1,0,0]},"point":[0,0,0]})")
                .rfind("line 1: shape: contains is defined for", 0),
            0u);
  EXPECT_EQ(refused(R"({"collision_lab_scene": 7, "sample": "x"})").rfind("collision_lab_scene: version 7", 0), 0u);
  EXPECT_EQ(host.history().next_undo(), nullptr);
}

TEST_F(Fixture, ADocumentKnowsItsUnsavedChangesAndSavesASceneThatReopens) {
  Document document;
  document.detach(host);
  EXPECT_FALSE(document.dirty(host));
  EXPECT_EQ(document.title(host), "Untitled");
  host.sample()->state.points[0].position.x += 1;
  EXPECT_TRUE(document.dirty(host));
  EXPECT_EQ(document.title(host), "Untitled *");

  const std::string path = temp_path("document.json");
  std::string error;
  host.compare_float = true;  // a view option: saved, but no unsaved change
  EXPECT_EQ(document.title(host), "Untitled *");
  ASSERT_TRUE(document.save(path, host, error)) << error;
  EXPECT_EQ(document.title(host), std::filesystem::path(path).filename().string());
  const json saved = state();
  ASSERT_TRUE(host.select("closest-point-aabb"));
  host.compare_float = false;
  ASSERT_TRUE(document.open(path, 0, host, error)) << error;
  EXPECT_EQ(state(), saved);
  EXPECT_TRUE(host.compare_float);
  EXPECT_FALSE(document.dirty(host));

  // A case file is never overwritten by a scene.
  EXPECT_FALSE(document.save(temp_path("cases.jsonl"), host, error));
  EXPECT_NE(error.find("never overwritten"), std::string::npos) << error;
  // A file that cannot be opened leaves what is open as it was.
  const std::string broken = temp_path("broken.json");
  std::ofstream(broken) << "{\"collision_lab_scene\": 1, \"sample\": \"closest-point-segment\"";
  EXPECT_FALSE(document.open(broken, 0, host, error));
  EXPECT_EQ(error.rfind("not JSON", 0), 0u) << error;
  EXPECT_EQ(document.path(), path);
  error.clear();
  EXPECT_EQ(state(), saved);
}

// Refused on the JSON before the hull is built or the line answered (seconds of work), and
// named by the line's own field.
TEST_F(Fixture, AQueryLineTooLargeForAFigureIsRefusedBeforeItIsAnswered) {
  json vertices = json::array();
  for (int i = 0; i < 5000; ++i) vertices.push_back({std::cos(i * 1e-3), std::sin(i * 1e-3), std::cos(i * 0.7)});
  const json line = {{"op", "overlap"},
                     {"a", {{"type", "sphere"}, {"center", {0, 0, 0}}, {"radius", 1}}},
                     {"b", {{"type", "polyhedron"}, {"vertices", vertices}}}};
  const json before = state();
  std::string error;
  EXPECT_FALSE(paste_text(line.dump(), host, error, replaced));
  EXPECT_EQ(error, "b.vertices: 5000 vertices; the app shows at most 4096 (collision-lab-query takes up to 100000)");
  EXPECT_EQ(state(), before);
}

TEST(SceneLimits, AShapeWithTooManyVerticesIsRefusedBeforeItIsBuilt) {
  json vertices = json::array();
  for (int i = 0; i < 100000; ++i) vertices.push_back({std::cos(i * 1e-4), std::sin(i * 1e-4)});
  SceneFile scene;
  scene.sample = find_sample("closest-point-polygon");
  scene.state = {{"shapes", {{"polygon", {{"type", "polygon"}, {"vertices", vertices}}}}}};
  try {
    make_scene_sample(scene);
    ADD_FAILURE() << "100,000 vertices were taken";
  } catch (const query::JsonInputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "shapes.polygon.vertices: 100000 vertices; the app shows at most 4096 (collision-lab-query takes up to 100000)");
  }
}

}  // namespace
