// The README's examples are the code the tests build and run, word for word, so they
// cannot go stale: "Adding a sample" is the minimal sample, the library's example and the
// emitted test's CMake lines are the consumer project's (tests/consumer/installed).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

namespace {
std::string read_file(const std::string& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(Readme, ShowsTheMinimalSampleAsItIs) {
  const std::string root = COLLISION_LAB_SOURCE_DIR;
  const std::string readme = read_file(root + "/README.md");
  const std::string sample = read_file(root + "/tests/cli/minimal_sample.cpp");
  const auto section = readme.find("### Adding a sample");
  ASSERT_NE(section, std::string::npos);
  const auto start = readme.find("```cpp\n", section);
  ASSERT_NE(start, std::string::npos);
  const auto end = readme.find("```", start + 7);
  ASSERT_NE(end, std::string::npos);
  EXPECT_EQ(readme.substr(start + 7, end - start - 7), sample);
  EXPECT_LE(std::count(sample.begin(), sample.end(), '\n'), 50);
}
// The fenced block of `language` that follows `heading`.
std::string block_after(const std::string& readme, const std::string& heading, const std::string& language) {
  const auto section = readme.find(heading);
  if (section == std::string::npos) return "";
  const auto start = readme.find("```" + language + "\n", section);
  if (start == std::string::npos) return "";
  const auto body = start + 4 + language.size();
  return readme.substr(body, readme.find("```", body) - body);
}

TEST(Readme, ShowsTheLibraryExampleAsTheConsumerBuildsIt) {
  const std::string root = COLLISION_LAB_SOURCE_DIR;
  const std::string readme = read_file(root + "/README.md");
  const std::string example = read_file(root + "/tests/consumer/installed/engine_queries.cpp");
  EXPECT_EQ(block_after(readme, "This example builds against the installed package", "cpp"), example);
  EXPECT_LE(std::count(example.begin(), example.end(), '\n'), 25);
}

TEST(Readme, GivesTheEmittedTestsCMakeLinesAsTheConsumerUsesThem) {
  const std::string root = COLLISION_LAB_SOURCE_DIR;
  const std::string readme = read_file(root + "/README.md");
  const std::string project = read_file(root + "/tests/consumer/installed/CMakeLists.txt");
  const std::string lines = block_after(readme, "Build it against the installed library", "cmake");
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 3) << lines;
  std::istringstream in(lines);
  for (std::string line; std::getline(in, line);) {
    EXPECT_NE(project.find(line), std::string::npos) << "not in the consumer project: " << line;
  }
}
}  // namespace
