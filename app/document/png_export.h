#pragma once
// File > Export PNG... and --screenshot: the scene at 1x, 2x or 4x the window's size, with
// or without the UI, on its background or a transparent one. Both are made by
// render_png_export; the dialog only gathers the choices.
#include <array>
#include <functional>
#include <optional>
#include <string>

struct PngExport {
  std::string path;
  int scale = 1;             // 1, 2 or 4: the image is this many times the window's framebuffer
  bool include_ui = true;    // false: the scene and its labels fill the whole image
  bool transparent = false;  // the background is left at alpha 0; what is drawn keeps its alpha
};

// Makes an offscreen image of width x height (the framebuffer's times the scale), has
// `draw` render the frame built for the export into it, and saves it at request.path.
// False with `error` ("'path': why") when the image cannot be made or saved.
bool render_png_export(const PngExport& request, int width, int height, const std::function<void()>& draw,
                       std::string& error);

class PngExportDialog {
 public:
  // File > Export PNG...: shows the dialog; the path starts as ~/collision-lab-<sample>.png.
  void open(const std::string& sample_id);
  // Each frame, inside the ImGui frame.
  void draw();
  // The export the dialog asked for, once, with ~ expanded. The dialog stays hidden until
  // finished(), so an export with the UI does not show it.
  std::optional<PngExport> take_request();
  // Shows how it went; every choice is kept for the next export.
  void finished(const PngExport& request, int width, int height, const std::string& error);

 private:
  // The path as typed: the one place where a file browser plugs in.
  void draw_path_field();

  PngExport choice_;
  std::array<char, 4096> path_{};
  std::string default_path_;
  bool open_requested_ = false;
  bool requested_ = false;  // Export was pressed; the next frame makes the image
  bool exporting_ = false;
  std::string result_;
  bool failed_ = false;
};
