// The panel's "Title and description" section: a teacher names the scene and says what it
// sets up without editing JSON, names a lecture's scene and writes its speaker notes, and
// keeps the scene as one of their own presets.
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
  hint("Saved with the scene; the panel and the Presets menu show the title.");
  if (document_.is_lecture()) {  // what the lecture says of this scene, beside the scene's own title
    const LectureScene& scene = document_.lecture().scenes[static_cast<std::size_t>(document_.lecture_scene())];
    std::string lecture_title = document_.lecture().title, scene_title = scene.title, notes = scene.notes;
    ImGui::TextUnformatted("Lecture title");
    ImGui::SetNextItemWidth(-1);
    bool edited = ImGui::InputText("##lecture title", &lecture_title);
    ImGui::TextUnformatted("This scene in the lecture");
    ImGui::SetNextItemWidth(-1);
    edited |= ImGui::InputText("##lecture scene title", &scene_title);
    ImGui::TextUnformatted("Speaker notes");
    edited |= ImGui::InputTextMultiline("##notes", &notes, ImVec2(-1, ImGui::GetTextLineHeight() * 5));
    if (edited) document_.set_lecture_text(lecture_title, scene_title, notes);
    hint("Presenter mode's card shows the scene's lecture title; the notes show under the lecture list.");
  }
  if (ImGui::Button("Save as my preset")) save_my_preset();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Into %s, listed under Presets > My presets", my_presets_folder().c_str());
  ImGui::PopID();
}

void DocumentUi::save_my_preset() {
  if (!host_.info()) return;
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
