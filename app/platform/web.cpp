// The web page: emscripten's GLFW on a WebGL2 canvas, driven by the browser's animation
// frames, of which an idle page draws one a second (as the desktop app sleeps). The page's
// script (web_page.html) brings files in (upload, drop) and takes them out (downloads);
// settings and received files live in IndexedDB under /persist; the clipboard is the
// browser's; the canvas follows the window at the display's pixel ratio.
#include "app/platform/platform.h"
#include "app/platform/run_app.h"

#include "app/platform/folder_watch.h"
#include "app/shell/frame_loop.h"
#include "render/gl_context.h"

#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace {
constexpr const char* kPersistFolder = "/persist";

struct Page {
  CommandLine options;
  GLFWwindow* window = nullptr;
  std::unique_ptr<FrameLoop> loop;
  double pixel_ratio = 1;
  std::string clipboard;  // the last text copied in the app or pasted into the page
  std::string returned;   // the text the last exported call returned
  double next_frame_at = 0;  // ms: when an idle page draws again with no input
  bool woken = true;         // an exported call changed the app: the next animation frame draws
};
Page page;

// clang-format off
EM_JS(double, device_pixel_ratio, (), { return window.devicePixelRatio || 1; });
EM_JS(int, canvas_css_width, (), { return Module.canvas.clientWidth; });
EM_JS(int, canvas_css_height, (), { return Module.canvas.clientHeight; });
EM_JS(void, set_canvas_pixels, (int width, int height), { Browser.setCanvasSize(width, height); });
EM_JS(void, set_canvas_cursor, (const char* cursor), { Module.canvas.style.cursor = UTF8ToString(cursor); });
EM_JS(void, write_browser_clipboard, (const char* text), { collisionLab.writeClipboard(UTF8ToString(text)); });
EM_JS(void, mount_persistent_folder, (const char* folder), { collisionLab.mountPersistent(UTF8ToString(folder)); });
EM_JS(void, page_failed, (const char* message), { collisionLab.fail(UTF8ToString(message)); });
EM_JS(void, page_frame_done, (int frame, double work_ms), { collisionLab.frameDone(frame, work_ms); });
EM_JS(int, page_had_input, (), { return collisionLab.takeInput() ? 1 : 0; });
EM_JS(char*, page_location_part, (int part), {
  return collisionLab.heapText(part == 0 ? location.search : part == 1 ? location.hash : location.origin + location.pathname);
});
EM_JS(char*, unmasked_renderer, (), {
  const info = GLctx.getExtension("WEBGL_debug_renderer_info");
  return collisionLab.heapText(info ? GLctx.getParameter(info.UNMASKED_RENDERER_WEBGL) : GLctx.getParameter(GLctx.RENDERER));
});
// clang-format on

// Text from the page, on the heap (collisionLab.heapText): taken over and freed here.
std::string take_text(char* text) {
  std::string value = text ? text : "";
  std::free(text);
  return value;
}

// The page's address: 0 its query ("?sample=..."), 1 its fragment ("#scene=..."), 2 the rest.
std::string location_part(int part) { return take_text(page_location_part(part)); }

// The canvas in device pixels, so lines and text are as sharp as the display allows; the
// UI scales with the pixel ratio as the desktop's does with a monitor's content scale.
void follow_canvas_size() {
  const double ratio = device_pixel_ratio();
  const int width = std::max(1, int(std::lround(canvas_css_width() * ratio)));
  const int height = std::max(1, int(std::lround(canvas_css_height() * ratio)));
  int current_width = 0, current_height = 0;
  glfwGetWindowSize(page.window, &current_width, &current_height);
  if (width != current_width || height != current_height) set_canvas_pixels(width, height);
  if (ratio != page.pixel_ratio) {
    page.pixel_ratio = ratio;
    page.loop->app().on_content_scale(float(ratio));
  }
}

const char* css_cursor(ImGuiMouseCursor cursor) {
  switch (cursor) {
    case ImGuiMouseCursor_None: return "none";
    case ImGuiMouseCursor_TextInput: return "text";
    case ImGuiMouseCursor_ResizeAll: return "move";
    case ImGuiMouseCursor_ResizeNS: return "ns-resize";
    case ImGuiMouseCursor_ResizeEW: return "ew-resize";
    case ImGuiMouseCursor_ResizeNESW: return "nesw-resize";
    case ImGuiMouseCursor_ResizeNWSE: return "nwse-resize";
    case ImGuiMouseCursor_Hand: return "pointer";
    case ImGuiMouseCursor_NotAllowed: return "not-allowed";
    default: return "default";
  }
}

void set_clipboard(void* /*user*/, const char* text) {
  page.clipboard = text ? text : "";
  write_browser_clipboard(page.clipboard.c_str());
}
const char* get_clipboard(void* /*user*/) { return page.clipboard.c_str(); }

// Each animation frame. Where the desktop would wait for events, the page skips animation
// frames until an input, a resize or an exported call wakes it, or the wait's time is up:
// a second when idle (the settings are checked that often), half a second while a text
// field's cursor blinks. Emscripten's GLFW hands events to ImGui as they come, so a skipped
// frame loses none.
void run_frame() {
  const double start = emscripten_get_now();
  const bool had_input = page_had_input();
  if (!had_input && !page.woken && start < page.next_frame_at) return;
  page.woken = false;
  follow_canvas_size();
  page.loop->app().begin_frame();
  page.loop->frame();
  set_canvas_cursor(css_cursor(ImGui::GetMouseCursor()));
  switch (page.loop->next_wait()) {
    case FrameLoop::Wait::Poll: page.next_frame_at = 0; break;
    case FrameLoop::Wait::Briefly: page.next_frame_at = start + 1000 * page.loop->brief_wait_seconds(); break;
    case FrameLoop::Wait::UntilEvent: page.next_frame_at = start + 1000; break;
  }
  static int frame = 0;
  page_frame_done(++frame, emscripten_get_now() - start);  // the frame's work, for the page's timings
}

