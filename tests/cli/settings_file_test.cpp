// The settings file is the user's: a save that fails leaves it as it was, a file that
// cannot be read is never overwritten, and a bad value costs only itself. Each says so
// in one line on stderr.
#include "app/shell/settings.h"
#include "tests/support/scoped_env.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <grp.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>

namespace {
namespace fs = std::filesystem;

const std::string kOld = "{\"last_sample\": \"closest-point-obb\", \"ui_scale_percent\": 150}\n";
const std::string kUnsaved = "; settings will not be saved this run\n";

std::string read_all(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// A settings folder holding `text` as settings.json, which others may write (the
// children below may run as `nobody`).
std::string folder_with(const std::string& name, const std::string& text) {
  const std::string folder = temp_path(name);
  fs::create_directory(folder);
  fs::permissions(fs::path(folder).parent_path(), fs::perms(0755));
  fs::permissions(folder, fs::perms(0777));
  std::ofstream(folder + "/settings.json", std::ios::binary) << text;
  return folder;
}

struct ChildRun {
  int exit_code = -1;
  std::string err;  // what the child wrote on stderr
};

// `body` in a forked child whose stderr goes to a file: faults made there (limits, a
// dropped privilege) stay there.
ChildRun run_in_child(const std::function<int()>& body) {
  const std::string err_path = temp_path("child-stderr.txt");
  std::fflush(stderr);
  const pid_t child = ::fork();
  if (child == 0) {
    const int fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0 || ::dup2(fd, STDERR_FILENO) < 0) ::_exit(100);
    ::_exit(body());
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_all(err_path)};
}

// Root may read and write anything, so the child becomes `nobody` for modes to count.
bool become_nobody() {
  return ::geteuid() != 0 || (::setgroups(0, nullptr) == 0 && ::setgid(65534) == 0 && ::setuid(65534) == 0);
}

// What load_settings printed, and what it read.
std::pair<Settings, std::string> load_printing(const std::string& folder) {
  testing::internal::CaptureStderr();
  Settings settings = load_settings(folder);
  return {settings, testing::internal::GetCapturedStderr()};
}

// A write past 4 KiB fails part way, as on a full disk.
TEST(SettingsFile, AFailedSaveKeepsTheOldFileAndSaysWhyInOneLine) {
  const std::string folder = folder_with("full", kOld);
  const std::string path = folder + "/settings.json";
  Settings settings;
  settings.last_sample = std::string(64 * 1024, 's');
  const ChildRun run = run_in_child([&] {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) return 100;
    return save_settings(folder, settings) ? 0 : 1;
  });
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "collision-lab: " + path + ": cannot save settings: File too large\n");
  EXPECT_TRUE(read_all(path) == kOld) << "the file holds " << read_all(path).size() << " bytes";
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1);
}

TEST(SettingsFile, AnUnparsableFileIsNamedAndNeverOverwritten) {
  // The last is nested too deep for the warning to print it without exhausting the stack.
  const std::string deep = "{\"theme\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
  for (const std::string text : {"{not json", "[1, 2]", "\"dark\"", "\x01\x02\x03", "{\"theme\": \"light\"} trailing",
                                 deep.c_str()}) {
    const std::string folder = folder_with("unparsable", text);
    const std::string path = folder + "/settings.json";
    const auto [settings, err] = load_printing(folder);
    EXPECT_EQ(settings.ui_scale_percent, 100) << text;
    EXPECT_TRUE(settings.dark_theme) << text;
    EXPECT_EQ(err.rfind("collision-lab: " + path + ": ", 0), 0u) << text.substr(0, 40) << ": " << err;
    EXPECT_TRUE(err.ends_with(kUnsaved)) << text.substr(0, 40) << ": " << err;
    EXPECT_EQ(err.find('\n'), err.size() - 1) << text << ": " << err;
    EXPECT_FALSE(save_settings(folder, settings)) << text;
    EXPECT_EQ(read_all(path), text);
  }
}

TEST(SettingsFile, AnUnreadableFileIsNamedAndNeverOverwritten) {
  const std::string folder = folder_with("unreadable", kOld);
  const std::string path = folder + "/settings.json";
  fs::permissions(path, fs::perms::none);
  const ChildRun run = run_in_child([&] {
    if (!become_nobody()) return 100;
    save_settings(folder, load_settings(folder));
    return 0;
  });
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.err, "collision-lab: " + path + ": Permission denied" + kUnsaved);
  fs::permissions(path, fs::perms(0644));
  EXPECT_EQ(read_all(path), kOld);
}

// An empty file has nothing to lose: it is a first run (older versions left one behind
// when a save ran out of disk).
TEST(SettingsFile, AnEmptyFileIsAFirstRun) {
  const std::string folder = folder_with("empty", "\n");
  const auto [settings, err] = load_printing(folder);
  EXPECT_EQ(err, "");
  EXPECT_TRUE(save_settings(folder, settings));
  EXPECT_NE(read_all(folder + "/settings.json").find("\"ui_scale_percent\": 100"), std::string::npos);
}

