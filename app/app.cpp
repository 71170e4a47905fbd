#include "app/app.h"

#include "app/app_frame.h"
#include "app/file_save.h"
#include "app/png_export.h"
#include "app/settings.h"
#include "app/ui_font.h"
#include "render/gl_context.h"
#include "render/offscreen_target.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

namespace {
void on_glfw_error(int code, const char* message) {
  std::fprintf(stderr, "collision-lab: GLFW error %d: %s\n", code, message);
}

void on_content_scale(GLFWwindow* window, float x_scale, float /*y_scale*/) {
  // Moved to a monitor of another DPI: the UI follows (fonts are rebuilt between frames).
  if (auto* app = static_cast<AppFrame*>(glfwGetWindowUserPointer(window))) app->on_content_scale(x_scale);
}

void on_key(GLFWwindow* window, int key, int /*scancode*/, int action, int mods) {
  auto* app = static_cast<AppFrame*>(glfwGetWindowUserPointer(window));
  if (!app || action == GLFW_REPEAT) return;
  // A text field being edited takes the keys (ImGui sees them through its own callback), but
  // Ctrl+Q still quits.
  const bool ctrl_q = key == GLFW_KEY_Q && (mods & GLFW_MOD_CONTROL);
  if (ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput && !ctrl_q) return;
  app->on_key(window, key, action == GLFW_PRESS, mods);
}

void on_mouse_button(GLFWwindow* window, int button, int action, int /*mods*/) {
  auto* app = static_cast<AppFrame*>(glfwGetWindowUserPointer(window));
  if (!app || button != GLFW_MOUSE_BUTTON_LEFT || action != GLFW_PRESS) return;
  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);
  app->on_left_press(glfwGetTime(), {x, y});
}

void on_close(GLFWwindow* window) {
  // Closing the window asks first, like Ctrl+Q, when there are unsaved changes.
  auto* app = static_cast<AppFrame*>(glfwGetWindowUserPointer(window));
  if (app && !app->close_requested(window)) glfwSetWindowShouldClose(window, GLFW_FALSE);
}

struct GlfwSession {
  bool ok = glfwInit() == GLFW_TRUE;
  ~GlfwSession() {
    if (ok) glfwTerminate();
  }
};

