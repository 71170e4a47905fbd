// The panel's "Title and description" section: a teacher names the scene and says what it
// sets up without editing JSON, and keeps it as one of their own presets.
#include "app/document/document_ui.h"
#include "app/document/presets.h"
#include "app/platform/platform.h"
#include "app/samples/kit/sample_ui.h"

#include <imgui.h>
#include <imgui_stdlib.h>

void DocumentUi::scene_details() {
  if (!host_.info() || !ImGui::CollapsingHeader("Title and description")) return;
  std::string title = host_.scene_title(), description = host_.scene_description();
  ImGui::PushID("scene details");
  ImGui::TextUnformatted("Title");
  ImGui::SetNextItemWidth(-1);
  bool changed = ImGui::InputTextWithHint("##title", host_.info()->title, &title);
  ImGui::TextUnformatted("Description");
  changed |= ImGui::InputTextMultiline("##description", &description, ImVec2(-1, ImGui::GetTextLineHeight() * 4));
  if (changed) host_.set_scene_text(title, description);
  hint("Saved with the scene; presenter mode and the Presets menu show the title.");
  if (ImGui::Button("Save as my preset")) save_my_preset();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Into %s, listed under Presets > My presets", my_presets_folder().c_str());
  ImGui::PopID();
}

void DocumentUi::save_my_preset() {
  SceneFile scene = host_.scene();
  if (scene.title.empty()) scene.title = host_.info()->title;
  std::string path, error;
  if (!::save_my_preset(scene, path, error)) {
    show_error("collision-lab: save as my preset: " + error);
    return;
  }
  platform::persist_files();
  message_ = "Saved \"" + scene.title + "\" as " + path + ".\nIt is in Presets > My presets.";
  show_message_ = true;  // a confirmation, not an error: shown, not printed
}
