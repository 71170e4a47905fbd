// Revealing the triangle's region tests in the real app, as a lecturer would: P goes back
// through Ericson's tests one at a time, N reveals them again, and --dump-state says which
// are revealed; a scene saved at step 0 opens at step 0.
#include "tests/e2e/e2e_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace e2e;

namespace {

// The dump's revealed flags, as "yyn..." (y: shown).
std::string shown_flags(const json& dump) {
  std::string flags;
  for (const json& step : dump["reveal"]["steps"]) flags += step["shown"].get<bool>() ? 'y' : 'n';
  return flags;
}

TEST(Reveal, PAndNRevealTheTrianglesRegionTestsOneAtATime) {
  if (!have_display()) GTEST_SKIP() << "no display";
  AppWindow app("closest-point-triangle");
  ASSERT_TRUE(app.ok());
  app.keys("p p p p p p p n n");  // back to no test revealed, then the first two
  const json dump = app.quit();
  ASSERT_TRUE(dump.is_object());
  ASSERT_EQ(dump["reveal"]["steps"].size(), 7u);
  EXPECT_EQ(dump["reveal"]["steps"][0]["name"], "vertex a");
  EXPECT_EQ(dump["reveal"]["steps"][1]["name"], "vertex b");
  EXPECT_EQ(dump["reveal"]["revealed"], 2);
  EXPECT_EQ(shown_flags(dump), "yynnnnn");
  EXPECT_EQ(dump["view"]["reveal"], 2) << "the step is saved with the scene";
  EXPECT_EQ(dump["card"][0], "step 2 of 7");
  EXPECT_EQ(dump["results"][0]["feature"], "edge ab") << "the answer is computed as always";
}

TEST(Reveal, ASceneSavedAtStepZeroOpensThereAndNRevealsTheDecidingTest) {
  if (!have_display()) GTEST_SKIP() << "no display";
  json scene = probe("closest-point-triangle");
  ASSERT_TRUE(scene.is_object());
  scene["view"]["reveal"] = 0;
  const std::string path = (std::filesystem::temp_directory_path() / "collision-lab-reveal-step0.json").string();
  std::ofstream(path) << scene.dump();
  AppWindow app("", "'" + path + "'");
  ASSERT_TRUE(app.ok());
  app.keys("n n n");  // vertex a, vertex b, edge ab: the test that holds
  const json dump = app.quit();
  std::filesystem::remove(path);
  ASSERT_TRUE(dump.is_object());
  EXPECT_EQ(shown_flags(dump), "yyynnnn");
  EXPECT_NE(dump["reveal"]["steps"][2]["outcome"].get<std::string>().find("holds, the answer"), std::string::npos);
  EXPECT_EQ(dump["tables"][0]["highlighted"], 2) << "the region that holds is highlighted once revealed";
}

}  // namespace
