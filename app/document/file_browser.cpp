#include "app/document/file_browser.h"

#include "app/samples/kit/sample_ui.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace fs = std::filesystem;

namespace {
bool key_pressed(ImGuiKey key, bool repeat = false) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), repeat); }

// Text right-aligned in the current table cell.
void right_aligned_text(const std::string& text) {
  const float free = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(text.c_str()).x;
  if (free > 0) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + free);
  ImGui::TextUnformatted(text.c_str());
}

// A level of the path bar: the root as "/", any other folder by its own name.
std::string level_name(const fs::path& level) {
  return level.has_relative_path() ? level.filename().string() : level.string();
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x;
}
}  // namespace

void FileBrowser::open(Mode mode, const std::string& title, const std::string& start_path) {
  mode_ = mode;
  title_ = title;
  open_ = popup_requested_ = true;
  cancelled_ = false;
  chosen_.reset();
  confirm_replace_.reset();
  error_.clear();
  const BrowserStart start = browser_start(start_path);
  typed_ = mode == Mode::Save ? start.file_name : std::string();
  focus_typed_ = mode == Mode::Save;
  if (!navigate(start.directory, start.file_name) && directory_.empty()) {
    const std::string why = error_;
    navigate(home_directory());
    error_ = why;  // the start folder's trouble is the news, not that home worked
  }
}

bool FileBrowser::navigate(const fs::path& directory, const std::string& select_name) {
  std::vector<FileEntry> listing;
  std::string error;
  confirm_replace_.reset();
  if (!list_directory(directory, show_all_, listing, error)) {
    error_ = error;
    return false;
  }
  directory_ = directory.lexically_normal();
  entries_ = std::move(listing);
  error_.clear();
  selected_ = -1;
  for (std::size_t row = 0; row < entries_.size(); ++row) {
    if (!select_name.empty() && entries_[row].name == select_name) select(static_cast<int>(row));
  }
  scroll_to_selected_ = true;
  return true;
}

void FileBrowser::go_up() {
  if (directory_.has_relative_path()) navigate(directory_.parent_path(), directory_.filename().string());
}

void FileBrowser::refresh() {
  const bool has_selection = selected_ >= 0 && selected_ < static_cast<int>(entries_.size());
  navigate(directory_, has_selection ? entries_[selected_].name : std::string());
}

void FileBrowser::select(int row) {
  selected_ = row;
  confirm_replace_.reset();
  if (!entries_[row].is_directory) typed_ = entries_[row].name;  // so Open/Save takes it
}

void FileBrowser::activate(int row) {
  const FileEntry entry = entries_[row];  // a copy: navigating replaces the listing
  if (entry.name == "..") {
    go_up();
  } else if (entry.is_directory) {
    navigate(directory_ / entry.name);
  } else {
    choose(directory_ / entry.name);
  }
}

void FileBrowser::accept_typed() {
  if (typed_.find_first_not_of(" \t") == std::string::npos) {
    if (selected_ >= 0) activate(selected_);
    return;
  }
  fs::path path = resolve_typed_path(typed_, directory_);
  std::error_code error;
  if (fs::is_directory(path, error)) {
    if (navigate(path)) typed_.clear();
    return;
  }
  const fs::path extended = with_default_extension(path);
  if (mode_ == Mode::Save || (!fs::exists(path, error) && fs::exists(extended, error))) path = extended;
  choose(path);
}

void FileBrowser::choose(const fs::path& path) {
  std::error_code error;
  if (mode_ == Mode::Open) {
    if (fs::exists(path, error) && !fs::is_directory(path, error)) {
      chosen_ = path.string();
    } else {
      error_ = path.string() + ": no such file";
    }
    return;
  }
  if (!fs::is_directory(path.parent_path(), error)) {
    error_ = path.parent_path().string() + ": no such folder";
  } else if (fs::exists(path, error) && confirm_replace_ != path) {
    confirm_replace_ = path;
    error_.clear();
  } else {
    chosen_ = path.string();
  }
}

