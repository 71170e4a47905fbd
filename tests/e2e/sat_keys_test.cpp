// Stepping through the SAT axes with the keyboard, as a teacher does in front of a class:
// N or Down shows the next candidate axis, P or Up the previous one. The axis on screen is
// the one whose name labels the projection line (the dump's labels).
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

namespace {

TEST(SatKeys, NAndPStepThroughTheAxes) {
  if (!e2e::have_display()) GTEST_SKIP() << "no display";
  // At start the answer's axis is shown, the last of nine: edge B3.
  const e2e::json start = e2e::probe("sat-polygons");
  ASSERT_TRUE(e2e::has_label(start, "edge B3"));
  {
    e2e::AppWindow app("sat-polygons");
    ASSERT_TRUE(app.ok());
    app.move(900, 650);  // over the scene, so the keys are not a panel's
    app.keys("p p p");
    const e2e::json dump = app.quit();
    EXPECT_TRUE(e2e::has_label(dump, "edge B0")) << dump["labels"].dump();
    EXPECT_FALSE(e2e::has_label(dump, "edge B3"));
  }
  {
    e2e::AppWindow app("sat-polygons");
    ASSERT_TRUE(app.ok());
    app.move(900, 650);
    app.keys("Up Up Up Down n");
    const e2e::json dump = app.quit();
    EXPECT_TRUE(e2e::has_label(dump, "edge B2")) << dump["labels"].dump();
  }
}

}  // namespace
