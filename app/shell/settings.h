#pragma once
// Settings kept between runs in $XDG_CONFIG_HOME/collision-lab/ (default
// ~/.config/collision-lab/): settings.json and ImGui's imgui.ini.
#include <cstddef>
#include <string>
#include <vector>

inline constexpr std::size_t kMaxRecentFiles = 10;
inline constexpr int kMinUiScalePercent = 100, kMaxUiScalePercent = 300;

struct Settings {
  std::string last_sample;
  int ui_scale_percent = 100;  // kMinUiScalePercent..kMaxUiScalePercent, for projectors
  bool dark_theme = true;
  bool full_precision = false;  // the panel's numbers with every digit instead of 4 decimals
  int window_width = 1280, window_height = 800;
  int panel_width = 0;  // the side panel's width at 100% UI scale; 0: the default
  bool panel_shown = true;  // false: collapsed, the scene fills the window below the menu
  std::vector<std::string> recent_files;  // absolute paths, most recent first, no repeats, at most kMaxRecentFiles
  bool file_unreadable = false;  // the file on disk could not be read: this run leaves it as it is
  bool operator==(const Settings&) const = default;
};

// The folder, created on demand; empty when no home is known. A relative XDG_CONFIG_HOME
// is ignored, as the XDG Base Directory specification asks.
std::string settings_directory();

enum class SettingsWarnings { Print, Quiet };
// A missing or empty file gives the defaults. A file that cannot be read or is not a JSON
// object gives the defaults, a warning on stderr and file_unreadable. A value of the wrong
// type or out of range is warned about and its default kept; the other values are read.
// A recent file that is not an absolute path, or no longer exists, is dropped.
Settings load_settings(const std::string& directory, SettingsWarnings warnings = SettingsWarnings::Print);
// False when the file is not written: file_unreadable, or (with one line on stderr) the
// save failed, which leaves the old file as it was.
bool save_settings(const std::string& directory, const Settings& settings);

// Puts `path` (made absolute) first in the recent files, dropping an older mention of it
// and whatever falls beyond kMaxRecentFiles.
void remember_recent_file(Settings& settings, const std::string& path);
