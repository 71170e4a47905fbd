#pragma once
// DebugDraw's private state: the CPU-side batches (camera-relative floats, packed colours)
// and the GL objects they are flushed through. Shared by debug_draw.cpp (GL side and the
// basic primitives) and debug_draw_shapes.cpp (primitives built from the basic ones).
#include "render/debug_draw.h"

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace debug_draw_detail {

struct LineInstance {  // 40 bytes
  float a[3], b[3];
  std::uint32_t color_a, color_b;  // RGBA8, red in the lowest byte
  float width_px, dash_px;         // dash_px 0: solid
};

struct PointInstance {  // 20 bytes
  float center[3];
  std::uint32_t color;
  float size_px;
};

struct FillVertex {  // 16 bytes
  float position[3];
  std::uint32_t color;
};

struct SphereInstance {  // 20 bytes
  float center_radius[4];
  std::uint32_t color;
};

std::uint32_t pack_color(Color color);

// One vertex array with one growing stream buffer (capacity doubles; orphaned each frame).
struct GpuBatch {
  GLuint vertex_array = 0, buffer = 0;
  std::size_t capacity_bytes = 0;
  void upload(const void* data, std::size_t bytes);
};

struct LayerBatches {
  std::vector<LineInstance> lines;
  std::vector<PointInstance> points;
  std::vector<FillVertex> fills;  // three per triangle
  GpuBatch line_gpu, point_gpu, fill_gpu;
};

struct Program {
  GLuint id = 0;
  GLint view_projection = -1, viewport_size = -1, pixel_scale = -1, depth_bias = -1;
  GLint min_coverage = -1, shade = -1, orthographic = -1, eye = -1, forward = -1;
};

}  // namespace debug_draw_detail

struct DebugDraw::Impl {
  debug_draw_detail::LayerBatches layers[2];  // indexed by Layer
  std::vector<debug_draw_detail::SphereInstance> spheres;
  debug_draw_detail::GpuBatch sphere_gpu;
  std::vector<debug_draw_detail::LineInstance> grid_lines;
  debug_draw_detail::GpuBatch grid_gpu;
  GLuint quad_corners = 0;        // 4 corners shared by the line and point quads
  GLuint sphere_vertices = 0, sphere_indices = 0;
  GLsizei sphere_index_count = 0;
  debug_draw_detail::Program line_program, point_program, fill_program, sphere_program;
  bool initialized = false;

  debug_draw_detail::LayerBatches& layer(Layer which) { return layers[which == Layer::Overlay ? 1 : 0]; }
};
