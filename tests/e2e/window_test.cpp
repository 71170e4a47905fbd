// The window and its side panel: the window is never smaller than 640x400, and the panel
// is resized by dragging its edge.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

namespace {

TEST(Window, NeverSmallerThan640By400) {
  if (!e2e::have_display()) GTEST_SKIP() << "no display";
  e2e::AppWindow app("closest-point-segment", "", "320x200");
  ASSERT_TRUE(app.ok());
  const std::vector<int> size = app.size();
  EXPECT_EQ(size, (std::vector<int>{640, 400}));
  const std::string hints = app.size_hints();
  EXPECT_NE(hints.find("minimum size: 640 by 400"), std::string::npos) << hints;
  const e2e::json dump = app.quit();
  EXPECT_EQ(dump.value("sample", ""), "closest-point-segment");
}

// The side panel's right edge is a splitter: dragged, the scene starts where it was let go.
// By default the panel takes at most 40% of the window (1000 wide here: 360).
TEST(Window, ThePanelIsResizedByDraggingItsEdge) {
  if (!e2e::have_display()) GTEST_SKIP() << "no display";
  const e2e::json before = e2e::probe("closest-point-segment");
  const double edge = before["viewport"][0].get<double>();
  EXPECT_LE(edge, 0.4 * 1000);
  e2e::AppWindow app("closest-point-segment");
  ASSERT_TRUE(app.ok());
  app.drag(1, edge - 2, 400, 150, 0);
  const e2e::json dump = app.quit();
  EXPECT_NEAR(dump["viewport"][0].get<double>(), edge + 150, 6);
}

}  // namespace
