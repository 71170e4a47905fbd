#include "app/settings.h"

#include "app/file_save.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace {
// One by one, so that a bad entry is dropped and the others kept.
void read_recent_files(const nlohmann::json& json, Settings& settings) {
  const auto found = json.find("recent_files");
  if (found == json.end() || !found->is_array()) return;
  for (const auto& item : *found) {
    if (settings.recent_files.size() == kMaxRecentFiles) break;
    if (!item.is_string()) continue;
    const std::filesystem::path path = std::filesystem::path(item.get<std::string>()).lexically_normal();
    std::error_code error;
    if (!path.is_absolute() || !std::filesystem::exists(path, error)) continue;
    const std::string text = path.string();
    auto& files = settings.recent_files;
    if (std::find(files.begin(), files.end(), text) == files.end()) files.push_back(text);
  }
}
}  // namespace

std::string settings_directory() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path base;
  if (xdg && *xdg) {
    base = xdg;
  } else if (home && *home) {
    base = std::filesystem::path(home) / ".config";
  } else {
    return {};
  }
  return (base / "collision-lab").string();
}

Settings load_settings(const std::string& directory) {
  Settings settings;
  if (directory.empty()) return settings;
  const std::string path = directory + "/settings.json";
  std::ifstream file(path);
  if (!file) return settings;  // first run
  try {
    const auto json = nlohmann::json::parse(file);
    settings.last_sample = json.value("last_sample", settings.last_sample);
    settings.ui_scale_percent = std::clamp(json.value("ui_scale_percent", 100), 100, 300);
    settings.dark_theme = json.value("theme", std::string("dark")) != "light";
    settings.full_precision = json.value("full_precision", false);
    settings.window_width = std::clamp(json.value("window_width", 1280), 320, 16384);
    settings.window_height = std::clamp(json.value("window_height", 800), 240, 16384);
    read_recent_files(json, settings);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "collision-lab: warning: ignoring %s: %s\n", path.c_str(), e.what());
    return Settings{};
  }
  return settings;
}

bool save_settings(const std::string& directory, const Settings& settings) {
  if (directory.empty()) return false;
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  nlohmann::ordered_json json;
  json["last_sample"] = settings.last_sample;
  json["ui_scale_percent"] = settings.ui_scale_percent;
  json["theme"] = settings.dark_theme ? "dark" : "light";
  json["full_precision"] = settings.full_precision;
  json["window_width"] = settings.window_width;
  json["window_height"] = settings.window_height;
  json["recent_files"] = settings.recent_files;
  std::string failure;
  if (save_file(directory + "/settings.json", json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + '\n', failure)) return true;
  std::fprintf(stderr, "collision-lab: warning: settings not saved: %s\n", failure.c_str());
  return false;
}

void remember_recent_file(Settings& settings, const std::string& path) {
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  if (path.empty() || error) return;
  const std::string text = absolute.lexically_normal().string();
  auto& files = settings.recent_files;
  files.erase(std::remove(files.begin(), files.end(), text), files.end());
  files.insert(files.begin(), text);
  if (files.size() > kMaxRecentFiles) files.resize(kMaxRecentFiles);
}
