#include "app/document/png_export.h"

#include "app/document/file_save.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/query/message_text.h"
#include "render/offscreen_target.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace {
constexpr char kTitle[] = "Export PNG";
constexpr int kScales[] = {1, 2, 4};

std::string expand_home(const std::string& path) {
  const char* home = std::getenv("HOME");
  if (path.rfind("~/", 0) != 0 || !home) return path;
  return home + path.substr(1);
}

std::string size_text(int width, int height) { return std::to_string(width) + "\u00d7" + std::to_string(height); }
}  // namespace

bool render_png_export(const PngExport& request, int width, int height, const std::function<void()>& draw,
                       std::string& error) {
  // At 2x and 4x the image is already supersampled; fewer samples keep a 4x image (16
  // times the pixels) from needing 16 times the memory again.
  const int samples = std::max(1, 4 / request.scale);
  OffscreenTarget target;
  std::string why;
  if (!target.create(width, height, samples, why)) {
    error = "'" + query::cut_for_message(request.path) + "': " + why;
    return false;
  }
  target.bind();
  draw();
  const std::vector<std::uint8_t> rgba = target.read_rgba(request.transparent);
  OffscreenTarget::unbind();
  return save_png(request.path, width, height, rgba, error);
}

void PngExportDialog::open(const std::string& sample_id) {
  // The default follows the sample; a path the user typed stays.
  if (path_[0] == '\0' || default_path_ == path_.data()) {
    default_path_ = "~/collision-lab-" + sample_id + ".png";
    std::snprintf(path_.data(), path_.size(), "%s", default_path_.c_str());
  }
  result_.clear();
  open_requested_ = true;
}

void PngExportDialog::draw() {
  if (requested_ || exporting_) return;
  if (open_requested_) ImGui::OpenPopup(kTitle);
  open_requested_ = false;
  const ImGuiViewport* window = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(window->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));  // also as a message widens it
  bool open = true;
  if (!ImGui::BeginPopupModal(kTitle, &open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) return;
  ImGui::TextUnformatted("Size");
  for (int scale : kScales) {
    ImGui::SameLine();
    ImGui::RadioButton((std::to_string(scale) + "\u00d7").c_str(), &choice_.scale, scale);
  }
  const ImGuiIO& io = ImGui::GetIO();
  const int width = static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x) * choice_.scale;
  const int height = static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y) * choice_.scale;
  ImGui::SameLine();
  ImGui::TextDisabled("%s pixels", size_text(width, height).c_str());
  ImGui::Checkbox("Include the UI", &choice_.include_ui);
  ImGui::Checkbox("Transparent background", &choice_.transparent);
  draw_path_field();
  ImGui::BeginDisabled(path_[0] == '\0');
  if (ImGui::Button("Export")) {
    requested_ = true;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Close")) ImGui::CloseCurrentPopup();
  if (!result_.empty()) {
    if (failed_) warning_text(result_);
    else colored_text(palette::kSeparated, "%s", result_.c_str());
  }
  ImGui::EndPopup();
}

void PngExportDialog::draw_path_field() {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 28);
  ImGui::InputText("File", path_.data(), path_.size());
}

std::optional<PngExport> PngExportDialog::take_request() {
  if (!requested_) return std::nullopt;
  requested_ = false;
  exporting_ = true;
  PngExport request = choice_;
  request.path = expand_home(path_.data());
  return request;
}

void PngExportDialog::finished(const PngExport& request, int width, int height, const std::string& error) {
  exporting_ = false;
  failed_ = !error.empty();
  result_ = failed_ ? "collision-lab: Export PNG " + error
                    : "Saved " + size_text(width, height) + " to " + request.path;
  open_requested_ = true;
}
