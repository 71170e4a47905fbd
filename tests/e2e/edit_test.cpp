// Edits shapes in the real app as a user would: a double-click on empty space adds a vertex
// where the mouse is, a right-click on a vertex removes it, and the answer follows the new
// shape. Checked in the dump written at exit.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace e2e;

namespace {

struct Vec2 {
  double x, y;
};

Vec2 xy(const json& point) { return {double(point[0]), double(point[1])}; }

// The closest point of a convex polygon's boundary to an outside point P: the nearest of
// its edges' closest points, each a projection clamped to the edge.
Vec2 closest_on_boundary(const std::vector<Vec2>& polygon, Vec2 p) {
  Vec2 best{0, 0};
  double best_distance = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Vec2 a = polygon[i], b = polygon[(i + 1) % polygon.size()];
    const double ex = b.x - a.x, ey = b.y - a.y;
    const double t = std::clamp(((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey), 0.0, 1.0);
    const Vec2 q{a.x + t * ex, a.y + t * ey};
    const double d = std::hypot(p.x - q.x, p.y - q.y);
    if (d < best_distance) best_distance = d, best = q;
  }
  return best;
}

std::vector<Vec2> polygon_of(const json& dump) {
  std::vector<Vec2> vertices;
  for (const auto& v : dump["state"]["shapes"]["polygon"]["vertices"]) vertices.push_back(xy(v));
  return vertices;
}

// The handle drawn at a world position (within a millionth), or null.
json handle_at(const json& dump, const json& world) {
  for (const auto& h : dump["handles"]) {
    double d = 0;
    for (int i = 0; i < 3; ++i) d = std::max(d, std::abs(double(h["world"][i]) - double(world[i])));
    if (d < 1e-6) return h;
  }
  return json();
}

// In 2D, where a world point is on screen: from any handle, at the camera's scale (y down).
Vec2 screen_of_2d(const json& dump, Vec2 world) {
  const json& reference = dump["handles"][0];
  const double units = dump["camera"]["units_per_pixel"];
  return {double(reference["screen"][0]) + (world.x - double(reference["world"][0])) / units,
          double(reference["screen"][1]) - (world.y - double(reference["world"][1])) / units};
}

// The handle of `prefix` farthest on screen from every other handle: a safe one to click.
json loneliest(const json& dump, const std::string& prefix) {
  json best;
  double best_gap = -1;
  for (const auto& h : handles_with_prefix(dump, prefix)) {
    double gap = std::numeric_limits<double>::infinity();
    for (const auto& other : dump["handles"]) {
      if (other["label"] != h["label"]) gap = std::min(gap, screen_distance(h["screen"], other["screen"]));
    }
    if (gap > best_gap) best_gap = gap, best = h;
  }
  return best;
}

TEST(EndToEndEdit, DoubleClickOutsideAPolygonAddsAVertexThereAndTheAnswerFollows) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-polygon");
  ASSERT_EQ(polygon_of(before).size(), 5u);
  // Beyond the edge v2-v3, level with P: the hull grows a sixth vertex, nearer to P than v2.
  const Vec2 click = screen_of_2d(before, {3.6, 2.2});
  const double cx = std::round(click.x), cy = std::round(click.y);
  AppWindow app("closest-point-polygon");
  app.move(cx + 1, cy);
  app.move(cx, cy);
  app.click(1, 2);
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  const auto polygon = polygon_of(after);
  ASSERT_EQ(polygon.size(), 6u);
  const auto vertices = handles_with_prefix(after, "polygon[");
  ASSERT_EQ(vertices.size(), 6u);
  // The new vertex sits under the mouse: the only handle within a pixel of the click.
  int under_click = 0;
  for (const auto& v : vertices) under_click += screen_distance(v["screen"], json{cx, cy}) < 1.0;
  EXPECT_EQ(under_click, 1);
  // The answer is P's closest point on the new polygon, recomputed here.
  const Vec2 p = xy(after["state"]["points"]["p"]);
  const Vec2 q = closest_on_boundary(polygon, p);
  EXPECT_NEAR(double(after["results"][0]["point"][0]), q.x, 1e-9);
  EXPECT_NEAR(double(after["results"][0]["point"][1]), q.y, 1e-9);
  EXPECT_NEAR(double(after["results"][0]["distance"]), std::hypot(p.x - q.x, p.y - q.y), 1e-9);
  EXPECT_LT(double(after["results"][0]["distance"]), double(before["results"][0]["distance"]));
  EXPECT_EQ(after["results"][0]["edge_distances"].size(), 6u);
}

