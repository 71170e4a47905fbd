#pragma once
// An immediate-style debug-draw API (Box2D/Jolt style): call the primitives every frame,
// then flush() once. Everything is batched into a handful of buffers, so draw calls per
// frame stay small and constant (<= 10) whatever the number of primitives. Thick lines
// and round points are instanced screen-space quads with anti-aliased edges; widths and
// sizes are in screen pixels (scaled by ViewInfo::pixel_scale). Shaders are embedded.
#include "render/color.h"
#include "render/view.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

// Scene primitives are depth-tested with each other; Overlay ones (handles, markers,
// the closest-point answer) draw on top of everything.
enum class Layer { Scene, Overlay };

struct DrawStats {
  int draw_calls = 0;
  std::int64_t vertices = 0;  // vertices submitted (instanced quads count 4 each)
  int lines = 0, points = 0, triangles = 0;
  int spheres = 0;
};

// A world-anchored text label; the app draws it with ImGui at `screen` (framebuffer px).
struct Label {
  glm::dvec2 screen{0};
  std::string text;
  Color color;
  bool visible = true;  // false when behind the camera or outside the viewport
};

class DebugDraw {
 public:
  DebugDraw();
  ~DebugDraw();
  DebugDraw(const DebugDraw&) = delete;
  DebugDraw& operator=(const DebugDraw&) = delete;

  bool init(std::string& error);  // needs a current GL 3.3 context
  void begin_frame(const ViewInfo& view);
  const ViewInfo& view() const { return view_; }

  void point(const glm::dvec3& p, float size_px, Color color, Layer layer = Layer::Scene);
  void line(const glm::dvec3& a, const glm::dvec3& b, Color color, float width_px = 2, Layer layer = Layer::Scene);
  // Bulk forms for thousands of primitives of one style (the stress sample): lines from[i]
  // to to[i] and points at centers[i], taking every `stride`-th item, written straight into
  // the batch. Same result as calling line()/point() in a loop, several times faster.
  void lines(std::span<const glm::dvec3> from, std::span<const glm::dvec3> to, Color color, float width_px,
             Layer layer = Layer::Scene, std::size_t stride = 1);
  void points(std::span<const glm::dvec3> centers, float size_px, Color color, Layer layer = Layer::Scene,
              std::size_t stride = 1);
  void dashed_line(const glm::dvec3& a, const glm::dvec3& b, Color color, float width_px = 1.5f,
                   Layer layer = Layer::Scene);
  void arrow(const glm::dvec3& from, const glm::dvec3& to, Color color, float width_px = 2,
             Layer layer = Layer::Scene);
  // A line or ray of infinite extent, clipped to what the view can show.
  void infinite_line(const glm::dvec3& origin, const glm::dvec3& direction, Color color, float width_px = 2);
  void ray(const glm::dvec3& origin, const glm::dvec3& direction, Color color, float width_px = 2);
  // Filled, with alpha (alpha < 1 blends); convex polygons as a fan.
  void triangle(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, Color fill);
  void triangle(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, Color fill, Layer layer);
  void polygon(const std::vector<glm::dvec3>& vertices, Color fill);
  void polygon_outline(const std::vector<glm::dvec3>& vertices, Color color, float width_px = 2);
  // Boxes: the centre, three orthonormal axes and half-extents (an AABB has the unit axes).
  void wire_box(const glm::dvec3& center, const glm::dmat3& axes, const glm::dvec3& half_extents, Color color,
                float width_px = 2);
  void solid_box(const glm::dvec3& center, const glm::dmat3& axes, const glm::dvec3& half_extents, Color fill);
  void circle(const glm::dvec3& center, const glm::dvec3& normal, double radius, Color color, float width_px = 2);
  void solid_circle(const glm::dvec3& center, const glm::dvec3& normal, double radius, Color fill);
  void sphere(const glm::dvec3& center, double radius, Color fill);  // shaded solid sphere
  // A plane N·X = d as a finite square grid of the given half-size around the point of
  // the plane nearest `around`, with a filled translucent face.
  // A short arrow shows the normal unless the caller draws its own (`with_normal` false).
  void plane(const glm::dvec3& normal, double d, const glm::dvec3& around, double half_size, Color color,
             bool with_normal = true);
  // The ground grid (z = 0 in 2D views, y = 0 in 3D views) with spacing adapted to the zoom.
  void grid(Color color);
  void axis_gizmo(const glm::dvec3& origin, double length);
  void label(const glm::dvec3& p, std::string text, Color color);

  // Projects a world point to framebuffer pixels (y down); false when behind the camera.
  bool project(const glm::dvec3& p, glm::dvec2& screen) const;
  // World units covered by one framebuffer pixel at `p` (for pick radii, head sizes, ...).
  double world_units_per_pixel_at(const glm::dvec3& p) const;

  // Issues every batched primitive (about one draw call per batch) and clears the batches.
  // Labels stay available through labels() until the next begin_frame. Draws into
  // view().viewport, taking the current glViewport to be the whole framebuffer (restored
  // afterwards); leaves depth testing off and blending on, as ImGui expects.
  void flush();
  const std::vector<Label>& labels() const { return labels_; }
  const DrawStats& stats() const { return stats_; }

 private:
  // The one way into the line batch: a colour per end (the grid fades), dash_px 0 = solid.
  void push_line(const glm::dvec3& a, const glm::dvec3& b, Color color_a, Color color_b, float width_px,
                 float dash_px, Layer layer);
  // Grid lines have their own batch: drawn after the opaque scene without writing depth,
  // so fills tint them instead of being cut by them, and coplanar lines stay on top.
  void push_grid_line(const glm::dvec3& a, const glm::dvec3& b, Color color_a, Color color_b, float width_px);
  struct Impl;
  Impl* impl_ = nullptr;
  ViewInfo view_;
  std::vector<Label> labels_;
  DrawStats stats_;
};
