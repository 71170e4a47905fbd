#pragma once
// 2D and 3D cameras: screen <-> world conversions, pan, orbit, zoom about the cursor,
// framing, and the drag plane used to move handles in 3D. Pure math (no GL), unit-tested.
#include "render/view.h"

namespace cam {

struct Bounds {
  glm::dvec3 min{-1}, max{1};
};

class Camera2D {
 public:
  glm::dvec2 center{0};
  double units_per_pixel = 0.02;  // zoom: world units per framebuffer pixel

  glm::dvec2 screen_to_world(const glm::dvec2& screen, const Viewport& viewport) const;  // screen: framebuffer px, y down
  glm::dvec2 world_to_screen(const glm::dvec2& world, const Viewport& viewport) const;
  void pan_pixels(const glm::dvec2& delta_px);  // the world moves with the mouse
  // Zooms by `factor` (> 1 zooms in) keeping the world point under `screen` fixed.
  void zoom_about(const glm::dvec2& screen, double factor, const Viewport& viewport);
  void frame(const Bounds& bounds, const Viewport& viewport, double margin = 0.15);
  ViewInfo view_info(const Viewport& viewport, double pixel_scale) const;
};

enum class ViewPreset { Front, Top, Side, Perspective45 };

class Camera3D {
 public:
  glm::dvec3 target{0};
  double yaw = glm::radians(45.0);    // about the up axis (+y)
  double pitch = glm::radians(30.0);  // above the horizon, clamped to (-89°, 89°)
  double distance = 20;
  double fov_y = glm::radians(45.0);
  bool orthographic = false;

  glm::dvec3 eye() const;
  glm::dvec3 forward() const;  // unit, from the eye to the target
  glm::dvec3 right() const;
  glm::dvec3 up() const;
  void orbit_pixels(const glm::dvec2& delta_px, double radians_per_pixel = 0.008);
  void pan_pixels(const glm::dvec2& delta_px, const Viewport& viewport);
  void zoom_about(const glm::dvec2& screen, double factor, const Viewport& viewport);
  void set_view(ViewPreset preset);
  // Turns the camera to look along `forward` (any length; straight up or down is held just
  // short of vertical, as orbiting is); a zero or non-finite direction changes nothing.
  void look_along(const glm::dvec3& forward);
  void frame(const Bounds& bounds, const Viewport& viewport, double margin = 0.15);
  ViewInfo view_info(const Viewport& viewport, double pixel_scale) const;

  // The ray through a screen point (framebuffer px, y down): origin and unit direction.
  void pick_ray(const glm::dvec2& screen, const Viewport& viewport, glm::dvec3& origin, glm::dvec3& direction) const;
  // Projects to framebuffer pixels; false when behind the camera.
  bool world_to_screen(const glm::dvec3& world, const Viewport& viewport, glm::dvec2& screen) const;
};

// The smallest of 1, 2 and 5 times a power of ten that is at least `at_least` (> 0): a
// step that reads as a grid line, for snapping and for numbering the grid.
double round_step(double at_least);

// Where a 3D drag moves a handle: the camera-facing plane through the handle's start.
// At a grazing angle (the pick ray nearly parallel to the plane) the intersection runs
// off to infinity; the result is then clamped so the handle moves at most `max_step`
// from `start` per call, and never becomes NaN.
glm::dvec3 drag_on_plane(const Camera3D& camera, const glm::dvec3& start, const glm::dvec2& screen,
                         const Viewport& viewport, double max_step);
// The same on a given plane through `start` (e.g. the ground, normal +y). When the ray
// misses the plane (parallel, or the hit would be behind the camera) the handle moves
// `max_step` toward the plane's horizon in the direction of the ray.
glm::dvec3 drag_on_plane(const Camera3D& camera, const glm::dvec3& start, const glm::dvec3& plane_normal,
                         const glm::dvec2& screen, const Viewport& viewport, double max_step);
// A drag constrained to the line through `start` along `axis` (X/Y/Z held): the point of
// that line closest to the pick ray; at grazing angles clamped like drag_on_plane.
glm::dvec3 drag_on_axis(const Camera3D& camera, const glm::dvec3& start, const glm::dvec3& axis,
                        const glm::dvec2& screen, const Viewport& viewport, double max_step);

}  // namespace cam
