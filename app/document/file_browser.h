#pragma once
// The app's own file dialog, drawn with ImGui as a modal popup (Debian packages no native
// dialog library we could use). Used as:
//   browser.open(FileBrowser::Mode::Open, "Open scene", start_path);  // once
//   if (auto path = browser.draw()) { ... }                            // every frame
#include "app/document/file_listing.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

class FileBrowser {
 public:
  enum class Mode { Open, Save };

  // Shows the dialog from the next draw() on. `start_path` is a folder, or a file whose
  // folder is listed (and whose name is proposed when saving).
  void open(Mode mode, const std::string& title, const std::string& start_path);
  bool is_open() const { return open_; }
  // Call every frame at the top level (not inside a menu). Returns the chosen absolute path
  // once, on the frame the user picks it; the dialog then closes.
  std::optional<std::string> draw();

 private:
  // Lists `directory` and makes it current; on failure the last listing stays and the
  // message says why. `select_name` names the entry to select (e.g. the folder we came up from).
  bool navigate(const std::filesystem::path& directory, const std::string& select_name = {});
  void go_up();
  void refresh();
  void select(int row);
  void activate(int row);
  void accept_typed();
  void choose(const std::filesystem::path& path);
  void handle_keys();
  void draw_path_bar();
  void draw_listing();
  void draw_message();
  void draw_footer();

  Mode mode_ = Mode::Open;
  std::string title_;
  bool open_ = false;
  bool popup_requested_ = false;
  bool cancelled_ = false;
  std::optional<std::string> chosen_;
  std::filesystem::path directory_;
  std::vector<FileEntry> entries_;  // the last listing that could be read
  int selected_ = -1;
  bool scroll_to_selected_ = false;
  bool show_all_ = false;
  std::string typed_;
  bool focus_typed_ = false;
  std::string error_;
  std::optional<std::filesystem::path> confirm_replace_;  // saving over this file waits for a yes
};
