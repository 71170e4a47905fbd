#include "collision_lab/query/message_text.h"
#include "collision_lab/query/shape_json.h"

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

TEST(Quoted, EscapesWhatWouldBreakTheLineAndCuts) {
  EXPECT_EQ(query::quoted_for_message("segment"), "\"segment\"");
  EXPECT_EQ(query::quoted_for_message("segm\nent \"x\" \\ \x01"), "\"segm\\nent \\\"x\\\" \\\\ \\u0001\"");
  const std::string long_type = query::quoted_for_message(std::string(1000, '\n'));
  EXPECT_EQ(long_type.size(), 82u);
  EXPECT_EQ(long_type.find('\n'), std::string::npos);
}

// A scene file fuzzer finding: a type with a newline in it made a two-line refusal.
TEST(Quoted, AnUnknownShapeTypeIsQuotedOnOneLine) {
  try {
    query::read_shape<double>(nlohmann::json{{"type", "segm\nent"}}, "shapes.wall");
    FAIL() << "an unknown type was read";
  } catch (const query::JsonInputError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("shapes.wall.type: unknown shape type \"segm\\nent\" (expected", 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

}  // namespace
