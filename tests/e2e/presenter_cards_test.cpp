// Presenter mode's cards in the real app: F6 and F7 add the formula and the test table
// beside the answer card, each in its own corner, none over another.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

using namespace e2e;

namespace {

bool overlap(const json& a, const json& b) {
  const double ax = a[0], ay = a[1], aw = a[2], ah = a[3], bx = b[0], by = b[1], bw = b[2], bh = b[3];
  return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

TEST(PresenterCards, F6AndF7AddTheFormulaAndTheTestTableBesideTheAnswer) {
  if (!have_display()) GTEST_SKIP() << "no display";
  AppWindow app("closest-point-triangle", "", "1600x1000");  // a projector's room for three cards
  ASSERT_TRUE(app.ok());
  app.keys("F5 F6 F7");
  pause_ms(1000);  // a frame or more drawn with the cards, on a loaded machine
  const json dump = app.quit();
  ASSERT_TRUE(dump.is_object());
  const json& cards = dump["cards"];
  ASSERT_TRUE(cards.contains("answer") && cards.contains("formula") && cards.contains("table")) << cards;
  EXPECT_FALSE(overlap(cards["answer"], cards["formula"])) << cards;
  EXPECT_FALSE(overlap(cards["answer"], cards["table"])) << cards;
  EXPECT_FALSE(overlap(cards["formula"], cards["table"])) << cards;
  for (const auto& [name, rect] : cards.items()) {
    for (const json& label : dump["labels"]) EXPECT_FALSE(overlap(rect, label["rect"])) << name << " covers " << label;
  }
}

}  // namespace
