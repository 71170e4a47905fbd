// The README's "Adding a sample" example is the minimal sample these tests build and run,
// word for word, so the example cannot go stale.
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
}  // namespace
