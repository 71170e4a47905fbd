// Drives the cameras of the real app with the mouse and keys, as a user would: pan with the
// right or middle button and the arrow keys, zoom with the wheel about the cursor, orbit
// with a left drag on empty space (3D), Home frames the scene, Tab hides the UI. Each test
// checks the dump written at exit: the camera moved as asked and no handle moved in the world.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace e2e;

namespace {

constexpr double kWheelStep = 1.15;  // the zoom factor of one wheel click

// Every handle's screen position moved by (dx, dy) and its world position not at all.
void expect_screen_shift(const json& before, const json& after, double dx, double dy) {
  ASSERT_EQ(before["handles"].size(), after["handles"].size());
  for (std::size_t i = 0; i < before["handles"].size(); ++i) {
    const json& h0 = before["handles"][i];
    const json& h1 = after["handles"][i];
    SCOPED_TRACE(h0["label"].get<std::string>());
    EXPECT_EQ(h1["world"], h0["world"]);
    EXPECT_NEAR(double(h1["screen"][0]) - double(h0["screen"][0]), dx, 1.5);
    EXPECT_NEAR(double(h1["screen"][1]) - double(h0["screen"][1]), dy, 1.5);
  }
}

// The 3D camera's viewing direction (see Camera3D::forward): yaw about +y, pitch above the horizon.
std::vector<double> forward(const json& camera) {
  const double yaw = camera["yaw"], pitch = camera["pitch"];
  return {-std::sin(yaw) * std::cos(pitch), -std::sin(pitch), -std::cos(yaw) * std::cos(pitch)};
}

// How far in front of the eye a world point lies, along the viewing direction.
double depth(const json& camera, const json& world) {
  const auto f = forward(camera);
  const double distance = camera["distance"];
  double d = 0;
  for (int i = 0; i < 3; ++i) {
    const double eye = double(camera["target"][i]) - f[i] * distance;
    d += (double(world[i]) - eye) * f[i];
  }
  return d;
}

// Toward the middle of the scene, so that a drag from `spot` stays inside the window.
double toward_middle(const json& dump, double spot, int axis, double amount) {
  const double middle = double(dump["viewport"][axis]) + double(dump["viewport"][axis + 2]) / 2;
  return spot < middle ? amount : -amount;
}

TEST(EndToEndCamera, RightAndMiddleDragPanThe2DViewWithTheMouse) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-polygon");
  const auto spot = empty_spot(before);
  const double dx = toward_middle(before, spot[0], 0, 90), dy = toward_middle(before, spot[1], 1, 50);
  AppWindow app("closest-point-polygon");
  app.drag(3, spot[0], spot[1], dx, dy);                // right button
  app.drag(2, spot[0], spot[1], -dx / 3, -dy / 3, 5);  // middle button, partly back
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  // The world followed the mouse: every handle moved on screen by the sum of the drags.
  expect_screen_shift(before, after, dx * 2 / 3, dy * 2 / 3);
  EXPECT_EQ(after["state"], before["state"]);  // a pan that ends off a handle edits nothing
  EXPECT_EQ(after["camera"]["units_per_pixel"], before["camera"]["units_per_pixel"]);
}

TEST(EndToEndCamera, ArrowKeysPanThe2DView) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-segment");
  AppWindow app("closest-point-segment");
  app.keys("Left Left Up");  // 40 px a press: the view looks left and up, the scene slides right and down
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  expect_screen_shift(before, after, 80, 40);
}

TEST(EndToEndCamera, WheelZoomsThe2DViewAboutTheCursor) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-polygon");
  const auto spot = empty_spot(before);
  const double cx = std::round(spot[0]), cy = std::round(spot[1]);
  AppWindow app("closest-point-polygon");
  app.move(cx + 1, cy);
  app.move(cx, cy);
  app.wheel(3);
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  const double factor = std::pow(kWheelStep, 3);
  EXPECT_NEAR(double(after["camera"]["units_per_pixel"]), double(before["camera"]["units_per_pixel"]) / factor, 1e-12);
  // The world point under the cursor stayed there: everything else scaled away from it.
  ASSERT_EQ(before["handles"].size(), after["handles"].size());
  for (std::size_t i = 0; i < before["handles"].size(); ++i) {
    const json& s0 = before["handles"][i]["screen"];
    const json& s1 = after["handles"][i]["screen"];
    EXPECT_NEAR(double(s1[0]), cx + (double(s0[0]) - cx) * factor, 1.5);
    EXPECT_NEAR(double(s1[1]), cy + (double(s0[1]) - cy) * factor, 1.5);
  }
}

TEST(EndToEndCamera, LeftDragOnEmptySpaceOrbitsThe3DCamera) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-obb");
  const auto spot = empty_spot(before);
  const double dx = toward_middle(before, spot[0], 0, 120), dy = toward_middle(before, spot[1], 1, 50);
  AppWindow app("closest-point-obb");
  app.drag(1, spot[0], spot[1], dx, dy);
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  const json &c0 = before["camera"], &c1 = after["camera"];
  // 0.008 rad a pixel: dragging right turns the scene right (yaw falls), down looks from higher up.
  EXPECT_NEAR(std::remainder(double(c1["yaw"]) - double(c0["yaw"]) + dx * 0.008, 2 * M_PI), 0, 2 * 0.008);
  EXPECT_NEAR(double(c1["pitch"]) - double(c0["pitch"]), dy * 0.008, 2 * 0.008);
  EXPECT_EQ(c1["target"], c0["target"]);
  EXPECT_EQ(c1["distance"], c0["distance"]);
  EXPECT_EQ(after["state"], before["state"]);  // the shapes stayed where they were
}

