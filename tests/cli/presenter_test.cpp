// The presenter's answer card in words (app/shell/presenter.h).
#include "app/shell/presenter.h"

#include <gtest/gtest.h>

namespace {

using nlohmann::ordered_json;

TEST(AnswerCard, SaysTheAnswerInAFewWords) {
  const auto one = [](const char* text) { return answer_card_lines(ordered_json::parse(text)); };
  EXPECT_EQ(one(R"([{"id": "A-B", "overlap": false, "separation": 1.41382}])"),
            std::vector<std::string>{"separated: gap 1.414"});
  EXPECT_EQ(one(R"([{"id": "A-B", "overlap": true, "depth": 0.25}])"), std::vector<std::string>{"overlapping: depth 0.250"});
  EXPECT_EQ(one(R"([{"id": "p", "distance": 3.1470, "feature": "edge ab", "inside": false}])"),
            std::vector<std::string>{"distance 3.147 (edge ab)"});
  EXPECT_EQ(one(R"([{"id": "p", "inside": true}])"), std::vector<std::string>{"inside"});
  EXPECT_EQ(one(R"([{"id": "p", "inside": false}])"), std::vector<std::string>{"outside"});
  EXPECT_EQ(one(R"([{"id": "p", "distance": 1e-9}])"), std::vector<std::string>{"distance 1.00e-09"});
}

TEST(AnswerCard, NamesEachOfSeveralQueriesAndCountsTheRest) {
  const auto lines = answer_card_lines(ordered_json::parse(
      R"([{"id": "a", "distance": 1}, {"id": "b", "distance": 2}, {"id": "c", "distance": 3}, {"id": "d", "distance": 4},
          {"id": "e", "distance": 5}, {"id": "f", "distance": 6}])"));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], "a: distance 1.000");
  EXPECT_EQ(lines[3], "d: distance 4.000");
  EXPECT_EQ(lines[4], "and 2 more");
  EXPECT_TRUE(answer_card_lines(ordered_json::object()).empty());
}

TEST(AnswerCard, QueriesAboutOnePairAreNotNamed) {
  const auto lines = answer_card_lines(ordered_json::parse(
      R"([{"id": "A-B", "overlap": false, "separation": 1.648}, {"id": "A-B", "overlap": false, "distance": 1.648}])"));
  EXPECT_EQ(lines, (std::vector<std::string>{"separated: gap 1.648", "separated: distance 1.648"}));
}

TEST(AnswerCard, GoesToTheCornerThatHidesFewestHandles) {
  const ScreenRect window{0, 0, 1280, 800}, card{0, 0, 400, 150};
  const ScreenRect top_left_handle{100, 100, 20, 20}, bottom_right_handle{1100, 700, 20, 20};
  const std::vector<ScreenRect> one{top_left_handle};
  EXPECT_EQ(answer_card_corner(card, one, window, 16, 0), 3);  // of the free corners, the farthest from it
  const std::vector<ScreenRect> two{top_left_handle, {1000, 100, 20, 20}, bottom_right_handle};
  EXPECT_EQ(answer_card_corner(card, two, window, 16, 0), 2);  // only the bottom left is free
  // Where no corner is better, it stays, so it does not jump about during a drag.
  const std::vector<ScreenRect> none;
  EXPECT_EQ(answer_card_corner(card, none, window, 16, 3), 3);
  const ScreenRect at = card_at_corner(400, 150, window, 16, 3);
  EXPECT_FLOAT_EQ(at.right(), 1264);
  EXPECT_FLOAT_EQ(at.bottom(), 784);
}

TEST(PresenterGrowth, EnlargesToAtLeastThePresenterScaleButNoMore) {
  EXPECT_FLOAT_EQ(presenter_growth(100), kPresenterScale);
  EXPECT_FLOAT_EQ(presenter_growth(100) * 1.0f, presenter_growth(175) * 1.75f);
  EXPECT_FLOAT_EQ(presenter_growth(250), 1.0f);  // 250% is already larger than presenter mode makes 100%
  EXPECT_FLOAT_EQ(presenter_growth(300), 1.0f);
}

}  // namespace
