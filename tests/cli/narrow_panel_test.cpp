// The kit's panel layouts at a large UI scale, where the panel is only some 14 font
// heights wide: readouts stack each value under its name, and a checkbox's label wraps
// and still toggles it when clicked.
#include "app/samples/kit/sample_ui.h"
#include "tests/support/headless_imgui.h"

#include <gtest/gtest.h>

namespace {

// `body` in a child window `width` pixels wide (the default font is 13 px high).
template <typename Body> bool in_panel(float width, Body body) {
  ImGui::BeginChild("panel", ImVec2(width, 500));
  const bool result = body();
  ImGui::EndChild();
  return result;
}

TEST(NarrowPanel, ReadoutsStackEachValueUnderItsNameOnlyWhenThePanelIsNarrow) {
  HeadlessImGui ui;
  for (const float width : {380.0f, 180.0f}) {
    int columns = 0;
    float value_y = 0;
    ui.frame([&] {
      return in_panel(width, [&] {
        if (begin_readouts("readouts")) {
          readout("first separating", "edge A1");
          columns = ImGui::TableGetColumnCount();
          value_y = ImGui::GetItemRectMin().y;
          end_readouts();
        }
        return false;
      });
    });
    const bool narrow = width < 200;
    EXPECT_EQ(columns, narrow ? 1 : 2) << width;
    // The value's top: on the name's line when wide, a line or more under it when narrow.
    const float first_line = ImGui::GetStyle().WindowPadding.y + ImGui::GetStyle().CellPadding.y;
    if (narrow) {
      EXPECT_GT(value_y, first_line + ImGui::GetFontSize()) << width;
    } else {
      EXPECT_LT(value_y, first_line + ImGui::GetFontSize()) << width;
    }
  }
}

TEST(NarrowPanel, ACheckboxLabelWrapsAndAClickOnItTogglesTheCheckbox) {
  HeadlessImGui ui;
  bool value = false;
  ImVec2 label_min, label_max;
  const auto body = [&] {
    return in_panel(150, [&] {
      const bool changed = wrapped_checkbox("Compare float and double", value);
      label_min = ImGui::GetItemRectMin();
      label_max = ImGui::GetItemRectMax();
      return changed;
    });
  };
  ui.frame(body);
  ui.frame(body);
  EXPECT_GT(label_max.y - label_min.y, 1.5f * ImGui::GetFontSize());  // two lines, nothing cut
  const ImVec2 on_label(label_min.x + 5, label_max.y - 3);  // on its second line
  ui.frame(body, on_label);
  EXPECT_TRUE(ui.frame(body, on_label, true));
  EXPECT_TRUE(value);
  ui.frame(body, on_label);
  EXPECT_FALSE(ui.frame(body, on_label));
  EXPECT_TRUE(value);
}

}  // namespace

namespace {

// A 3D vector's fields: side by side where "-00.0000" fits in each, one a line under the
// label where not, rather than cut to "-2.00".
TEST(NarrowPanel, VectorFieldsGoOneALineRatherThanCutTheirNumbers) {
  HeadlessImGui ui;
  for (const float width : {380.0f, 120.0f}) {
    ImVec2 size;
    glm::dvec3 v(-2, 0, -1.5);
    ui.frame([&] {
      return in_panel(width, [&] {
        vector_field("min", v, 3);
        size = ImGui::GetItemRectSize();  // the fields' group
        return false;
      });
    });
    const bool stacked = width < 200;
    if (stacked) {
      EXPECT_GT(size.y, 3.5f * ImGui::GetFrameHeight()) << width;  // the label and three rows
    } else {
      EXPECT_LT(size.y, 1.5f * ImGui::GetFrameHeight()) << width;
    }
    EXPECT_LE(size.x, width) << width;
  }
}

}  // namespace