TEST(EndToEndCamera, RightDragPansThe3DCamera) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-obb");
  const auto spot = empty_spot(before);
  const double dx = toward_middle(before, spot[0], 0, 100), dy = toward_middle(before, spot[1], 1, 60);
  AppWindow app("closest-point-obb");
  app.drag(3, spot[0], spot[1], dx, dy);
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  const json &c0 = before["camera"], &c1 = after["camera"];
  EXPECT_NE(c1["target"], c0["target"]);
  EXPECT_EQ(c1["yaw"], c0["yaw"]);
  EXPECT_EQ(c1["pitch"], c0["pitch"]);
  EXPECT_EQ(c1["distance"], c0["distance"]);
  // The plane through the target follows the mouse exactly; in perspective a point nearer
  // the eye moves more and a farther one less, in proportion to 1 / depth.
  for (std::size_t i = 0; i < before["handles"].size(); ++i) {
    const json& h0 = before["handles"][i];
    const json& h1 = after["handles"][i];
    SCOPED_TRACE(h0["label"].get<std::string>());
    EXPECT_EQ(h1["world"], h0["world"]);
    const double scale = double(c0["distance"]) / depth(c0, h0["world"]);
    EXPECT_NEAR(double(h1["screen"][0]) - double(h0["screen"][0]), dx * scale, 1.5);
    EXPECT_NEAR(double(h1["screen"][1]) - double(h0["screen"][1]), dy * scale, 1.5);
  }
}

TEST(EndToEndCamera, WheelZoomsThe3DCameraTowardTheCursor) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-obb");
  // With the cursor on P, P lies on the ray the camera zooms along: it stays under the cursor.
  const json& p0 = handle(before, "p");
  const double cx = std::round(double(p0["screen"][0])), cy = std::round(double(p0["screen"][1]));
  AppWindow app("closest-point-obb");
  app.move(cx + 1, cy);
  app.move(cx, cy);
  app.wheel(3);
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  const json &c0 = before["camera"], &c1 = after["camera"];
  EXPECT_NEAR(double(c1["distance"]), double(c0["distance"]) / std::pow(kWheelStep, 3), 1e-9);
  EXPECT_EQ(c1["yaw"], c0["yaw"]);
  EXPECT_EQ(c1["pitch"], c0["pitch"]);
  const json& p1 = handle(after, "p");
  EXPECT_EQ(p1["world"], p0["world"]);
  EXPECT_NEAR(double(p1["screen"][0]), cx, 1.5);
  EXPECT_NEAR(double(p1["screen"][1]), cy, 1.5);
  // Everything else came closer and spread away from the cursor.
  for (const auto& h0 : handles_with_prefix(before, "box")) {
    const json& h1 = handle(after, h0["label"]);
    EXPECT_GT(screen_distance(h1["screen"], json{cx, cy}), screen_distance(h0["screen"], json{cx, cy}) + 5)
        << h0["label"];
  }
}

TEST(EndToEndCamera, HomeFramesThe3DSceneAgainAndKeepsTheViewDirection) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-obb");
  const auto spot = empty_spot(before);
  const double dx = toward_middle(before, spot[0], 0, 80), dy = toward_middle(before, spot[1], 1, 40);
  AppWindow app("closest-point-obb");
  app.drag(1, spot[0], spot[1], dx, dy);  // orbit
  app.drag(3, spot[0], spot[1], dx, dy);  // pan
  app.move(spot[0], spot[1]);
  app.wheel(-4);  // zoom out
  app.keys("Home");
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  const json &c0 = before["camera"], &c1 = after["camera"];
  // The framing of the opening view: the same target and distance, seen from the orbited direction.
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(double(c1["target"][i]), double(c0["target"][i]), 1e-9);
  EXPECT_NEAR(double(c1["distance"]), double(c0["distance"]), 1e-9);
  EXPECT_GT(std::abs(double(c1["yaw"]) - double(c0["yaw"])), 0.2);
  const json& viewport = after["viewport"];
  for (const auto& h : after["handles"]) {  // every handle on screen, inside the scene
    EXPECT_TRUE(h["visible"].get<bool>()) << h["label"];
    EXPECT_GT(double(h["screen"][0]), double(viewport[0])) << h["label"];
    EXPECT_LT(double(h["screen"][0]), double(viewport[0]) + double(viewport[2])) << h["label"];
    EXPECT_GT(double(h["screen"][1]), double(viewport[1])) << h["label"];
    EXPECT_LT(double(h["screen"][1]), double(viewport[1]) + double(viewport[3])) << h["label"];
  }
}

TEST(EndToEndCamera, TabHidesTheUiAndTheSceneTakesTheWholeWindow) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-segment");
  AppWindow app("closest-point-segment");
  app.keys("Tab");
  const json hidden = app.quit();
  ASSERT_TRUE(hidden.is_object());
  EXPECT_GT(double(before["viewport"][0]), 0);  // the side panel
  EXPECT_EQ(hidden["viewport"], json({0, 0, 1000, 700}));
  // The 2D camera kept its centre, now the middle of the whole window.
  EXPECT_EQ(hidden["camera"], before["camera"]);
}

}  // namespace
