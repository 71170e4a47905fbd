#pragma once
// Settings kept between runs in $XDG_CONFIG_HOME/collision-lab/ (default
// ~/.config/collision-lab/): settings.json and ImGui's imgui.ini.
#include <cstddef>
#include <string>
#include <vector>

inline constexpr std::size_t kMaxRecentFiles = 10;

struct Settings {
  std::string last_sample;
  int ui_scale_percent = 100;  // 100..300, for projectors
  bool dark_theme = true;
  bool full_precision = false;  // the panel's numbers with every digit instead of 4 decimals
  int window_width = 1280, window_height = 800;
  std::vector<std::string> recent_files;  // absolute paths, most recent first, no repeats, at most kMaxRecentFiles
};

// The folder, created on demand; empty when no home is known.
std::string settings_directory();
// A missing file gives the defaults; a corrupt one gives the defaults and a warning on
// stderr. A recent file that is not an absolute path, or no longer exists, is dropped.
Settings load_settings(const std::string& directory);
// False (with a warning on stderr) when the file cannot be written.
bool save_settings(const std::string& directory, const Settings& settings);

// Puts `path` (made absolute) first in the recent files, dropping an older mention of it
// and whatever falls beyond kMaxRecentFiles.
void remember_recent_file(Settings& settings, const std::string& path);
