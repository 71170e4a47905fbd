#pragma once
// The debug draw's vertex data on the GPU: a growing stream buffer per batch, and the
// vertex arrays of the line and point quads, the filled triangles and the spheres.
#include "render/draw_vertices.h"
#include "render/gl_api.h"

#include <cstddef>
#include <vector>

namespace debug_draw_detail {

// One vertex array with one growing stream buffer (capacity doubles; orphaned each frame).
struct GpuBatch {
  GLuint vertex_array = 0, buffer = 0;
  std::size_t capacity_bytes = 0;
  void upload(const void* data, std::size_t bytes);
};

// Line and point quads are drawn as indexed triangles, a vertex per corner, not as instances:
// software rasterizers (SwiftShader in a browser without a GPU) set up each instance as a
// draw of its own, and 800 grid lines cost 9 ms a frame that way.
template <typename Quad>
struct QuadVertex {
  float corner[2];
  Quad quad;
};
// Lines: x = which end, y = which side. Points: (-1, -1) .. (1, 1).
constexpr float kLineCorners[4][2] = {{0, -1}, {0, 1}, {1, -1}, {1, 1}};
constexpr float kPointCorners[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

// The quad batches share one index buffer, `quad_indices`.
void setup_line_batch(GpuBatch& batch, GLuint quad_indices);
void setup_point_batch(GpuBatch& batch, GLuint quad_indices);
void setup_fill_batch(GpuBatch& batch);
// A unit UV-sphere shared by every sphere instance.
void setup_sphere_batch(GpuBatch& batch, GLuint& vertex_buffer, GLuint& index_buffer, GLsizei& index_count);
void delete_batch(GpuBatch& batch);

// Two triangles per quad, (0 1 2) and (2 1 3): the shared index buffer, grown to `quads`
// while a quad batch is bound.
void reserve_quad_indices(GLuint buffer, std::size_t& capacity, std::size_t quads);

// Each quad's data repeated at its four corners, into the batch's buffer.
template <typename Quad>
void upload_quads(GpuBatch& batch, const std::vector<Quad>& quads, const float (&corners)[4][2],
                  std::vector<QuadVertex<Quad>>& vertices) {
  vertices.clear();
  for (const Quad& quad : quads) {
    for (const auto& corner : corners) vertices.push_back({{corner[0], corner[1]}, quad});
  }
  batch.upload(vertices.data(), vertices.size() * sizeof(QuadVertex<Quad>));
}

// Items that are vertices as they are (fills, spheres), into the batch's buffer, bound.
template <typename T>
bool upload(GpuBatch& batch, const std::vector<T>& items) {
  if (items.empty()) return false;
  batch.upload(items.data(), items.size() * sizeof(T));
  glBindVertexArray(batch.vertex_array);
  return true;
}

}  // namespace debug_draw_detail