TEST(EndToEndEdit, RightClickOnAPolygonVertexRemovesItAndTheAnswerFollows) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-polygon");
  // The vertex P is nearest to: without it, the answer moves onto the edge that replaces it.
  const json target = handle_at(before, json{before["results"][0]["point"][0], before["results"][0]["point"][1], 0});
  ASSERT_FALSE(target.is_null()) << "P's closest point is not a vertex";
  const double x = target["screen"][0], y = target["screen"][1];
  AppWindow app("closest-point-polygon");
  app.move(x + 1, y);
  app.move(x, y);
  app.click(3);
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  const auto polygon = polygon_of(after);
  ASSERT_EQ(polygon.size(), 4u);
  EXPECT_TRUE(handle_at(after, target["world"]).is_null()) << "the clicked vertex is still there";
  EXPECT_EQ(after["camera"], before["camera"]);  // a click is not a pan
  const Vec2 p = xy(after["state"]["points"]["p"]);
  const Vec2 q = closest_on_boundary(polygon, p);
  EXPECT_NEAR(double(after["results"][0]["point"][0]), q.x, 1e-9);
  EXPECT_NEAR(double(after["results"][0]["point"][1]), q.y, 1e-9);
  EXPECT_GT(double(after["results"][0]["distance"]), double(before["results"][0]["distance"]));
  EXPECT_EQ(after["results"][0]["feature"].get<std::string>().rfind("edge", 0), 0u) << after["results"][0]["feature"];
}

TEST(EndToEndEdit, DoubleClickBesideAPolyhedronAddsAHullVertexUnderTheMouse) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-polyhedron");
  const auto hull = handles_with_prefix(before, "hull[");
  ASSERT_GE(hull.size(), 4u);
  // Left of the leftmost vertex on screen: outside the hull's outline, so the point the
  // double-click makes (on the plane through the target, facing the camera) is outside it.
  const json leftmost = *std::min_element(hull.begin(), hull.end(), [](const json& a, const json& b) {
    return double(a["screen"][0]) < double(b["screen"][0]);
  });
  const double cx = std::round(double(leftmost["screen"][0]) - 60), cy = std::round(double(leftmost["screen"][1]));
  AppWindow app("closest-point-polyhedron");
  app.move(cx + 1, cy);
  app.move(cx, cy);
  app.click(1, 2);
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["camera"], before["camera"]);  // the clicks did not orbit
  const auto grown = handles_with_prefix(after, "hull[");
  EXPECT_EQ(grown.size(), hull.size() + 1);
  int under_click = 0;
  for (const auto& v : grown) under_click += screen_distance(v["screen"], json{cx, cy}) < 1.0;
  EXPECT_EQ(under_click, 1);
  EXPECT_NE(after["results"][0]["face_distances"], before["results"][0]["face_distances"]);
}

TEST(EndToEndEdit, RightClickOnAPolyhedronVertexRemovesIt) {
  if (!have_display()) GTEST_SKIP() << "needs an X display (make test provides Xvfb)";
  const json before = probe("closest-point-polyhedron");
  const json target = loneliest(before, "hull[");
  ASSERT_FALSE(target.is_null());
  const double x = target["screen"][0], y = target["screen"][1];
  AppWindow app("closest-point-polyhedron");
  app.move(x + 1, y);
  app.move(x, y);
  app.click(3);
  const json after = app.quit();
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(handles_with_prefix(after, "hull[").size(), handles_with_prefix(before, "hull[").size() - 1);
  EXPECT_TRUE(handle_at(after, target["world"]).is_null()) << "the clicked vertex is still there";
  EXPECT_NE(after["results"][0]["face_distances"], before["results"][0]["face_distances"]);
}

}  // namespace

namespace {

// A vertex dragged where the polygon would turn concave stops at the last convex place,
// and the scene says why beside it.
TEST(EndToEndEdit, ARefusedVertexDragSaysWhyWhereItStopped) {
  if (!have_display()) GTEST_SKIP() << "no display";
  const json start = probe("sat-polygons");
  const json& moved = handle(start, "A[2]");
  const json& across = handle(start, "A[0]");
  const double x = moved["screen"][0], y = moved["screen"][1];
  const double to_x = (x + double(across["screen"][0])) / 2, to_y = (y + double(across["screen"][1])) / 2;
  AppWindow app("sat-polygons");
  ASSERT_TRUE(app.ok());
  app.drag(1, x, y, to_x - x, to_y - y);
  const json dump = app.quit();
  // It follows the mouse only while A stays convex: short of the middle of A[2] and A[0].
  const json& stopped = dump["state"]["shapes"]["A"]["vertices"][2];
  EXPECT_GT(double(stopped[0]), -2.0 + 0.1) << stopped.dump();
  std::vector<std::string> texts;
  for (const auto& label : dump["labels"]) texts.push_back(label["text"]);
  const auto why = std::find_if(texts.begin(), texts.end(), [](const std::string& t) { return t.find("convex") != std::string::npos; });
  EXPECT_NE(why, texts.end()) << dump["labels"].dump();
}

}  // namespace
