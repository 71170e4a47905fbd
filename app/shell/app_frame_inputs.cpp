// AppFrame's ways in and out besides the frame: files dropped on the window (or received
// by the web page), the web page's link, the settings, written as they change, and the
// state --dump-state writes.
#include "app/shell/app_frame.h"

#include "app/document/presets.h"
#include "app/document/scene_link.h"
#include "app/platform/platform.h"

#include <GLFW/glfw3.h>

#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>

void AppFrame::open_dropped(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  document_ui_.guard("opening " + name, [this, path] { document_ui_.open_file(path); });
}

// What the link opens is where the page starts: no undo step leads back from it.
void AppFrame::open_link(const std::string& query, const std::string& fragment) {
  const LinkRequest link = read_link(query, fragment);
  std::string error = link.error;
  if (link.scene) {
    try {
      host_.open_scene(*link.scene);
    } catch (const std::exception& e) {  // the state does not fit the sample: JsonInputError names the field
      error = std::string("the link's scene: ") + e.what();
    }
  } else if (!link.sample_id.empty()) {
    host_.select(link.sample_id);
  }
  if (!error.empty()) document_ui_.show_message("collision-lab: link: " + error);
  document_.detach(host_);
}

std::string AppFrame::settings_text() const {
  std::ifstream in(std::filesystem::path(settings_dir_) / "settings.json");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void AppFrame::gather_settings(GLFWwindow* window) {
  if (host_.info()) settings_.last_sample = host_.info()->id;
  settings_.dark_theme = shell_.dark_theme();
  settings_.full_precision = shell_.full_precision();
  settings_.panel_width = shell_.panel_width();
  settings_.panel_shown = shell_.panel_shown();
  settings_.ui_scale_percent = shell_.ui_scale_percent();
  glfwGetWindowSize(window, &settings_.window_width, &settings_.window_height);
}

void AppFrame::save_settings(GLFWwindow* window) {
  if (settings_dir_.empty()) return;
  gather_settings(window);
  ::save_settings(settings_dir_, settings_);
  saved_settings_ = settings_;
  platform::persist_files();
}

// Settings are written as they change (once a second at most), not only on quitting: a
// web page is closed without warning, and a desktop app can be killed.
void AppFrame::save_settings_when_changed(GLFWwindow* window, double time) {
  if (settings_dir_.empty() || time - settings_checked_at_ < 1.0) return;
  settings_checked_at_ = time;
  gather_settings(window);
  if (settings_ != saved_settings_) save_settings(window);
}

std::string AppFrame::dump_state() const {
  nlohmann::ordered_json dump = host_.dump();
  dump["presenter"] = shell_.presenter();
  dump["presenter_tools"] = shell_.tools.dump();
  if (shell_.presenter()) {  // each card drawn, where (window pixels: x, y, width, height)
    auto& cards = dump["cards"] = nlohmann::ordered_json::object();
    for (const auto& [name, rect] : shell_.cards_shown()) cards[name] = {rect.x, rect.y, rect.width, rect.height};
  }
  if (const Sample* ghost = host_.ghost()) dump["ghost"] = {{"state", state_json(ghost->state)}, {"results", sample_results(*ghost)}};
  if (shell_.presenter()) dump["card_heading"] = shell_.answer_card().heading;  // as drawn
  if (document_.is_cases()) {
    dump["case"] = document_.selected_case() + 1;
    dump["cases"] = cases_json(document_.cases());
    if (!document_.case_problem().empty()) {
      dump["case_problem"] = document_.case_problem();
    } else {
      // The shown row's check as the panel has it: against the figure now.
      if (const auto now = document_.shown_case_mismatches(host_)) dump["case_check"] = mismatches_json(*now);
      name_case_query(dump, document_.cases()[static_cast<std::size_t>(document_.selected_case())]);
    }
  }
  if (document_.is_lecture()) {
    const LectureFile& lecture = document_.lecture();
    const LectureScene& scene = lecture.scenes[static_cast<std::size_t>(document_.lecture_scene())];
    dump["lecture"] = {{"title", lecture.title},
                       {"scene", document_.lecture_scene() + 1},
                       {"scenes", lecture.scenes.size()},
                       {"scene_title", scene.title}};
  }
  // Each scene label as drawn: its text and rectangle (window pixels: x, y, width, height).
  auto& labels = dump["labels"] = nlohmann::ordered_json::array();
  for (const auto& label : shell_.shown_labels()) {
    labels.push_back({{"text", label.text}, {"rect", {label.x, label.y, label.width, label.height}}});
  }
  const PresetsMenuSeen& presets_menu = presets_menu_seen();  // where a test clicks, and what it listed
  dump["presets_menu"] = {{"heading", presets_menu.heading}, {"first_item", presets_menu.first_item}, {"titles", presets_menu.titles}};
  // What the banner says when a watched file could not be reloaded.
  if (!document_.watch_problem().empty()) dump["file_problem"] = document_.watch_problem();
  return dump.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);  // a watched file's bytes may not be UTF-8
}
