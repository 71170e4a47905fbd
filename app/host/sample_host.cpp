#include "app/host/sample_host.h"

#include "app/host/precision_compare.h"
#include "app/samples/kit/sample_ui.h"

#include <GLFW/glfw3.h>

#include <cmath>
#include <limits>

constexpr double kHandlePickRadiusPx = 12;

bool SampleHost::init(std::string& error) { return draw_.init(error); }

bool SampleHost::select(const std::string& id) {
  const SampleInfo* info = find_sample(id);
  if (!info) return false;
  adopt(*info, info->make());
  history_.clear();  // another sample's states and views are not this one's
  bookmarks = {};
  title_.clear();
  description_.clear();
  return true;
}

void SampleHost::open_scene(const SceneFile& scene, const std::string& undo_step) {
  std::unique_ptr<Sample> sample = make_scene_sample(scene);  // may throw: nothing has changed yet
  if (undo_step.empty() || !sample_) {
    history_.clear();
  } else {
    history_.record(undo_step, scene_snapshot());
  }
  show_scene(scene, std::move(sample));
}

void SampleHost::show_scene(const SceneFile& scene, std::unique_ptr<Sample> sample) {
  adopt(*scene.sample, std::move(sample));
  title_ = scene.title;
  description_ = scene.description;
  bookmarks = scene.bookmarks;
  auto_orbit = scene.view.auto_orbit;
  compare_float = scene.view.compare_float;
  sample_->reveal.shown = scene.view.reveal;
  set_camera(scene.camera);
}

void SampleHost::set_camera(const SceneCamera& camera) {
  if (!camera.present || !info_) return;
  frame_on_first_frame_ = false;  // the scene's view, not a framing of it
  if (info_->is_3d) {
    camera_3d.target = camera.target;
    camera_3d.distance = camera.distance;
    camera_3d.yaw = camera.yaw;
    camera_3d.pitch = camera.pitch;
    camera_3d.orthographic = camera.orthographic;
  } else {
    camera_2d.center = camera.center;
    camera_2d.units_per_pixel = camera.units_per_pixel;
  }
}

SceneFile SampleHost::scene() const {
  SceneFile scene;
  scene.sample = info_;
  scene.title = title_;
  scene.description = description_;
  scene.bookmarks = bookmarks;
  if (!sample_) return scene;
  scene.state = state_json(sample_->state);
  scene.settings = sample_->parameters();
  scene.view = {auto_orbit, compare_float, sample_->reveal.shown};
  SceneCamera& camera = scene.camera;
  camera.present = true;
  camera.center = camera_2d.center;
  camera.units_per_pixel = camera_2d.units_per_pixel;
  camera.target = camera_3d.target;
  camera.distance = camera_3d.distance;
  camera.yaw = camera_3d.yaw;
  camera.pitch = camera_3d.pitch;
  camera.orthographic = camera_3d.orthographic;
  return scene;
}

Snapshot SampleHost::snapshot() const {
  if (!sample_) return {};
  return {sample_->state, sample_->parameters(), {}};
}

Snapshot SampleHost::scene_snapshot() const {
  Snapshot snapshot = this->snapshot();
  snapshot.scene = scene();
  snapshot.scene->state = nlohmann::ordered_json::object();  // the state is kept whole, beside it
  return snapshot;
}

void SampleHost::adopt(const SampleInfo& info, std::unique_ptr<Sample> sample) {
  ++generation_;
  if (&info != info_) ghost_.reset();  // another sample's figure is no before of this one
  explain.clear();
  info_ = &info;
  sample_ = std::move(sample);
  hovered_.clear();
  dragged_.clear();
  sample_->update(0);
  if (info.is_3d) {  // each sample opens on its own view direction; Home keeps the user's
    camera_3d.yaw = glm::radians(info.yaw_degrees);
    camera_3d.pitch = glm::radians(info.pitch_degrees);
    camera_3d.orthographic = cam::Camera3D().orthographic;
  }
  frame_scene();
}

void SampleHost::reset() {
  if (!info_) return;
  const Snapshot before = snapshot();  // a reset brings the default settings back too
  adopt(*info_, info_->make());        // a reset is an edit, not a new sample: the history stays
  record_edit("Reset", before);
}

