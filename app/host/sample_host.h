#pragma once
// Runs the current sample: its camera, the handles the user drags, drawing, and the
// state and results written by --dump-state.
#include "app/explain/explain_views.h"
#include "app/document/history.h"
#include "app/host/sample.h"
#include "app/document/scene_file.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

// What the mouse and keyboard did this frame, in framebuffer pixels (y down).
struct PointerInput {
  glm::dvec2 position{0};
  glm::dvec2 delta{0};
  bool left_pressed = false, left_down = false, left_released = false, left_double_clicked = false;
  bool right_pressed = false, right_down = false, middle_down = false;
  bool right_released_without_drag = false;  // a right click (not a pan)
  double wheel = 0;
  bool over_scene = true;  // false when ImGui wants the mouse
  bool ctrl = false, shift = false;
  bool x_held = false, y_held = false, z_held = false;  // axis constraints
};

class SampleHost {
 public:
  bool init(std::string& error);
  bool select(const std::string& id);  // false for an unknown id
  // The scene's sample with its settings and state, and its camera when it has one; throws
  // query::JsonInputError (and keeps the current sample) when the state does not fit. With
  // an `undo_step` name, the scene shown before is one undo step away (an opened preset);
  // without, the history starts afresh.
  void open_scene(const SceneFile& scene, const std::string& undo_step = {});
  // The scene shown: sample, settings, state, camera, and the opened scene's title and description.
  SceneFile scene() const;
  // The opened scene's own title and description (a preset's); empty for a plain sample.
  const std::string& scene_title() const { return title_; }
  const std::string& scene_description() const { return description_; }
  void set_scene_text(const std::string& title, const std::string& description) { title_ = title, description_ = description; }
  void reset();                        // a fresh sample of the same kind (an undoable edit)
  // Ctrl+Z / Ctrl+Y: false when there is nothing to undo or redo.
  bool undo();
  bool redo();
  // An edit made outside the host (the panel's fields, settings and buttons) that turned
  // `before` into the current snapshot; the state-only form is for edits that leave the
  // settings as they are.
  void record_edit(const std::string& name, const Snapshot& before);
  void record_edit(const std::string& name, const SampleState& before);
  // The sample's state and settings now (an empty snapshot without a sample).
  Snapshot snapshot() const;
  const History& history() const { return history_; }
  // Changes whenever another sample (or a fresh one) takes over: a snapshot taken before
  // belongs to no step of the current one.
  int generation() const { return generation_; }
  void frame_scene();                  // Home

  // One frame: input, then update, then the draw list (flushed by render()).
  void handle_input(const PointerInput& input, const Viewport& viewport);
  void key(int glfw_key, bool pressed);
  // Esc during a drag: the state goes back to what it was at the press; false when no drag.
  bool cancel_drag();
  void update(double dt);
  void build_draw_list(const Viewport& viewport, double pixel_scale, bool light_background = false);
  void render();  // into the currently bound framebuffer, at the viewport given above
  const DebugDraw& draw_list() const { return draw_; }

  Sample* sample() { return sample_.get(); }
  const Sample* sample() const { return sample_.get(); }
  const SampleInfo* info() const { return info_; }
  bool animating() const;
  bool answering() const { return sample_ && sample_->answering(); }
  // The world point under `screen` (framebuffer pixels): in 3D on the plane through the
  // camera's target facing it, as a drag moves a handle.
  glm::dvec3 world_under(const glm::dvec2& screen) const { return sample_ ? cursor_world(screen, viewport_) : glm::dvec3(0); }
  const std::string& hovered_handle() const { return hovered_; }
  const std::string& dragged_handle() const { return dragged_; }

  // A scene that opens again as this one (scene_json of scene()), with "queries",
  // "results", "viewport" and "handles" for tests.
  nlohmann::ordered_json dump() const;
  void set_camera(const SceneCamera& camera);  // the current sample's 2D or 3D one
  // A ghost of the figure as it is now, drawn faint with the live one (View > Pin a ghost,
  // G) until unpinned or another sample is shown: before and after, or two settings, in place.
  void pin() {
    if (!sample_) return;
    ghost_ = make_scene_sample(scene());
    ghost_->reveal = sample_->reveal;
    ghost_->update(0);
  }
  void unpin() { ghost_.reset(); }
  const Sample* ghost() const { return ghost_.get(); }

  cam::Camera2D camera_2d;
  cam::Camera3D camera_3d;
  Bookmarks bookmarks;  // the scene's camera bookmarks (Ctrl+1…9 keeps, 1…9 recalls)
  bool auto_orbit = false;
  bool compare_float = false;  // also draw the float answer (View → Compare float and double)
  ExplainViews explain;       // drawn with the sample; its panel section is the shell's

 private:
  void adopt(const SampleInfo& info, std::unique_ptr<Sample> sample);
  // `sample`, made for `scene`, takes over with the scene's camera, title and description.
  void show_scene(const SceneFile& scene, std::unique_ptr<Sample> sample);
  Snapshot scene_snapshot() const;  // the snapshot with the scene shown, for undo and redo
  bool step_history(bool (History::*step)(Snapshot&));
  glm::dvec3 cursor_world(const glm::dvec2& screen, const Viewport& viewport) const;
  std::string pick_handle(const glm::dvec2& screen, const Viewport& viewport);
  void drag_to(const glm::dvec2& screen, const PointerInput& input, const Viewport& viewport);

  DebugDraw draw_;
  std::unique_ptr<Sample> sample_;
  std::unique_ptr<Sample> ghost_;  // the pinned figure, of the same sample
  const SampleInfo* info_ = nullptr;
  int generation_ = 0;
  std::string title_, description_;  // of the scene opened, kept in dumps
  Viewport viewport_;
  std::string hovered_, dragged_;
  glm::dvec3 drag_start_{0};      // the handle's position when the drag began
  struct Refusal {
    std::string why;  // why the dragged handle stopped (a polygon would turn concave), or empty
    glm::dvec3 at{0};
  } refusal_;
  SampleState state_before_drag_;  // what Esc restores and undo returns to
  History history_;
  glm::dvec3 drag_grab_offset_{0};  // handle minus the cursor's world point at the press (2D)
  bool orbiting_ = false, panning_ = false;
  bool frame_on_first_frame_ = false;  // framed before the viewport was known
};