GLFWwindow* create_window(const CommandLine& options, bool offscreen) {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // No multisampled window: the frame is drawn into an OffscreenTarget of the chosen samples
  // (known only once the context tells which renderer it is) and copied in.
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  // Screenshots and benchmarks render offscreen at the exact size: no window flashes up.
  glfwWindowHint(GLFW_VISIBLE, offscreen ? GLFW_FALSE : GLFW_TRUE);
  if (offscreen) return glfwCreateWindow(options.size.width, options.size.height, "Collision Lab", nullptr, nullptr);
  // Below 640x400 the panel leaves the scene no room: a window never gets smaller.
  GLFWwindow* window = glfwCreateWindow(std::max(options.size.width, kMinimumWindow.width),
                                        std::max(options.size.height, kMinimumWindow.height), "Collision Lab", nullptr,
                                        nullptr);
  if (window) glfwSetWindowSizeLimits(window, kMinimumWindow.width, kMinimumWindow.height, GLFW_DONT_CARE, GLFW_DONT_CARE);
  return window;
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

// Runs the UI until the window closes, the screenshot is written or the benchmark ends;
// owns every GL object, so they are gone before the window (and its context) is destroyed.
int run_frames(GLFWwindow* window, const CommandLine& options) {
  const bool offscreen = runs_offscreen(options) && !options.bench_window;
  glfwSwapInterval(runs_offscreen(options) ? 0 : 1);

  std::string error;
  const Multisampling choice = options.multisampling == "on"    ? Multisampling::On
                               : options.multisampling == "off" ? Multisampling::Off
                                                                : Multisampling::Automatic;
  int samples = frame_samples(choice, gl_renderer());
  // A window drawn with multisampling goes through `target` too, resized with the window.
  OffscreenTarget target;
  if (offscreen && !target.create(options.size.width, options.size.height, samples, error)) {
    std::fprintf(stderr, "collision-lab: offscreen rendering: %s\n", error.c_str());
    return 1;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  float content_scale = 1.0f;
  glfwGetWindowContentScale(window, &content_scale, nullptr);
  if (offscreen) content_scale = 1.0f;  // screenshots are pixel-exact
  load_ui_font(*io.Fonts, kBaseFontPixels * content_scale);

  AppFrame app;
  if (!app.init(options, content_scale, error)) {
    std::fprintf(stderr, "collision-lab: %s\n", error.c_str());
    ImGui::DestroyContext();
    return 1;
  }
  glfwSetWindowUserPointer(window, &app);
  glfwSetKeyCallback(window, on_key);  // installed first so ImGui's callbacks chain to them
  glfwSetMouseButtonCallback(window, on_mouse_button);
  glfwSetWindowContentScaleCallback(window, on_content_scale);
  glfwSetWindowCloseCallback(window, on_close);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exit_code = 0;
  int settle_frames = 2;  // ImGui needs a frame or two after an event to settle its layout
  std::optional<PngExport> asked_export;  // File > Export PNG... in one frame, made in the next
  for (int frame = 0; !glfwWindowShouldClose(window); ++frame) {
    app.begin_frame();
    if (offscreen || settle_frames > 0 || app.animating() || asked_export) {
      glfwPollEvents();
      --settle_frames;
    } else if (io.WantTextInput || app.watch_needs_polling()) {
      // Keeps the text cursor blinking; without inotify a watched file is looked at 4 times a second.
      glfwWaitEventsTimeout(app.watch_needs_polling() ? 0.25 : 0.5);
      settle_frames = 2;
    } else {
      glfwWaitEvents();  // an idle app sleeps until the user does something
      settle_frames = 2;
    }
    app.rebuild_fonts_if_needed();
    // A frame that makes a PNG file (File > Export PNG..., or --screenshot's last frame) is
    // built as the window's, then drawn offscreen at the export's scale; it is not shown.
    std::optional<PngExport> exporting = std::exchange(asked_export, std::nullopt);
    const bool screenshot_now = !options.screenshot_path.empty() && frame + 1 >= options.frames;
    if (screenshot_now) {
      exporting = PngExport{options.screenshot_path, options.screenshot_scale, options.screenshot_ui, options.transparent};
    }
    if (exporting) app.begin_export(*exporting);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    int fb_width = 0, fb_height = 0;
    glfwGetFramebufferSize(window, &fb_width, &fb_height);
    if (offscreen) {
      io.DisplaySize = ImVec2(float(options.size.width), float(options.size.height));
      io.DisplayFramebufferScale = ImVec2(1, 1);
      fb_width = options.size.width;
      fb_height = options.size.height;
    }
    if (exporting) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // nothing in the image shows as hovered
    ImGui::NewFrame();
    app.build(window, frame, fb_width, fb_height, !exporting || exporting->include_ui);
    ImGui::Render();

    if (exporting) {
      const int width = fb_width * exporting->scale, height = fb_height * exporting->scale;
      std::string failure;
      render_png_export(*exporting, width, height, [&] {
        app.render(width, height, &*exporting);
        render_ui(exporting->scale);
      }, failure);
      poll_gl_errors("export");
      app.end_export(*exporting, width, height, failure);
      if (screenshot_now) {
        if (!failure.empty()) {
          std::fprintf(stderr, "collision-lab: --screenshot: %s\n", failure.c_str());
          exit_code = 1;
        }
        break;
      }
      settle_frames = 12;  // the dialog comes back with the result, its dimmed background fading in
      continue;
    }

    if (!offscreen && samples > 0 && fb_width > 0 && fb_height > 0 &&
        (target.width() != fb_width || target.height() != fb_height) &&
        !target.create(fb_width, fb_height, samples, error)) {
      std::fprintf(stderr, "collision-lab: multisampling turned off: %s\n", error.c_str());
      samples = 0;
    }
    const bool through_target = offscreen || (samples > 0 && fb_width > 0 && fb_height > 0);
    if (through_target) {
      target.bind();
    } else {
      OffscreenTarget::unbind();
      glViewport(0, 0, fb_width, fb_height);
    }
    app.render(fb_width, fb_height);
    render_ui(1);
    if (!offscreen && through_target) target.present();
    app.finish_gl();
    poll_gl_errors("frame");
    asked_export = app.take_export_request();
    if (!offscreen) glfwSwapBuffers(window);
    app.end_frame();
    if (options.bench && frame + 1 >= options.frames) {
      std::printf("%s\n", app.bench_report(samples, offscreen).c_str());
      break;
    }
  }

  if (!options.dump_state_path.empty() && !write_text_file(options.dump_state_path, app.dump_state())) exit_code = 1;
  app.save_settings(window);
  glfwSetWindowUserPointer(window, nullptr);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  app.shutdown();
  ImGui::DestroyContext();
  if (gl_error_count() > 0) {
    std::fprintf(stderr, "collision-lab: OpenGL: %d error(s) occurred\n", gl_error_count());
    if (offscreen && exit_code == 0) exit_code = 3;  // a screenshot of a broken frame is a failure
  }
  return exit_code;
}
}  // namespace

int run_app(const CommandLine& command_line) {
  glfwSetErrorCallback(on_glfw_error);
  CommandLine options = command_line;
  const bool interactive = options.screenshot_path.empty() && !options.bench;
  if (interactive && !options.size_given) {
    // Reopen at the last size; the app's own load of the settings says what is wrong with them.
    const Settings settings = load_settings(settings_directory(), SettingsWarnings::Quiet);
    options.size = {settings.window_width, settings.window_height};
  }
  GlfwSession glfw;
  if (!glfw.ok) {
    std::fprintf(stderr, "collision-lab: GLFW: cannot open a window (no display? try xvfb-run)\n");
    return 1;
  }
  const bool offscreen = runs_offscreen(options) && !options.bench_window;
  GLFWwindow* window = create_window(options, offscreen);
  if (!window) {
    std::fprintf(stderr, "collision-lab: OpenGL: cannot create a window with an OpenGL 3.3 core context\n");
    return 1;
  }
  glfwMakeContextCurrent(window);
  std::string error;
  if (!load_opengl(glfwGetProcAddress, error)) {
    std::fprintf(stderr, "collision-lab: OpenGL: %s\n", error.c_str());
    glfwDestroyWindow(window);
    return 1;
  }
  const int exit_code = run_frames(window, options);
  glfwDestroyWindow(window);
  return exit_code;
}
