// Undo and redo: the history of states and settings, and the host recording one step per
// edit, also for edits that add and remove shapes (the game's walls) and settings.
#include "app/document/history.h"
#include "app/host/sample_host.h"

#include <gtest/gtest.h>

namespace {
Snapshot with_point(double x) {
  Snapshot snapshot;
  snapshot.state.add("p", {x, 0, 0});
  return snapshot;
}

double x_of(const Snapshot& snapshot) { return snapshot.state.points[0].position.x; }

TEST(History, UndoAndRedoStepThroughRecordedStatesAndANewEditDropsTheRedos) {
  History history;
  Snapshot current = with_point(0);
  for (int i = 1; i <= 3; ++i) {
    const Snapshot before = current;
    current = with_point(i);
    history.record("move " + std::to_string(i), before);
  }
  ASSERT_EQ(*history.next_undo(), "move 3");
  EXPECT_TRUE(history.undo(current));
  EXPECT_TRUE(history.undo(current));
  EXPECT_EQ(x_of(current), 1);
  EXPECT_EQ(*history.next_redo(), "move 2");
  EXPECT_TRUE(history.redo(current));
  EXPECT_EQ(x_of(current), 2);
  const Snapshot before = current;
  current = with_point(7);
  history.record("move 7", before);
  EXPECT_EQ(history.next_redo(), nullptr);
  EXPECT_FALSE(history.redo(current));
  while (history.undo(current)) {
  }
  EXPECT_EQ(x_of(current), 0);
}

TEST(History, KeepsTheLast500Steps) {
  History history;
  Snapshot current = with_point(0);
  for (int i = 1; i <= 600; ++i) history.record("step", with_point(i));
  EXPECT_EQ(history.undo_steps(), History::kMaxSteps);
  int undone = 0;
  while (history.undo(current)) ++undone;
  EXPECT_EQ(undone, 500);
  EXPECT_EQ(x_of(current), 101);  // the oldest kept step
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
TEST(History, StepsCarryTheSettingsWithTheState) {
  History history;
  Snapshot current = with_point(0);
  current.settings = {{"points", 1000}};
  const Snapshot before = current;
  current.settings = {{"points", 50}};
  history.record("Change settings", before);
  ASSERT_TRUE(history.undo(current));
  EXPECT_EQ(current.settings, before.settings);
  ASSERT_TRUE(history.redo(current));
  EXPECT_EQ(current.settings[0].second, 50);
}

TEST(History, TheHostUndoesAndRedoesASettingAsOneStep) {
  SampleHost host;
  ASSERT_TRUE(host.select("stress-closest-points"));
  const auto points = [&] { return host.sample()->parameters().at(0).second; };
  const double initial = points();
  // As the panel does: the snapshot before the slider moved, the setting changed (over
  // several frames), then one step recorded when the slider is let go.
  const Snapshot before = host.snapshot();
  for (double n : {900.0, 500.0, 50.0}) ASSERT_TRUE(host.sample()->set_parameter("points", n));
  host.record_edit("Change settings", before);
  EXPECT_EQ(host.history().undo_steps(), 1u);
  ASSERT_TRUE(host.undo());
  EXPECT_EQ(points(), initial);
  ASSERT_TRUE(host.redo());
  EXPECT_EQ(points(), 50);
  host.record_edit("Nothing", host.snapshot());
  EXPECT_EQ(*host.history().next_undo(), "Change settings") << "an edit that changed nothing is no step";
  host.reset();
  EXPECT_EQ(points(), initial) << "a reset brings the default settings back";
  ASSERT_TRUE(host.undo());
  EXPECT_EQ(points(), 50) << "and undoing it brings the user's settings back";
}
}  // namespace
