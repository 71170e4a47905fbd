// A lecture in the real app, driven as a lecturer would (or a clicker, which sends PgDn and
// PgUp): the keys step through the scenes, the title and presenter mode's card say where
// the lecture is, and an edit made in a scene is still there after leaving and coming back.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace e2e;

namespace {
// The window's title once it holds `text`, polled for up to 5 s (a loaded machine draws
// late); else the last title read.
std::string title_with(const AppWindow& app, const std::string& text) {
  std::string title;
  for (int i = 0; i < 100; ++i) {
    title = app.title();
    if (title.find(text) != std::string::npos) break;
    pause_ms(50);
  }
  return title;
}

const std::string kLecture =
    (std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets" / "lectures" / "closest-points-and-sat.json").string();

TEST(Lecture, PgDnAndPgUpStepThroughTheScenesAndPresenterModeShowsThePosition) {
  if (!have_display()) GTEST_SKIP() << "no display";
  const json third = probe("", "'" + kLecture + "' --lecture-scene 3");
  ASSERT_TRUE(third.contains("lecture"));
  const std::string count = std::to_string(third["lecture"]["scenes"].get<int>());
  AppWindow app("", "'" + kLecture + "'");
  ASSERT_TRUE(app.ok());
  for (const auto& [keys, title] : {std::pair{"", "scene 1 of "}, {"Next Next Next", "scene 4 of "}, {"Prior", "scene 3 of "}}) {
    if (*keys) app.keys(keys);
    const std::string shown = title_with(app, title + count);
    EXPECT_NE(shown.find(title + count), std::string::npos) << shown;
  }
  app.keys("F5");
  pause_ms(1000);  // a frame or more drawn in presenter mode, on a loaded machine
  const json dump = app.quit();
  ASSERT_TRUE(dump.is_object());
  EXPECT_EQ(dump["lecture"]["scene"], 3);
  EXPECT_EQ(dump["sample"], third["sample"]);
  EXPECT_EQ(dump["results"], third["results"]) << "the scene opens exactly as saved";
  EXPECT_TRUE(dump["presenter"].get<bool>());
  EXPECT_EQ(dump["card_heading"], "3 / " + count + "  " + third["lecture"]["scene_title"].get<std::string>());
}

TEST(Lecture, AnEditStaysWithItsSceneWhenTheLectureMovesOnAndBack) {
  if (!have_display()) GTEST_SKIP() << "no display";
  const json third = probe("", "'" + kLecture + "' --lecture-scene 3");
  ASSERT_TRUE(third.contains("handles") && !third["handles"].empty());
  const json& grabbed = third["handles"][0];
  AppWindow app("", "'" + kLecture + "' --lecture-scene 3");
  ASSERT_TRUE(app.ok());
  app.drag(1, grabbed["screen"][0], grabbed["screen"][1], 50, 30);
  app.keys("Next");
  const std::string title = title_with(app, "scene 4 of");
  EXPECT_NE(title.find("scene 4 of"), std::string::npos) << title;
  EXPECT_NE(title.find('*'), std::string::npos) << "the edit in scene 3 is unsaved: " << title;
  app.keys("Prior");
  const json dump = app.quit();
  ASSERT_TRUE(dump.is_object());
  EXPECT_EQ(dump["lecture"]["scene"], 3);
  EXPECT_NE(dump["state"], third["state"]) << "the drag is still there";
  EXPECT_GT(screen_distance(handle(dump, grabbed["label"])["screen"], grabbed["screen"]), 20);
}
}  // namespace
