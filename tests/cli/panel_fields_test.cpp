// The panel's numbers: how they are shown (4 decimals or every digit, never "-0.0000") and
// read back (every typed digit kept), and typing into the state's fields through a
// headless ImGui, including an edit the panel refuses.
#include "app/samples/kit/number_field.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/hull.h"
#include "tests/support/headless_imgui.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

namespace {

TEST(NumberText, ZeroHasNoSignAndATinyOrHugeValueShowsAnExponent) {
  EXPECT_EQ(fixed_text(-0.00001, 4), "-1.00e-05");  // not 0.0000: the digits would be lost
  EXPECT_EQ(fixed_text(-0.0, 4), "0.0000");
  EXPECT_EQ(fixed_text(0.0, 3), "0.000");
  EXPECT_EQ(fixed_text(-0.00049, 3), "-4.90e-04");
  EXPECT_EQ(fixed_text(0.0005, 3), "0.001");
  EXPECT_EQ(fixed_text(2e9, 2), "2.00e+09");
  EXPECT_EQ(fixed_text(-1e300, 4), "-1.00e+300");
  EXPECT_EQ(fixed_text(999999999.5, 1), "999999999.5");
  EXPECT_EQ(fixed_text(-0.25, 2), "-0.25");
  EXPECT_EQ(number_text(-1e-7, false), "-1.00e-07");
  EXPECT_EQ(number_text(-1e-7, true), "-1e-07");
  EXPECT_EQ(number_text(-0.0, true), "0");
  EXPECT_EQ(format_number(-0.0004), "-4.00e-04");
  EXPECT_EQ(format_number(-0.0), "0.000");
  EXPECT_EQ(signed_fixed_text(0.25, 3), "+0.250");
  EXPECT_EQ(signed_fixed_text(-1, 3), "-1.000");
  EXPECT_EQ(signed_fixed_text(-0.0001, 3), "-1.00e-04");
  EXPECT_EQ(signed_fixed_text(0.0001, 3), "+1.00e-04");
  EXPECT_EQ(signed_fixed_text(-0.0, 3), "0.000");
}

TEST(NumberText, FullPrecisionIsTheShortestTextThatReadsBackAsTheSameDouble) {
  EXPECT_EQ(shortest_text(0.1), "0.1");
  EXPECT_EQ(shortest_text(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(number_text(2.5, false), "2.500");
  EXPECT_EQ(field_text(2.5, false), "2.5000");
  std::mt19937_64 random(7);
  for (int i = 0; i < 20000; ++i) {
    const double value = std::bit_cast<double>(random());
    if (!std::isfinite(value)) continue;
    double read = 0;
    ASSERT_TRUE(parse_number(shortest_text(value), read)) << shortest_text(value);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(read), std::bit_cast<std::uint64_t>(value == 0 ? 0.0 : value))
        << shortest_text(value);
  }
}

TEST(NumberText, TypedTextIsReadAsTheWholeDoubleOrNotAtAll) {
  double value = 0;
  ASSERT_TRUE(parse_number("0.123456789012345", value));
  EXPECT_EQ(value, 0.123456789012345);
  ASSERT_TRUE(parse_number("  +2.5 ", value));
  EXPECT_EQ(value, 2.5);
  ASSERT_TRUE(parse_number("-1e-3", value));
  EXPECT_EQ(value, -0.001);
  for (const char* bad : {"", "  ", "1.2.3", "abc", "1,5", "nan", "inf", "-inf", "1e999", "+-1", "--1", "1 2", "1e"}) {
    value = 7;
    EXPECT_FALSE(parse_number(bad, value)) << bad;
    EXPECT_EQ(value, 7) << bad;
  }
}

// A point p and a tetrahedron "hull", as the panel edits them in a 3D sample.
SampleState point_and_hull() {
  SampleState state;
  state.add("p", {1.0 / 3, 0, 0});
  state.add("hull", geo::make_convex_hull<double>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}).hull);
  return state;
}

class PanelFields : public ::testing::Test {
 protected:
  void SetUp() override { set_full_precision(false); }
  void TearDown() override { set_full_precision(false); }

  HeadlessImGui ui;
  SampleState state = point_and_hull();
  std::function<bool()> body = [this] { return edit_state(state, false); };
  double& x() { return state.points[0].position.x; }
  const geo::ConvexPolyhedron<double>& hull() const { return std::get<geo::ConvexPolyhedron<double>>(state.shapes[0].shape); }
  // The first field of the panel: p.x, at the left of the first row.
  ImVec2 p_x() { return ui.items_along(body, 30).at(0); }
};

TEST_F(PanelFields, TypingKeepsEveryDigitEvenWhenFourDecimalsAreShown) {
  ASSERT_TRUE(ui.type_into(body, p_x(), "0.123456789012345"));
  EXPECT_EQ(x(), 0.123456789012345);
  set_full_precision(true);
  ASSERT_TRUE(ui.type_into(body, p_x(), "-2.0000000000000004"));
  EXPECT_EQ(x(), -2.0000000000000004);
}

TEST_F(PanelFields, TypingStartsFromEveryDigitAndEscOrBadTextChangeNothing) {
  const double third = x();
  EXPECT_FALSE(ui.type_into(body, p_x(), nullptr)) << "Enter alone must not round 1/3 to the 4 decimals shown";
  EXPECT_EQ(x(), third);
  EXPECT_FALSE(ui.type_into(body, p_x(), "5", ImGuiKey_Escape));
  EXPECT_EQ(x(), third);
  EXPECT_FALSE(ui.type_into(body, p_x(), "1e"));
  EXPECT_EQ(x(), third);
}

TEST_F(PanelFields, AVertexThatWouldFlattenTheHullIsRefusedAndThePanelSaysWhy) {
  // Down the z column: p, then vertices 0 to 3 (a tree node is hovered on its label only).
  ui.frame(body);  // the font size is known from the first frame on
  const float z_column = 400 - ImGui::GetFontSize() * 6 - 30;
  const auto items = ui.items_along(body, z_column);
  ASSERT_EQ(items.size(), 5u);
  const auto before = hull().vertices;
  EXPECT_FALSE(ui.type_into(body, items[4], "0")) << "vertex 3 at z = 0 puts all four in one plane";
  EXPECT_EQ(hull().vertices, before);
  ui.frame(body);
  bool warned = false;
  for (ImU32 color : HeadlessImGui::vertex_colors()) {
    const Color shown = themed(kWarningText);
    warned |= color == ImGui::ColorConvertFloat4ToU32(ImVec4(shown.r, shown.g, shown.b, shown.a));
  }
  EXPECT_TRUE(warned) << "the refusal is shown under the hull";
  ASSERT_TRUE(ui.type_into(body, items[4], "2.5"));
  EXPECT_EQ(hull().vertices[3], glm::dvec3(0, 0, 2.5)) << "the typed vertex keeps its place in the list";
}

}  // namespace
