#include "app/document/presets.h"

#include "app/document/file_save.h"
#include "app/host/sample_host.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <system_error>
#include <tuple>

namespace fs = std::filesystem;

namespace {
std::string group_heading(std::string_view path) {
  const auto slash = path.find('/');
  std::string heading(slash == std::string_view::npos ? std::string_view("Scenes") : path.substr(0, slash));
  std::replace(heading.begin(), heading.end(), '-', ' ');
  heading[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(heading[0])));
  return heading;
}

std::size_t sample_position(const SampleInfo* info) {
  return static_cast<std::size_t>(info - sample_registry().data());
}

std::vector<Preset> read_presets() {
  std::vector<Preset> read;
  for (const EmbeddedFile& file : embedded_scene_files()) {
    Preset preset{group_heading(file.path), std::string(file.path), {}};
    std::string error;
    if (!read_scene_text(std::string(file.text), preset.scene, error)) {
      std::fprintf(stderr, "collision-lab: preset %s: %s\n", preset.path.c_str(), error.c_str());
      continue;
    }
    if (preset.scene.title.empty()) preset.scene.title = preset.path;
    read.push_back(std::move(preset));
  }
  // Tutorials first, as a lesson starts; within a group, in the order of the samples.
  const auto order = [](const Preset& p) {
    return std::tuple(p.group != "Tutorials", p.group, sample_position(p.scene.sample), p.path);
  };
  std::sort(read.begin(), read.end(), [&](const Preset& a, const Preset& b) { return order(a) < order(b); });
  return read;
}
}  // namespace

const std::vector<Preset>& presets() {
  static const std::vector<Preset> all = read_presets();
  return all;
}

namespace {
void tooltip(const std::string& text) {
  if (text.empty() || !ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

PresetsMenuSeen seen;

// The presets under their group headings; the one clicked, if any.
const Preset* preset_items(const std::vector<Preset>& list, bool separate_first) {
  const Preset* chosen = nullptr;
  const std::string* group = nullptr;
  for (const Preset& preset : list) {
    if (!group || *group != preset.group) {
      if (group || separate_first) ImGui::Separator();
      group = &preset.group;
      ImGui::TextDisabled("%s", group->c_str());
    }
    ImGui::PushID(preset.path.c_str());  // titles need not be unique
    if (ImGui::MenuItem(preset.scene.title.c_str())) chosen = &preset;
    seen.titles.push_back(preset.scene.title);
    tooltip(preset.scene.description);
    ImGui::PopID();
  }
  return chosen;
}

// "Touching boxes (2)!" -> "touching-boxes-2": letters and digits, words joined by '-'.
std::string file_stem(const std::string& title) {
  std::string stem;
  for (unsigned char c : title) {
    if (std::isalnum(c)) {
      stem += static_cast<char>(std::tolower(c));
    } else if (!stem.empty() && stem.back() != '-') {
      stem += '-';
    }
  }
  while (!stem.empty() && stem.back() == '-') stem.pop_back();
  if (stem.size() > 60) stem.resize(60);
  return stem.empty() ? "scene" : stem;
}
}  // namespace

std::string my_presets_folder() {
  const std::string folder = app_folder("XDG_DATA_HOME", ".local/share");
  return folder.empty() ? folder : folder + "/presets";
}

MyPresets read_my_presets() {
  MyPresets mine;
  const std::string folder = my_presets_folder();
  std::error_code failed;
  if (folder.empty() || !fs::is_directory(folder, failed)) return mine;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, failed)) {
    const fs::path& path = entry.path();
    if (path.extension() != ".json" || path.filename().string().starts_with(".")) continue;  // not a save's temp file
    Preset preset{"My presets", path.string(), {}};
    std::string error;
    if (!read_scene_file(path.string(), preset.scene, error)) {
      mine.problems.push_back(path.filename().string() + ": " + error);
      continue;
    }
    if (preset.scene.title.empty()) preset.scene.title = path.stem().string();
    mine.presets.push_back(std::move(preset));
  }
  const auto key = [](const Preset& preset) {  // as a reader sorts: "apple" before "Banana"
    std::string lower = preset.scene.title;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return std::tuple(lower, preset.path);
  };
  std::sort(mine.presets.begin(), mine.presets.end(), [&](const Preset& a, const Preset& b) { return key(a) < key(b); });
  std::sort(mine.problems.begin(), mine.problems.end());
  return mine;
}

bool save_my_preset(const SceneFile& scene, std::string& path, std::string& error) {
  const std::string folder = my_presets_folder();
  if (folder.empty()) {
    error = "no folder for presets: neither XDG_DATA_HOME nor HOME is set";
    return false;
  }
  std::error_code failed;
  fs::create_directories(folder, failed);
  if (failed) {
    error = "'" + folder + "': " + failed.message();
    return false;
  }
  const std::string stem = file_stem(scene.title.empty() && scene.sample ? scene.sample->title : scene.title);
  fs::path candidate = fs::path(folder) / (stem + ".json");
  for (int n = 2; fs::exists(candidate, failed); ++n) candidate = fs::path(folder) / (stem + "-" + std::to_string(n) + ".json");
  path = candidate.string();
  return save_file(path, scene_json(scene).dump(2) + "\n", error);
}

PresetsMenuChoice draw_presets_menu() {
  static MyPresets mine;
  if (!ImGui::BeginMenu("Presets")) {
    const ImVec2 heading = ImGui::GetItemRectMin(), heading_end = ImGui::GetItemRectMax();  // once open, the popup's
    seen.heading[0] = heading.x, seen.heading[1] = heading.y;
    seen.heading[2] = heading_end.x - heading.x, seen.heading[3] = heading_end.y - heading.y;
    return {};
  }
  if (ImGui::IsWindowAppearing()) mine = read_my_presets();  // a preset saved or copied in since shows at once
  seen.titles.clear();
  PresetsMenuChoice choice;
  choice.save_mine = ImGui::MenuItem("Save as my preset");
  const ImVec2 item = ImGui::GetItemRectMin(), item_end = ImGui::GetItemRectMax();
  seen.first_item[0] = (item.x + item_end.x) / 2, seen.first_item[1] = (item.y + item_end.y) / 2;
  tooltip("The scene as it is now, into " + my_presets_folder() + ", listed here under My presets");
  choice.open = preset_items(mine.presets, true);
  for (const std::string& problem : mine.problems) {
    ImGui::TextDisabled("%s", problem.c_str());
  }
  if (const Preset* shipped = preset_items(presets(), true)) choice.open = shipped;
  if (presets().empty()) ImGui::TextDisabled("No presets in this build");
  ImGui::EndMenu();
  return choice;
}

const PresetsMenuSeen& presets_menu_seen() { return seen; }
