// The user's own presets: saved under $XDG_DATA_HOME/collision-lab/presets/ with a name from
// the title (numbered, never over another), read back sorted by title, and a file that
// cannot be opened listed with the reason, the others still listed.
#include "app/document/presets.h"
#include "app/host/sample_host.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace {

// XDG_DATA_HOME set to a fresh folder for the test, and put back after.
class MyPresetsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* old = std::getenv("XDG_DATA_HOME")) old_ = old, had_ = true;
    data_ = temp_path("data");
    setenv("XDG_DATA_HOME", data_.c_str(), 1);
  }
  void TearDown() override {
    if (had_) {
      setenv("XDG_DATA_HOME", old_.c_str(), 1);
    } else {
      unsetenv("XDG_DATA_HOME");
    }
  }
  std::string data_, old_;
  bool had_ = false;
};

TEST_F(MyPresetsTest, SavedNamedAfterTheTitleAndReadBackSorted) {
  EXPECT_EQ(my_presets_folder(), data_ + "/collision-lab/presets");
  EXPECT_TRUE(read_my_presets().presets.empty()) << "no folder yet: none";
  SampleHost host;
  ASSERT_TRUE(host.select("closest-point-obb"));
  host.set_scene_text("Touching boxes (2)!", "Two boxes that touch.");
  std::string path, error;
  ASSERT_TRUE(save_my_preset(host.scene(), path, error)) << error;
  EXPECT_EQ(path, my_presets_folder() + "/touching-boxes-2.json");
  ASSERT_TRUE(save_my_preset(host.scene(), path, error)) << error;
  EXPECT_EQ(path, my_presets_folder() + "/touching-boxes-2-2.json") << "never over another";
  host.set_scene_text("", "");
  ASSERT_TRUE(save_my_preset(host.scene(), path, error)) << error;
  EXPECT_EQ(path, my_presets_folder() + "/closest-point-on-an-obb.json") << "untitled: the sample's title";

  const MyPresets mine = read_my_presets();
  ASSERT_EQ(mine.presets.size(), 3u);
  EXPECT_EQ(mine.presets[0].scene.title, "closest-point-on-an-obb") << "a file without a title: its name";
  EXPECT_EQ(mine.presets[1].scene.title, "Touching boxes (2)!");
  EXPECT_EQ(mine.presets[1].scene.description, "Two boxes that touch.");
  EXPECT_EQ(mine.presets[1].group, "My presets");
  EXPECT_EQ(nlohmann::json::parse(scene_json(mine.presets[1].scene)["state"].dump()),
            nlohmann::json::parse(scene_json(host.scene())["state"].dump()));
  EXPECT_TRUE(mine.problems.empty());
}

TEST_F(MyPresetsTest, AFileThatCannotBeOpenedIsListedWithItsReason) {
  std::filesystem::create_directories(my_presets_folder());
  std::ofstream(my_presets_folder() + "/broken.json") << R"({"collision_lab_scene": 1, "sample": "no-such-sample"})";
  std::ofstream(my_presets_folder() + "/notes.txt") << "not a scene";
  SampleHost host;
  ASSERT_TRUE(host.select("closest-point-aabb"));
  std::string path, error;
  ASSERT_TRUE(save_my_preset(host.scene(), path, error)) << error;
  const MyPresets mine = read_my_presets();
  ASSERT_EQ(mine.presets.size(), 1u);
  ASSERT_EQ(mine.problems.size(), 1u);
  EXPECT_EQ(mine.problems[0].rfind("broken.json: ", 0), 0u) << mine.problems[0];
  EXPECT_NE(mine.problems[0].find("no-such-sample"), std::string::npos) << mine.problems[0];
}

TEST_F(MyPresetsTest, ARelativeDataFolderIsNotUsed) {
  setenv("XDG_DATA_HOME", "relative/data", 1);
  const std::string home = std::getenv("HOME") ? std::getenv("HOME") : "";
  if (home.empty()) GTEST_SKIP() << "no HOME";
  EXPECT_EQ(my_presets_folder(), home + "/.local/share/collision-lab/presets");
}

}  // namespace
