// Presets > Save as my preset in the real app, clicked as a teacher would: the scene is
// written to the user's data folder and the Presets menu lists it the next time it opens,
// in the same run.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace e2e;

namespace {

void click_at(AppWindow& app, double x, double y) {
  app.move(x + 1, y + 1);  // a move onto where the pointer already is never ends
  app.move(x, y);
  pause_ms(200);  // hovered for a frame first, on a loaded machine
  app.click(1);
  pause_ms(600);
}

void open_presets_menu(AppWindow& app, const json& menu) {
  click_at(app, menu["heading"][0].get<double>() + menu["heading"][2].get<double>() / 2,
           menu["heading"][1].get<double>() + menu["heading"][3].get<double>() / 2);
}

TEST(MyPreset, SaveAsMyPresetAddsAPresetsEntryWithoutRestarting) {
  if (!have_display()) GTEST_SKIP() << "no display";
  // Where the menu and its first item are drawn, and what it lists before: from a first run.
  json before;
  {
    AppWindow first("closest-point-obb");
    ASSERT_TRUE(first.ok());
    pause_ms(500);
    open_presets_menu(first, probe("closest-point-obb")["presets_menu"]);
    first.keys("Escape");
    before = first.quit();
  }
  ASSERT_TRUE(before.is_object());
  const json menu = before["presets_menu"];
  ASSERT_GT(menu["first_item"][1].get<double>(), 0) << "the menu was open: " << menu;
  const std::size_t listed = menu["titles"].size();
  ASSERT_GT(listed, 0u) << "the shipped presets";

  AppWindow app("closest-point-obb");
  ASSERT_TRUE(app.ok());
  pause_ms(500);
  open_presets_menu(app, menu);
  click_at(app, menu["first_item"][0], menu["first_item"][1]);  // Save as my preset
  app.keys("Return");  // closes the confirmation
  pause_ms(300);
  open_presets_menu(app, menu);
  app.keys("Escape");
  const json dump = app.quit();
  ASSERT_TRUE(dump.is_object());

  const std::filesystem::path saved =
      std::filesystem::path(app.home()) / "data" / "collision-lab" / "presets" / "closest-point-on-an-obb.json";
  ASSERT_TRUE(std::filesystem::exists(saved)) << saved;
  const json scene = read_json(saved.string());
  EXPECT_EQ(scene["sample"], "closest-point-obb");
  EXPECT_EQ(scene["title"], "Closest point on an OBB") << "untitled: named after its sample";
  EXPECT_EQ(scene["state"], dump["state"]);
  const json& titles = dump["presets_menu"]["titles"];
  ASSERT_EQ(titles.size(), listed + 1) << titles;
  EXPECT_EQ(titles[0], "Closest point on an OBB") << "My presets come first";
}

}  // namespace
