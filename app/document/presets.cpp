#include "app/document/presets.h"

#include "app/host/sample_host.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <tuple>

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

const Preset* draw_presets_menu() {
  if (!ImGui::BeginMenu("Presets")) return nullptr;
  const Preset* chosen = nullptr;
  const std::string* group = nullptr;
  for (const Preset& preset : presets()) {
    if (!group || *group != preset.group) {
      if (group) ImGui::Separator();
      group = &preset.group;
      ImGui::TextDisabled("%s", group->c_str());
    }
    const std::string& title = preset.scene.title;
    ImGui::PushID(preset.path.c_str());  // titles need not be unique
    if (ImGui::MenuItem(title.c_str())) chosen = &preset;
    if (!preset.scene.description.empty() && ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
      ImGui::TextUnformatted(preset.scene.description.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::PopID();
  }
  if (presets().empty()) ImGui::TextDisabled("No presets in this build");
  ImGui::EndMenu();
  return chosen;
}
