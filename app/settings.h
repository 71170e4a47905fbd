#pragma once
// Settings kept between runs in $XDG_CONFIG_HOME/collision-lab/ (default
// ~/.config/collision-lab/): settings.json and ImGui's imgui.ini.
#include <string>

struct Settings {
  std::string last_sample;
  int ui_scale_percent = 100;  // 100..300, for projectors
  bool dark_theme = true;
  bool full_precision = false;  // the panel's numbers with every digit instead of 4 decimals
  int window_width = 1280, window_height = 800;
};

// The folder, created on demand; empty when no home is known.
std::string settings_directory();
// A missing file gives the defaults; a corrupt one gives the defaults and a warning on stderr.
Settings load_settings(const std::string& directory);
// False (with a warning on stderr) when the file cannot be written.
bool save_settings(const std::string& directory, const Settings& settings);
