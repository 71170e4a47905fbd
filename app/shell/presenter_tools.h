#pragma once
// The lecturer's pen and laser pointer, drawn over the figure in window pixels. Ink marks
// the figure on screen, as a marker on a projected slide: it is wiped when another scene
// is shown (another sample, a lecture's next scene, a file, a reset). Neither tool moves a
// handle: while the pen is on, the left button draws instead of dragging or orbiting.
#include "app/host/sample_host.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <vector>

struct PresenterTools {
  bool pen = false;    // Ctrl+P (a browser keeps that for printing: Shift+P too)
  bool laser = false;  // while L is held
  std::vector<std::vector<ImVec2>> strokes;  // window pixels, as ImGui's mouse
  bool drawing = false;                      // the left button went down over the scene
  int generation = -1;                       // the host's, when the ink was drawn

  // Each frame before the host sees the pointer: a scene other than the ink's wipes it, and
  // with the pen on the left button draws, taken away from the host.
  void take_pointer(PointerInput& input, int host_generation, ImVec2 mouse);
  void wipe() { strokes.clear(), drawing = false; }
  // The ink above the figure, the laser dot above everything; `scale` is the scene's.
  void draw(float scale) const;
  // For --dump-state: the pen's state and how much ink there is.
  nlohmann::ordered_json dump() const;
};
