#include "app/shell/frame_loop.h"

#include "app/document/file_save.h"
#include "app/platform/platform.h"
#include "app/shell/ui_font.h"
#include "render/gl_context.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <iterator>
#include <utility>

namespace {
AppFrame* app_of(GLFWwindow* window) { return static_cast<AppFrame*>(glfwGetWindowUserPointer(window)); }

void on_key(GLFWwindow* window, int key, int /*scancode*/, int action, int mods) {
  AppFrame* app = app_of(window);
  if (!app || action == GLFW_REPEAT) return;
  // A text field being edited takes the keys (ImGui sees them through its own callback), but
  // Ctrl+Q still quits.
  const bool ctrl_q = key == GLFW_KEY_Q && (mods & GLFW_MOD_CONTROL);
  const bool laser_off = key == GLFW_KEY_L && action == GLFW_RELEASE;  // the laser never stays on
  if (ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput && !ctrl_q && !laser_off) return;
  app->on_key(window, key, action == GLFW_PRESS, mods);
}

void on_mouse_button(GLFWwindow* window, int button, int action, int /*mods*/) {
  AppFrame* app = app_of(window);
  if (!app || button != GLFW_MOUSE_BUTTON_LEFT || action != GLFW_PRESS) return;
  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);
  app->on_left_press(glfwGetTime(), {x, y});
}

// Files dropped on the window open as File > Open. (The web page takes drops itself.)
void on_drop(GLFWwindow* window, int count, const char** paths) {
  if (AppFrame* app = app_of(window); app && count > 0) app->open_dropped(paths[0]);
}

// ImGui's draw data onto a framebuffer `scale` times the window's: the same layout.
void render_ui(int scale) {
  ImDrawData* data = ImGui::GetDrawData();
  const ImVec2 window_scale = data->FramebufferScale;
  data->FramebufferScale = ImVec2(window_scale.x * float(scale), window_scale.y * float(scale));
  ImGui_ImplOpenGL3_RenderDrawData(data);
  data->FramebufferScale = window_scale;
}

bool write_text_file(const std::string& path, const std::string& text) {
  std::string error;
  if (save_file(path, text + '\n', error)) return true;
  std::fprintf(stderr, "collision-lab: --dump-state: %s\n", error.c_str());
  return false;
}

Multisampling multisampling(const std::string& choice) {
  return choice == "on" ? Multisampling::On : choice == "off" ? Multisampling::Off : Multisampling::Automatic;
}
}  // namespace

bool FrameLoop::start(GLFWwindow* window, const CommandLine& options, float content_scale, std::string& error) {
  window_ = window;
  options_ = options;
  offscreen_ = runs_offscreen(options) && !options.bench_window;
  samples_ = frame_samples(multisampling(options.multisampling), platform::renderer_name());
  if (offscreen_ && !target_.create(options.size.width, options.size.height, samples_, error)) {
    error = "offscreen rendering: " + error;
    return false;
  }
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  if (offscreen_) content_scale = 1.0f;  // screenshots are pixel-exact
  load_ui_font(*ImGui::GetIO().Fonts, kBaseFontPixels * content_scale);
  if (!app_.init(options, content_scale, error)) {
    ImGui::DestroyContext();
    return false;
  }
  glfwSetWindowUserPointer(window, &app_);
  glfwSetKeyCallback(window, on_key);  // installed first so ImGui's callbacks chain to them
  glfwSetMouseButtonCallback(window, on_mouse_button);
  glfwSetDropCallback(window, on_drop);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init(platform::glsl_version());
  return true;
}

FrameLoop::Wait FrameLoop::next_wait() {
  // A button acts on its release, and a popup it opens is measured, hidden, for a frame
  // before it shows: two frames more after a release (a click can come in a single wait).
  const ImGuiIO& io = ImGui::GetIO();
  if (std::any_of(std::begin(io.MouseReleased), std::end(io.MouseReleased), [](bool released) { return released; })) {
    settle_frames_ = std::max(settle_frames_, 2);
  }
  if (offscreen_ || settle_frames_ > 0 || app_.animating() || asked_export_) {
    --settle_frames_;
    return Wait::Poll;
  }
  // Rows being answered: woken by each answer, and a few times a second for the seconds shown.
  // (The web page answers them between its frames: at once.)
  if (app_.answering()) return platform::threads_available() ? Wait::Briefly : Wait::Poll;
  settle_frames_ = 2;
  // Keeps the text cursor blinking; without inotify a watched file is looked at 4 times a second.
  return ImGui::GetIO().WantTextInput || app_.watch_needs_polling() ? Wait::Briefly : Wait::UntilEvent;
}