std::optional<std::string> FileBrowser::draw() {
  if (!open_) return std::nullopt;
  // The ### keeps one popup id whatever the title says.
  const std::string popup = title_ + "###file_browser";
  if (popup_requested_) {
    ImGui::OpenPopup(popup.c_str());
    popup_requested_ = false;
  }
  // In font units, so the dialog grows with the UI scale, but never past the window.
  const float em = ImGui::GetFontSize();
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize(ImVec2(std::min(52 * em, 0.92f * viewport->WorkSize.x),
                                  std::min(30 * em, 0.88f * viewport->WorkSize.y)),
                           ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  // The panel's background, opaque: the themes' popups let the panel and the scene show
  // through (clutter behind the names on a projector), and the light theme's popup is as
  // white as its text fields and check boxes, which then vanish.
  ImVec4 background = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  background.w = 1;
  ImGui::PushStyleColor(ImGuiCol_PopupBg, background);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.0f);  // its edge, on the light theme's light scene
  bool keep_open = true;
  const bool shown = ImGui::BeginPopupModal(popup.c_str(), &keep_open, ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  if (!shown) {
    open_ = false;  // closed by its title bar's button
    return std::nullopt;
  }
  handle_keys();
  draw_path_bar();
  draw_listing();
  draw_message();
  draw_footer();
  std::optional<std::string> chosen = std::move(chosen_);
  chosen_.reset();
  if (chosen || cancelled_) {
    ImGui::CloseCurrentPopup();
    open_ = false;
  }
  ImGui::EndPopup();
  return chosen;
}

void FileBrowser::handle_keys() {
  // Esc backs out of the replace question, else closes the dialog; nothing else sees it.
  if (key_pressed(ImGuiKey_Escape)) {
    if (confirm_replace_) {
      confirm_replace_.reset();
    } else {
      cancelled_ = true;
    }
    return;
  }
  if (ImGui::GetIO().WantTextInput || confirm_replace_) return;  // the path field has the keys
  const int rows = static_cast<int>(entries_.size());
  if (key_pressed(ImGuiKey_Enter) || key_pressed(ImGuiKey_KeyPadEnter)) {
    // A selected file's name is in the path field, perhaps edited since: the field decides.
    if (selected_ >= 0 && selected_ < rows && entries_[selected_].is_directory) {
      activate(selected_);
    } else {
      accept_typed();
    }
  } else if (key_pressed(ImGuiKey_Backspace, true)) {
    go_up();
  } else if (rows > 0 && (key_pressed(ImGuiKey_DownArrow, true) || key_pressed(ImGuiKey_UpArrow, true))) {
    const int step = key_pressed(ImGuiKey_DownArrow, true) ? 1 : -1;
    select(std::clamp(selected_ < 0 ? 0 : selected_ + step, 0, rows - 1));
    scroll_to_selected_ = true;
  }
}

// Home, Up and Refresh, then the current folder as buttons, one per level; the levels
// nearest the root give way to "…" when the whole path does not fit.
void FileBrowser::draw_path_bar() {
  if (ImGui::Button("Home")) navigate(home_directory());
  ImGui::SameLine();
  if (ImGui::Button("Up")) go_up();
  ImGui::SameLine();
  if (ImGui::Button("Refresh")) refresh();
  ImGui::SameLine(0, 2 * ImGui::GetFontSize());  // apart from the path that follows

  std::vector<fs::path> levels;
  for (fs::path level = directory_; !level.empty(); level = level.parent_path()) {
    levels.push_back(level);
    if (!level.has_relative_path()) break;
  }
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* separator = "\u203a";
  const float separator_width = ImGui::CalcTextSize(separator).x + style.ItemSpacing.x;
  float room = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("\u2026").x - style.ItemSpacing.x;
  std::size_t shown = 0;
  for (; shown < levels.size(); ++shown) {
    room -= button_width(level_name(levels[shown]).c_str()) + style.ItemSpacing.x + separator_width;
    if (room < 0 && shown > 0) break;
  }
  if (shown < levels.size()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("\u2026");
    ImGui::SameLine();
  }
  fs::path target;
  for (std::size_t i = shown; i-- > 0;) {
    const fs::path& level = levels[i];
    ImGui::PushID(static_cast<int>(i));
    // The current folder stands out; the ones above it are the way back.
    if (i == 0) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(level_name(level).c_str())) target = level;
    if (i == 0) ImGui::PopStyleColor();
    ImGui::PopID();
    if (i > 0) {
      ImGui::SameLine();
      ImGui::AlignTextToFramePadding();
      ImGui::TextDisabled("%s", separator);
      ImGui::SameLine();
    }
  }
  if (!target.empty()) navigate(target);
}

