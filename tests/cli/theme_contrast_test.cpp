// Every text colour of both themes against every surface it is drawn on: WCAG AA asks for
// 4.5:1 (app/shell/theme.h).
#include "app/shell/theme.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace {

constexpr double kWcagAa = 4.5;

std::string text_of(const ImVec4& c) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "#%02X%02X%02X", int(c.x * 255 + 0.5f), int(c.y * 255 + 0.5f), int(c.z * 255 + 0.5f));
  return buffer;
}

void expect_readable(bool dark) {
  ImGui::CreateContext();  // StyleColors* read no context, but keep ImGui's asserts quiet
  const Theme theme = make_theme(dark);
  const std::vector<TextOnSurface> pairings = text_pairings(theme, dark);
  EXPECT_GT(pairings.size(), 50u);
  for (const TextOnSurface& p : pairings) {
    const double ratio = contrast_ratio(p.text, p.surface);
    EXPECT_GE(ratio, kWcagAa) << (dark ? "dark" : "light") << " theme: " << p.text_name << " " << text_of(p.text)
                              << " on " << p.surface_name << " " << text_of(p.surface) << " is " << ratio << ":1";
  }
  ImGui::DestroyContext();
}

TEST(ThemeContrast, ContrastRatioFollowsWcag) {
  EXPECT_NEAR(contrast_ratio(ImVec4(0, 0, 0, 1), ImVec4(1, 1, 1, 1)), 21.0, 1e-9);
  EXPECT_NEAR(contrast_ratio(ImVec4(0.5f, 0.5f, 0.5f, 1), ImVec4(0.5f, 0.5f, 0.5f, 1)), 1.0, 1e-9);
  // #999999 on #F0F0F0, ImGui's light greyed text: about 2.5:1.
  EXPECT_NEAR(contrast_ratio(ImVec4(0.6f, 0.6f, 0.6f, 1), ImVec4(0.94f, 0.94f, 0.94f, 1)), 2.5, 0.1);
  const ImVec4 half = composite(ImVec4(1, 1, 1, 0.5f), ImVec4(0, 0, 0, 1));
  EXPECT_FLOAT_EQ(half.x, 0.5f);
  EXPECT_FLOAT_EQ(half.w, 1.0f);
}

TEST(ThemeContrast, DarkThemeTextReachesWcagAa) { expect_readable(true); }
TEST(ThemeContrast, LightThemeTextReachesWcagAa) { expect_readable(false); }

}  // namespace
