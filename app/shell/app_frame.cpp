#include "app/shell/app_frame.h"

#include "app/platform/platform.h"
#include "app/shell/ui_font.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/shape_json.h"
#include "render/gl_api.h"
#include "render/gl_context.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>


bool AppFrame::init(const CommandLine& options, float content_scale, std::string& error) {
  options_ = options;
  content_scale_ = content_scale;
  if (!runs_offscreen(options)) {
    settings_dir_ = settings_directory();
    settings_ = saved_settings_ = load_settings(settings_dir_);
    if (!settings_dir_.empty()) {
      static std::string ini_path;
      ini_path = settings_dir_ + "/imgui.ini";
      ImGui::GetIO().IniFilename = ini_path.c_str();
    }
  }
  if (options.ui_scale_percent) settings_.ui_scale_percent = options.ui_scale_percent;
  if (!options.theme.empty()) settings_.dark_theme = options.theme == "dark";
  shell_.set_theme(settings_.dark_theme);
  shell_.set_full_precision(settings_.full_precision);
  shell_.set_panel(settings_.panel_width, settings_.panel_shown);
  if (options.presenter) shell_.toggle_presenter();
  host_.explain.field.shown = std::find(options.explain.begin(), options.explain.end(), "field") != options.explain.end();
  shell_.set_scale(content_scale, settings_.ui_scale_percent);
  if (settings_.ui_scale_percent != 100) shell_.request_font_rebuild();
  if (!host_.init(error)) return false;
  document_.set_on_change([] { glfwPostEmptyEvent(); });  // a watched file's change wakes the idle loop
  if (!options.scene_path.empty()) {
    const bool row_now = !options.parameters.empty() || !options.explain.empty();  // they apply to its sample
    if (!document_.open(options.scene_path, starting_row(options), host_, error, {}, false, row_now)) {
      error = query::cut_for_message(options.scene_path) + ": " + error;
      return false;
    }
    document_.set_watch(options.watch);
  } else {
    const std::string id = starting_sample_id(options, settings_.last_sample);
    if (!id.empty() && !host_.select(id)) {
      error = "unknown sample " + query::quoted_for_message(id);
      return false;
    }
  }
  for (const auto& [name, value] : options.parameters) {
    if (!host_.sample()->set_parameter(name, value)) {
      error = "--param " + query::cut_for_message(name) + ": sample '" + host_.info()->id + "' has no such setting, or " +
              std::to_string(value) + " is out of its range";
      return false;
    }
  }
  host_.sample()->update(0);
  if (options.scene_path.empty()) document_.detach(host_);
  last_time_ = glfwGetTime();
  return true;
}

