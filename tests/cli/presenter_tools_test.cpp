// The pen's bookkeeping: with the pen up the pointer passes untouched; with it down a left
// drag over the scene draws one stroke of scene points and the host sees no left button;
// the ink is drawn where its points are now on screen; a scene of another generation
// wipes the ink, and so does wipe().
#include "app/shell/presenter_tools.h"

#include <gtest/gtest.h>

namespace {

// A 2D view of one world unit to the pixel, and its inverse.
glm::dvec3 flat(glm::dvec2 at) { return glm::dvec3(at, 0); }

PointerInput left(bool pressed, bool down, glm::dvec2 at, bool over_scene = true) {
  PointerInput input;
  input.left_pressed = pressed;
  input.left_down = down;
  input.position = at;
  input.over_scene = over_scene;
  return input;
}

TEST(PresenterTools, WithThePenUpThePointerIsTheHosts) {
  PresenterTools tools;
  PointerInput input = left(true, true, {10, 10});
  tools.take_pointer(input, 1, flat);
  EXPECT_TRUE(input.left_pressed && input.left_down);
  EXPECT_TRUE(tools.strokes.empty());
}

TEST(PresenterTools, ADragDrawsOneStrokeOfScenePointsAndTheHostSeesNoLeftButton) {
  PresenterTools tools;
  tools.pen = true;
  PointerInput press = left(true, true, {10, 10});
  press.left_double_clicked = true;
  tools.take_pointer(press, 1, flat);
  EXPECT_FALSE(press.left_pressed || press.left_down || press.left_double_clicked) << "no handle is picked or added";
  for (int i = 1; i <= 5; ++i) {
    PointerInput held = left(false, true, {10.0 + i * 3, 10});
    tools.take_pointer(held, 1, [](glm::dvec2 at) { return glm::dvec3(at * 0.5, 7); });  // another view: other points
    EXPECT_FALSE(held.left_down);
  }
  PointerInput still = left(false, true, {25.2, 10});  // under a pixel from the last point: not kept
  tools.take_pointer(still, 1, flat);
  PointerInput released = left(false, false, {40, 40});
  tools.take_pointer(released, 1, flat);
  ASSERT_EQ(tools.strokes.size(), 1u);
  ASSERT_EQ(tools.strokes[0].size(), 6u);
  EXPECT_EQ(tools.strokes[0][0], glm::dvec3(10, 10, 0));
  EXPECT_EQ(tools.strokes[0][5], glm::dvec3(12.5, 5, 7)) << "each point where the scene was under the pen";
  EXPECT_EQ(tools.dump()["points"], 6);

  PointerInput over_panel = left(true, true, {5, 5}, false);
  tools.take_pointer(over_panel, 1, flat);
  EXPECT_EQ(tools.strokes.size(), 1u) << "a press on the panel draws nothing";

  PointerInput next_scene = left(false, false, {5, 5});
  tools.take_pointer(next_scene, 2, flat);
  EXPECT_TRUE(tools.strokes.empty()) << "another scene wipes the ink";
  EXPECT_TRUE(tools.pen);

  PointerInput again = left(true, true, {1, 1});
  tools.take_pointer(again, 2, flat);
  tools.wipe();
  EXPECT_TRUE(tools.strokes.empty());
  EXPECT_FALSE(tools.drawing);
}

}  // namespace
