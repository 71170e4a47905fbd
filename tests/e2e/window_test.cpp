// The window never gets smaller than 640x400, where the panel still leaves the scene room:
// asked for less, it opens at the minimum, and it tells the window manager so.
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

}  // namespace
