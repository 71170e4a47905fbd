// The desktop: a GLFW window with an OpenGL 3.3 core context loaded by glad, a loop that
// sleeps while the app is idle, and the in-app file browser for files.
#include "app/platform/platform.h"
#include "app/platform/run_app.h"

#include "app/shell/frame_loop.h"
#include "app/shell/settings.h"
#include "render/gl_context.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>

namespace {
void on_glfw_error(int code, const char* message) {
  std::fprintf(stderr, "collision-lab: GLFW error %d: %s\n", code, message);
}

void on_content_scale(GLFWwindow* window, float x_scale, float /*y_scale*/) {
  // Moved to a monitor of another DPI: the UI follows (fonts are rebuilt between frames).
  if (auto* app = static_cast<AppFrame*>(glfwGetWindowUserPointer(window))) app->on_content_scale(x_scale);
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

// Until the window closes, the screenshot is written or the benchmark ends; the loop owns
// every GL object, so they are gone before the window (and its context) is destroyed.
int run_frames(GLFWwindow* window, const CommandLine& options) {
  glfwSwapInterval(runs_offscreen(options) ? 0 : 1);
  float content_scale = 1.0f;
  glfwGetWindowContentScale(window, &content_scale, nullptr);
  FrameLoop loop;
  std::string error;
  if (!loop.start(window, options, content_scale, error)) {
    std::fprintf(stderr, "collision-lab: %s\n", error.c_str());
    return 1;
  }
  glfwSetWindowContentScaleCallback(window, on_content_scale);
  glfwSetWindowCloseCallback(window, on_close);
  while (!glfwWindowShouldClose(window)) {
    loop.app().begin_frame();
    switch (loop.next_wait()) {
      case FrameLoop::Wait::Poll: glfwPollEvents(); break;
      case FrameLoop::Wait::Briefly: glfwWaitEventsTimeout(loop.brief_wait_seconds()); break;
      case FrameLoop::Wait::UntilEvent: glfwWaitEvents(); break;
    }
    if (!loop.frame()) break;
  }
  return loop.finish();
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

namespace platform {
const char* glsl_version() { return "#version 330 core"; }
std::string renderer_name() { return gl_renderer(); }
bool files_are_downloads() { return false; }
void choose_file_to_open() {}
std::string files_folder() { return ""; }
void hand_over_file(const std::string& /*path*/) {}
void persist_files() {}
bool clipboard_arrives_later() { return false; }
void ask_for_clipboard() {}
bool threads_available() { return true; }
bool has_page_links() { return false; }
std::string page_link(const std::string& /*fragment*/) { return ""; }
}  // namespace platform
