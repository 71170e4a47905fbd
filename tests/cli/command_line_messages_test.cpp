// Messages about the command line: one line, `collision-lab: <what>: <why>`, however long
// the name the user gave; an empty name is refused before anything runs. And which sample
// --param is checked against.
#include "app/shell/command_line.h"
#include "app/host/sample.h"
#include "app/shell/settings.h"
#include "tests/support/run_process.h"
#include "tests/support/scoped_env.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {
const std::string kBinary = COLLISION_LAB_BINARY;

void expect_one_short_line(const std::string& err, const std::string& context) {
  EXPECT_FALSE(err.empty()) << context;
  EXPECT_EQ(err.find('\n'), err.size() - 1) << context << ": " << err.substr(0, 300);
  EXPECT_LT(err.size(), 300u) << context << ": " << err.substr(0, 300);
}

// `--screenshot ''` used to start an interactive run that never ended, `query --input ''`
// to read stdin: each waits at most 20 seconds here.
TEST(CommandLineMessages, AnEmptyNameIsRefusedAtOnce) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--screenshot ''", "--screenshot"},
      {"--dump-state ''", "--dump-state"},
      {"--scene ''", "--scene"},
      {"''", "scene"},
      {"--sample ''", "--sample"},
      {"query --input ''", "--input"},
  };
  for (const auto& [arguments, option] : cases) {
    const ProcessResult result = run_process("timeout", "-s KILL 20 '" + kBinary + "' " + arguments);
    EXPECT_EQ(result.exit_code, 2) << arguments;
    EXPECT_EQ(result.err.rfind("collision-lab: " + option + ": ", 0), 0u) << arguments << ": " << result.err;
    expect_one_short_line(result.err, arguments);
  }
}

// A single argument may be at most 128 KiB (Linux's MAX_ARG_STRLEN): the binary gets 100 KB.
TEST(CommandLineMessages, AHugeFileNameGivesOneShortLine) {
  const std::string name(100 * 1000, 'n');
  for (const std::string& arguments : {"'" + name + "'", "--scene '" + name + "'", "--sample '" + name + "'",
                                      "--size '" + name + "'", "--param '" + name + "=1'", "--frames '" + name + "'",
                                      "--theme '" + name + "'", "a.json '" + name + "'", "'--" + name + "'"}) {
    const ProcessResult result = run_process("timeout", "-s KILL 60 '" + kBinary + "' " + arguments);
    EXPECT_EQ(result.exit_code, 2) << arguments.substr(0, 40);
    expect_one_short_line(result.err, arguments.substr(0, 40));
  }
}

// In process there is no such limit: a 400 KB name as FILE.
TEST(CommandLineMessages, A400KbFileNameGivesOneShortLine) {
  const std::string name(400 * 1024, 'f');
  const char* argv[] = {"collision-lab", name.c_str()};
  const ParseOutcome parsed = parse_command_line(2, argv);
  ASSERT_TRUE(parsed.options);
  testing::internal::CaptureStderr();
  EXPECT_EQ(check_named_inputs(*parsed.options), 2);
  const std::string err = testing::internal::GetCapturedStderr();
  expect_one_short_line(err, "FILE");
  EXPECT_EQ(err.rfind("collision-lab: fff", 0), 0u) << err;
}

// Without --sample a window opens the last sample used, so --param is checked against that
// sample (`speed` is the dot-product game's); a screenshot opens the first sample, which has
// no such setting.
TEST(CommandLineMessages, ParamIsCheckedAgainstTheSampleThatOpens) {
  const std::string config = ::testing::TempDir() + "param_sample_config";
  std::filesystem::create_directories(config + "/collision-lab");
  Settings settings;
  settings.last_sample = "tutorial-dot-product-game";
  ASSERT_TRUE(save_settings(config + "/collision-lab", settings));
  const ScopedEnv xdg("XDG_CONFIG_HOME", config.c_str());

  const char* window[] = {"collision-lab", "--param", "speed=10"};
  const ParseOutcome in_window = parse_command_line(3, window);
  ASSERT_TRUE(in_window.options);
  EXPECT_EQ(starting_sample_id(*in_window.options, settings.last_sample), "tutorial-dot-product-game");
  EXPECT_EQ(check_named_inputs(*in_window.options), 0);

  const char* headless[] = {"collision-lab", "--param", "speed=10", "--screenshot", "/tmp/unused.png"};
  const ParseOutcome offscreen = parse_command_line(5, headless);
  ASSERT_TRUE(offscreen.options);
  EXPECT_EQ(starting_sample_id(*offscreen.options, settings.last_sample), sample_registry().front().id);
  testing::internal::CaptureStderr();
  EXPECT_EQ(check_named_inputs(*offscreen.options), 2);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.rfind("collision-lab: --param speed: sample '" + std::string(sample_registry().front().id), 0), 0u)
      << err;
  std::filesystem::remove_all(config);
}

// --explain is checked like --param: a sample without the explain views says so, rather
// than open with the option silently ignored.
TEST(CommandLineMessages, ExplainIsRefusedForASampleWithoutExplainViews) {
  const char* explained[] = {"collision-lab", "--sample", "closest-point-plane", "--explain", "field"};
  const ParseOutcome fits = parse_command_line(5, explained);
  ASSERT_TRUE(fits.options);
  EXPECT_EQ(check_named_inputs(*fits.options), 0);

  const char* unexplained[] = {"collision-lab", "--sample", "closest-points-lines", "--explain", "field"};
  const ParseOutcome refused = parse_command_line(5, unexplained);
  ASSERT_TRUE(refused.options);
  testing::internal::CaptureStderr();
  EXPECT_EQ(check_named_inputs(*refused.options), 2);
  const std::string err = testing::internal::GetCapturedStderr();
  expect_one_short_line(err, "--explain");
  EXPECT_EQ(err.rfind("collision-lab: --explain field: sample 'closest-points-lines' has no explain views", 0), 0u)
      << err;
}

}  // namespace
