// Stepping through GJK and EPA with the keyboard, as through the SAT axes: N or Down shows
// the next step, P or Up the previous one. The step on screen is the one the diagram's
// title names (the dump's labels): "GJK iteration 2 of 3", "EPA step 5 of 6".
#include "tests/e2e/e2e_support.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <fstream>

namespace {

TEST(GjkKeys, NAndPStepThroughGjksIterations) {
  if (!e2e::have_display()) GTEST_SKIP() << "no display";
  // The box and the sphere apart: GJK converges in three iterations, the last one shown.
  const e2e::json start = e2e::probe("gjk-epa");
  ASSERT_TRUE(e2e::has_label(start, "GJK iteration 3 of 3")) << start["labels"].dump();
  {
    e2e::AppWindow app("gjk-epa");
    ASSERT_TRUE(app.ok());
    app.move(900, 650);  // over the scene, so the keys are not a panel's
    app.keys("p p");
    const e2e::json dump = app.quit();
    EXPECT_TRUE(e2e::has_label(dump, "GJK iteration 1 of 3")) << dump["labels"].dump();
  }
  {
    e2e::AppWindow app("gjk-epa");
    ASSERT_TRUE(app.ok());
    app.move(900, 650);
    app.keys("Up Up Down");
    const e2e::json dump = app.quit();
    EXPECT_TRUE(e2e::has_label(dump, "GJK iteration 2 of 3")) << dump["labels"].dump();
  }
}

TEST(GjkKeys, WithEpaShownTheKeysStepEpa) {
  if (!e2e::have_display()) GTEST_SKIP() << "no display";
  // Two boxes overlapping: EPA is shown, at its last of six steps.
  const std::string scene = temp_path("gjk-overlap.json");
  std::ofstream(scene) << R"({"collision_lab_scene": 1, "sample": "gjk-epa", "state": {"shapes": {
      "A": {"type": "obb", "center": [-1.8, 0.6, 0], "half_extents": [1, 0.7, 0.8],
            "axes": [[0.9210609940028851, 0.3894183423086505, 0], [-0.3894183423086505, 0.9210609940028851, 0], [0, 0, 1]]},
      "B": {"type": "obb", "center": [-0.9, 1.3, 0.4], "half_extents": [0.8, 0.6, 0.7],
            "axes": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}}, "points": {}}})";
  const e2e::json start = e2e::probe("", "'" + scene + "'");
  ASSERT_TRUE(e2e::has_label(start, "EPA step 6 of 6")) << start["labels"].dump();
  e2e::AppWindow app("", "'" + scene + "'");
  ASSERT_TRUE(app.ok());
  app.move(900, 650);
  app.keys("p p p n");
  const e2e::json dump = app.quit();
  EXPECT_TRUE(e2e::has_label(dump, "EPA step 4 of 6")) << dump["labels"].dump();
}

}  // namespace
