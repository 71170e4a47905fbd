#pragma once
// The narrow interface every sample implements (one file per sample, registered in one
// line with REGISTER_SAMPLE). The app owns the window, cameras, handles and panels; a
// sample owns its state (named shapes and points) and turns it into answers and drawings.
#include "app/sample_state.h"
#include "render/camera.h"
#include "render/debug_draw.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

class Sample {
 public:
  virtual ~Sample() = default;

  virtual bool is_3d() const = 0;
  // Recomputes the answers from the state; called after every edit and every frame.
  virtual void update(double dt) { (void)dt; }
  virtual void draw(DebugDraw& draw) const = 0;
  // The side panel below the sample's title: editable fields and live readouts (ImGui).
  // Returns true when the user edited the state.
  virtual bool controls() { return false; }
  // The answers, for --dump-state and tests: the query mode's result fields.
  virtual nlohmann::ordered_json results() const = 0;

  // What the user can drag; the default offers every shape's and point's handles.
  virtual std::vector<Handle> handles() { return collect_handles(state); }
  // Double-click on empty space / right-click on a handle (polygons, polyhedra, walls).
  virtual bool add_point(const glm::dvec3& at) { (void)at; return false; }
  virtual bool remove_handle(const std::string& label) { (void)label; return false; }
  // Keys the sample handles itself (e.g. WASD); return true when used.
  virtual bool key(int glfw_key, bool pressed) { (void)glfw_key; (void)pressed; return false; }
  // True while the sample animates, so the app keeps redrawing instead of sleeping.
  virtual bool animating() const { return false; }
  // A slow camera orbit about the target the sample asks for (the app turns the camera).
  virtual double orbit_degrees_per_second() const { return 0; }
  virtual cam::Bounds bounds() const;  // what Home frames; default: the handles' bounds
  // The 3D camera's direction when the sample opens and on Home (yaw, pitch, projection);
  // the default 45° / 30° perspective view suits most scenes. Framing then sets the distance.
  virtual void initial_view(cam::Camera3D& camera) const { (void)camera; }
  // A named setting from the command line (--param name=value), e.g. the stress sample's
  // point count; false when the sample has no such parameter or the value is out of range.
  virtual bool set_parameter(const std::string& name, double value) { (void)name; (void)value; return false; }

  SampleState state;  // the editable state, in the query mode's schema
};

struct SampleInfo {
  const char* id;        // kebab-case, for --sample and settings
  const char* category;  // the menu and browser group
  const char* title;
  const char* description;  // one or two sentences shown at the top of the panel
  int order;                // position within the category
  std::unique_ptr<Sample> (*create)();
};

// The registry, in registration order grouped by category.
const std::vector<SampleInfo>& sample_registry();
const SampleInfo* find_sample(const std::string& id);
int register_sample(const SampleInfo& info);

#define REGISTER_SAMPLE(Type, id, category, order, title, description)                              \
  [[maybe_unused]] static const int registered_##Type = register_sample(                           \
      {id, category, title, description, order, []() -> std::unique_ptr<Sample> { return std::make_unique<Type>(); }})
