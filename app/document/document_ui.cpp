#include "app/document/document_ui.h"

#include "app/document/paste.h"
#include "app/document/presets.h"
#include "app/document/scene_link.h"
#include "app/platform/platform.h"
#include "collision_lab/query/gtest_emitter.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/shape_json.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>
#include <filesystem>

namespace {
const char* const kUnsavedPopup = "Unsaved changes";
const char* const kMessagePopup = "Collision Lab";


bool escape_pressed() { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false); }
}  // namespace

void DocumentUi::new_scene() {
  guard("starting a new scene", [this] {
    host_.select(host_.info()->id);
    document_.detach(host_);
  });
}

void DocumentUi::browse_to_open() {
  if (platform::files_are_downloads()) return platform::choose_file_to_open();
  browser_.open(FileBrowser::Mode::Open, "Open a scene or case file", document_.path());
  browsing_ = Browsing::Open;
}

void DocumentUi::file_menu() {
  // The browser keeps Ctrl+N for a new window.
  if (ImGui::MenuItem("New", platform::files_are_downloads() ? nullptr : "Ctrl+N")) new_scene();
  if (ImGui::MenuItem("New lecture from this scene", nullptr, false, host_.info() && !document_.is_lecture())) {
    guard("starting a lecture", [this] { document_.start_lecture(host_); });
  }
  if (ImGui::MenuItem("Open...", "Ctrl+O")) browse_to_open();
  if (ImGui::BeginMenu("Open Recent", !settings_.recent_files.empty())) {
    const std::vector<std::string> recent = settings_.recent_files;  // opening one reorders the list
    for (const auto& path : recent) {
      if (ImGui::MenuItem(path.c_str())) guard("opening " + file_name(path), [this, path] { open_file(path); });
    }
    ImGui::EndMenu();
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Save", "Ctrl+S")) save();
  if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S")) save_as();
  if (platform::has_page_links() && ImGui::MenuItem("Copy link")) copy_link();
  bool watch = document_.watching();
  if (!platform::files_are_downloads() &&
      ImGui::MenuItem("Reload when the file changes", nullptr, &watch, !document_.path().empty())) {
    document_.set_watch(watch);
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Reset sample", "R")) host_.reset();
}

void DocumentUi::edit_menu() {
  if (ImGui::MenuItem("Copy as query lines")) copy_query_lines();
  if (ImGui::MenuItem("Copy as scene")) ImGui::SetClipboardText((scene_json(host_.scene()).dump(2) + '\n').c_str());
  if (ImGui::MenuItem("Copy as GoogleTest")) copy_gtest();
  if (ImGui::MenuItem("Paste", "Ctrl+V")) {
    if (platform::clipboard_arrives_later()) return platform::ask_for_clipboard();
    const char* text = ImGui::GetClipboardText();
    paste(text ? text : "");
  }
}

std::vector<std::string> DocumentUi::query_lines() const {
  std::vector<std::string> lines;
  for (const auto& query : host_.sample()->queries()) lines.push_back(query::to_json_line(query.line));
  return lines;
}

void DocumentUi::copy_query_lines() const {
  std::string text;
  for (const auto& line : query_lines()) text += line + '\n';
  ImGui::SetClipboardText(text.c_str());
}

std::string DocumentUi::share_link() const { return platform::page_link(scene_link_fragment(host_.scene())); }

void DocumentUi::copy_link() const { ImGui::SetClipboardText(share_link().c_str()); }

void DocumentUi::copy_gtest() {
  std::string error;
  const std::string code = query::emit_gtest(query_lines(), error);
  if (code.empty()) {
    show_error("collision-lab: copy as GoogleTest: " + error);
    return;
  }
  ImGui::SetClipboardText(code.c_str());
}

bool DocumentUi::shortcut(GLFWwindow* window, int key, int mods) {
  if (!(mods & GLFW_MOD_CONTROL)) return false;
  const bool shift = mods & GLFW_MOD_SHIFT;
  switch (key) {
    case GLFW_KEY_N: new_scene(); return true;
    case GLFW_KEY_O: browse_to_open(); return true;
    case GLFW_KEY_S:
      shift ? save_as() : save();
      return true;
    case GLFW_KEY_V: {
      if (platform::clipboard_arrives_later()) return true;  // the page's paste event brings it
      const char* text = glfwGetClipboardString(window);
      paste(text ? text : "");
      return true;
    }
    case GLFW_KEY_Q:
      if (platform::files_are_downloads()) return false;  // a page is closed by the browser
      request_quit(window);
      return true;
    default: return false;
  }
}

void DocumentUi::guard(const std::string& what, std::function<void()> action) {
  if (!document_.dirty(host_)) {
    action();
    return;
  }
  pending_ = std::move(action);
  pending_what_ = what;
  ask_unsaved_ = true;
}

void DocumentUi::request_quit(GLFWwindow* window) {
  const auto quit = [this, window] {
    quitting_ = true;
    glfwSetWindowShouldClose(window, GLFW_TRUE);
  };
  // Asked already: a second Ctrl+Q quits without saving.
  if (pending_ && pending_what_ == "quitting") {
    pending_ = nullptr;
    quit();
    return;
  }
  guard("quitting", quit);
}

bool DocumentUi::quit_confirmed() const { return quitting_ || !document_.dirty(host_); }

void DocumentUi::select_sample(const std::string& id) {
  const SampleInfo* info = find_sample(id);
  if (!info) return;
  SceneFile fresh;
  fresh.sample = info;
  fresh.state = nlohmann::ordered_json::object();
  fresh.view = host_.scene().view;  // the View menu's choices stay
  fresh.view.reveal = Reveal::kAll;  // a reveal belongs to the scene it was made in
  replace_scene(fresh, std::string("Open ") + info->title);
}

void DocumentUi::open_preset(const Preset& preset) { replace_scene(preset.scene, "Open preset " + preset.scene.title); }

void DocumentUi::replace_scene(const SceneFile& scene, const std::string& step) {
  // An untitled scene's edits stay one undo step away; a file's unsaved edits are asked about.
  const auto open = [this, scene, step] {
    host_.open_scene(scene, step);
    document_.detach(host_);
  };
  if (document_.path().empty() && !document_.is_lecture()) {  // an untitled lecture is asked about too
    open();
  } else {
    guard("opening another scene", open);
  }
}

void DocumentUi::next_sample(int step) { select_sample(neighbour_sample(host_.info(), step).id); }

void DocumentUi::select_case(int row) {
  if (row < 0 || row >= static_cast<int>(document_.cases().size()) || row == document_.selected_case()) return;
  guard("showing another case", [this, row, cases = document_.path()] {
    // Saving the edited row made the document a scene: the case file opens again at the row.
    std::string error;
    const bool shown = document_.is_cases() && document_.path() == cases ? document_.select_case(row, host_, error)
                                                                          : document_.open(cases, row, host_, error);
    if (!shown) show_error("collision-lab: " + query::cut_for_message(cases) + ": " + error);
  });
}

bool DocumentUi::open_file(const std::string& path) {
  std::string error;
  if (!document_.open(path, 0, host_, error)) {
    // The page's files are named by what the user chose, not by where the page keeps them.
    const std::string shown = platform::files_are_downloads() ? file_name(path) : path;
    show_error("collision-lab: " + query::cut_for_message(shown) + ": " + error);
    return false;
  }
  remember_recent_file(settings_, path);
  return true;
}

bool DocumentUi::paste(const std::string& text) {
  std::string error;
  bool replaced_scene = false;
  if (paste_text(text, host_, error, replaced_scene)) {
    // Untitled, like a preset: Save never writes it over the file. In a lecture it is the
    // scene's new content, an edit kept with the others.
    if (replaced_scene && !document_.is_lecture()) document_.detach(host_);
    return true;
  }
  show_error("collision-lab: paste: " + error);
  return false;
}

void DocumentUi::save(std::function<void()> then) {
  const std::string path = document_.save_path();
  if (path.empty()) {
    save_as(std::move(then));
    return;
  }
  if (!save_to(path)) return;
  if (then) then();
}

bool DocumentUi::save_to(const std::string& path) {
  std::string error;
  if (!document_.save(path, host_, error)) {
    show_error("collision-lab: " + error);
    return false;
  }
  remember_recent_file(settings_, path);
  platform::persist_files();
  platform::hand_over_file(path);
  return true;
}

void DocumentUi::save_as(std::function<void()> then) {
  std::string start = document_.save_path();
  if (platform::files_are_downloads()) {
    // The page saves under the file's own name, as a download: the browser asks where.
    // An untitled scene gets a name no other kept file has.
    std::string path = start;
    for (int n = 1; path.empty() || (path != start && std::filesystem::exists(path)); ++n) {
      path = platform::files_folder() + "/" + host_.info()->id + (n > 1 ? "-" + std::to_string(n) : "") + ".json";
    }
    if (save_to(path) && then) then();
    return;
  }
  after_save_ = std::move(then);
  if (start.empty()) {
    std::error_code code;  // the working folder may be gone
    const std::filesystem::path folder = std::filesystem::current_path(code);
    start = ((code ? std::filesystem::path("~") : folder) / (std::string(host_.info()->id) + ".json")).string();
  }
  browser_.open(FileBrowser::Mode::Save, "Save the scene as", start);
  browsing_ = Browsing::SaveAs;
}

void DocumentUi::show_message(const std::string& message) { show_error(message); }

void DocumentUi::show_error(const std::string& message) {
  std::fprintf(stderr, "%s\n", message.c_str());
  message_ = message;
  show_message_ = true;
}

void DocumentUi::draw(GLFWwindow* window) {
  if (auto path = browser_.draw()) {
    if (browsing_ == Browsing::Open) {
      guard("opening " + file_name(*path), [this, p = *path] { open_file(p); });
    } else if (browsing_ == Browsing::SaveAs && save_to(*path) && after_save_) {
      after_save_();
    }
  }
  if (!browser_.is_open()) {
    browsing_ = Browsing::None;
    after_save_ = nullptr;
  }
  draw_unsaved_question(window);
  if (show_message_) {
    ImGui::OpenPopup(kMessagePopup);
    show_message_ = false;
  }
  if (ImGui::BeginPopupModal(kMessagePopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36);
    ImGui::TextUnformatted(message_.c_str());
    ImGui::PopTextWrapPos();
    // Not on its first frame: the Enter that chose a file must not close the message at once.
    const bool keyed = !ImGui::IsWindowAppearing() &&
                       (escape_pressed() || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false));
    if (ImGui::Button("OK") || keyed) {
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  draw_banner();
}

void DocumentUi::draw_unsaved_question(GLFWwindow* window) {
  (void)window;
  if (ask_unsaved_) {
    ImGui::OpenPopup(kUnsavedPopup);
    ask_unsaved_ = false;
  }
  if (!ImGui::BeginPopupModal(kUnsavedPopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::Text("%s has unsaved changes.", document_.name().c_str());
  ImGui::Text("Save them before %s?", pending_what_.c_str());
  ImGui::Spacing();
  std::function<void()> run;
  if (ImGui::Button("Save")) {
    save(std::move(pending_));
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Don't save")) {
    run = std::move(pending_);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || (escape_pressed() && !ImGui::IsWindowAppearing())) ImGui::CloseCurrentPopup();
  if (pending_what_ == "quitting") ImGui::TextDisabled("Ctrl+Q again quits without saving.");
  ImGui::EndPopup();
  if (!ImGui::IsPopupOpen(kUnsavedPopup)) pending_ = nullptr;
  if (run) run();
}

void DocumentUi::draw_banner() const {
  const std::string& problem = document_.watch_problem();
  if (problem.empty()) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float height = ImGui::GetFrameHeightWithSpacing() * 2;
  ImGui::SetNextWindowPos(ImVec2(viewport->Pos.x, viewport->Pos.y + viewport->Size.y - height));
  ImGui::SetNextWindowSize(ImVec2(viewport->Size.x, height));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.55f, 0.08f, 0.08f, 0.95f));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("file problem", nullptr, flags)) {
    ImGui::TextWrapped("%s", problem.c_str());
    ImGui::TextUnformatted("The last good version stays on screen until the file reads again.");
  }
  ImGui::End();
  ImGui::PopStyleColor(2);
}
