#include "app/shell/command_line.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

namespace {
const std::string kBinary = COLLISION_LAB_BINARY;

TEST(WindowSize, ParsesWidthByHeight) {
  auto size = parse_window_size("800x600");
  ASSERT_TRUE(size);
  EXPECT_EQ(size->width, 800);
  EXPECT_EQ(size->height, 600);
}

TEST(WindowSize, RejectsMalformedAndOutOfRange) {
  for (const char* bad : {"", "800", "x600", "800x", "800x600x2", "8OOx600", "-800x600", "800 x600",
                          "10x10", "100000x600", "800x99999999999999999999"}) {
    EXPECT_FALSE(parse_window_size(bad)) << bad;
  }
}

TEST(CommandLine, DefaultsAreTheDesignedWindow) {
  const char* argv[] = {"collision-lab"};
  auto parsed = parse_command_line(1, argv);
  ASSERT_TRUE(parsed.options);
  EXPECT_EQ(parsed.options->size.width, 1280);
  EXPECT_EQ(parsed.options->size.height, 800);
  EXPECT_EQ(parsed.options->frames, 3);
  EXPECT_TRUE(parsed.options->screenshot_path.empty());
  EXPECT_EQ(parsed.options->screenshot_scale, 1);
  EXPECT_TRUE(parsed.options->screenshot_ui);
  EXPECT_FALSE(parsed.options->transparent);
}

TEST(CommandLine, ReadsScreenshotSizeAndFrames) {
  const char* argv[] = {"collision-lab", "--screenshot", "a.png", "--size", "640x480", "--frames", "7"};
  auto parsed = parse_command_line(7, argv);
  ASSERT_TRUE(parsed.options);
  EXPECT_EQ(parsed.options->screenshot_path, "a.png");
  EXPECT_EQ(parsed.options->size.width, 640);
  EXPECT_EQ(parsed.options->size.height, 480);
  EXPECT_EQ(parsed.options->frames, 7);
}

TEST(CommandLine, ReadsTheScreenshotsScaleUiAndBackground) {
  const char* argv[] = {"collision-lab", "--screenshot", "a.png", "--screenshot-scale", "4", "--no-ui", "--transparent"};
  auto parsed = parse_command_line(7, argv);
  ASSERT_TRUE(parsed.options);
  EXPECT_EQ(parsed.options->screenshot_scale, 4);
  EXPECT_FALSE(parsed.options->screenshot_ui);
  EXPECT_TRUE(parsed.options->transparent);
}

TEST(Binary, HelpAndVersionExitZero) {
  auto help = run_process(kBinary, "--help");
  EXPECT_EQ(help.exit_code, 0);
  for (const char* option : {"--screenshot", "--screenshot-scale", "--no-ui", "--transparent"}) {
    EXPECT_NE(help.out.find(option), std::string::npos) << option;
  }
  auto version = run_process(kBinary, "--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_NE(version.out.find("collision-lab "), std::string::npos);
}

// Every bad command line exits 2 with one line that names the option.
TEST(CommandLine, ReadsTheBenchmarksTargetAndMultisampling) {
  const char* argv[] = {"collision-lab", "--bench", "--bench-window", "--multisampling", "on"};
  auto parsed = parse_command_line(5, argv);
  ASSERT_TRUE(parsed.options);
  EXPECT_TRUE(parsed.options->bench_window);
  EXPECT_EQ(parsed.options->multisampling, "on");
  const char* defaults[] = {"collision-lab", "--bench"};
  parsed = parse_command_line(2, defaults);
  ASSERT_TRUE(parsed.options);
  EXPECT_FALSE(parsed.options->bench_window);
  EXPECT_EQ(parsed.options->multisampling, "auto");
}

TEST(Binary, BadOptionsExitTwoWithOneLineNamingTheOption) {
  const std::pair<const char*, const char*> cases[] = {
      {"--no-such-option", "--no-such-option"},
      {"--size 12", "--size"},
      {"--size 800x", "--size"},
      {"--frames 0", "--frames"},
      {"--frames many", "--frames"},
      {"--screenshot", "--screenshot"},
      {"--screenshot a.png --screenshot-scale 3", "--screenshot-scale"},
      {"--screenshot-scale 2", "--screenshot-scale"},
      {"--no-ui", "--no-ui"},
      {"--transparent", "--transparent"},
      {"--bench-window", "--bench-window"},
      {"--multisampling 8", "--multisampling"},
  };
  for (const auto& [arguments, option] : cases) {
    auto result = run_process(kBinary, arguments);
    EXPECT_EQ(result.exit_code, 2) << arguments;
    EXPECT_NE(result.err.find(option), std::string::npos) << arguments << ": " << result.err;
    ASSERT_FALSE(result.err.empty()) << arguments;
    EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << arguments << ": " << result.err;
  }
}
}  // namespace