bool SampleHost::undo() { return step_history(&History::undo); }

bool SampleHost::redo() { return step_history(&History::redo); }

bool SampleHost::step_history(bool (History::*step)(Snapshot&)) {
  if (!sample_ || !dragged_.empty()) return false;
  Snapshot current = scene_snapshot();
  if (!(history_.*step)(current)) return false;
  if (current.scene) {  // a step that replaced the scene: the scene it replaced comes back
    std::unique_ptr<Sample> sample = make_scene_sample(*current.scene);  // its settings; its state follows
    sample->state = std::move(current.state);
    sample->state_replaced();
    show_scene(*current.scene, std::move(sample));
    return true;
  }
  sample_->state = std::move(current.state);
  for (const auto& [name, value] : current.settings) sample_->set_parameter(name, value);
  sample_->state_replaced();
  sample_->update(0);
  return true;
}

void SampleHost::record_edit(const std::string& name, const Snapshot& before) {
  if (!sample_) return;
  if (before.settings != sample_->parameters() || state_json(before.state) != state_json(sample_->state)) {
    history_.record(name, before);
  }
}

void SampleHost::record_edit(const std::string& name, const SampleState& before) {
  if (sample_) record_edit(name, Snapshot{before, sample_->parameters(), {}});
}

void SampleHost::frame_scene() {
  if (!sample_) return;
  const cam::Bounds bounds = sample_->bounds();
  // Before the first frame the scene's size is a guess: frame again once it is known, so
  // that the opening view is the one Home gives.
  frame_on_first_frame_ = viewport_.width <= 1;
  Viewport viewport = viewport_.width > 1 ? viewport_ : Viewport{0, 0, 940, 780};
  if (sample_->is_3d()) {
    camera_3d.frame(bounds, viewport, 0.0);
    // The sphere around the box overstates what an oblique view needs: come a little closer.
    camera_3d.distance *= 0.8;
  } else {
    camera_2d.frame(bounds, viewport);
  }
}

bool SampleHost::animating() const {
  return auto_orbit || !dragged_.empty() ||
         (sample_ && (sample_->animating() || sample_->reveal.playing || sample_->orbit_degrees_per_second() != 0));
}

glm::dvec3 SampleHost::cursor_world(const glm::dvec2& screen, const Viewport& viewport) const {
  if (!sample_->is_3d()) return glm::dvec3(camera_2d.screen_to_world(screen, viewport), 0);
  // In 3D: the point under the cursor on the plane through the target facing the camera.
  return cam::drag_on_plane(camera_3d, camera_3d.target, screen, viewport, camera_3d.distance * 10);
}

std::string SampleHost::pick_handle(const glm::dvec2& screen, const Viewport& viewport) {
  std::string best;
  double best_distance = kHandlePickRadiusPx * std::max(1.0, draw_.view().pixel_scale);
  for (const auto& handle : sample_->handles()) {
    glm::dvec2 at;
    const bool visible = sample_->is_3d() ? camera_3d.world_to_screen(handle.position, viewport, at)
                                          : (at = camera_2d.world_to_screen(glm::dvec2(handle.position), viewport), true);
    if (!visible) continue;
    const double distance = glm::length(at - screen);
    if (distance <= best_distance) {
      best_distance = distance;
      best = handle.label;
    }
  }
  return best;
}

