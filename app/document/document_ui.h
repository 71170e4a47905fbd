#pragma once
// The File menu's work and what goes with it: New, Open, Save, Save As and Open Recent
// through the in-app file browser, the question before unsaved changes are dropped, the
// case list of an open case file, the banner of a watched file that failed to reload, and
// the clipboard (copy the case out, paste one in).
#include "app/document/document.h"
#include "app/document/file_browser.h"
#include "app/shell/settings.h"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

struct GLFWwindow;
struct Preset;

// The file's name without its folder.
inline std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

class DocumentUi {
 public:
  DocumentUi(Document& document, SampleHost& host, Settings& settings)
      : document_(document), host_(host), settings_(settings) {}

  void file_menu();  // the File menu's items, Quit and Export aside
  void edit_menu();                    // the Edit menu's copy and paste items
  void case_list();                    // in the side panel, while a case file is open
  void lecture_list();                 // in the side panel, while a lecture is open
  // In the side panel: the scene's title and description to edit, and Save as my preset.
  void scene_details();
  // Presets > Save as my preset: the scene as it is now, titled, into my_presets_folder().
  void save_my_preset();
  // "3 / 12  Title" for presenter mode while a lecture is open, else empty.
  std::string lecture_heading() const;
  // Every frame, at the top level: the file browser, the questions, the banner, messages.
  void draw(GLFWwindow* window);
  // Ctrl+N, Ctrl+O, Ctrl+S, Ctrl+Shift+S, Ctrl+V and Ctrl+Q; true when the key was one of them.
  bool shortcut(GLFWwindow* window, int key, int mods);

  // Runs `action` now, or once the user has saved or dropped the unsaved changes;
  // `what` ends the question ("before opening another file?").
  void guard(const std::string& what, std::function<void()> action);
  // Ctrl+Q and the window's close button: quits, asking first when there are unsaved changes.
  void request_quit(GLFWwindow* window);
  // False while the window's close must wait for the unsaved-changes answer.
  bool quit_confirmed() const;
  // Another sample from the menus or [ ], or a preset: a new untitled scene, one undo step
  // away (asked like New when a saved file has unsaved changes).
  void select_sample(const std::string& id);
  void next_sample(int step);
  void open_preset(const Preset& preset);
  void select_case(int row);  // a row of the open case file (from 0), asked like New
  void go_to_scene(int index);  // a scene of the open lecture (from 0); the one left keeps its edits

  // Opens a scene, lecture or case file (the history starts afresh); a failure is shown and
  // changes nothing.
  bool open_file(const std::string& path);
  // Pastes a scene, a query line or a bare shape; false with the reason shown otherwise.
  bool paste(const std::string& text);
  const std::string& message() const { return message_; }
  // Shown as an error is: printed, and in a dialog until dismissed.
  void show_message(const std::string& message);
  // The web page's link to the scene as it is now (File > Copy link copies it).
  std::string share_link() const;

 private:
  void new_scene();       // File > New: the current sample afresh, untitled
  void browse_to_open();  // File > Open: the browser, then the question
  void replace_scene(const SceneFile& scene, const std::string& step);
  void save(std::function<void()> then = nullptr);
  void save_as(std::function<void()> then = nullptr);
  bool save_to(const std::string& path);  // remembered, kept, and in the page a download
  void copy_link() const;
  void show_error(const std::string& message);
  std::vector<std::string> query_lines() const;  // the sample's, as collision-lab-query reads them
  void copy_query_lines() const;
  void copy_gtest();
  void draw_unsaved_question(GLFWwindow* window);
  void lecture_authoring();  // under the lecture list: add, move and remove scenes
  void draw_banner() const;

  Document& document_;
  SampleHost& host_;
  Settings& settings_;
  FileBrowser browser_;
  enum class Browsing { None, Open, SaveAs } browsing_ = Browsing::None;
  std::function<void()> after_save_;       // what waits for Save As to finish
  std::function<void()> pending_;          // what waits for the unsaved-changes answer
  std::string pending_what_;
  bool ask_unsaved_ = false, quitting_ = false;
  std::string message_;                    // the last error, shown until dismissed
  bool show_message_ = false;
  std::string lecture_in_view_;   // the lecture the list shows, and its row last scrolled into view
  int lecture_row_in_view_ = -1;
};
