// The keyboard stepping of the SAT samples and GJK / EPA (app/samples/kit/axis_stepper.h).
#include "app/samples/kit/axis_stepper.h"

#include <gtest/gtest.h>

namespace {

TEST(AxisStepper, NextAndPreviousStopAtTheEnds) {
  kit::AxisStepper stepper;
  EXPECT_TRUE(stepper.key(GLFW_KEY_N, true, 1, 4));
  EXPECT_EQ(stepper.picked, 2);
  EXPECT_TRUE(stepper.key(GLFW_KEY_DOWN, true, 3, 4));
  EXPECT_EQ(stepper.picked, 3);  // the last stays the last
  EXPECT_TRUE(stepper.key(GLFW_KEY_P, true, 0, 4));
  EXPECT_EQ(stepper.picked, 0);  // the first stays the first
  EXPECT_TRUE(stepper.key(GLFW_KEY_UP, false, 0, 4));  // a release is taken, and does nothing
  EXPECT_EQ(stepper.picked, 0);
  EXPECT_FALSE(stepper.key(GLFW_KEY_W, true, 0, 4));  // not a stepping key: the camera's
}

TEST(AxisStepper, SpacePlaysTheAxesAtThePaceAndStopsAtTheLast) {
  kit::AxisStepper stepper;
  stepper.seconds_per_step = 1.0f;
  ASSERT_TRUE(stepper.key(GLFW_KEY_SPACE, true, 1, 3));
  EXPECT_TRUE(stepper.playing);
  EXPECT_EQ(stepper.picked, 1);  // from the axis on screen
  stepper.update(0.6, 3);
  EXPECT_EQ(stepper.picked, 1);
  stepper.update(0.6, 3);
  EXPECT_EQ(stepper.picked, 2);
  stepper.update(1.0, 3);
  EXPECT_EQ(stepper.picked, 2);
  EXPECT_FALSE(stepper.playing);
  ASSERT_TRUE(stepper.key(GLFW_KEY_SPACE, true, 2, 3));  // played to the end: again from the start
  EXPECT_EQ(stepper.picked, 0);
  ASSERT_TRUE(stepper.key(GLFW_KEY_N, true, 0, 3));  // a step stops the play
  EXPECT_FALSE(stepper.playing);
  EXPECT_EQ(stepper.picked, 1);
}

}  // namespace
