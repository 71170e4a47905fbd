// The pen's bookkeeping: with the pen up the pointer passes untouched; with it down a left
// drag over the scene draws one stroke and the host sees no left button; a scene of another
// generation wipes the ink, and so does wipe().
#include "app/shell/presenter_tools.h"

#include <gtest/gtest.h>

namespace {

PointerInput left(bool pressed, bool down, bool over_scene = true) {
  PointerInput input;
  input.left_pressed = pressed;
  input.left_down = down;
  input.over_scene = over_scene;
  return input;
}

TEST(PresenterTools, WithThePenUpThePointerIsTheHosts) {
  PresenterTools tools;
  PointerInput input = left(true, true);
  tools.take_pointer(input, 1, ImVec2(10, 10));
  EXPECT_TRUE(input.left_pressed && input.left_down);
  EXPECT_TRUE(tools.strokes.empty());
}

TEST(PresenterTools, ADragDrawsOneStrokeAndTheHostSeesNoLeftButton) {
  PresenterTools tools;
  tools.pen = true;
  PointerInput press = left(true, true);
  press.left_double_clicked = true;
  tools.take_pointer(press, 1, ImVec2(10, 10));
  EXPECT_FALSE(press.left_pressed || press.left_down || press.left_double_clicked) << "no handle is picked or added";
  for (int i = 1; i <= 5; ++i) {
    PointerInput held = left(false, true);
    tools.take_pointer(held, 1, ImVec2(10.0f + float(i) * 3, 10));
    EXPECT_FALSE(held.left_down);
  }
  PointerInput still = left(false, true);
  tools.take_pointer(still, 1, ImVec2(25.2f, 10));  // under a pixel from the last point: not kept
  PointerInput released = left(false, false);
  tools.take_pointer(released, 1, ImVec2(40, 40));
  ASSERT_EQ(tools.strokes.size(), 1u);
  EXPECT_EQ(tools.strokes[0].size(), 6u);
  EXPECT_EQ(tools.dump()["points"], 6);

  PointerInput over_panel = left(true, true, false);
  tools.take_pointer(over_panel, 1, ImVec2(5, 5));
  EXPECT_EQ(tools.strokes.size(), 1u) << "a press on the panel draws nothing";

  PointerInput next_scene = left(false, false);
  tools.take_pointer(next_scene, 2, ImVec2(5, 5));
  EXPECT_TRUE(tools.strokes.empty()) << "another scene wipes the ink";
  EXPECT_TRUE(tools.pen);

  PointerInput again = left(true, true);
  tools.take_pointer(again, 2, ImVec2(1, 1));
  tools.wipe();
  EXPECT_TRUE(tools.strokes.empty());
  EXPECT_FALSE(tools.drawing);
}

}  // namespace
