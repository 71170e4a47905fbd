#pragma once
// An immediate-style debug-draw API (Box2D/Jolt style): call the primitives every frame,
// then flush() once. Everything is batched into a handful of buffers, so draw calls per
// frame stay small and constant (<= 10) whatever the number of primitives. Thick lines
// and round points are screen-space quads with anti-aliased edges; widths and
// sizes are in screen pixels (scaled by ViewInfo::pixel_scale). Shaders are embedded.
// The basic primitives and flush() are DrawList's (draw_list.h); the shapes below are
// built from them.
#include "render/depth_cue.h"
#include "render/draw_list.h"

#include <vector>

class DebugDraw : public DrawList {
 public:
  void arrow(const glm::dvec3& from, const glm::dvec3& to, Color color, float width_px = 2,
             Layer layer = Layer::Scene);
  // A line or ray of infinite extent, clipped to what the view can show.
  void infinite_line(const glm::dvec3& origin, const glm::dvec3& direction, Color color, float width_px = 2);
  void ray(const glm::dvec3& origin, const glm::dvec3& direction, Color color, float width_px = 2);
  // Convex polygons, filled as a fan (alpha < 1 blends), or outlined.
  void polygon(const std::vector<glm::dvec3>& vertices, Color fill);
  void polygon_outline(const std::vector<glm::dvec3>& vertices, Color color, float width_px = 2);
  // Convex solids with a depth cue (depth_cue.h), so a wireframe reads one way only: the
  // faces turned to the eye filled, each shaded by its slant to a light above the eye, and
  // the faces behind left out; the edges the solid hides dashed, faint and thinner.
  void solid_convex(const ConvexMesh& mesh, Color fill);
  void wire_convex(const ConvexMesh& mesh, Color color, float width_px = 2);
  // One edge of a solid in the style wire_convex gives it: solid, or the hidden style.
  void convex_edge(const glm::dvec3& a, const glm::dvec3& b, Color color, float width_px, bool hidden,
                   Layer layer = Layer::Scene);
  // Boxes: the centre, three orthonormal axes and half-extents (an AABB has the unit axes),
  // drawn as convex solids.
  void wire_box(const glm::dvec3& center, const glm::dmat3& axes, const glm::dvec3& half_extents, Color color,
                float width_px = 2);
  void solid_box(const glm::dvec3& center, const glm::dmat3& axes, const glm::dvec3& half_extents, Color fill);
  void circle(const glm::dvec3& center, const glm::dvec3& normal, double radius, Color color, float width_px = 2);
  void solid_circle(const glm::dvec3& center, const glm::dvec3& normal, double radius, Color fill);
  // A plane N·X = d as a finite square grid of the given half-size around the point of
  // the plane nearest `around`, with a filled translucent face.
  // A short arrow shows the normal unless the caller draws its own (`with_normal` false).
  void plane(const glm::dvec3& normal, double d, const glm::dvec3& around, double half_size, Color color,
             bool with_normal = true);
  // The ground grid (z = 0 in 2D views, y = 0 in 3D views) with spacing adapted to the
  // zoom; in 2D with coordinates along the view's edges.
  void grid(Color color);
  // Arrows along the world's axes from `origin` (x and y in 2D), each named at its tip.
  void axis_gizmo(const glm::dvec3& origin, double length);

 private:
  void grid_ticks(Color color);
};