TEST(SettingsFile, OutOfRangeValuesAreRefusedOneByOneAndTheRestKept) {
  const std::string folder = folder_with("ranges", R"({"last_sample": "closest-point-obb", "ui_scale_percent": 1e300,
      "theme": "light", "full_precision": true, "window_width": -5, "window_height": 99999999999})");
  const std::string path = folder + "/settings.json";
  const auto [settings, err] = load_printing(folder);
  EXPECT_EQ(settings.last_sample, "closest-point-obb");
  EXPECT_FALSE(settings.dark_theme);
  EXPECT_TRUE(settings.full_precision);
  EXPECT_EQ(settings.ui_scale_percent, 100);
  EXPECT_EQ(settings.window_width, 1280);
  EXPECT_EQ(settings.window_height, 800);
  const std::string prefix = "collision-lab: " + path + ": ";
  EXPECT_EQ(err, prefix + "ui_scale_percent: 1e+300 is not a whole number from 100 to 300; the default is kept\n" +
                     prefix + "window_width: -5 is not a whole number from 320 to 16384; the default is kept\n" +
                     prefix + "window_height: 99999999999 is not a whole number from 240 to 16384; the default is kept\n");
  EXPECT_FALSE(settings.file_unreadable);
}

// The side panel's width and whether it is shown come back as they were saved; a width
// out of range or of the wrong type keeps the default.
TEST(SettingsFile, ThePanelComesBackAsItWasLeft) {
  const std::string folder = folder_with("panel", "{}");
  Settings saved;
  saved.panel_width = 512;
  saved.panel_shown = false;
  ASSERT_TRUE(save_settings(folder, saved));
  const Settings loaded = load_settings(folder);
  EXPECT_EQ(loaded.panel_width, 512);
  EXPECT_FALSE(loaded.panel_shown);
  const std::string bad = folder_with("panel-bad", R"({"panel_width": -3, "panel_shown": "no"})");
  const auto [settings, err] = load_printing(bad);
  EXPECT_EQ(settings.panel_width, 0);
  EXPECT_TRUE(settings.panel_shown);
  EXPECT_NE(err.find("panel_width: -3 is not a whole number from 0 to 4096"), std::string::npos) << err;
  EXPECT_NE(err.find("panel_shown: \"no\" is not true or false"), std::string::npos) << err;
}

TEST(SettingsFile, WrongTypesAreRefusedOneByOneAndTheRestKept) {
  const std::string huge(400 * 1024, 'x');
  const std::string folder = folder_with("types", R"({"ui_scale_percent": "big", "theme": "light",
      "window_width": 1600.0, "window_height": 900.5, "full_precision": 1, "last_sample": ")" + huge + R"(",
      "recent_files": "/etc/hostname", "future_setting": [1]})");
  const auto [settings, err] = load_printing(folder);
  EXPECT_EQ(settings.ui_scale_percent, 100);
  EXPECT_FALSE(settings.dark_theme);
  EXPECT_EQ(settings.window_width, 1600);
  EXPECT_EQ(settings.window_height, 800);
  EXPECT_FALSE(settings.full_precision);
  EXPECT_EQ(settings.last_sample, huge);  // a string is a string: an unknown sample id is the app's to skip
  EXPECT_TRUE(settings.recent_files.empty());
  for (const char* named : {"ui_scale_percent: \"big\" is not", "window_height: 900.5 is not",
                            "full_precision: 1 is not true or false", "recent_files: \"/etc/hostname\" is not"}) {
    EXPECT_NE(err.find(named), std::string::npos) << named << " in " << err;
  }
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 4) << err;
}

TEST(SettingsFile, AHugeValueGivesAShortLine) {
  const std::string huge(400 * 1024, 'y');
  // A value of the wrong kind, and a string with no end, which the JSON parser quotes back.
  for (const std::string& text : {R"({"theme": ")" + huge + R"("})", R"({"theme": ")" + huge}) {
    const std::string folder = folder_with("huge", text);
    const auto [settings, err] = load_printing(folder);
    EXPECT_TRUE(settings.dark_theme);
    EXPECT_LT(err.size(), 400u) << err.substr(0, 400);
    EXPECT_EQ(err.find('\n'), err.size() - 1);
  }
}

// Sets an environment variable for the scope, then puts the old value back.
// The XDG Base Directory specification: a relative path in XDG_CONFIG_HOME is invalid and
// is ignored, so the settings never land in whatever folder the app was started from.
TEST(SettingsDirectory, ARelativeXdgConfigHomeIsIgnored) {
  const ScopedEnv home("HOME", "/home/someone");
  {
    const ScopedEnv xdg("XDG_CONFIG_HOME", "relative/config");
    EXPECT_EQ(settings_directory(), "/home/someone/.config/collision-lab");
  }
  {
    const ScopedEnv xdg("XDG_CONFIG_HOME", "");
    EXPECT_EQ(settings_directory(), "/home/someone/.config/collision-lab");
  }
  const ScopedEnv xdg("XDG_CONFIG_HOME", "/elsewhere/config");
  EXPECT_EQ(settings_directory(), "/elsewhere/config/collision-lab");
}
}  // namespace
