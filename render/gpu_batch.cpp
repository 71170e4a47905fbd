#include "render/gpu_batch.h"

#include <glm/gtc/constants.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace debug_draw_detail {
namespace {
constexpr int kSphereStacks = 16, kSphereSlices = 32;

// An attribute read from the bound GL_ARRAY_BUFFER, advancing once per vertex or instance.
void attribute(GLuint index, GLint count, GLenum type, GLsizei stride, std::size_t offset, GLuint divisor) {
  glEnableVertexAttribArray(index);
  const bool normalized = type == GL_UNSIGNED_BYTE;
  glVertexAttribPointer(index, count, type, normalized ? GL_TRUE : GL_FALSE, stride,
                        reinterpret_cast<const void*>(offset));
  glVertexAttribDivisor(index, divisor);
}

void create_batch(GpuBatch& batch) {
  glGenVertexArrays(1, &batch.vertex_array);
  glGenBuffers(1, &batch.buffer);
  glBindVertexArray(batch.vertex_array);
}
}  // namespace

void GpuBatch::upload(const void* data, std::size_t bytes) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  if (bytes > capacity_bytes) capacity_bytes = std::max(bytes, capacity_bytes * 2);
  // Re-specifying the store orphans last frame's copy, so the driver never waits for it.
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_bytes), nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
}

namespace {
// A quad batch's vertex array: the shared indices, and the corner at attribute 0; the quad's
// own fields follow it (`Quad` data starts at the returned offset).
template <typename Quad>
std::size_t begin_quad_batch(GpuBatch& batch, GLuint quad_indices) {
  create_batch(batch);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, quad_indices);  // recorded in the vertex array
  glBindBuffer(GL_ARRAY_BUFFER, batch.buffer);
  attribute(0, 2, GL_FLOAT, sizeof(QuadVertex<Quad>), offsetof(QuadVertex<Quad>, corner), 0);
  return offsetof(QuadVertex<Quad>, quad);
}
}  // namespace

void setup_line_batch(GpuBatch& batch, GLuint quad_indices) {
  const std::size_t at = begin_quad_batch<LineQuad>(batch, quad_indices);
  constexpr GLsizei stride = sizeof(QuadVertex<LineQuad>);
  attribute(1, 3, GL_FLOAT, stride, at + offsetof(LineQuad, a), 0);
  attribute(2, 3, GL_FLOAT, stride, at + offsetof(LineQuad, b), 0);
  attribute(3, 4, GL_UNSIGNED_BYTE, stride, at + offsetof(LineQuad, color_a), 0);
  attribute(4, 4, GL_UNSIGNED_BYTE, stride, at + offsetof(LineQuad, color_b), 0);
  attribute(5, 2, GL_FLOAT, stride, at + offsetof(LineQuad, width_px), 0);
}

void setup_point_batch(GpuBatch& batch, GLuint quad_indices) {
  const std::size_t at = begin_quad_batch<PointQuad>(batch, quad_indices);
  constexpr GLsizei stride = sizeof(QuadVertex<PointQuad>);
  attribute(1, 3, GL_FLOAT, stride, at + offsetof(PointQuad, center), 0);
  attribute(2, 4, GL_UNSIGNED_BYTE, stride, at + offsetof(PointQuad, color), 0);
  attribute(3, 1, GL_FLOAT, stride, at + offsetof(PointQuad, size_px), 0);
}

void reserve_quad_indices(GLuint buffer, std::size_t& capacity, std::size_t quads) {
  if (quads <= capacity) return;
  capacity = std::max({quads, 2 * capacity, std::size_t{1024}});
  std::vector<std::uint32_t> indices;
  indices.reserve(6 * capacity);
  for (std::uint32_t at = 0; at < 4 * capacity; at += 4) indices.insert(indices.end(), {at, at + 1, at + 2, at + 2, at + 1, at + 3});
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffer);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint32_t)), indices.data(),
               GL_STATIC_DRAW);
}

void setup_fill_batch(GpuBatch& batch) {
  create_batch(batch);
  glBindBuffer(GL_ARRAY_BUFFER, batch.buffer);
  constexpr GLsizei stride = sizeof(FillVertex);
  attribute(0, 3, GL_FLOAT, stride, offsetof(FillVertex, position), 0);
  attribute(1, 4, GL_UNSIGNED_BYTE, stride, offsetof(FillVertex, color), 0);
}

void setup_sphere_batch(GpuBatch& batch, GLuint& vertex_buffer, GLuint& index_buffer, GLsizei& index_count) {
  std::vector<float> vertices;
  for (int stack = 0; stack <= kSphereStacks; ++stack) {
    const double polar = glm::pi<double>() * stack / kSphereStacks;
    for (int slice = 0; slice <= kSphereSlices; ++slice) {
      const double azimuth = 2.0 * glm::pi<double>() * slice / kSphereSlices;
      vertices.push_back(static_cast<float>(std::sin(polar) * std::cos(azimuth)));
      vertices.push_back(static_cast<float>(std::cos(polar)));
      vertices.push_back(static_cast<float>(std::sin(polar) * std::sin(azimuth)));
    }
  }
  std::vector<std::uint16_t> indices;
  for (int stack = 0; stack < kSphereStacks; ++stack) {
    for (int slice = 0; slice < kSphereSlices; ++slice) {
      const auto at = [](int s, int l) { return static_cast<std::uint16_t>(s * (kSphereSlices + 1) + l); };
      indices.insert(indices.end(), {at(stack, slice), at(stack + 1, slice), at(stack + 1, slice + 1),
                                     at(stack, slice), at(stack + 1, slice + 1), at(stack, slice + 1)});
    }
  }
  index_count = static_cast<GLsizei>(indices.size());
  create_batch(batch);
  glGenBuffers(1, &vertex_buffer);
  glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(float)), vertices.data(),
               GL_STATIC_DRAW);
  attribute(0, 3, GL_FLOAT, 0, 0, 0);
  glGenBuffers(1, &index_buffer);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer);  // recorded in the vertex array
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint16_t)),
               indices.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, batch.buffer);
  constexpr GLsizei stride = sizeof(SphereInstance);
  attribute(1, 4, GL_FLOAT, stride, offsetof(SphereInstance, center_radius), 1);  // per sphere
  attribute(2, 4, GL_UNSIGNED_BYTE, stride, offsetof(SphereInstance, color), 1);
}

void delete_batch(GpuBatch& batch) {
  if (batch.vertex_array) glDeleteVertexArrays(1, &batch.vertex_array);
  if (batch.buffer) glDeleteBuffers(1, &batch.buffer);
  batch = {};
}

}  // namespace debug_draw_detail