bool FrameLoop::frame() {
  ImGuiIO& io = ImGui::GetIO();
  app_.rebuild_fonts_if_needed();
  // A frame that makes a PNG file (File > Export PNG..., or --screenshot's last frame) is
  // built as the window's, then drawn offscreen at the export's scale; it is not shown.
  std::optional<PngExport> exporting = std::exchange(asked_export_, std::nullopt);
  // A screenshot shows every case row answered.
  const bool screenshot_now = !options_.screenshot_path.empty() && frame_ + 1 >= options_.frames && !app_.answering();
  if (screenshot_now) {
    exporting = PngExport{options_.screenshot_path, options_.screenshot_scale, options_.screenshot_ui, options_.transparent};
  }
  if (exporting) app_.begin_export(*exporting);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // Two frames can read the same clock (the browser's is coarse); ImGui needs time to pass.
  if (io.DeltaTime <= 0.0f) io.DeltaTime = 1e-4f;
  int fb_width = 0, fb_height = 0;
  glfwGetFramebufferSize(window_, &fb_width, &fb_height);
  if (offscreen_) {
    io.DisplaySize = ImVec2(float(options_.size.width), float(options_.size.height));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    fb_width = options_.size.width;
    fb_height = options_.size.height;
  }
  if (exporting) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // nothing in the image shows as hovered
  ImGui::NewFrame();
  app_.build(window_, frame_, fb_width, fb_height, !exporting || exporting->include_ui);
  ImGui::Render();
  const int this_frame = frame_++;

  if (exporting) {
    const int width = fb_width * exporting->scale, height = fb_height * exporting->scale;
    std::string failure;
    render_png_export(*exporting, width, height, [&] {
      app_.render(width, height, &*exporting);
      render_ui(exporting->scale);
    }, failure);
    poll_gl_errors("export");
    app_.end_export(*exporting, width, height, failure);
    if (screenshot_now) {
      if (!failure.empty()) {
        std::fprintf(stderr, "collision-lab: --screenshot: %s\n", failure.c_str());
        exit_code_ = 1;
      }
      return false;
    }
    settle_frames_ = 12;  // the dialog comes back with the result, its dimmed background fading in
    return true;
  }

  std::string error;
  if (!offscreen_ && samples_ > 0 && fb_width > 0 && fb_height > 0 &&
      (target_.width() != fb_width || target_.height() != fb_height) &&
      !target_.create(fb_width, fb_height, samples_, error)) {
    std::fprintf(stderr, "collision-lab: multisampling turned off: %s\n", error.c_str());
    samples_ = 0;
  }
  const bool through_target = offscreen_ || (samples_ > 0 && fb_width > 0 && fb_height > 0);
  if (through_target) {
    target_.bind();
  } else {
    OffscreenTarget::unbind();
    glViewport(0, 0, fb_width, fb_height);
  }
  app_.render(fb_width, fb_height);
  render_ui(1);
  if (!offscreen_ && through_target) target_.present();
  app_.finish_gl();
  poll_gl_errors("frame");
  asked_export_ = app_.take_export_request();
  if (!offscreen_) glfwSwapBuffers(window_);
  app_.end_frame();
  if (options_.bench && this_frame + 1 >= options_.frames) {
    std::printf("%s\n", app_.bench_report(samples_, offscreen_).c_str());
    return false;
  }
  return true;
}

int FrameLoop::finish() {
  if (!options_.dump_state_path.empty() && !write_text_file(options_.dump_state_path, app_.dump_state())) exit_code_ = 1;
  app_.save_settings(window_);
  glfwSetWindowUserPointer(window_, nullptr);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  app_.shutdown();
  ImGui::DestroyContext();
  if (gl_error_count() > 0) {
    std::fprintf(stderr, "collision-lab: OpenGL: %d error(s) occurred\n", gl_error_count());
    if (offscreen_ && exit_code_ == 0) exit_code_ = 3;  // a screenshot of a broken frame is a failure
  }
  return exit_code_;
}