void AppFrame::on_key(GLFWwindow* window, int key, bool pressed, int mods) {
  // An open dialog (the file browser, a question) takes the keys; Ctrl+Q still quits.
  const bool ctrl_q = key == GLFW_KEY_Q && (mods & GLFW_MOD_CONTROL);
  if (key == GLFW_KEY_L && !pressed) shell_.tools.laser = false;  // whatever took the keys since the press
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) && !ctrl_q) return;
  if (key == GLFW_KEY_L && !ImGui::GetIO().WantTextInput) {
    shell_.tools.laser = pressed;  // the laser pointer shows while L is held
    return;
  }
  if (pressed) {
    switch (key) {
      // Esc never quits: it cancels a drag, and ImGui closes popups and leaves text fields itself.
      case GLFW_KEY_ESCAPE:
        if (!host_.cancel_drag()) shell_.tools.pen = false;  // Esc puts the pen down too
        return;
      case GLFW_KEY_P:
        // Ctrl+P, as a slide show has it, takes up the pen; a browser prints on it: Shift+P.
        if ((mods & (GLFW_MOD_CONTROL | GLFW_MOD_SHIFT)) && !ImGui::GetIO().WantTextInput) {
          shell_.tools.pen = !shell_.tools.pen;
          return;
        }
        break;
      case GLFW_KEY_E:
        if (shell_.tools.pen && !ImGui::GetIO().WantTextInput) {
          shell_.tools.wipe();
          return;
        }
        break;
      case GLFW_KEY_Z:
      case GLFW_KEY_Y:
        // Typed text has its own undo; elsewhere Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes.
        if ((mods & GLFW_MOD_CONTROL) && !ImGui::GetIO().WantTextInput) {
          if (key == GLFW_KEY_Z && !(mods & GLFW_MOD_SHIFT)) {
            host_.undo();
          } else {
            host_.redo();
          }
          return;
        }
        break;
      case GLFW_KEY_N:
      case GLFW_KEY_O:
      case GLFW_KEY_S:
      case GLFW_KEY_V:
      case GLFW_KEY_Q:
        if (document_ui_.shortcut(window, key, mods)) return;
        break;
      case GLFW_KEY_UP:
      case GLFW_KEY_DOWN:
        // With a case file open, Up and Down step through its rows.
        if (document_.is_cases() && !ImGui::GetIO().WantCaptureKeyboard) {
          document_ui_.select_case(document_.selected_case() + (key == GLFW_KEY_UP ? -1 : 1));
          return;
        }
        break;
      case GLFW_KEY_PAGE_DOWN:
      case GLFW_KEY_PAGE_UP:
        // With a lecture open, PgDn and PgUp (a presenter's clicker) step through its scenes.
        if (document_.is_lecture() && !ImGui::GetIO().WantTextInput) {
          document_ui_.go_to_scene(document_.lecture_scene() + (key == GLFW_KEY_PAGE_UP ? -1 : 1));
          return;
        }
        break;
      case GLFW_KEY_F1: shell_.toggle_shortcuts(); return;
      case GLFW_KEY_F5: shell_.toggle_presenter(); return;
      case GLFW_KEY_F6: shell_.toggle_formula_card(); return;
      case GLFW_KEY_F7: shell_.toggle_table_card(); return;
      case GLFW_KEY_G:
        if (ImGui::GetIO().WantTextInput) break;
        host_.ghost() ? host_.unpin() : host_.pin();
        return;
      case GLFW_KEY_TAB: shell_.toggle_ui(); return;
      case GLFW_KEY_LEFT_BRACKET: document_ui_.next_sample(-1); return;
      case GLFW_KEY_RIGHT_BRACKET: document_ui_.next_sample(+1); return;
      case GLFW_KEY_R:
        if (!(mods & GLFW_MOD_CONTROL) && !host_.sample()->key(key, pressed)) host_.reset();
        return;
      default:
        // Ctrl+1…9 (or Shift+, as a browser keeps Ctrl+digits) keeps the camera as a bookmark.
        if (key >= GLFW_KEY_1 && key <= GLFW_KEY_9 && !ImGui::GetIO().WantTextInput) {
          SceneCamera& bookmark = host_.bookmarks[static_cast<std::size_t>(key - GLFW_KEY_1)];
          if (mods & (GLFW_MOD_CONTROL | GLFW_MOD_SHIFT)) bookmark = host_.scene().camera;
          else host_.set_camera(bookmark);
          return;
        }
        break;
    }
  }
  // Keys typed into ImGui widgets never get here; the rest go to the sample and camera.
  if (!ImGui::GetIO().WantCaptureKeyboard || !pressed) host_.key(key, pressed);
}

bool AppFrame::close_requested(GLFWwindow* window) {
  if (!document_ui_.quit_confirmed()) document_ui_.request_quit(window);
  return document_ui_.quit_confirmed();
}

void AppFrame::on_left_press(double time, glm::dvec2 window_position) {
  const ImGuiIO& io = ImGui::GetIO();
  const double max_distance = io.MouseDoubleClickMaxDist;  // ImGui's own limits, window units
  const bool second = time - last_left_press_time_ <= io.MouseDoubleClickTime &&
                      glm::length(window_position - last_left_press_at_) <= max_distance;
  double_click_pending_ = double_click_pending_ || second;
  // A third press starts a new pair rather than making another double-click.
  last_left_press_time_ = second ? -1e9 : time;
  last_left_press_at_ = window_position;
}

PointerInput AppFrame::read_pointer(int frame) {
  const ImGuiIO& io = ImGui::GetIO();
  const glm::dvec2 scale(io.DisplayFramebufferScale.x, io.DisplayFramebufferScale.y);
  PointerInput input;
  const bool mouse_valid = io.MousePos.x > -1e6f;
  input.position = mouse_valid ? glm::dvec2(io.MousePos.x, io.MousePos.y) * scale : last_mouse_;
  input.delta = frame == 0 ? glm::dvec2(0) : input.position - last_mouse_;
  last_mouse_ = input.position;
  input.left_pressed = io.MouseClicked[0];
  input.left_down = io.MouseDown[0];
  input.left_double_clicked = double_click_pending_;
  double_click_pending_ = false;
  input.right_pressed = io.MouseClicked[1];
  input.right_down = io.MouseDown[1];
  input.middle_down = io.MouseDown[2];
  if (io.MouseClicked[1]) right_press_at_ = input.position;
  input.right_released_without_drag = io.MouseReleased[1] && glm::length(input.position - right_press_at_) < 4;
  input.wheel = io.MouseWheel;
  input.over_scene = !io.WantCaptureMouse && input.position.x >= scene_viewport_.x && input.position.y >= scene_viewport_.y;
  input.ctrl = io.KeyCtrl;
  input.shift = io.KeyShift;
  input.x_held = io.KeysDown[GLFW_KEY_X];
  input.y_held = io.KeysDown[GLFW_KEY_Y];
  input.z_held = io.KeysDown[GLFW_KEY_Z];
  return input;
}

