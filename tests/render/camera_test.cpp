#include "render/camera.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>

namespace {
using glm::dvec2;
using glm::dvec3;

const Viewport kViewports[] = {{0, 0, 800, 600}, {100, 50, 640, 480}, {0, 30, 333, 217}, {12, 0, 1920, 1080}};

void expect_near(const dvec3& a, const dvec3& b, double tolerance) {
  EXPECT_NEAR(a.x, b.x, tolerance);
  EXPECT_NEAR(a.y, b.y, tolerance);
  EXPECT_NEAR(a.z, b.z, tolerance);
}

void expect_near(const dvec2& a, const dvec2& b, double tolerance) {
  EXPECT_NEAR(a.x, b.x, tolerance);
  EXPECT_NEAR(a.y, b.y, tolerance);
}

bool finite(const dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// Projects with the ViewInfo matrix, the path the renderer takes, to framebuffer pixels.
dvec2 project_with_view_info(const ViewInfo& info, const dvec3& world) {
  const glm::dvec4 clip = info.view_projection * glm::dvec4(world - info.origin, 1);
  const dvec2 ndc = dvec2(clip) / clip.w;
  return {info.viewport.x + (ndc.x + 1) * 0.5 * info.viewport.width,
          info.viewport.y + (1 - ndc.y) * 0.5 * info.viewport.height};
}

// ------------------------------------------------------------------ 2D

TEST(Camera2D, KnownMappingOfTheViewportCentreAndCorners) {
  cam::Camera2D camera;
  camera.center = {3, -2};
  camera.units_per_pixel = 0.5;
  const Viewport viewport{100, 50, 400, 200};
  expect_near(camera.world_to_screen({3, -2}, viewport), dvec2(300, 150), 1e-12);
  expect_near(camera.screen_to_world({100, 50}, viewport), dvec2(3 - 100, -2 + 50), 1e-12);  // top-left
  expect_near(camera.world_to_screen({4, -1}, viewport), dvec2(302, 148), 1e-12);           // y up
}

TEST(Camera2D, ScreenWorldRoundTripsAtSeveralZoomsAndViewports) {
  for (const Viewport& viewport : kViewports) {
    for (double zoom : {1e-4, 0.02, 3.0, 250.0}) {
      cam::Camera2D camera;
      camera.center = {1e6, -37.5};
      camera.units_per_pixel = zoom;
      for (dvec2 screen : {dvec2(0, 0), dvec2(17.5, 400), dvec2(799, 1)}) {
        const dvec2 world = camera.screen_to_world(screen, viewport);
        expect_near(camera.world_to_screen(world, viewport), screen, 1e-6);
      }
    }
  }
}

TEST(Camera2D, ViewInfoMatchesWorldToScreen) {
  cam::Camera2D camera;
  camera.center = {-5, 8};
  camera.units_per_pixel = 0.03;
  const Viewport viewport{40, 20, 640, 480};
  const ViewInfo info = camera.view_info(viewport, 1.5);
  EXPECT_FALSE(info.is_3d);
  EXPECT_DOUBLE_EQ(info.pixel_scale, 1.5);
  expect_near(info.origin, dvec3(-5, 8, 0), 0);
  const dvec2 world{-1.25, 9.5};
  expect_near(project_with_view_info(info, dvec3(world, 0)), camera.world_to_screen(world, viewport), 1e-9);
}

TEST(Camera2D, ZoomAboutKeepsThePointUnderTheCursor) {
  const Viewport viewport{0, 0, 800, 600};
  cam::Camera2D camera;
  camera.center = {2, 3};
  const dvec2 cursor{650, 120};
  const dvec2 before = camera.screen_to_world(cursor, viewport);
  camera.zoom_about(cursor, 1.25, viewport);
  EXPECT_NEAR(camera.units_per_pixel, 0.02 / 1.25, 1e-15);
  expect_near(camera.screen_to_world(cursor, viewport), before, 1e-12);
  camera.zoom_about(cursor, 0.1, viewport);
  expect_near(camera.screen_to_world(cursor, viewport), before, 1e-12);
}

TEST(Camera2D, PanMovesTheWorldWithTheMouse) {
  const Viewport viewport{0, 0, 800, 600};
  cam::Camera2D camera;
  const dvec2 grabbed = camera.screen_to_world({200, 200}, viewport);
  camera.pan_pixels({30, -45});
  expect_near(camera.world_to_screen(grabbed, viewport), dvec2(230, 155), 1e-9);
}

TEST(Camera2D, FrameFitsTheBoundsWithTheMargin) {
  const Viewport viewport{0, 0, 800, 400};
  cam::Camera2D camera;
  camera.frame({{-1, 0, 0}, {3, 1, 0}}, viewport, 0.25);  // 4 x 1 grown to 6 x 1.5: width limits
  expect_near(camera.center, dvec2(1, 0.5), 1e-12);
  EXPECT_NEAR(camera.units_per_pixel, 6.0 / 800.0, 1e-12);
  const dvec2 left = camera.world_to_screen({-1, 0.5}, viewport);
  EXPECT_NEAR(left.x, 800.0 * 1.0 / 6.0, 1e-9);  // the margin is a quarter of the size
}

// ------------------------------------------------------------------ 3D

TEST(Camera3D, ConventionsYawZeroLooksAlongMinusZAndYIsUp) {
  cam::Camera3D camera;
  camera.yaw = 0;
  camera.pitch = 0;
  camera.distance = 10;
  expect_near(camera.forward(), dvec3(0, 0, -1), 1e-15);
  expect_near(camera.right(), dvec3(1, 0, 0), 1e-15);
  expect_near(camera.up(), dvec3(0, 1, 0), 1e-15);
  expect_near(camera.eye(), dvec3(0, 0, 10), 1e-15);
  camera.yaw = glm::radians(90.0);
  expect_near(camera.forward(), dvec3(-1, 0, 0), 1e-15);
  camera.pitch = glm::radians(30.0);  // above the horizon: looks down
  EXPECT_NEAR(camera.forward().y, -0.5, 1e-15);
  EXPECT_GT(camera.eye().y, 0);
}

TEST(Camera3D, ScreenWorldRoundTripsThroughThePickRay) {
  for (bool orthographic : {false, true}) {
    for (const Viewport& viewport : kViewports) {
      for (double yaw : {-2.0, 0.0, 0.7, 3.0}) {
        for (double pitch : {-1.2, 0.0, 0.5, 1.5}) {
          cam::Camera3D camera;
          camera.target = {1e6, -3, 250};
          camera.yaw = yaw;
          camera.pitch = pitch;
          camera.distance = 7.5;
          camera.orthographic = orthographic;
          const dvec2 screen{viewport.x + 0.3 * viewport.width, viewport.y + 0.8 * viewport.height};
          dvec3 origin, direction;
          camera.pick_ray(screen, viewport, origin, direction);
          EXPECT_NEAR(glm::length(direction), 1.0, 1e-12);
          for (double t : {0.0, 1.0, 12345.0}) {
            const dvec3 world = origin + direction * (orthographic ? t + 7500.0 : t + 1.0);
            dvec2 back;
            ASSERT_TRUE(camera.world_to_screen(world, viewport, back));
            expect_near(back, screen, 1e-6);
            // The renderer's matrix agrees with world_to_screen.
            expect_near(project_with_view_info(camera.view_info(viewport, 1), world), screen, 1e-5);
          }
        }
      }
    }
  }
}

TEST(Camera3D, TargetProjectsToTheViewportCentreAndBehindIsRejected) {
  cam::Camera3D camera;
  camera.target = {4, 5, 6};
  const Viewport viewport{100, 50, 640, 480};
  dvec2 screen;
  ASSERT_TRUE(camera.world_to_screen(camera.target, viewport, screen));
  expect_near(screen, dvec2(420, 290), 1e-9);
  EXPECT_FALSE(camera.world_to_screen(camera.eye() - camera.forward(), viewport, screen));
}

TEST(Camera3D, OrthographicHasTheSameApparentSizeAtTheTarget) {
  const Viewport viewport{0, 0, 800, 600};
  cam::Camera3D camera;
  const dvec3 beside = camera.target + camera.right() * 2.0;
  dvec2 perspective, orthographic;
  ASSERT_TRUE(camera.world_to_screen(beside, viewport, perspective));
  camera.orthographic = true;
  ASSERT_TRUE(camera.world_to_screen(beside, viewport, orthographic));
  expect_near(perspective, orthographic, 1e-9);
  const double expected_px = 2.0 / (2 * 20 * std::tan(glm::radians(22.5)) / 600.0);
  EXPECT_NEAR(orthographic.x - 400, expected_px, 1e-9);
}

TEST(Camera3D, ZoomAboutKeepsThePointUnderTheCursor) {
  for (bool orthographic : {false, true}) {
    const Viewport viewport{0, 0, 800, 600};
    cam::Camera3D camera;
    camera.orthographic = orthographic;
    const dvec2 cursor{610, 95};
    dvec3 origin, direction;
    camera.pick_ray(cursor, viewport, origin, direction);
    const double t = glm::dot(camera.target - origin, camera.forward()) / glm::dot(direction, camera.forward());
    const dvec3 anchor = origin + direction * t;
    camera.zoom_about(cursor, 2.0, viewport);
    EXPECT_NEAR(camera.distance, 10.0, 1e-12);
    dvec2 screen;
    ASSERT_TRUE(camera.world_to_screen(anchor, viewport, screen));
    expect_near(screen, cursor, 1e-6);
    camera.zoom_about(cursor, 0.25, viewport);
    ASSERT_TRUE(camera.world_to_screen(anchor, viewport, screen));
    expect_near(screen, cursor, 1e-6);
    EXPECT_NEAR(camera.distance, 40.0, 1e-12);
  }
}

TEST(Camera3D, OrbitTurnsAboutTheTargetAndClampsThePitch) {
  cam::Camera3D camera;
  camera.target = {1, 2, 3};
  camera.yaw = 0;
  camera.pitch = 0;
  camera.orbit_pixels({-100, 0}, 0.01);  // dragging left by 100 px turns 1 radian
  EXPECT_NEAR(camera.yaw, 1.0, 1e-12);
  EXPECT_NEAR(glm::length(camera.eye() - camera.target), 20, 1e-12);
  camera.orbit_pixels({0, 1e6}, 0.01);
  EXPECT_NEAR(camera.pitch, glm::radians(89.0), 1e-12);
  camera.orbit_pixels({0, -1e7}, 0.01);
  EXPECT_NEAR(camera.pitch, -glm::radians(89.0), 1e-12);
  EXPECT_NEAR(glm::length(camera.up()), 1.0, 1e-12);
}

TEST(Camera3D, PanMovesTheTargetPointWithTheMouse) {
  const Viewport viewport{0, 0, 800, 600};
  cam::Camera3D camera;
  const dvec3 grabbed = camera.target;
  camera.pan_pixels({40, -25}, viewport);
  dvec2 screen;
  ASSERT_TRUE(camera.world_to_screen(grabbed, viewport, screen));
  expect_near(screen, dvec2(440, 275), 1e-9);
}

TEST(Camera3D, FrameShowsTheWholeBounds) {
  const Viewport viewport{0, 0, 800, 400};
  cam::Camera3D camera;
  const cam::Bounds bounds{{-3, -1, -2}, {5, 1, 2}};
  camera.frame(bounds, viewport, 0.15);
  expect_near(camera.target, dvec3(1, 0, 0), 1e-12);
  for (int corner = 0; corner < 8; ++corner) {
    const dvec3 p{corner & 1 ? 5 : -3, corner & 2 ? 1 : -1, corner & 4 ? 2 : -2};
    dvec2 screen;
    ASSERT_TRUE(camera.world_to_screen(p, viewport, screen));
    EXPECT_GT(screen.x, 0);
    EXPECT_LT(screen.x, 800);
    EXPECT_GT(screen.y, 0);
    EXPECT_LT(screen.y, 400);
  }
  // Not absurdly far: the sphere of radius 1.3 * |half diagonal| fits the vertical field.
  const double radius = glm::length(dvec3(4, 1, 2)) * 1.3;
  EXPECT_NEAR(camera.distance, radius / std::sin(glm::radians(22.5)), 1e-9);
}

TEST(Camera3D, PresetsLookAlongTheAxes) {
  cam::Camera3D camera;
  camera.set_view(cam::ViewPreset::Front);
  expect_near(camera.forward(), dvec3(0, 0, -1), 1e-12);
  camera.set_view(cam::ViewPreset::Side);
  expect_near(camera.forward(), dvec3(-1, 0, 0), 1e-12);
  camera.set_view(cam::ViewPreset::Top);
  EXPECT_LT(camera.forward().y, -0.999);
}

// ------------------------------------------------------------------ dragging

TEST(Drag, OnPlaneKeepsTheHandleUnderTheCursor) {
  const Viewport viewport{0, 0, 800, 600};
  for (bool orthographic : {false, true}) {
    cam::Camera3D camera;
    camera.orthographic = orthographic;
    const dvec3 start{1, 0.5, -2};
    const dvec3 wanted = start + camera.right() * 1.5 - camera.up() * 0.75;  // in the camera-facing plane
    dvec2 cursor;
    ASSERT_TRUE(camera.world_to_screen(wanted, viewport, cursor));
    expect_near(cam::drag_on_plane(camera, start, cursor, viewport, 100.0), wanted, 1e-9);
    // The ground plane seen from 30 degrees above is not grazing either.
    const dvec3 on_ground{3, 0.5, 1};
    ASSERT_TRUE(camera.world_to_screen(on_ground, viewport, cursor));
    expect_near(cam::drag_on_plane(camera, start, dvec3(0, 1, 0), cursor, viewport, 100.0), on_ground, 1e-9);
  }
}

TEST(Drag, OnPlaneAtAGrazingAngleStaysFiniteAndWithinTheStep) {
  const Viewport viewport{0, 0, 800, 600};
  cam::Camera3D camera;
  camera.yaw = 0;
  camera.pitch = glm::radians(0.01);  // nearly edge-on to the ground plane
  const dvec3 start{0, 0, 0};
  for (double y : {299.0, 300.0, 300.5, 301.0, 0.0, 599.0}) {
    const dvec3 moved = cam::drag_on_plane(camera, start, dvec3(0, 1, 0), {400, y}, viewport, 2.0);
    ASSERT_TRUE(finite(moved)) << y;
    EXPECT_LE(glm::length(moved - start), 2.0 + 1e-12) << y;
    EXPECT_NEAR(moved.y, 0.0, 1e-9) << y;  // stays on the plane
  }
  // Above the horizon the hit is behind the camera: the handle heads away, a full step.
  const dvec3 away = cam::drag_on_plane(camera, start, dvec3(0, 1, 0), {400, 10}, viewport, 2.0);
  EXPECT_NEAR(glm::length(away), 2.0, 1e-12);
  EXPECT_LT(away.z, -1.9);
  // A camera-facing plane with the cursor absurdly far outside the window.
  const dvec3 far = cam::drag_on_plane(camera, start, {1e12, 300}, viewport, 2.0);
  ASSERT_TRUE(finite(far));
  EXPECT_LE(glm::length(far - start), 2.0 + 1e-12);
  EXPECT_GT(far.x, 1.9);
}

TEST(Drag, OnAxisFollowsTheAxis) {
  const Viewport viewport{0, 0, 800, 600};
  cam::Camera3D camera;
  const dvec3 start{1, 2, 3};
  const dvec3 wanted = start + dvec3(2.5, 0, 0);
  dvec2 cursor;
  ASSERT_TRUE(camera.world_to_screen(wanted, viewport, cursor));
  expect_near(cam::drag_on_axis(camera, start, {1, 0, 0}, cursor, viewport, 100.0), wanted, 1e-9);
  // Along y: exactly under the cursor, and beside the axis on screen the nearest point.
  const dvec3 up_the_axis = start + dvec3(0, 1.2, 0);
  ASSERT_TRUE(camera.world_to_screen(up_the_axis, viewport, cursor));
  expect_near(cam::drag_on_axis(camera, start, {0, 1, 0}, cursor, viewport, 100.0), up_the_axis, 1e-9);
  const dvec3 beside = cam::drag_on_axis(camera, start, {0, 1, 0}, cursor + dvec2(25, 0), viewport, 100.0);
  EXPECT_NEAR(beside.x, 1.0, 1e-12);
  EXPECT_NEAR(beside.z, 3.0, 1e-12);
  EXPECT_NEAR(beside.y, 3.2, 0.05);
  // The step limit holds for a far drag along the axis.
  const dvec3 limited = cam::drag_on_axis(camera, start, {1, 0, 0}, cursor + dvec2(300, 0), viewport, 0.25);
  expect_near(limited, start + dvec3(0.25, 0, 0), 1e-12);
}

TEST(Drag, OnAxisNearlyAlongTheViewIsClamped) {
  const Viewport viewport{0, 0, 800, 600};
  cam::Camera3D camera;
  const dvec3 start = camera.target;
  const dvec3 axis = -camera.forward() + camera.right() * 1e-7;  // almost pointing at the eye
  for (dvec2 cursor : {dvec2(400, 300), dvec2(401, 300), dvec2(700, 20)}) {
    const dvec3 moved = cam::drag_on_axis(camera, start, axis, cursor, viewport, 0.5);
    ASSERT_TRUE(finite(moved));
    EXPECT_LE(glm::length(moved - start), 0.5 + 1e-12);
    const dvec3 offset = moved - start;
    EXPECT_NEAR(glm::length(glm::cross(offset, glm::normalize(axis))), 0.0, 1e-9);  // on the axis
  }
}
// The view-along buttons: the camera then looks exactly along the direction, of any
// length; straight down stops at the orbit's pitch limit; a zero direction changes nothing.
TEST(Camera3D, LookAlongTurnsTheCameraToLookAlongTheDirection) {
  cam::Camera3D camera;
  for (const dvec3 direction : {dvec3(1, 0, 0), dvec3(0.3, -2, 5), dvec3(-4, 1, -1), dvec3(0, 0.2, -3)}) {
    camera.look_along(direction);
    const dvec3 forward = camera.forward(), unit = glm::normalize(direction);
    EXPECT_NEAR(forward.x, unit.x, 1e-12);
    EXPECT_NEAR(forward.y, unit.y, 1e-12);
    EXPECT_NEAR(forward.z, unit.z, 1e-12);
  }
  camera.look_along({0, -1, 0});
  EXPECT_NEAR(camera.pitch, glm::radians(89.0), 1e-12);
  const double pitch = camera.pitch, yaw = camera.yaw;
  camera.look_along({0, 0, 0});
  EXPECT_EQ(camera.pitch, pitch);
  EXPECT_EQ(camera.yaw, yaw);
}

}  // namespace
