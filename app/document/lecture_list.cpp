// DocumentUi's lecture list: the open lecture's scenes in the side panel, buttons to add,
// move and remove them, the current one's speaker notes under them, and the "3 / 12"
// heading presenter mode shows.
#include "app/document/document_ui.h"

#include "app/document/presets.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/query/message_text.h"

#include <imgui.h>

#include <cstring>
#include <string>

void DocumentUi::lecture_list() {
  if (!document_.is_lecture()) return;
  const LectureFile& lecture = document_.lecture();
  const std::string name = lecture.title.empty() ? file_name(document_.path()) : lecture.title;
  const std::string header = "Lecture: " + name + "###lecture";
  if (!ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (lecture_in_view_ != document_.path()) {  // another lecture: its shown scene comes into view
    lecture_in_view_ = document_.path();
    lecture_row_in_view_ = -1;
  }
  const int count = static_cast<int>(lecture.scenes.size());
  const float shown_rows = float(std::min(count, 8));
  const float height = ImGui::GetTextLineHeightWithSpacing() * (shown_rows + 0.5f);
  if (ImGui::BeginChild("lecture scenes", ImVec2(0, height), true)) {
    for (int i = 0; i < count; ++i) {
      const std::string label = std::to_string(i + 1) + ". " + lecture.scenes[static_cast<std::size_t>(i)].title +
                                "##scene" + std::to_string(i);
      const bool current = i == document_.lecture_scene();
      if (ImGui::Selectable(label.c_str(), current)) go_to_scene(i);
      if (current && lecture_row_in_view_ != i) {  // PgDn past the list's end keeps the scene in view
        ImGui::SetScrollHereY();
        lecture_row_in_view_ = i;
      }
    }
  }
  ImGui::EndChild();
  lecture_authoring();
  const std::string& notes = lecture.scenes[static_cast<std::size_t>(document_.lecture_scene())].notes;
  if (!notes.empty()) {
    ImGui::TextDisabled("Notes");
    ImGui::TextWrapped("%s", notes.c_str());
  }
  hint("PgDn and PgUp step through the scenes.");
}

void DocumentUi::lecture_authoring() {
  const int count = static_cast<int>(document_.lecture().scenes.size()), shown = document_.lecture_scene();
  const auto add = [this](const SceneFile& scene, const std::string& title) {
    document_.add_lecture_scene(scene, title, host_);
  };
  if (ImGui::Button("Add scene")) ImGui::OpenPopup("add scene");
  if (ImGui::BeginPopup("add scene")) {
    if (ImGui::MenuItem("A copy of this scene")) {
      add(host_.scene(), document_.lecture().scenes[static_cast<std::size_t>(shown)].title + " (copy)");
    }
    if (ImGui::BeginMenu("A sample")) {  // as it opens, under the menu's headings
      const char* category = nullptr;
      for (const SampleInfo& info : sample_registry()) {
        if (!category || std::strcmp(category, info.category) != 0) ImGui::TextDisabled("%s", category = info.category);
        if (!ImGui::MenuItem(info.title)) continue;
        SceneFile opening;  // the sample as it opens
        opening.sample = &info;
        opening.state = nlohmann::ordered_json::object();
        add(opening, info.title);
      }
      ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("A preset")) {
      static MyPresets mine;
      if (ImGui::IsWindowAppearing()) mine = read_my_presets();
      for (const std::vector<Preset>* list : {static_cast<const std::vector<Preset>*>(&mine.presets), &presets()}) {
        for (const Preset& preset : *list) {
          ImGui::PushID(preset.path.c_str());
          if (ImGui::MenuItem(preset.scene.title.c_str())) add(preset.scene, preset.scene.title);
          ImGui::PopID();
        }
      }
      ImGui::EndMenu();
    }
    ImGui::EndPopup();
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(shown == 0);
  if (ImGui::ArrowButton("up", ImGuiDir_Up)) document_.move_lecture_scene(-1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(shown + 1 >= count);
  if (ImGui::ArrowButton("down", ImGuiDir_Down)) document_.move_lecture_scene(+1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(count < 2);
  if (ImGui::Button("Remove")) ImGui::OpenPopup("remove scene");
  ImGui::EndDisabled();
  if (ImGui::BeginPopup("remove scene")) {  // asked: the scene's edits go with it
    ImGui::Text("Remove scene %d, %s, and its edits from the lecture?", shown + 1,
                document_.lecture().scenes[static_cast<std::size_t>(shown)].title.c_str());
    if (ImGui::Button("Remove scene")) {
      document_.remove_lecture_scene(host_);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Keep it")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

std::string DocumentUi::lecture_heading() const {
  if (!document_.is_lecture()) return {};
  const LectureFile& lecture = document_.lecture();
  const int index = document_.lecture_scene();
  return std::to_string(index + 1) + " / " + std::to_string(lecture.scenes.size()) + "  " +
         lecture.scenes[static_cast<std::size_t>(index)].title;
}

void DocumentUi::go_to_scene(int index) {
  if (!document_.is_lecture()) return;
  const int count = static_cast<int>(document_.lecture().scenes.size());
  if (index < 0 || index >= count || index == document_.lecture_scene()) return;
  std::string error;
  if (!document_.go_to_scene(index, host_, error)) {
    show_error("collision-lab: " + query::cut_for_message(document_.path()) + ": " + error);
  }
}
