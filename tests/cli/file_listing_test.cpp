#include "app/document/file_listing.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

namespace fs = std::filesystem;

namespace {

std::vector<std::string> names(const std::vector<FileEntry>& entries) {
  std::vector<std::string> result;
  for (const auto& entry : entries) result.push_back(entry.name);
  return result;
}

// A folder with scenes, query lines, other files, hidden ones and subfolders.
fs::path make_example_folder() {
  const fs::path dir = temp_path("listing");
  for (const char* folder : {"Zeta", "alpha", "locked", ".git"}) fs::create_directories(dir / folder);
  for (const char* file : {"b.json", "B.json", "A.jsonl", "beta.json", "notes.JSON", "c.txt", ".hidden.json", "README"}) {
    std::ofstream(dir / file) << "12345";
  }
  fs::permissions(dir / "locked", fs::perms::none);  // root reads it anyway: listed as a folder
  return dir;
}

// Sets $HOME for one test and puts it back.
class HomeOverride {
 public:
  explicit HomeOverride(const std::string& home) {
    if (const char* old = std::getenv("HOME")) old_ = old;
    setenv("HOME", home.c_str(), 1);
  }
  ~HomeOverride() { setenv("HOME", old_.c_str(), 1); }

 private:
  std::string old_;
};

TEST(FileListing, ParentFirstThenFoldersThenSceneFilesEachSortedIgnoringCase) {
  const fs::path dir = make_example_folder();
  std::vector<FileEntry> entries;
  std::string error;
  ASSERT_TRUE(list_directory(dir, false, entries, error)) << error;
  EXPECT_EQ(names(entries), (std::vector<std::string>{"..", "alpha", "locked", "Zeta", "A.jsonl", "B.json", "b.json",
                                                      "beta.json", "notes.JSON"}));
  EXPECT_TRUE(entries[0].is_directory);
  EXPECT_TRUE(entries[3].is_directory);
  EXPECT_FALSE(entries[3].size.has_value());
  EXPECT_FALSE(entries[4].is_directory);
  EXPECT_EQ(entries[4].size, 5u);
  EXPECT_TRUE(entries[4].modified.has_value());
}

TEST(FileListing, ShowAllAddsHiddenAndOtherFiles) {
  const fs::path dir = make_example_folder();
  std::vector<FileEntry> entries;
  std::string error;
  ASSERT_TRUE(list_directory(dir, true, entries, error)) << error;
  EXPECT_EQ(names(entries), (std::vector<std::string>{"..", ".git", "alpha", "locked", "Zeta", ".hidden.json", "A.jsonl",
                                                      "B.json", "b.json", "beta.json", "c.txt", "notes.JSON", "README"}));
}

TEST(FileListing, TheRootHasNoParentEntry) {
  std::vector<FileEntry> entries;
  std::string error;
  ASSERT_TRUE(list_directory("/", false, entries, error)) << error;
  ASSERT_FALSE(entries.empty());
  EXPECT_NE(entries[0].name, "..");
}

TEST(FileListing, AFileOrAMissingFolderIsAnErrorThatKeepsTheLastListing) {
  const fs::path dir = make_example_folder();
  std::vector<FileEntry> entries(1);
  entries[0].name = "kept.json";
  std::string error;
  EXPECT_FALSE(list_directory(dir / "b.json", false, entries, error));
  EXPECT_EQ(error, (dir / "b.json").string() + ": Not a directory");
  EXPECT_FALSE(list_directory(dir / "gone", false, entries, error));
  EXPECT_EQ(error, (dir / "gone").string() + ": No such file or directory");
  EXPECT_EQ(names(entries), std::vector<std::string>{"kept.json"});
}

TEST(FileListing, SceneFilesAreJsonAndJsonLinesInAnyCase) {
  EXPECT_TRUE(is_scene_file_name("a.json"));
  EXPECT_TRUE(is_scene_file_name("a.JSONL"));
  EXPECT_FALSE(is_scene_file_name("a.json.bak"));
  EXPECT_FALSE(is_scene_file_name("json"));
}

TEST(TypedPath, RelativeAbsoluteAndHomePaths) {
  const HomeOverride home("/home/teacher");
  const fs::path current = "/work/scenes";
  EXPECT_EQ(resolve_typed_path("a.json", current), fs::path("/work/scenes/a.json"));
  EXPECT_EQ(resolve_typed_path("sub/../b.json", current), fs::path("/work/scenes/b.json"));
  EXPECT_EQ(resolve_typed_path("../other/", current), fs::path("/work/other"));
  EXPECT_EQ(resolve_typed_path("/etc/x.json", current), fs::path("/etc/x.json"));
  EXPECT_EQ(resolve_typed_path("~", current), fs::path("/home/teacher"));
  EXPECT_EQ(resolve_typed_path("~/lessons/one.json", current), fs::path("/home/teacher/lessons/one.json"));
  EXPECT_EQ(resolve_typed_path("  spaced.json ", current), fs::path("/work/scenes/spaced.json"));
  EXPECT_EQ(resolve_typed_path("~other", current), fs::path("/work/scenes/~other"));
  EXPECT_EQ(resolve_typed_path("/..", current), fs::path("/"));
}

TEST(TypedPath, JsonIsAddedOnlyWhenThereIsNoExtension) {
  EXPECT_EQ(with_default_extension("/a/scene"), fs::path("/a/scene.json"));
  EXPECT_EQ(with_default_extension("/a/scene.jsonl"), fs::path("/a/scene.jsonl"));
  EXPECT_EQ(with_default_extension("/a/scene.txt"), fs::path("/a/scene.txt"));
  EXPECT_EQ(with_default_extension("/a/lesson.v2", ".jsonl"), fs::path("/a/lesson.v2"));
  EXPECT_EQ(with_default_extension("/a/lesson", ".jsonl"), fs::path("/a/lesson.jsonl"));
}

TEST(BrowserStart, FoldersFilesAndMissingPaths) {
  const fs::path dir = make_example_folder();
  BrowserStart start = browser_start(dir.string());
  EXPECT_EQ(start.directory, dir);
  EXPECT_EQ(start.file_name, "");
  start = browser_start((dir / "b.json").string());
  EXPECT_EQ(start.directory, dir);
  EXPECT_EQ(start.file_name, "b.json");
  start = browser_start((dir / "new.json").string());
  EXPECT_EQ(start.directory, dir);
  EXPECT_EQ(start.file_name, "new.json");
  start = browser_start((dir / "gone" / "deeper" / "s.json").string());
  EXPECT_EQ(start.directory, dir);
  EXPECT_EQ(start.file_name, "s.json");
  start = browser_start((dir / "gone" / "").string());
  EXPECT_EQ(start.directory, dir);
  EXPECT_EQ(start.file_name, "");
  EXPECT_EQ(browser_start("").directory, fs::current_path());
}

TEST(FileListing, SizesAndTimesForTheColumns) {
  EXPECT_EQ(format_size(0), "0 B");
  EXPECT_EQ(format_size(1023), "1023 B");
  EXPECT_EQ(format_size(2048), "2.0 KB");
  EXPECT_EQ(format_size(200 * 1024), "200 KB");
  EXPECT_EQ(format_size(5ull * 1024 * 1024), "5.0 MB");
  EXPECT_EQ(format_size(3ull << 40), "3.0 TB");
  EXPECT_EQ(format_time(0).size(), std::string("1970-01-01 00:00").size());
}

}  // namespace
