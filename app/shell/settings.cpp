#include "app/shell/settings.h"

#include "app/document/file_save.h"
#include "app/document/input_file.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/shape_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <utility>

namespace {
namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr int kMinWindowWidth = 320, kMinWindowHeight = 240, kMaxWindowSide = 16384;
constexpr int kMaxPanelWidth = 4096;

void warn(const std::string& path, const std::string& why) {
  std::fprintf(stderr, "collision-lab: %s: %s\n", query::cut_for_message(path).c_str(), why.c_str());
}

// The file's JSON object; nullopt with `why` empty when there is nothing to read yet.
std::optional<Json> read_json_object(const std::string& path, std::string& why) {
  std::error_code code;
  if (fs::status(path, code).type() == fs::file_type::not_found) return std::nullopt;  // first run
  std::string text;
  if (code) {
    why = code.message();
  } else if (read_input_file(path, text, why)) {
    // Nothing but white space holds no setting to lose (older versions emptied the file on a full disk).
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) return std::nullopt;
    try {
      Json json = query::parse_json(text);
      if (json.is_object()) return json;
      why = "not a JSON object";
    } catch (const Json::exception& e) {
      why = query::not_json_text(e, false);
    } catch (const query::JsonInputError& e) {  // nested too deep for the warning to print it
      why = e.what();
    }
  }
  return std::nullopt;
}

// Compared before any conversion, so that no double or 64-bit integer beyond int's range
// is ever converted to int.
bool read_whole_number(const Json& value, int low, int high, int& out) {
  const auto fits = [&](auto n) { return std::cmp_greater_equal(n, low) && std::cmp_less_equal(n, high); };
  if (value.is_number_unsigned()) {
    const auto n = value.get<std::uint64_t>();
    if (!fits(n)) return false;
    out = static_cast<int>(n);
  } else if (value.is_number_integer()) {
    const auto n = value.get<std::int64_t>();
    if (!fits(n)) return false;
    out = static_cast<int>(n);
  } else if (value.is_number_float()) {
    const double n = value.get<double>();
    if (!(n >= low && n <= high) || n != std::trunc(n)) return false;
    out = static_cast<int>(n);
  } else {
    return false;
  }
  return true;
}

std::string whole_number_from(int low, int high) {
  return "a whole number from " + std::to_string(low) + " to " + std::to_string(high);
}

// One field at a time: a value that `read` refuses is named in a warning and the field
// keeps its default, while the other fields are still read.
struct FieldReader {
  const Json& json;
  const std::string& path;
  bool print;

  void field(const char* name, const std::string& expected, const std::function<bool(const Json&)>& read) const {
    const auto found = json.find(name);
    if (found == json.end() || read(*found) || !print) return;
    const std::string value = found->dump(-1, ' ', false, Json::error_handler_t::replace);
    warn(path, std::string(name) + ": " + query::cut_for_message(value) + " is not " + expected + "; the default is kept");
  }
};

// One by one, so that a bad entry is dropped and the others kept.
void read_recent_files(const Json& list, Settings& settings) {
  for (const auto& item : list) {
    if (settings.recent_files.size() == kMaxRecentFiles) break;
    if (!item.is_string()) continue;
    const fs::path path = fs::path(item.get<std::string>()).lexically_normal();
    std::error_code error;
    if (!path.is_absolute() || !fs::exists(path, error)) continue;
    const std::string text = path.string();
    auto& files = settings.recent_files;
    if (std::find(files.begin(), files.end(), text) == files.end()) files.push_back(text);
  }
}

void read_fields(const FieldReader& reader, Settings& settings) {
  reader.field("last_sample", "a string", [&](const Json& value) {
    if (!value.is_string()) return false;
    settings.last_sample = value.get<std::string>();
    return true;
  });
  reader.field("ui_scale_percent", whole_number_from(kMinUiScalePercent, kMaxUiScalePercent), [&](const Json& value) {
    return read_whole_number(value, kMinUiScalePercent, kMaxUiScalePercent, settings.ui_scale_percent);
  });
  reader.field("theme", "\"dark\" or \"light\"", [&](const Json& value) {
    if (value != "dark" && value != "light") return false;
    settings.dark_theme = value == "dark";
    return true;
  });
  reader.field("full_precision", "true or false", [&](const Json& value) {
    if (!value.is_boolean()) return false;
    settings.full_precision = value.get<bool>();
    return true;
  });
  reader.field("window_width", whole_number_from(kMinWindowWidth, kMaxWindowSide), [&](const Json& value) {
    return read_whole_number(value, kMinWindowWidth, kMaxWindowSide, settings.window_width);
  });
  reader.field("window_height", whole_number_from(kMinWindowHeight, kMaxWindowSide), [&](const Json& value) {
    return read_whole_number(value, kMinWindowHeight, kMaxWindowSide, settings.window_height);
  });
  reader.field("panel_width", whole_number_from(0, kMaxPanelWidth), [&](const Json& value) {
    return read_whole_number(value, 0, kMaxPanelWidth, settings.panel_width);
  });
  reader.field("panel_shown", "true or false", [&](const Json& value) {
    if (!value.is_boolean()) return false;
    settings.panel_shown = value.get<bool>();
    return true;
  });
  reader.field("recent_files", "a list of file names", [&](const Json& value) {
    if (!value.is_array()) return false;
    read_recent_files(value, settings);
    return true;
  });
}
}  // namespace

std::string settings_directory() { return app_folder("XDG_CONFIG_HOME", ".config"); }

Settings load_settings(const std::string& directory, SettingsWarnings warnings) {
  Settings settings;
  if (directory.empty()) return settings;
  const std::string path = directory + "/settings.json";
  const bool print = warnings == SettingsWarnings::Print;
  std::string why;
  const std::optional<Json> json = read_json_object(path, why);
  if (json) {
    read_fields(FieldReader{*json, path, print}, settings);
  } else if (!why.empty()) {
    settings.file_unreadable = true;
    if (print) warn(path, why + "; settings will not be saved this run");
  }
  return settings;
}

bool save_settings(const std::string& directory, const Settings& settings) {
  if (directory.empty() || settings.file_unreadable) return false;
  std::error_code error;
  fs::create_directories(directory, error);
  nlohmann::ordered_json json;
  json["last_sample"] = settings.last_sample;
  json["ui_scale_percent"] = settings.ui_scale_percent;
  json["theme"] = settings.dark_theme ? "dark" : "light";
  json["full_precision"] = settings.full_precision;
  json["window_width"] = settings.window_width;
  json["window_height"] = settings.window_height;
  json["panel_width"] = settings.panel_width;
  json["panel_shown"] = settings.panel_shown;
  json["recent_files"] = settings.recent_files;
  const std::string path = directory + "/settings.json";
  std::string failure;
  if (save_file(path, json.dump(2, ' ', false, Json::error_handler_t::replace) + '\n', failure)) return true;
  warn(path, "cannot save settings: " + save_failure_reason(path, failure));
  return false;
}

void remember_recent_file(Settings& settings, const std::string& path) {
  std::error_code error;
  const fs::path absolute = fs::absolute(path, error);
  if (path.empty() || error) return;
  const std::string text = absolute.lexically_normal().string();
  auto& files = settings.recent_files;
  files.erase(std::remove(files.begin(), files.end(), text), files.end());
  files.insert(files.begin(), text);
  if (files.size() > kMaxRecentFiles) files.resize(kMaxRecentFiles);
}
