#include "render/camera.h"

#include "collision_lab/linear_pairs.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>

namespace cam {
namespace {
constexpr double kMaxPitch = glm::radians(89.0);
constexpr double kMinUnitsPerPixel = 1e-12;  // keeps zoom finite however far it goes
constexpr double kMaxUnitsPerPixel = 1e12;
constexpr double kMinDistance = 1e-9;
constexpr double kMaxDistance = 1e12;

glm::dvec2 viewport_center(const Viewport& viewport) {
  return {viewport.x + viewport.width * 0.5, viewport.y + viewport.height * 0.5};
}

// Screen (framebuffer px, y down) to normalized device coordinates (y up, [-1, 1]).
glm::dvec2 screen_to_ndc(const glm::dvec2& screen, const Viewport& viewport) {
  return {(screen.x - viewport.x) / viewport.width * 2.0 - 1.0,
          1.0 - (screen.y - viewport.y) / viewport.height * 2.0};
}

glm::dvec2 ndc_to_screen(const glm::dvec2& ndc, const Viewport& viewport) {
  return {viewport.x + (ndc.x + 1.0) * 0.5 * viewport.width, viewport.y + (1.0 - ndc.y) * 0.5 * viewport.height};
}

double aspect_of(const Viewport& viewport) { return viewport.width / std::max(viewport.height, 1e-9); }

bool finite(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// What every view holds besides where it looks from: the viewport, the pixel scale and
// the kind of projection.
ViewInfo view_on(const Viewport& viewport, double pixel_scale, bool is_3d, bool orthographic) {
  ViewInfo info;
  info.viewport = viewport;
  info.pixel_scale = pixel_scale;
  info.is_3d = is_3d;
  info.orthographic = orthographic;
  return info;
}

// Moves from `start` toward `wanted`, at most `max_step` away from `start`.
glm::dvec3 clamp_step(const glm::dvec3& start, const glm::dvec3& wanted, double max_step) {
  const glm::dvec3 step = wanted - start;
  const double length = glm::length(step);
  if (!std::isfinite(length)) return start;
  if (length <= max_step) return wanted;
  return start + step * (max_step / length);
}
}  // namespace

// ---------------------------------------------------------------- Camera2D

glm::dvec2 Camera2D::screen_to_world(const glm::dvec2& screen, const Viewport& viewport) const {
  const glm::dvec2 offset = screen - viewport_center(viewport);
  return {center.x + offset.x * units_per_pixel, center.y - offset.y * units_per_pixel};
}

glm::dvec2 Camera2D::world_to_screen(const glm::dvec2& world, const Viewport& viewport) const {
  const glm::dvec2 offset = (world - center) / units_per_pixel;
  return viewport_center(viewport) + glm::dvec2(offset.x, -offset.y);
}

void Camera2D::pan_pixels(const glm::dvec2& delta_px) {
  center.x -= delta_px.x * units_per_pixel;
  center.y += delta_px.y * units_per_pixel;  // screen y runs down, world y up
}

void Camera2D::zoom_about(const glm::dvec2& screen, double factor, const Viewport& viewport) {
  if (!(factor > 0) || !std::isfinite(factor)) return;
  const glm::dvec2 anchor = screen_to_world(screen, viewport);
  units_per_pixel = std::clamp(units_per_pixel / factor, kMinUnitsPerPixel, kMaxUnitsPerPixel);
  center += anchor - screen_to_world(screen, viewport);
}

// The bounds, grown by `margin` of their size on every side, fill the viewport.
void Camera2D::frame(const Bounds& bounds, const Viewport& viewport, double margin) {
  const glm::dvec2 size = glm::dvec2(bounds.max - bounds.min) * (1.0 + 2.0 * margin);
  center = glm::dvec2(bounds.min + bounds.max) * 0.5;
  const double fit = std::max(size.x / viewport.width, size.y / viewport.height);
  units_per_pixel = fit > kMinUnitsPerPixel && std::isfinite(fit) ? std::min(fit, kMaxUnitsPerPixel) : 0.02;
}

ViewInfo Camera2D::view_info(const Viewport& viewport, double pixel_scale) const {
  ViewInfo info = view_on(viewport, pixel_scale, false, true);
  info.world_units_per_pixel = units_per_pixel;
  info.origin = glm::dvec3(center, 0);
  info.forward = {0, 0, -1};
  const double half_width = viewport.width * 0.5 * units_per_pixel;
  const double half_height = viewport.height * 0.5 * units_per_pixel;
  // Depth is irrelevant to a flat view; a generous range keeps any z visible.
  const double depth = std::max(half_width, half_height) * 1000.0;
  info.eye = info.origin + glm::dvec3(0, 0, depth * 0.5);
  info.view_projection = glm::ortho(-half_width, half_width, -half_height, half_height, -depth, depth);
  return info;
}

// ---------------------------------------------------------------- Camera3D

glm::dvec3 Camera3D::forward() const {
  // yaw 0 looks along -z; positive yaw turns left (counter-clockwise seen from +y).
  return {-std::sin(yaw) * std::cos(pitch), -std::sin(pitch), -std::cos(yaw) * std::cos(pitch)};
}

glm::dvec3 Camera3D::right() const { return {std::cos(yaw), 0, -std::sin(yaw)}; }

glm::dvec3 Camera3D::up() const { return glm::cross(right(), forward()); }

glm::dvec3 Camera3D::eye() const { return target - forward() * distance; }

void Camera3D::orbit_pixels(const glm::dvec2& delta_px, double radians_per_pixel) {
  // Dragging right turns the scene right; dragging down looks from higher up.
  yaw = std::remainder(yaw - delta_px.x * radians_per_pixel, 2.0 * glm::pi<double>());
  pitch = std::clamp(pitch + delta_px.y * radians_per_pixel, -kMaxPitch, kMaxPitch);
}

namespace {
// World units per pixel on the plane through the target facing the camera: the same for
// perspective and orthographic (orthographic keeps the apparent size at the target).
double units_per_pixel_at_target(const Camera3D& camera, const Viewport& viewport) {
  return 2.0 * camera.distance * std::tan(camera.fov_y * 0.5) / viewport.height;
}
}  // namespace

void Camera3D::pan_pixels(const glm::dvec2& delta_px, const Viewport& viewport) {
  const double units = units_per_pixel_at_target(*this, viewport);
  target += (-delta_px.x * right() + delta_px.y * up()) * units;
}

void Camera3D::zoom_about(const glm::dvec2& screen, double factor, const Viewport& viewport) {
  if (!(factor > 0) || !std::isfinite(factor)) return;
  const double new_distance = std::clamp(distance / factor, kMinDistance, kMaxDistance);
  const double shrink = new_distance / distance;
  // The point under the cursor on the plane through the target facing the camera; moving
  // the target toward it by (1 - shrink) keeps it under the cursor in both projections.
  glm::dvec3 origin, direction;
  pick_ray(screen, viewport, origin, direction);
  const glm::dvec3 view = forward();
  const double t = glm::dot(target - origin, view) / glm::dot(direction, view);
  const glm::dvec3 anchor = origin + direction * t;
  if (finite(anchor)) target += (anchor - target) * (1.0 - shrink);
  distance = new_distance;
}

void Camera3D::set_view(ViewPreset preset) {
  switch (preset) {
    case ViewPreset::Front: yaw = 0; pitch = 0; break;                       // looking along -z
    case ViewPreset::Top: yaw = 0; pitch = kMaxPitch; break;                 // looking down, -z up on screen
    case ViewPreset::Side: yaw = glm::radians(90.0); pitch = 0; break;       // from +x, looking along -x
    case ViewPreset::Perspective45: yaw = glm::radians(45.0); pitch = glm::radians(30.0); break;
  }
}

void Camera3D::look_along(const glm::dvec3& direction) {
  const double length = glm::length(direction);
  if (!(length > 0) || !std::isfinite(length)) return;
  const glm::dvec3 d = direction / length;
  pitch = std::clamp(std::asin(std::clamp(-d.y, -1.0, 1.0)), -kMaxPitch, kMaxPitch);
  if (std::abs(d.x) + std::abs(d.z) > 1e-12) yaw = std::atan2(-d.x, -d.z);  // straight down keeps the yaw
}

// The bounding sphere of the bounds, grown by `margin`, fits the narrower field of view.
void Camera3D::frame(const Bounds& bounds, const Viewport& viewport, double margin) {
  target = (bounds.min + bounds.max) * 0.5;
  double radius = glm::length(bounds.max - bounds.min) * 0.5 * (1.0 + 2.0 * margin);
  if (!(radius > 1e-9) || !std::isfinite(radius)) radius = 1;
  const double half_y = fov_y * 0.5;
  const double half_x = std::atan(std::tan(half_y) * aspect_of(viewport));
  distance = std::clamp(radius / std::sin(std::min(half_x, half_y)), kMinDistance, kMaxDistance);
}

ViewInfo Camera3D::view_info(const Viewport& viewport, double pixel_scale) const {
  ViewInfo info = view_on(viewport, pixel_scale, true, orthographic);
  info.origin = target;
  info.eye = eye();
  info.forward = forward();
  info.world_units_per_pixel = units_per_pixel_at_target(*this, viewport);
  // Camera-relative: the view matrix looks from (eye - target) at the origin.
  const glm::dmat4 view = glm::lookAt(-info.forward * distance, glm::dvec3(0), up());
  const double aspect = aspect_of(viewport);
  glm::dmat4 projection;
  if (orthographic) {
    const double half_height = distance * std::tan(fov_y * 0.5);
    const double half_width = half_height * aspect;
    // Near is far behind the eye: an orthographic view shows what lies behind it too.
    projection = glm::ortho(-half_width, half_width, -half_height, half_height, -distance * 1000.0, distance * 1000.0);
  } else {
    projection = glm::perspective(fov_y, aspect, distance / 1000.0, distance * 1000.0);
  }
  info.view_projection = projection * view;
  return info;
}

void Camera3D::pick_ray(const glm::dvec2& screen, const Viewport& viewport, glm::dvec3& origin,
                        glm::dvec3& direction) const {
  const glm::dvec2 ndc = screen_to_ndc(screen, viewport);
  const double half_height = std::tan(fov_y * 0.5);
  const double half_width = half_height * aspect_of(viewport);
  const glm::dvec3 view = forward(), side = right(), upward = up();
  if (orthographic) {
    // Parallel rays; they start on the near plane (1000 distances behind the eye) so
    // everything the view shows lies at t >= 0.
    const glm::dvec3 on_eye_plane = eye() + (side * ndc.x * half_width + upward * ndc.y * half_height) * distance;
    origin = on_eye_plane - view * (distance * 1000.0);
    direction = view;
  } else {
    origin = eye();
    direction = glm::normalize(view + side * (ndc.x * half_width) + upward * (ndc.y * half_height));
  }
}

bool Camera3D::world_to_screen(const glm::dvec3& world, const Viewport& viewport, glm::dvec2& screen) const {
  const glm::dvec3 relative = world - eye();
  const double depth = glm::dot(relative, forward());
  const double half_height = std::tan(fov_y * 0.5);
  const double half_width = half_height * aspect_of(viewport);
  const double x = glm::dot(relative, right()), y = glm::dot(relative, up());
  glm::dvec2 ndc;
  if (orthographic) {
    if (depth < -distance * 1000.0) return false;
    ndc = {x / (half_width * distance), y / (half_height * distance)};
  } else {
    if (depth <= distance / 1000.0) return false;  // behind the near plane
    ndc = {x / (half_width * depth), y / (half_height * depth)};
  }
  screen = ndc_to_screen(ndc, viewport);
  return true;
}

// ---------------------------------------------------------------- dragging

glm::dvec3 drag_on_plane(const Camera3D& camera, const glm::dvec3& start, const glm::dvec2& screen,
                         const Viewport& viewport, double max_step) {
  return drag_on_plane(camera, start, camera.forward(), screen, viewport, max_step);
}

glm::dvec3 drag_on_plane(const Camera3D& camera, const glm::dvec3& start, const glm::dvec3& plane_normal,
                         const glm::dvec2& screen, const Viewport& viewport, double max_step) {
  glm::dvec3 origin, direction;
  camera.pick_ray(screen, viewport, origin, direction);
  const double normal_length = glm::length(plane_normal);
  if (!(normal_length > 0) || !std::isfinite(normal_length)) return start;
  const glm::dvec3 normal = plane_normal / normal_length;
  const double along_normal = glm::dot(direction, normal);
  const double t = glm::dot(start - origin, normal) / along_normal;
  if (std::abs(along_normal) > 1e-12 && t >= 0 && std::isfinite(t)) {
    return clamp_step(start, origin + direction * t, max_step);
  }
  // The ray misses the plane (parallel, or the hit is behind the camera): head toward the
  // plane's horizon in the ray's direction, by the largest step allowed.
  const glm::dvec3 in_plane = direction - normal * along_normal;
  const double length = glm::length(in_plane);
  if (!(length > 1e-12)) return start;
  return start + in_plane * (max_step / length);
}

glm::dvec3 drag_on_axis(const Camera3D& camera, const glm::dvec3& start, const glm::dvec3& axis,
                        const glm::dvec2& screen, const Viewport& viewport, double max_step) {
  glm::dvec3 origin, direction;
  camera.pick_ray(screen, viewport, origin, direction);
  const geo::Line<double> line{start, axis};
  const geo::Ray<double> ray{origin, direction};
  const auto closest = geo::closest_points(line, ray);
  if (!closest.ok() || closest.parallel || !finite(closest.a_point)) return start;
  return clamp_step(start, closest.a_point, max_step);
}

double round_step(double at_least) {
  const double power = std::pow(10.0, std::floor(std::log10(at_least)));
  for (double m : {1.0, 2.0, 5.0}) {
    if (power * m >= at_least) return power * m;
  }
  return power * 10;
}

}  // namespace cam
