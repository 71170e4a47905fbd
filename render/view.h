#pragma once
// What a renderer needs to know about the current view: built by the cameras,
// consumed by DebugDraw. World coordinates are double; rendering subtracts `origin`
// first (camera-relative), so shapes far from the world origin do not jitter in float.
#include <glm/glm.hpp>

struct Viewport {
  double x = 0, y = 0;            // top-left corner in framebuffer pixels (y down)
  double width = 1, height = 1;   // in framebuffer pixels
};

struct ViewInfo {
  glm::dmat4 view_projection{1};  // maps (world - origin) to clip space
  glm::dvec3 origin{0};           // subtracted from every world point before float conversion
  glm::dvec3 eye{0, 0, 1};        // camera position (world)
  glm::dvec3 forward{0, 0, -1};   // unit viewing direction
  Viewport viewport;
  double pixel_scale = 1;         // UI scale x content scale: line widths and point sizes in px are multiplied by it
  bool is_3d = false;
  bool orthographic = true;
  double world_units_per_pixel = 0.01;  // at the camera target, for grid spacing and clipping
  bool light_background = false;  // the light theme: bright colours are darkened (for_light_background)
};
