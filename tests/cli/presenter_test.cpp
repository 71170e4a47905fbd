// The presenter's answer card in words (app/presenter.h).
#include "app/presenter.h"

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

}  // namespace