void FileBrowser::draw_listing() {
  const ImGuiStyle& style = ImGui::GetStyle();
  float below = 2 * ImGui::GetFrameHeightWithSpacing();  // the path field, then the buttons
  if (confirm_replace_) {
    below += ImGui::GetFrameHeightWithSpacing();
  } else if (!error_.empty()) {
    below += ImGui::CalcTextSize(error_.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y + style.ItemSpacing.y;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable;
  if (!ImGui::BeginTable("entries", 3, flags, ImVec2(0, -below))) return;
  const float em = ImGui::GetFontSize();
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Size", ImGuiTableColumnFlags_WidthFixed, 5 * em);
  ImGui::TableSetupColumn("Modified", ImGuiTableColumnFlags_WidthFixed, 8.5f * em);
  ImGui::TableHeadersRow();
  // The themes' selection is faint on a projector: a stronger one, still apart from hovering.
  ImVec4 selection = ImGui::GetStyleColorVec4(ImGuiCol_Header);
  selection.w = std::max(selection.w, 0.6f);
  ImGui::PushStyleColor(ImGuiCol_Header, selection);
  int activated = -1;
  for (int row = 0; row < static_cast<int>(entries_.size()); ++row) {
    const FileEntry& entry = entries_[row];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(row);
    // An empty label spanning the row, the name drawn apart: ImGui would cut a name at "##".
    const ImGuiSelectableFlags selectable_flags = ImGuiSelectableFlags_SpanAllColumns |
                                                  ImGuiSelectableFlags_AllowDoubleClick |
                                                  ImGuiSelectableFlags_DontClosePopups;
    if (ImGui::Selectable("##entry", row == selected_, selectable_flags)) {
      select(row);
      if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) activated = row;
    }
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::TextUnformatted(entry.is_directory ? (entry.name + "/").c_str() : entry.name.c_str());
    if (row == selected_ && scroll_to_selected_) {
      ImGui::SetScrollHereY(0.5f);
      scroll_to_selected_ = false;
    }
    ImGui::TableNextColumn();
    if (entry.size) right_aligned_text(format_size(*entry.size));
    ImGui::TableNextColumn();
    if (entry.modified) ImGui::TextUnformatted(format_time(*entry.modified).c_str());
  }
  const bool only_parent = entries_.size() == 1 && entries_[0].name == "..";
  if (entries_.empty() || only_parent) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled(show_all_ ? "This folder is empty." : "No folders or .json / .jsonl files here.");
  }
  ImGui::PopStyleColor();
  ImGui::EndTable();
  if (activated >= 0) activate(activated);  // after the table: it may replace the listing
}

// The replace question, or why the last step failed, between the listing and the path field.
void FileBrowser::draw_message() {
  if (confirm_replace_) {
    ImGui::AlignTextToFramePadding();
    colored_text(kWarningText, "%s already exists. Replace it?", confirm_replace_->filename().string().c_str());
    ImGui::SameLine();
    if (ImGui::Button("Replace")) choose(*confirm_replace_);
    ImGui::SameLine();
    if (ImGui::Button("Keep it")) confirm_replace_.reset();
  } else if (!error_.empty()) {
    warning_text(error_);
  }
}

void FileBrowser::draw_footer() {
  const bool saving = mode_ == Mode::Save;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(saving ? "File name" : "Path");
  ImGui::SameLine();
  if (focus_typed_) {
    ImGui::SetKeyboardFocusHere();
    focus_typed_ = false;
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  const char* hint = saving ? "scene.json, or a path (~ is your home folder)" : "a file or folder (~ is your home folder)";
  if (ImGui::InputTextWithHint("##typed", hint, &typed_, ImGuiInputTextFlags_EnterReturnsTrue)) {
    accept_typed();
    focus_typed_ = open_ && !chosen_;  // keep typing after entering a folder or an error
  }
  if (ImGui::Checkbox("Show all files", &show_all_)) refresh();
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* accept = saving ? "Save" : "Open";
  const float buttons = button_width(accept) + button_width("Cancel") + style.ItemSpacing.x;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - buttons);
  if (ImGui::Button(accept)) accept_typed();
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) cancelled_ = true;
}
