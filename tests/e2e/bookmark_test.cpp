// Camera bookmarks in the real app: Ctrl+1 keeps the view, an orbit, a pan and a zoom move
// away from it, and 1 brings back exactly the camera that was kept, in 3D and in 2D.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

using namespace e2e;

namespace {
void expect_bookmark_recalled(const std::string& sample) {
  const json before = probe(sample);
  const auto spot = empty_spot(before);
  AppWindow app(sample);
  ASSERT_TRUE(app.ok());
  app.keys("ctrl+1");
  app.drag(1, spot[0], spot[1], 70, 30);  // orbit (3D) or pan (2D)
  app.drag(3, spot[0], spot[1], -40, 20);
  app.move(spot[0], spot[1]);
  app.wheel(-3);
  app.keys("ctrl+2");  // the moved view, kept as well
  app.keys("1");
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  ASSERT_TRUE(after.contains("bookmarks")) << "the bookmarks are part of the scene";
  EXPECT_EQ(after["camera"], after["bookmarks"]["1"]) << "exactly the kept camera, bit for bit";
  EXPECT_NE(after["bookmarks"]["2"], after["bookmarks"]["1"]) << "the drags and the wheel moved the view";
  EXPECT_FALSE(after["bookmarks"].contains("3"));
}

TEST(Bookmarks, OneRecallsExactlyTheCameraCtrlOneKeptIn3D) {
  if (!have_display()) GTEST_SKIP() << "no display";
  expect_bookmark_recalled("closest-point-obb");
}

TEST(Bookmarks, OneRecallsExactlyTheCameraCtrlOneKeptIn2D) {
  if (!have_display()) GTEST_SKIP() << "no display";
  expect_bookmark_recalled("sat-polygons");
}
}  // namespace
