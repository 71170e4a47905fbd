#pragma once
// The lecturer's pen and laser pointer. Ink is drawn on the figure: each point is kept
// where it lies in the scene (in 3D on the plane through the camera's target facing it), so
// it stays on what it marks when the view pans, zooms or the panel comes and goes. It is
// wiped when another scene is shown (another sample, a lecture's next scene, a file, a
// reset). Neither tool moves a handle: while the pen is on, the left button draws instead
// of dragging or orbiting.
#include "app/host/sample_host.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <vector>

struct PresenterTools {
  bool pen = false;    // Ctrl+P (a browser keeps that for printing: Shift+P too)
  bool laser = false;  // while L is held
  std::vector<std::vector<glm::dvec3>> strokes;  // world points
  bool drawing = false;                          // the left button went down over the scene
  glm::dvec2 last_at{0};                         // the stroke's last point on screen
  int generation = -1;                           // the host's, when the ink was drawn

  // Each frame before the host sees the pointer: a scene other than the ink's wipes it, and
  // with the pen on the left button draws, taken away from the host. `to_world` maps the
  // pointer's framebuffer position into the scene.
  void take_pointer(PointerInput& input, int host_generation, const std::function<glm::dvec3(glm::dvec2)>& to_world);
  void wipe() { strokes.clear(), drawing = false; }
  // The ink above the figure, the laser dot above everything. `to_screen` projects a world
  // point to framebuffer pixels (false behind the camera); `pixels` is framebuffer pixels
  // per window pixel and `scale` the scene's line scale.
  void draw(float scale, float pixels, const std::function<bool(const glm::dvec3&, glm::dvec2&)>& to_screen) const;
  // For --dump-state: the pen's state and how much ink there is.
  nlohmann::ordered_json dump() const;
};