// An exported call that changes what the app shows: the next animation frame draws it.
void wake() { page.woken = true; }

// The app cannot run in this browser: said on the page, where the canvas would be.
void fail(const std::string& message) {
  std::fprintf(stderr, "%s\n", message.c_str());
  page_failed(message.c_str());
}

// Once the persistent folder has been read back: the window, the app and its frames.
void start_app() {
  if (!glfwInit()) return fail("collision-lab: WebGL: cannot start GLFW");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  // An opaque canvas, which the browser composites without blending; no stencil is drawn.
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  page.pixel_ratio = device_pixel_ratio();
  page.window = glfwCreateWindow(std::max(1, canvas_css_width()), std::max(1, canvas_css_height()), "Collision Lab",
                                 nullptr, nullptr);
  if (!page.window) return fail("collision-lab: WebGL: this browser cannot make a WebGL2 context");
  glfwMakeContextCurrent(page.window);
  page.loop = std::make_unique<FrameLoop>();
  std::string error;
  if (!page.loop->start(page.window, page.options, float(page.pixel_ratio), error)) {
    page.loop.reset();  // nothing may call into an app that never started
    return fail("collision-lab: " + error);
  }
  ImGuiIO& io = ImGui::GetIO();
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;
  page.loop->app().open_link(location_part(0), location_part(1));
  emscripten_set_main_loop(run_frame, 0, false);
}

}  // namespace

// Called by the page's script.
extern "C" {
EMSCRIPTEN_KEEPALIVE void collision_lab_start() { start_app(); }
EMSCRIPTEN_KEEPALIVE void collision_lab_open_file(const char* path) {
  if (page.loop) page.loop->app().open_dropped(path);
  wake();
}
// Text from the browser's clipboard (Ctrl+V's paste event, or Edit > Paste): the app pastes
// it, unless a text field has the keyboard (ImGui reads the clipboard for it next frame).
EMSCRIPTEN_KEEPALIVE void collision_lab_pasted(char* text) {
  page.clipboard = take_text(text);
  if (page.loop && !ImGui::GetIO().WantTextInput) page.loop->app().paste(page.clipboard);
  wake();
}
EMSCRIPTEN_KEEPALIVE void collision_lab_show_message(char* text) {
  const std::string message = take_text(text);
  if (page.loop) page.loop->app().show_message(message);
  wake();
}
// The address's fragment changed in an open page: a new link, opened as File > Open would.
EMSCRIPTEN_KEEPALIVE void collision_lab_follow_link(char* query, char* fragment) {
  const std::string search = take_text(query), hash = take_text(fragment);
  if (page.loop) page.loop->app().follow_link(search, hash);
  wake();
}
EMSCRIPTEN_KEEPALIVE int collision_lab_dirty() { return page.loop && page.loop->app().dirty(); }
EMSCRIPTEN_KEEPALIVE const char* collision_lab_dump_state() {
  page.returned = page.loop ? page.loop->app().dump_state() : "";
  return page.returned.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* collision_lab_link() {
  page.returned = page.loop ? page.loop->app().share_link() : "";
  return page.returned.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* collision_lab_settings() {
  page.returned = page.loop ? page.loop->app().settings_text() : "";
  return page.returned.c_str();
}
// The page is being hidden or left: the settings are written now, not within the second.
EMSCRIPTEN_KEEPALIVE void collision_lab_save_settings() {
  if (!page.loop) return;
  page.loop->app().save_settings(page.window);
  if (const char* ini = ImGui::GetIO().IniFilename) ImGui::SaveIniSettingsToDisk(ini);
}
EMSCRIPTEN_KEEPALIVE int collision_lab_gl_errors() { return gl_error_count(); }
}

int run_app(const CommandLine& options) {
  page.options = options;
  // Settings and presets go where the app looks for them, inside the folder kept in IndexedDB.
  setenv("XDG_CONFIG_HOME", (std::string(kPersistFolder) + "/config").c_str(), 1);
  setenv("XDG_DATA_HOME", (std::string(kPersistFolder) + "/data").c_str(), 1);  // the user's presets
  // The app starts once the folder is read back (collision_lab_start, from the page).
  mount_persistent_folder(kPersistFolder);
  return 0;
}

// No other program writes the page's files: nothing to watch.
bool FolderWatch::start(const std::string&, const std::string&, std::atomic<bool>&, std::function<void()>) {
  return false;
}
void FolderWatch::stop() {}

namespace platform {
const char* glsl_version() { return "#version 300 es"; }
std::string renderer_name() { return take_text(unmasked_renderer()); }
bool files_are_downloads() { return true; }
void choose_file_to_open() { EM_ASM({ collisionLab.chooseFile(); }); }
std::string files_folder() { return std::string(kPersistFolder) + "/files"; }
void hand_over_file(const std::string& path) { EM_ASM({ collisionLab.download(UTF8ToString($0)); }, path.c_str()); }
void persist_files() { EM_ASM({ collisionLab.persist(); }); }
bool clipboard_arrives_later() { return true; }
void ask_for_clipboard() { EM_ASM({ collisionLab.readClipboard(); }); }
bool threads_available() { return false; }
bool has_page_links() { return true; }
std::string page_link(const std::string& fragment) { return location_part(2) + "#" + fragment; }
}  // namespace platform