// The benchmark's pointer: a drag as a user makes one. It presses on the first handle once
// the first frame has framed the scene, then moves on a small circle, so every frame
// recomputes the answer through the same path as a real drag.
PointerInput AppFrame::bench_pointer(int frame) {
  PointerInput input;
  input.over_scene = true;
  auto handles = host_.sample()->handles();
  if (frame == 1 && !handles.empty()) {
    const glm::dvec3 handle = handles.front().position;
    if (!host_.sample()->is_3d()) {
      bench_grab_ = host_.camera_2d.world_to_screen(glm::dvec2(handle), scene_viewport_);
    } else if (!host_.camera_3d.world_to_screen(handle, scene_viewport_, bench_grab_)) {
      bench_grab_ = {scene_viewport_.x + scene_viewport_.width / 2, scene_viewport_.y + scene_viewport_.height / 2};
    }
  }
  const double radius = 30 * shell_.scene_pixel_scale(), angle = std::max(frame - 1, 0) * 0.05;
  input.position = bench_grab_ + radius * glm::dvec2(std::cos(angle) - 1, std::sin(angle));
  input.delta = input.position - last_mouse_;
  last_mouse_ = input.position;
  input.left_pressed = frame == 1;
  input.left_down = frame >= 1;
  return input;
}

void AppFrame::build(GLFWwindow* window, int frame, int fb_width, int fb_height, bool with_ui) {
  const double time = glfwGetTime();
  const double dt = runs_offscreen(options_) ? 1.0 / 60 : std::min(time - last_time_, 0.1);
  last_time_ = time;

  document_.poll_watch(host_);
  document_.poll_answers(host_);
  save_settings_when_changed(window, time);
  const std::string title = document_.title(host_) + " \u2014 Collision Lab";
  if (title != window_title_) glfwSetWindowTitle(window, (window_title_ = title).c_str());
  if (with_ui) {
    shell_.draw(window, host_, document_ui_);
    document_ui_.draw(window);
  }
  scene_viewport_ = with_ui ? shell_.scene_viewport(fb_width, fb_height)
                            : Viewport{0, 0, double(fb_width), double(fb_height)};

  double start = thread_cpu_ms();
  PointerInput pointer = options_.bench ? bench_pointer(frame) : read_pointer(frame);
  shell_.tools.take_pointer(pointer, host_.generation(), [this](glm::dvec2 at) { return host_.world_under(at); });
  host_.handle_input(pointer, scene_viewport_);
  host_.update(dt);
  timings_.update_now_ms = thread_cpu_ms() - start;

  start = thread_cpu_ms();
  build_draw_list(1);
  timings_.build_now_ms = thread_cpu_ms() - start;
  if (options_.bench && host_.explain.field.shown) timings_.field_overlay_ms.push_back(host_.explain.field.repaint_ms());
  shell_.draw_labels(host_.draw_list(), scene_viewport_, handle_rects());
  if (host_.sample() && host_.sample()->is_3d()) shell_.draw_axis_gizmo(host_.camera_3d, scene_viewport_);
  const float pixels = ImGui::GetIO().DisplayFramebufferScale.x;
  shell_.tools.draw(float(shell_.scene_pixel_scale()) / pixels, pixels,
                    [this](const glm::dvec3& p, glm::dvec2& at) { return host_.draw_list().project(p, at); });
}

// Where the handles are (window pixels), for labels to keep clear of: the size of the
// larger dot drawn under the mouse.
std::vector<ScreenRect> AppFrame::handle_rects() {
  std::vector<ScreenRect> rects;
  if (!host_.sample()) return rects;
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  const float radius = 7.5f * float(shell_.scene_pixel_scale());
  for (const Handle& handle : host_.sample()->handles()) {
    glm::dvec2 at;
    if (!host_.draw_list().project(handle.position, at)) continue;
    rects.push_back({(float(at.x) - radius) / fb_scale.x, (float(at.y) - radius) / fb_scale.y, 2 * radius / fb_scale.x,
                     2 * radius / fb_scale.y});
  }
  return rects;
}

// The scene's draw list for a framebuffer `scale` times the window's: the same view, with
// lines, points and labels `scale` times as large.
void AppFrame::build_draw_list(int scale) {
  Viewport viewport = scene_viewport_;
  viewport.x *= scale;
  viewport.y *= scale;
  viewport.width *= scale;
  viewport.height *= scale;
  // The 2D camera shows the same world in `scale` times the pixels (a 3D camera's view
  // depends on the viewport's aspect alone).
  const double units_per_pixel = host_.camera_2d.units_per_pixel;
  host_.camera_2d.units_per_pixel /= scale;
  host_.build_draw_list(viewport, shell_.scene_pixel_scale() * scale, !shell_.dark_theme());
  host_.camera_2d.units_per_pixel = units_per_pixel;
}

