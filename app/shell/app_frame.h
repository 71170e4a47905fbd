#pragma once
// Everything the app does in one frame between ImGui::NewFrame and the buffer swap:
// input, the UI shell, the current sample, its drawing, the benchmark timers.
#include "app/shell/command_line.h"
#include "app/document/document.h"
#include "app/document/document_ui.h"
#include "app/shell/frame_timings.h"
#include "app/document/png_export.h"
#include "app/host/sample_host.h"
#include "app/shell/settings.h"
#include "app/shell/ui_shell.h"

#include <optional>
#include <string>
#include <vector>

struct GLFWwindow;

class AppFrame {
 public:
  bool init(const CommandLine& options, float content_scale, std::string& error);
  void on_key(GLFWwindow* window, int key, bool pressed, int mods);
  // Every left press as GLFW reports it (seconds, window coordinates). Double-clicks are
  // counted here rather than from ImGui, which samples the buttons once per frame and so
  // misses a double-click whose release and second press fall in the same slow frame.
  void on_left_press(double time, glm::dvec2 window_position);
  bool animating() const {
    return host_.animating() || host_.explain.animating() || shell_.cards_settling() || options_.bench;
  }
  bool watch_needs_polling() const { return document_.watch_needs_polling(); }
  // Case rows or the sample's answer are being answered: the panel's progress is redrawn,
  // and a screenshot waits.
  bool answering() const { return document_.answering() || host_.answering(); }
  // The window's close button: true when it may close now (else the app asks first).
  bool close_requested(GLFWwindow* window);
  // Without the UI (an export that leaves it out) the scene fills the window.
  void build(GLFWwindow* window, int frame, int fb_width, int fb_height, bool with_ui = true);
  // `exporting`: the frame just built, into a framebuffer (fb_width x fb_height) the
  // export's scale times the window's.
  void render(int fb_width, int fb_height, const PngExport* exporting = nullptr);
  // The benchmark's frame clock: begin_frame before the events, finish_gl after the last
  // draw call, end_frame after the swap.
  void begin_frame();
  void finish_gl();
  void end_frame();
  void rebuild_fonts_if_needed();
  // File > Export PNG...: the export asked for, once.
  std::optional<PngExport> take_export_request() { return shell_.png_export().take_request(); }
  // Before the export's frame: ImGui's text drawn at the export's scale.
  void begin_export(const PngExport& request);
  // After it: the window's fonts again, and the dialog says how it went.
  void end_export(const PngExport& request, int width, int height, const std::string& error);
  void on_content_scale(float scale);  // between frames: a UI scale change rebuilds the font atlas
  // The benchmark's JSON line; `samples` per pixel, drawn offscreen or into the window.
  std::string bench_report(int samples, bool offscreen) const;
  std::string dump_state() const;
  void save_settings(GLFWwindow* window);
  // A file dropped on the window, or received by the web page: opens as File > Open does.
  void open_dropped(const std::string& path);
  // The web page's address, read once at start: the scene or sample it names, or the
  // default sample and a message saying what was wrong with it.
  void open_link(const std::string& query, const std::string& fragment);
  bool paste(const std::string& text) { return document_ui_.paste(text); }
  void show_message(const std::string& message) { document_ui_.show_message(message); }
  bool dirty() const { return document_.dirty(host_); }
  // A link opened in a running page: asked about like File > Open when there are unsaved changes.
  void follow_link(const std::string& query, const std::string& fragment) {
    document_ui_.guard("opening the link", [this, query, fragment] { open_link(query, fragment); });
  }
  std::string share_link() const { return document_ui_.share_link(); }
  std::string settings_text() const;
  void shutdown() {}

 private:
  PointerInput read_pointer(int frame);
  PointerInput bench_pointer(int frame);
  void build_draw_list(int scale);
  std::vector<ScreenRect> handle_rects();
  void load_fonts(int text_scale);
  void gather_settings(GLFWwindow* window);
  void save_settings_when_changed(GLFWwindow* window, double time);

  CommandLine options_;
  UiShell shell_;
  SampleHost host_;
  Document document_;
  DocumentUi document_ui_{document_, host_, settings_};
  std::string window_title_;
  Settings settings_;
  Settings saved_settings_;  // as last written: the settings are written when they change
  double settings_checked_at_ = 0;
  std::string settings_dir_;
  float content_scale_ = 1;
  Viewport scene_viewport_;
  glm::dvec2 last_mouse_{0};
  glm::dvec2 right_press_at_{0};
  double last_left_press_time_ = -1e9;
  glm::dvec2 last_left_press_at_{0};
  bool double_click_pending_ = false;
  double last_time_ = 0;
  glm::dvec2 bench_grab_{0};  // where the benchmark's drag pressed (framebuffer pixels)
  FrameTimings timings_;  // --bench
};
