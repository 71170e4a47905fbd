// Plays the dot-product tutorial's game in the real app: W A S D walk the player, and no
// amount of walking into a wall gets its centre through, or nearer to it than its radius.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace e2e;

namespace {

const std::string kGame = "tutorial-dot-product-game";

struct Vec2 {
  double x, y;
};

Vec2 xy(const json& point) { return {double(point[0]), double(point[1])}; }

// Which side of a wall's line P is on, and how far: positive to the left of a → b.
double signed_distance(const json& wall, Vec2 p) {
  const Vec2 a = xy(wall["a"]), b = xy(wall["b"]);
  const double length = std::hypot(b.x - a.x, b.y - a.y);
  return ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / length;
}

// The distance from P to the wall segment (the closest point clamped to the segment).
double distance_to_segment(const json& wall, Vec2 p) {
  const Vec2 a = xy(wall["a"]), b = xy(wall["b"]);
  const double ex = b.x - a.x, ey = b.y - a.y;
  const double t = std::clamp(((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey), 0.0, 1.0);
  return std::hypot(p.x - (a.x + t * ex), p.y - (a.y + t * ey));
}

TEST(EndToEndGame, WasdWalksThePlayer) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe(kGame);
  const Vec2 start = xy(before["state"]["shapes"]["player"]["center"]);
  AppWindow app(kGame);
  app.hold("a", 300);  // left, along the floor, away from the walls of the corner it starts in
  app.hold("w", 250);  // then up, into open space
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  const Vec2 end = xy(after["state"]["shapes"]["player"]["center"]);
  // At 6 units a second, 0.3 s walk about 1.8 units; slow frames walk less, never backwards.
  EXPECT_LT(end.x, start.x - 0.3);
  EXPECT_GT(end.y, start.y + 0.3);
  // Walking is not dragging: the walls and the camera stayed where they were.
  for (const auto& [name, shape] : after["state"]["shapes"].items()) {
    if (name == "player") continue;
    EXPECT_EQ(shape, before["state"]["shapes"][name]) << name;
  }
  EXPECT_EQ(after["camera"], before["camera"]);  // W A S D are not the camera's keys here
}

// A small, fast player (radius 0.1, 60 units a second: a frame's step is several radii)
// held against the floor and then into the corner it makes with a slanted wall.
TEST(EndToEndGame, WalkingIntoWallsNeverGetsThePlayerThrough) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const std::string args = "--param speed=60 --param radius=0.1";
  const json before = probe(kGame, args);
  const double radius = before["state"]["shapes"]["player"]["radius"];
  ASSERT_EQ(radius, 0.1);
  const Vec2 start = xy(before["state"]["shapes"]["player"]["center"]);
  AppWindow app(kGame, args);
  app.hold("s", 700);    // straight down into the floor (wall1)
  app.hold("s d", 900);  // down and right: into the corner of the floor and wall4
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  const Vec2 end = xy(after["state"]["shapes"]["player"]["center"]);
  const json& shapes = after["state"]["shapes"];
  // Every wall the same side of the centre as at the start, and at least a radius away.
  for (const auto& [name, wall] : shapes.items()) {
    if (name == "player") continue;
    SCOPED_TRACE(name);
    const double side0 = signed_distance(before["state"]["shapes"][name], start);
    EXPECT_GT(signed_distance(wall, end) * side0, 0) << "the centre crossed the wall's line";
    EXPECT_GE(distance_to_segment(wall, end), radius * (1 - 1e-3));
  }
  // And it got there: pressed into the corner, a radius from both walls.
  EXPECT_NEAR(distance_to_segment(shapes["wall1"], end), radius, 1e-3);
  EXPECT_NEAR(distance_to_segment(shapes["wall4"], end), radius, 1e-3);
  // The sample's answers: the distance from the centre to each wall, by the wall's name.
  ASSERT_EQ(after["results"].size(), shapes.size() - 1);
  for (const auto& wall : after["results"]) {
    EXPECT_NEAR(double(wall["distance"]), distance_to_segment(shapes[wall["id"].get<std::string>()], end), 1e-9);
  }
}

}  // namespace
