#pragma once
// The basic debug-draw primitives: points, lines, triangles, spheres and labels, recorded
// camera-relative into DrawBatches every frame and drawn by flush(). DebugDraw builds its
// shapes from these.
#include "render/color.h"
#include "render/debug_draw_batches.h"
#include "render/view.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

// A world-anchored text label; the app draws it with ImGui near `screen` (framebuffer px).
struct Label {
  glm::dvec2 screen{0};
  std::string text;
  Color color;
  bool visible = true;   // false when behind the camera or outside the viewport
  bool centred = false;  // on its point (a grid number), not beside it; left out when crowded
};

class DrawList {
 public:
  DrawList() = default;
  DrawList(const DrawList&) = delete;
  DrawList& operator=(const DrawList&) = delete;

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
  // Filled, with alpha (alpha < 1 blends).
  void triangle(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, Color fill);
  void triangle(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, Color fill, Layer layer);
  void sphere(const glm::dvec3& center, double radius, Color fill);  // shaded solid sphere
  // An image on the parallelogram from `corner` along `u` (its rows) and `v`: one a frame,
  // over the grid and under the translucent fills; it must live until flush().
  void image(const RgbaImage& pixels, const glm::dvec3& corner, const glm::dvec3& u, const glm::dvec3& v);
  void label(const glm::dvec3& p, std::string text, Color color, bool centred = false);
  // What is drawn while `opacity` < 1 is a ghost (a pinned figure under the live one): every
  // colour that faint, and no labels. 1 draws as usual.
  void set_ghost(float opacity) { ghost_ = opacity; }

  // Projects a world point to framebuffer pixels (y down); false when behind the camera.
  bool project(const glm::dvec3& p, glm::dvec2& screen) const;
  // World units covered by one framebuffer pixel at `p` (for pick radii, head sizes, ...).
  double world_units_per_pixel_at(const glm::dvec3& p) const;
  // The world length `px` pixels at 100% cover at `p`: a mark drawn this long grows with the
  // UI scale and presenter mode, as line widths do.
  double world_length_of_pixels(const glm::dvec3& p, double px) const {
    return px * view_.pixel_scale * world_units_per_pixel_at(p);
  }

  // Issues every batched primitive (about one draw call per batch) and clears the batches.
  // Labels stay available through labels() until the next begin_frame. Draws into
  // view().viewport, taking the current glViewport to be the whole framebuffer (restored
  // afterwards); leaves depth testing off and blending on, as ImGui expects.
  void flush();
  const std::vector<Label>& labels() const { return labels_; }
  // The scene's lines this frame (not the grid's) in framebuffer pixels, as (x0, y0, x1, y1),
  // for labels to keep off; none when there are more than `most`, a crowd no label can
  // avoid. Valid from the lines' drawing until flush().
  std::vector<glm::dvec4> lines_on_screen(std::size_t most) const;
  const DrawStats& stats() const { return stats_; }

 protected:
  // A line of the grid's own batch (see DrawBatches::grid_lines), with a colour per end.
  void push_grid_line(const glm::dvec3& a, const glm::dvec3& b, Color color_a, Color color_b, float width_px);

 private:
  // The one way into the line batch: a colour per end, dash_px 0 = solid.
  void push_line(const glm::dvec3& a, const glm::dvec3& b, Color color_a, Color color_b, float width_px,
                 float dash_px, Layer layer);
  std::uint32_t packed(Color color) const;  // the batch's colour, faded for a ghost
  DrawBatches batches_;
  ViewInfo view_;
  float ghost_ = 1;
  std::vector<Label> labels_;
  DrawStats stats_;
};