void SampleHost::drag_to(const glm::dvec2& screen, const PointerInput& input, const Viewport& viewport) {
  glm::dvec3 target;
  if (sample_->is_3d()) {
    const double max_step = camera_3d.distance * 2;
    glm::dvec3 axis(0);
    if (input.x_held) axis = {1, 0, 0};
    if (input.y_held) axis = {0, 1, 0};
    if (input.z_held) axis = {0, 0, 1};
    target = axis != glm::dvec3(0) ? cam::drag_on_axis(camera_3d, drag_start_, axis, screen, viewport, max_step)
                                   : cam::drag_on_plane(camera_3d, drag_start_, screen, viewport, max_step);
    if (input.ctrl) {
      const double step = cam::round_step(camera_3d.distance / viewport.height * 40);
      target = glm::round(target / step) * step;
    }
  } else {
    target = glm::dvec3(camera_2d.screen_to_world(screen, viewport), 0) + drag_grab_offset_;
    if (input.x_held) target.y = drag_start_.y;  // X held: move along x only
    if (input.y_held) target.x = drag_start_.x;
    if (input.ctrl) {
      const double step = cam::round_step(camera_2d.units_per_pixel * 40);
      target = glm::dvec3(glm::round(glm::dvec2(target) / step) * step, 0);
    }
  }
  auto handles = sample_->handles();
  for (auto& handle : handles) {
    if (handle.label != dragged_) continue;
    refusal_ = {};
    if (handle.move_to(target)) {
      sample_->update(0);
    } else if (handle.refusal) {  // said where the drag stopped, until the next move or drag
      refusal_ = {handle.refusal(), handle.position};
    }
    break;
  }
  // A rebuilt polygon or hull may renumber its vertices: keep dragging the one at the target.
  double best = std::numeric_limits<double>::infinity();
  for (const auto& handle : sample_->handles()) {
    const double d = glm::length(handle.position - target);
    if (d < best && handle.label.rfind(dragged_.substr(0, dragged_.find('[')), 0) == 0) {
      best = d;
      if (d < 1e-9 * (1 + glm::length(target))) dragged_ = handle.label;
    }
  }
}

void SampleHost::handle_input(const PointerInput& input, const Viewport& viewport) {
  viewport_ = viewport;
  if (!sample_) return;
  if (frame_on_first_frame_) frame_scene();
  // A slow frame can see the last motion of a drag and its release together: that motion
  // still belongs to the drag, so it is applied before the drag ends.
  if (!dragged_.empty()) {
    drag_to(input.position, input, viewport);
    if (!input.left_down) {
      record_edit("Drag " + dragged_, state_before_drag_);  // one step per drag
      dragged_.clear();
    }
    return;
  }
  if (orbiting_) {
    camera_3d.orbit_pixels(input.delta);
    // A quick double-click: the second press can arrive before the button was seen up.
    orbiting_ = input.left_down && !input.left_double_clicked;
    if (orbiting_) return;
  }
  if (panning_) {
    if (sample_->is_3d()) {
      camera_3d.pan_pixels(input.delta, viewport);
    } else {
      camera_2d.pan_pixels(input.delta);
    }
    panning_ = input.right_down || input.middle_down;
    if (panning_) return;
  }
  if (!input.over_scene) {
    hovered_.clear();
    return;
  }
  hovered_ = pick_handle(input.position, viewport);
  if (input.wheel != 0) {
    const double factor = std::pow(1.15, input.wheel);
    if (sample_->is_3d()) {
      camera_3d.zoom_about(input.position, factor, viewport);
    } else {
      camera_2d.zoom_about(input.position, factor, viewport);
    }
  }
  if (input.left_double_clicked && hovered_.empty()) {
    const SampleState before = sample_->state;
    if (sample_->add_point(cursor_world(input.position, viewport))) {
      sample_->update(0);
      record_edit("Add vertex", before);
    }
    return;
  }
  if (input.right_released_without_drag && !hovered_.empty()) {
    const SampleState before = sample_->state;
    if (sample_->remove_handle(hovered_)) {
      sample_->update(0);
      record_edit("Remove " + hovered_, before);
    }
    hovered_.clear();
    return;
  }
  if (input.left_pressed) {
    if (!hovered_.empty()) {
      dragged_ = hovered_;
      refusal_ = {};
      state_before_drag_ = sample_->state;
      for (const auto& handle : sample_->handles()) {
        if (handle.label == dragged_) drag_start_ = handle.position;
      }
      drag_grab_offset_ = sample_->is_3d() ? glm::dvec3(0) : drag_start_ - cursor_world(input.position, viewport);
    } else if (sample_->is_3d()) {
      orbiting_ = true;
    }
  }
  if (input.right_pressed || (input.middle_down && !panning_)) panning_ = true;
}

bool SampleHost::cancel_drag() {
  if (dragged_.empty() || !sample_) return false;
  sample_->state = state_before_drag_;
  sample_->update(0);
  dragged_.clear();
  return true;
}

