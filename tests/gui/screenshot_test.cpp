#include "tests/support/png_image.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

namespace {
const std::string kBinary = COLLISION_LAB_BINARY;

TEST(Screenshot, HasTheRequestedSizeAndIsNotFlat) {
  const std::string path = temp_path("shot.png");
  auto result = run_process(kBinary, "--screenshot '" + path + "' --size 800x600");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  PngImage image = load_png(path);
  ASSERT_EQ(image.width, 800);
  ASSERT_EQ(image.height, 600);
  EXPECT_GT(image.distinct_colors(), 8) << "the screenshot is (nearly) a single flat colour";
}

TEST(Screenshot, OddSizeAndMoreFramesWork) {
  const std::string path = temp_path("odd.png");
  auto result = run_process(kBinary, "--screenshot '" + path + "' --size 333x217 --frames 5");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  PngImage image = load_png(path);
  EXPECT_EQ(image.width, 333);
  EXPECT_EQ(image.height, 217);
}

TEST(Screenshot, UnwritablePathFailsWithAMessage) {
  auto result = run_process(kBinary, "--screenshot /nonexistent-dir/shot.png --size 320x240");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("/nonexistent-dir/shot.png"), std::string::npos) << result.err;
}
}  // namespace
