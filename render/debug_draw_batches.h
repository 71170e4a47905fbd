#pragma once
// The GL side of the debug draw: the frame's batches of camera-relative primitives (float
// positions, packed colours) and the programs and buffers that draw them, about one draw
// call per batch. The GL objects stay in debug_draw_batches.cpp.
#include "render/color.h"
#include "render/draw_vertices.h"
#include "render/image_quad.h"
#include "render/view.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

// Scene primitives are depth-tested with each other; Overlay ones (handles, markers,
// the closest-point answer) draw on top of everything.
enum class Layer { Scene, Overlay };

struct DrawStats {
  int draw_calls = 0;
  std::int64_t vertices = 0;  // vertices submitted (a quad counts 4)
  int lines = 0, points = 0, triangles = 0;
  int spheres = 0;
  int images = 0;
};

namespace debug_draw_detail {

struct LayerBatches {
  std::vector<LineQuad> lines;
  std::vector<PointQuad> points;
  std::vector<FillVertex> fills;  // three per triangle
};

}  // namespace debug_draw_detail

class DrawBatches {
 public:
  DrawBatches();
  ~DrawBatches();
  DrawBatches(const DrawBatches&) = delete;
  DrawBatches& operator=(const DrawBatches&) = delete;

  bool init(std::string& error);  // needs a current GL 3.3 context
  bool initialized() const { return initialized_; }
  // Empties every batch, keeping its capacity: no allocation in a steady state.
  void clear();
  // Counts the batches and, once init() has run, draws them into view.viewport, taking
  // the current glViewport to be the whole framebuffer (restored afterwards). Leaves
  // depth testing off and blending on, as ImGui expects. Does not clear the batches.
  DrawStats flush(const ViewInfo& view);

  debug_draw_detail::LayerBatches& layer(Layer which) { return layers[which == Layer::Overlay ? 1 : 0]; }
  debug_draw_detail::LayerBatches layers[2];  // indexed by Layer
  std::vector<debug_draw_detail::SphereInstance> spheres;
  // Grid lines have their own batch: drawn after the opaque scene without writing depth,
  // so fills tint them instead of being cut by them, and coplanar lines stay on top.
  std::vector<debug_draw_detail::LineQuad> grid_lines;
  // At most one image a frame, drawn over the grid and under the translucent fills.
  ImageQuad image;

 private:
  struct Gl;  // the GL objects, in debug_draw_batches.cpp
  std::unique_ptr<Gl> gl_;
  bool initialized_ = false;
};
