// Files are saved through a temporary file, flushed and renamed: a save that fails leaves
// the old file byte for byte as it was, and says which file and why.
#include "app/file_save.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {
std::string read_all(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(FileSave, WritesTheBytesAndLeavesNoTemporaryFile) {
  const std::string path = temp_path("saved.txt");
  std::string error;
  ASSERT_TRUE(save_file(path, std::string("one\0two\n", 8), error)) << error;
  EXPECT_EQ(read_all(path), std::string("one\0two\n", 8));
  ASSERT_TRUE(save_file(path, "shorter", error)) << error;
  EXPECT_EQ(read_all(path), "shorter");
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(FileSave, AFailedSaveKeepsTheOldFileAndNamesIt) {
  const std::string path = temp_path("kept.json");
  std::ofstream(path, std::ios::binary) << "{\"old\": true}\n";
  std::filesystem::create_directory(path + ".tmp");  // the temporary file cannot be created
  std::string error;
  EXPECT_FALSE(save_file(path, "new", error));
  EXPECT_EQ(read_all(path), "{\"old\": true}\n");
  EXPECT_NE(error.find(path), std::string::npos) << error;

  error.clear();
  const std::string nowhere = temp_path("no-such-folder") + "/file.png";
  EXPECT_FALSE(save_png(nowhere, 1, 1, {255, 0, 0, 255}, error));
  EXPECT_NE(error.find("No such file or directory"), std::string::npos) << error;
  EXPECT_FALSE(std::filesystem::exists(nowhere));
}
}  // namespace
