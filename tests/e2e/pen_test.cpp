// The lecturer's pen in the real app: Ctrl+P takes it up, a drag over a handle draws ink
// instead of moving the handle, and the lecture's next scene wipes the ink.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace e2e;

namespace {

const std::string kLecture =
    (std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets" / "lectures" / "closest-points-and-sat.json").string();

TEST(Pen, ADragDrawsInkAndMovesNoHandle) {
  if (!have_display()) GTEST_SKIP() << "no display";
  const json third = probe("", "'" + kLecture + "' --lecture-scene 3");
  ASSERT_TRUE(third.contains("handles") && !third["handles"].empty());
  const json& grabbed = third["handles"][0];
  AppWindow app("", "'" + kLecture + "' --lecture-scene 3");
  ASSERT_TRUE(app.ok());
  app.keys("ctrl+p");
  app.drag(1, grabbed["screen"][0], grabbed["screen"][1], 60, 40);
  const json dump = app.quit();
  ASSERT_TRUE(dump.is_object());
  EXPECT_TRUE(dump["presenter_tools"]["pen"].get<bool>());
  EXPECT_EQ(dump["presenter_tools"]["strokes"], 1);
  EXPECT_GE(dump["presenter_tools"]["points"].get<int>(), 5) << "the stroke follows the drag";
  EXPECT_EQ(dump["state"], third["state"]) << "the pen never moves a handle";
  EXPECT_EQ(dump["camera"], third["camera"]) << "nor the camera";
}

TEST(Pen, TheNextSceneWipesTheInk) {
  if (!have_display()) GTEST_SKIP() << "no display";
  AppWindow app("", "'" + kLecture + "' --lecture-scene 3");
  ASSERT_TRUE(app.ok());
  app.keys("ctrl+p");
  const std::vector<double> spot = empty_spot(probe("", "'" + kLecture + "' --lecture-scene 3"));
  ASSERT_EQ(spot.size(), 2u);
  app.drag(1, spot[0], spot[1], 50, 30);
  app.keys("Next");
  const json dump = app.quit();
  ASSERT_TRUE(dump.is_object());
  EXPECT_EQ(dump["lecture"]["scene"], 4);
  EXPECT_EQ(dump["presenter_tools"]["strokes"], 0) << "another scene: the ink is wiped";
  EXPECT_TRUE(dump["presenter_tools"]["pen"].get<bool>()) << "the pen stays in hand";
}

}  // namespace
