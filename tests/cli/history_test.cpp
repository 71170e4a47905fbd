// Undo and redo: the history of states, and the host recording one step per edit, also for
// edits that add and remove shapes (the game's walls).
#include "app/history.h"
#include "app/sample_host.h"

#include <gtest/gtest.h>

namespace {
SampleState with_point(double x) {
  SampleState state;
  state.add("p", {x, 0, 0});
  return state;
}

TEST(History, UndoAndRedoStepThroughRecordedStatesAndANewEditDropsTheRedos) {
  History history;
  HistorySnapshot current{with_point(0), {}};
  for (int i = 1; i <= 3; ++i) {
    const SampleState before = current.state;
    current.state = with_point(i);
    history.record("move " + std::to_string(i), before);
  }
  ASSERT_EQ(*history.next_undo(), "move 3");
  EXPECT_TRUE(history.undo(current));
  EXPECT_TRUE(history.undo(current));
  EXPECT_EQ(current.state.points[0].position.x, 1);
  EXPECT_EQ(*history.next_redo(), "move 2");
  EXPECT_TRUE(history.redo(current));
  EXPECT_EQ(current.state.points[0].position.x, 2);
  const SampleState before = current.state;
  current.state = with_point(7);
  history.record("move 7", before);
  EXPECT_EQ(history.next_redo(), nullptr);
  EXPECT_FALSE(history.redo(current));
  while (history.undo(current)) {
  }
  EXPECT_EQ(current.state.points[0].position.x, 0);
}

TEST(History, KeepsTheLast500Steps) {
  History history;
  HistorySnapshot current{with_point(0), {}};
  for (int i = 1; i <= 600; ++i) history.record("step", with_point(i));
  EXPECT_EQ(history.undo_steps(), History::kMaxSteps);
  int undone = 0;
  while (history.undo(current)) ++undone;
  EXPECT_EQ(undone, 500);
  EXPECT_EQ(current.state.points[0].position.x, 101);  // the oldest kept step
}

TEST(History, TheHostUndoesAnAddedWallAndAReset) {
  SampleHost host;
  ASSERT_TRUE(host.select("tutorial-dot-product-game"));
  const Viewport viewport{0, 0, 800, 600};
  PointerInput input;
  input.position = host.camera_2d.world_to_screen({-4.5, -1.5}, viewport);
  host.handle_input(input, viewport);  // hover first, as the mouse does
  input.left_double_clicked = true;
  host.handle_input(input, viewport);
  const auto shapes = [&] { return host.sample()->state.shapes.size(); };
  ASSERT_EQ(shapes(), 7u) << "a double-click on empty space adds a wall";
  EXPECT_EQ(*host.history().next_undo(), "Add vertex");
  ASSERT_TRUE(host.undo());
  EXPECT_EQ(shapes(), 6u);
  host.update(0.016);  // the game runs on its own walls again
  EXPECT_EQ(host.sample()->queries().size(), 5u);
  ASSERT_TRUE(host.redo());
  EXPECT_EQ(shapes(), 7u);
  EXPECT_EQ(host.sample()->queries().size(), 6u);
  host.reset();
  EXPECT_EQ(shapes(), 6u);
  ASSERT_TRUE(host.undo());  // the reset itself is a step
  EXPECT_EQ(shapes(), 7u);
}
}  // namespace