void AppFrame::render(int fb_width, int fb_height, const PngExport* exporting) {
  const ImVec4 background = shell_.background_color();
  // A transparent export starts from transparent black: blending then leaves each colour
  // multiplied by its alpha, as OffscreenTarget::read_rgba(true) expects.
  if (exporting && exporting->transparent) {
    glClearColor(0, 0, 0, 0);
  } else {
    glClearColor(background.x, background.y, background.z, 1.0f);
  }
  // Stencil too, though nothing uses it: clearing depth alone in a depth-stencil buffer
  // keeps the stencil bits, which llvmpipe does word by word, a fifth of its frame.
  glClearStencil(0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  if (exporting) build_draw_list(exporting->scale);
  const double start_cpu = thread_cpu_ms(), start_wall = now_ms();
  // DebugDraw draws into the scene viewport itself; glViewport stays the whole framebuffer.
  glViewport(0, 0, fb_width, fb_height);
  host_.render();
  if (exporting) build_draw_list(1);  // the dump and the next frame's input read the window's
  if (options_.bench) {
    timings_.update_ms.push_back(timings_.update_now_ms);
    timings_.build_ms.push_back(timings_.build_now_ms);
    timings_.submit_ms.push_back(thread_cpu_ms() - start_cpu);
    timings_.submit_wall_ms.push_back(now_ms() - start_wall);
  }
}

void AppFrame::begin_frame() {
  timings_.start_wall_ms = now_ms();
  timings_.start_process_cpu_ms = process_cpu_ms();
}

// In the benchmark, waits for the GL to finish the frame and times the wait apart from the
// CPU figures: on a real GPU it overlaps the next frame, while under Xvfb it is llvmpipe
// rasterizing on the same cores. Waiting here also keeps one frame's raster work out of
// the next frame's submit time.
void AppFrame::finish_gl() {
  if (!options_.bench) return;
  const double start = now_ms();
  glFinish();
  timings_.gpu_finish_ms.push_back(now_ms() - start);
}

// After the swap: the whole frame as the user waits for it, from the events to the pixels.
void AppFrame::end_frame() {
  if (!options_.bench) return;
  timings_.frame_ms.push_back(now_ms() - timings_.start_wall_ms);
  timings_.frame_process_cpu_ms.push_back(process_cpu_ms() - timings_.start_process_cpu_ms);
}

void AppFrame::rebuild_fonts_if_needed() {
  if (shell_.take_font_rebuild()) load_fonts(1);
}

// ImGui's font `text_scale` times larger, shown 1/text_scale as large: the same layout,
// with text as sharp as an export's pixels.
void AppFrame::load_fonts(int text_scale) {
  ImGuiIO& io = ImGui::GetIO();
  load_ui_font(*io.Fonts, kBaseFontPixels * float(shell_.pixel_scale()) * float(text_scale));
  io.FontGlobalScale = 1.0f / float(text_scale);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

void AppFrame::begin_export(const PngExport& request) {
  // Glyphs of at most 64 pixels: larger ones would make the atlas (every glyph, twice
  // oversampled) tens of megabytes for text no one sees the difference in.
  const int text_scale = std::clamp(int(64.0 / (kBaseFontPixels * shell_.pixel_scale())), 1, request.scale);
  if (text_scale > 1) load_fonts(text_scale);
}

void AppFrame::end_export(const PngExport& request, int width, int height, const std::string& error) {
  shell_.request_font_rebuild();
  shell_.png_export().finished(request, width, height, error);
  if (error.empty()) platform::hand_over_file(request.path);
}

void AppFrame::on_content_scale(float scale) {
  if (runs_offscreen(options_)) return;  // offscreen images stay pixel-exact
  content_scale_ = scale;
  shell_.set_scale(scale, shell_.ui_scale_percent());
  shell_.request_font_rebuild();
}

std::string AppFrame::bench_report(int samples, bool offscreen) const {
  nlohmann::ordered_json report;
  report["sample"] = host_.info() ? host_.info()->id : "";
  report["renderer"] = gl_renderer();
  report["multisampling"] = samples;
  report["target"] = offscreen ? "offscreen" : "window";
  report["ui_scale"] = shell_.ui_scale_percent();
  report["dragged"] = host_.dragged_handle();
  timings_.write(report);
  report["draw_calls"] = host_.draw_list().stats().draw_calls;
  report["vertices"] = host_.draw_list().stats().vertices;
  return query::to_json_line(report);
}
