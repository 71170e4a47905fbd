#include "app/app.h"

#include "app/ui_font.h"
#include "app/ui_shell.h"
#include "render/gl_context.h"
#include "render/offscreen_target.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstdio>
#include <string>

namespace {
constexpr float kBaseFontPixels = 16.0f;

void on_glfw_error(int code, const char* message) {
  std::fprintf(stderr, "collision-lab: GLFW error %d: %s\n", code, message);
}

void on_key(GLFWwindow* window, int key, int /*scancode*/, int action, int /*mods*/) {
  // Esc closes the app unless a text field is being edited (ImGui then takes the key).
  if (key == GLFW_KEY_ESCAPE && action == GLFW_PRESS && !ImGui::GetIO().WantTextInput) {
    glfwSetWindowShouldClose(window, GLFW_TRUE);
  }
}

struct GlfwSession {
  bool ok = glfwInit() == GLFW_TRUE;
  ~GlfwSession() {
    if (ok) glfwTerminate();
  }
};

GLFWwindow* create_window(const CommandLine& options) {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SAMPLES, 4);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  // A screenshot renders offscreen at the exact size: no window needs to flash up.
  glfwWindowHint(GLFW_VISIBLE, options.screenshot_path.empty() ? GLFW_TRUE : GLFW_FALSE);
  return glfwCreateWindow(options.size.width, options.size.height, "Collision Lab", nullptr, nullptr);
}

bool save_screenshot(OffscreenTarget& target, const std::string& path) {
  std::string error;
  if (!write_png(path, target.width(), target.height(), target.read_rgba(), error)) {
    std::fprintf(stderr, "collision-lab: %s\n", error.c_str());
    return false;
  }
  return true;
}
// Runs the UI until the window closes or the screenshot is written; owns every GL
// object, so they are all gone before the window (and its context) is destroyed.
int run_frames(GLFWwindow* window, const CommandLine& options) {
  std::string error;
  const bool screenshot = !options.screenshot_path.empty();
  glfwSwapInterval(screenshot ? 0 : 1);
  glfwSetKeyCallback(window, on_key);  // installed first so ImGui's callback chains to it

  OffscreenTarget target;
  if (screenshot && !target.create(options.size.width, options.size.height, 4, error)) {
    std::fprintf(stderr, "collision-lab: %s\n", error.c_str());
    return 1;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // settings get their own home with the settings work
  float content_scale = 1.0f;
  glfwGetWindowContentScale(window, &content_scale, nullptr);
  if (screenshot) content_scale = 1.0f;  // screenshots are pixel-exact
  load_ui_font(*io.Fonts, kBaseFontPixels * content_scale);
  UiShell shell;
  shell.apply_theme(content_scale);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exit_code = 0;
  int settle_frames = 0;  // ImGui needs a frame or two after an event to settle its layout
  for (int frame = 0; !glfwWindowShouldClose(window); ++frame) {
    if (screenshot || settle_frames > 0) {
      glfwPollEvents();
      --settle_frames;
    } else if (io.WantTextInput) {
      glfwWaitEventsTimeout(0.5);  // keeps the text cursor blinking
      settle_frames = 2;
    } else {
      glfwWaitEvents();  // an idle app sleeps until the user does something
      settle_frames = 2;
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    int fb_width = 0, fb_height = 0;
    glfwGetFramebufferSize(window, &fb_width, &fb_height);
    if (screenshot) {
      io.DisplaySize = ImVec2(float(options.size.width), float(options.size.height));
      io.DisplayFramebufferScale = ImVec2(1, 1);
      fb_width = options.size.width;
      fb_height = options.size.height;
    }
    ImGui::NewFrame();
    shell.draw(window);
    ImGui::Render();

    if (screenshot) {
      target.bind();
    } else {
      OffscreenTarget::unbind();
      glViewport(0, 0, fb_width, fb_height);
    }
    const auto& background = shell.background_color();
    glClearColor(background.x, background.y, background.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    poll_gl_errors("frame");

    if (screenshot && frame + 1 >= options.frames) {
      if (!save_screenshot(target, options.screenshot_path)) exit_code = 1;
      break;
    }
    if (!screenshot) glfwSwapBuffers(window);
  }

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  if (gl_error_count() > 0) {
    std::fprintf(stderr, "collision-lab: %d GL error(s) occurred\n", gl_error_count());
    if (screenshot && exit_code == 0) exit_code = 3;  // a screenshot of a broken frame is a failure
  }
  return exit_code;
}

}  // namespace

int run_app(const CommandLine& options) {
  glfwSetErrorCallback(on_glfw_error);
  GlfwSession glfw;
  if (!glfw.ok) {
    std::fprintf(stderr, "collision-lab: cannot open a window (no display? try xvfb-run)\n");
    return 1;
  }
  GLFWwindow* window = create_window(options);
  if (!window) {
    std::fprintf(stderr, "collision-lab: cannot create an OpenGL 3.3 core window\n");
    return 1;
  }
  glfwMakeContextCurrent(window);
  std::string error;
  if (!load_opengl(glfwGetProcAddress, error)) {
    std::fprintf(stderr, "collision-lab: %s\n", error.c_str());
    glfwDestroyWindow(window);
    return 1;
  }
  const int exit_code = run_frames(window, options);
  glfwDestroyWindow(window);
  return exit_code;
}
