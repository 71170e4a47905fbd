#include "query/message_text.h"

#include <gtest/gtest.h>

namespace {

TEST(CutForMessage, KeepsShortTextWhole) {
  EXPECT_EQ(query::cut_for_message("scene.json"), "scene.json");
  EXPECT_EQ(query::cut_for_message(std::string(80, 'a')), std::string(80, 'a'));
}

TEST(CutForMessage, CutsLongTextTo80BytesWithAnEllipsis) {
  const std::string cut = query::cut_for_message(std::string(400000, 'a'));
  EXPECT_EQ(cut.size(), 80u);
  EXPECT_EQ(cut.substr(77), "...");
}

TEST(CutForMessage, NeverSplitsAUtf8Character) {
  std::string text(76, 'a');
  for (int i = 0; i < 10; ++i) text += "\xC3\xA9";  // é, two bytes: one would straddle byte 77
  const std::string cut = query::cut_for_message(text);
  EXPECT_EQ(cut, std::string(76, 'a') + "...");
}

}  // namespace
