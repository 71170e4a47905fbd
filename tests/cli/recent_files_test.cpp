#include "app/shell/settings.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace {

// `count` files that exist, so that loading keeps them.
std::vector<std::string> make_files(int count) {
  std::vector<std::string> paths;
  for (int i = 0; i < count; ++i) {
    paths.push_back(temp_path("recent-" + std::to_string(i) + ".json"));
    std::ofstream(paths.back()) << "{}";
  }
  return paths;
}

TEST(RecentFiles, MostRecentFirstWithoutRepeatsAndAtMostTen) {
  const std::vector<std::string> files = make_files(12);
  Settings settings;
  for (const auto& file : files) remember_recent_file(settings, file);
  ASSERT_EQ(settings.recent_files.size(), kMaxRecentFiles);
  EXPECT_EQ(settings.recent_files.front(), files[11]);
  EXPECT_EQ(settings.recent_files.back(), files[2]);
  remember_recent_file(settings, files[5]);
  EXPECT_EQ(settings.recent_files.size(), kMaxRecentFiles);
  EXPECT_EQ(settings.recent_files[0], files[5]);
  EXPECT_EQ(settings.recent_files[1], files[11]);
  EXPECT_EQ(std::count(settings.recent_files.begin(), settings.recent_files.end(), files[5]), 1);
}

TEST(RecentFiles, PathsAreMadeAbsoluteAndNormal) {
  Settings settings;
  remember_recent_file(settings, "lessons/../one.json");
  ASSERT_EQ(settings.recent_files.size(), 1u);
  EXPECT_EQ(settings.recent_files[0], (fs::current_path() / "one.json").string());
  remember_recent_file(settings, (fs::current_path() / "one.json").string());
  EXPECT_EQ(settings.recent_files.size(), 1u);
  remember_recent_file(settings, "");
  EXPECT_EQ(settings.recent_files.size(), 1u);
}

TEST(RecentFiles, SavedAndLoadedAgain) {
  const std::string dir = temp_path("recent-config");
  Settings settings;
  for (const auto& file : make_files(3)) remember_recent_file(settings, file);
  ASSERT_TRUE(save_settings(dir, settings));
  EXPECT_EQ(load_settings(dir).recent_files, settings.recent_files);
}

TEST(RecentFiles, BadOrVanishedEntriesAreDroppedAndTheRestKept) {
  const std::string dir = temp_path("recent-corrupt");
  fs::create_directories(dir);
  const std::vector<std::string> files = make_files(2);
  const fs::path first = files[0];
  const std::string first_again = first.parent_path().string() + "/./" + first.filename().string();
  const nlohmann::json json = {{"ui_scale_percent", 150},
                               {"recent_files", {42, "relative/x.json", files[0], "/no/such/file.json", nullptr,
                                                 first_again, files[1]}}};
  std::ofstream(dir + "/settings.json") << json.dump();
  Settings loaded = load_settings(dir);
  EXPECT_EQ(loaded.ui_scale_percent, 150);
  EXPECT_EQ(loaded.recent_files, (std::vector<std::string>{files[0], files[1]}));

  std::ofstream(dir + "/settings.json") << R"({"ui_scale_percent":150,"recent_files":"not a list"})";
  loaded = load_settings(dir);
  EXPECT_EQ(loaded.ui_scale_percent, 150);
  EXPECT_TRUE(loaded.recent_files.empty());
}

}  // namespace