void SampleHost::key(int glfw_key, bool pressed) {
  if (!sample_) return;
  if (sample_->key(glfw_key, pressed)) return;
  if (sample_->reveal.key(glfw_key, pressed, static_cast<int>(sample_->reveal_steps().size()))) return;
  if (!pressed) return;
  const double step = 40;  // pixels per arrow-key press
  glm::dvec2 pan(0);
  if (glfw_key == GLFW_KEY_LEFT) pan.x = step;
  if (glfw_key == GLFW_KEY_RIGHT) pan.x = -step;
  if (glfw_key == GLFW_KEY_UP) pan.y = step;
  if (glfw_key == GLFW_KEY_DOWN) pan.y = -step;
  if (pan != glm::dvec2(0) && sample_->is_3d()) camera_3d.pan_pixels(pan, viewport_);
  if (pan != glm::dvec2(0) && !sample_->is_3d()) camera_2d.pan_pixels(pan);
  if (glfw_key == GLFW_KEY_HOME) frame_scene();
}

void SampleHost::update(double dt) {
  if (!sample_) return;
  const double orbit = auto_orbit ? 45.0 : sample_->orbit_degrees_per_second();
  if (orbit != 0 && sample_->is_3d()) camera_3d.yaw += glm::radians(orbit) * dt;
  sample_->update(dt);
  sample_->reveal.update(dt, static_cast<int>(sample_->reveal_steps().size()));
  explain.update(*sample_, dragged_, dt);
  set_noise_floor(1e-12 * scene_size(*sample_));  // rounding noise is judged against the scene's size
}

void SampleHost::build_draw_list(const Viewport& viewport, double pixel_scale, bool light_background) {
  viewport_ = viewport;
  if (!sample_) return;
  ViewInfo view = sample_->is_3d() ? camera_3d.view_info(viewport, pixel_scale)
                                   : camera_2d.view_info(viewport, pixel_scale);
  view.light_background = light_background;
  draw_.begin_frame(view);
  draw_.grid(palette::kMuted.with_alpha(0.35f));
  explain.draw_under(draw_, *sample_);
  // Handles first, so the sample's own coloured points (query point, answer) sit on top
  // of them; the hovered or dragged one is drawn again, larger, above everything.
  std::vector<Handle> handles = sample_->handles();
  for (const auto& handle : handles) draw_.point(handle.position, 9.0f, palette::kHandle, Layer::Overlay);
  sample_->draw(draw_);
  // After the live figure, so in 3D the ghost's depth never hides it; faint, it shows through.
  if (ghost_) draw_.set_ghost(0.3f), ghost_->draw(draw_), draw_.set_ghost(1);
  explain.draw_over(draw_, *sample_);
  if (!refusal_.why.empty()) draw_.label(refusal_.at, refusal_.why, kWarningText);
  if (compare_float) draw_float_answer(*sample_, draw_);
  for (const auto& handle : handles) {
    if (handle.label == hovered_ || handle.label == dragged_) {
      draw_.point(handle.position, 15.0f, palette::kHandleHover, Layer::Overlay);
    }
  }
}

void SampleHost::render() { draw_.flush(); }

nlohmann::ordered_json SampleHost::dump() const {
  nlohmann::ordered_json out = scene_json(scene());
  if (!sample_) return out;
  add_answers_json(out, *sample_);
  // The scene's rectangle in the window (framebuffer pixels): x, y of its top-left, width, height.
  out["viewport"] = {viewport_.x, viewport_.y, viewport_.width, viewport_.height};
  // Where each handle is on screen (framebuffer pixels, y down; window pixels unless HiDPI),
  // so tests can drive the real app with the mouse.
  auto& handles = out["handles"] = nlohmann::ordered_json::array();
  for (const auto& handle : const_cast<Sample&>(*sample_).handles()) {
    glm::dvec2 screen(0);
    const bool visible = sample_->is_3d() ? camera_3d.world_to_screen(handle.position, viewport_, screen)
                                          : (screen = camera_2d.world_to_screen(glm::dvec2(handle.position), viewport_), true);
    handles.push_back({{"label", handle.label},
                       {"world", {handle.position.x, handle.position.y, handle.position.z}},
                       {"screen", {screen.x, screen.y}},
                       {"visible", visible}});
  }
  return out;
}
