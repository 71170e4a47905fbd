// DebugDraw: GL objects, the basic primitives (lines, points, triangles, spheres), flush.
// The composite primitives (boxes, circles, grid, ...) are in debug_draw_shapes.cpp.
#include "render/debug_draw.h"

#include "render/debug_draw_batches.h"
#include "render/shaders.h"

#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace debug_draw_detail;

namespace debug_draw_detail {

namespace {
bool g_light_background = false;  // set per frame from ViewInfo
}  // namespace

std::uint32_t pack_color(Color color) {
  if (g_light_background) color = for_light_background(color);
  auto byte = [](float channel) {
    return static_cast<std::uint32_t>(std::lround(std::clamp(channel, 0.0f, 1.0f) * 255.0f));
  };
  return byte(color.r) | byte(color.g) << 8 | byte(color.b) << 16 | byte(color.a) << 24;
}

void GpuBatch::upload(const void* data, std::size_t bytes) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  if (bytes > capacity_bytes) capacity_bytes = std::max(bytes, capacity_bytes * 2);
  // Re-specifying the store orphans last frame's copy, so the driver never waits for it.
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_bytes), nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
}

}  // namespace debug_draw_detail

namespace {
constexpr int kSphereStacks = 16, kSphereSlices = 32;

GLuint compile_shader(GLenum type, const char* source, std::string& error) {
  const GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    error = std::string("debug-draw shader: ") + log;
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

bool build_program(Program& program, const char* vertex_source, const char* fragment_source, std::string& error) {
  const GLuint vertex = compile_shader(GL_VERTEX_SHADER, vertex_source, error);
  const GLuint fragment = vertex ? compile_shader(GL_FRAGMENT_SHADER, fragment_source, error) : 0;
  if (!fragment) {
    if (vertex) glDeleteShader(vertex);
    return false;
  }
  program.id = glCreateProgram();
  glAttachShader(program.id, vertex);
  glAttachShader(program.id, fragment);
  glLinkProgram(program.id);
  glDeleteShader(vertex);  // flagged; freed with the program
  glDeleteShader(fragment);
  GLint ok = 0;
  glGetProgramiv(program.id, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(program.id, sizeof log, nullptr, log);
    error = std::string("debug-draw program: ") + log;
    return false;
  }
  program.view_projection = glGetUniformLocation(program.id, "u_view_projection");
  program.viewport_size = glGetUniformLocation(program.id, "u_viewport_size");
  program.pixel_scale = glGetUniformLocation(program.id, "u_pixel_scale");
  program.depth_bias = glGetUniformLocation(program.id, "u_depth_bias");
  program.min_coverage = glGetUniformLocation(program.id, "u_min_coverage");
  program.shade = glGetUniformLocation(program.id, "u_shade");
  program.orthographic = glGetUniformLocation(program.id, "u_orthographic");
  program.eye = glGetUniformLocation(program.id, "u_eye");
  program.forward = glGetUniformLocation(program.id, "u_forward");
  return true;
}

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

void setup_line_batch(GpuBatch& batch, GLuint corners) {
  create_batch(batch);
  glBindBuffer(GL_ARRAY_BUFFER, corners);
  attribute(0, 2, GL_FLOAT, 0, 0, 0);
  glBindBuffer(GL_ARRAY_BUFFER, batch.buffer);
  constexpr GLsizei stride = sizeof(LineInstance);
  attribute(1, 3, GL_FLOAT, stride, offsetof(LineInstance, a), 1);
  attribute(2, 3, GL_FLOAT, stride, offsetof(LineInstance, b), 1);
  attribute(3, 4, GL_UNSIGNED_BYTE, stride, offsetof(LineInstance, color_a), 1);
  attribute(4, 4, GL_UNSIGNED_BYTE, stride, offsetof(LineInstance, color_b), 1);
  attribute(5, 2, GL_FLOAT, stride, offsetof(LineInstance, width_px), 1);
}

void setup_point_batch(GpuBatch& batch, GLuint corners) {
  create_batch(batch);
  glBindBuffer(GL_ARRAY_BUFFER, corners);
  attribute(0, 2, GL_FLOAT, 0, 4 * 2 * sizeof(float), 0);  // the second set: (-1..1) corners
  glBindBuffer(GL_ARRAY_BUFFER, batch.buffer);
  constexpr GLsizei stride = sizeof(PointInstance);
  attribute(1, 3, GL_FLOAT, stride, offsetof(PointInstance, center), 1);
  attribute(2, 4, GL_UNSIGNED_BYTE, stride, offsetof(PointInstance, color), 1);
  attribute(3, 1, GL_FLOAT, stride, offsetof(PointInstance, size_px), 1);
}

void setup_fill_batch(GpuBatch& batch) {
  create_batch(batch);
  glBindBuffer(GL_ARRAY_BUFFER, batch.buffer);
  constexpr GLsizei stride = sizeof(FillVertex);
  attribute(0, 3, GL_FLOAT, stride, offsetof(FillVertex, position), 0);
  attribute(1, 4, GL_UNSIGNED_BYTE, stride, offsetof(FillVertex, color), 0);
}

// A unit UV-sphere shared by every sphere instance.
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
  attribute(1, 4, GL_FLOAT, stride, offsetof(SphereInstance, center_radius), 1);
  attribute(2, 4, GL_UNSIGNED_BYTE, stride, offsetof(SphereInstance, color), 1);
}

void delete_batch(GpuBatch& batch) {
  if (batch.vertex_array) glDeleteVertexArrays(1, &batch.vertex_array);
  if (batch.buffer) glDeleteBuffers(1, &batch.buffer);
  batch = {};
}

void store(float out[3], const glm::dvec3& p) {
  out[0] = static_cast<float>(p.x);
  out[1] = static_cast<float>(p.y);
  out[2] = static_cast<float>(p.z);
}
}  // namespace

DebugDraw::DebugDraw() : impl_(new Impl) {}

DebugDraw::~DebugDraw() {
  if (impl_->initialized) {
    for (LayerBatches& layer : impl_->layers) {
      delete_batch(layer.line_gpu);
      delete_batch(layer.point_gpu);
      delete_batch(layer.fill_gpu);
    }
    delete_batch(impl_->sphere_gpu);
    delete_batch(impl_->grid_gpu);
    const GLuint buffers[] = {impl_->quad_corners, impl_->sphere_vertices, impl_->sphere_indices};
    glDeleteBuffers(3, buffers);
    for (Program* program : {&impl_->line_program, &impl_->point_program, &impl_->fill_program, &impl_->sphere_program}) {
      if (program->id) glDeleteProgram(program->id);
    }
  }
  delete impl_;
}

bool DebugDraw::init(std::string& error) {
  if (impl_->initialized) return true;
  Impl& impl = *impl_;
  impl.initialized = true;  // from here on the destructor releases whatever was created
  if (!build_program(impl.line_program, shaders::kLineVertex, shaders::kLineFragment, error) ||
      !build_program(impl.point_program, shaders::kPointVertex, shaders::kPointFragment, error) ||
      !build_program(impl.fill_program, shaders::kFillVertex, shaders::kFillFragment, error) ||
      !build_program(impl.sphere_program, shaders::kSphereVertex, shaders::kSphereFragment, error)) {
    return false;
  }
  // Line quads (triangle strip): x = which end, y = which side; then the point quads.
  const float corners[] = {0, -1, 0, 1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1, 1};
  glGenBuffers(1, &impl.quad_corners);
  glBindBuffer(GL_ARRAY_BUFFER, impl.quad_corners);
  glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
  for (LayerBatches& layer : impl.layers) {
    setup_line_batch(layer.line_gpu, impl.quad_corners);
    setup_point_batch(layer.point_gpu, impl.quad_corners);
    setup_fill_batch(layer.fill_gpu);
  }
  setup_line_batch(impl.grid_gpu, impl.quad_corners);
  setup_sphere_batch(impl.sphere_gpu, impl.sphere_vertices, impl.sphere_indices, impl.sphere_index_count);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return true;
}

void DebugDraw::begin_frame(const ViewInfo& view) {
  view_ = view;
  g_light_background = view.light_background;
  labels_.clear();
  for (LayerBatches& layer : impl_->layers) {
    layer.lines.clear();  // keeps the capacity: no allocation in a steady state
    layer.points.clear();
    layer.fills.clear();
  }
  impl_->spheres.clear();
  impl_->grid_lines.clear();
}

bool DebugDraw::project(const glm::dvec3& p, glm::dvec2& screen) const {
  const glm::dvec4 clip = view_.view_projection * glm::dvec4(p - view_.origin, 1.0);
  if (!(clip.w > 1e-300) || clip.z < -clip.w) return false;  // behind the eye or the near plane
  const Viewport& viewport = view_.viewport;
  screen = {viewport.x + (clip.x / clip.w + 1.0) * 0.5 * viewport.width,
            viewport.y + (1.0 - clip.y / clip.w) * 0.5 * viewport.height};
  return std::isfinite(screen.x) && std::isfinite(screen.y);
}

double DebugDraw::world_units_per_pixel_at(const glm::dvec3& p) const {
  if (view_.orthographic) return view_.world_units_per_pixel;
  // Perspective: proportional to the depth along the view direction, exact at the target.
  const double target_depth = glm::dot(view_.origin - view_.eye, view_.forward);
  const double depth = glm::dot(p - view_.eye, view_.forward);
  if (!(target_depth > 0)) return view_.world_units_per_pixel;
  return view_.world_units_per_pixel * std::max(depth, target_depth * 1e-3) / target_depth;
}

namespace {
LineInstance& add_line(std::vector<LineInstance>& lines, const glm::dvec3& a, const glm::dvec3& b, Color color_a,
                       Color color_b, float width_px) {
  LineInstance& line = lines.emplace_back();
  store(line.a, a);
  store(line.b, b);
  line.color_a = pack_color(color_a);
  line.color_b = pack_color(color_b);
  line.width_px = width_px;
  line.dash_px = 0;
  return line;
}
}  // namespace

void DebugDraw::push_line(const glm::dvec3& a, const glm::dvec3& b, Color color_a, Color color_b, float width_px,
                          float dash_px, Layer layer) {
  add_line(impl_->layer(layer).lines, a - view_.origin, b - view_.origin, color_a, color_b, width_px).dash_px = dash_px;
}

void DebugDraw::push_grid_line(const glm::dvec3& a, const glm::dvec3& b, Color color_a, Color color_b,
                               float width_px) {
  add_line(impl_->grid_lines, a - view_.origin, b - view_.origin, color_a, color_b, width_px);
}

void DebugDraw::line(const glm::dvec3& a, const glm::dvec3& b, Color color, float width_px, Layer layer) {
  push_line(a, b, color, color, width_px, 0, layer);
}

void DebugDraw::dashed_line(const glm::dvec3& a, const glm::dvec3& b, Color color, float width_px, Layer layer) {
  push_line(a, b, color, color, width_px, 3.0f * std::max(width_px, 2.0f), layer);
}

void DebugDraw::point(const glm::dvec3& p, float size_px, Color color, Layer layer) {
  PointInstance& point = impl_->layer(layer).points.emplace_back();
  store(point.center, p - view_.origin);
  point.color = pack_color(color);
  point.size_px = size_px;
}

void DebugDraw::lines(std::span<const glm::dvec3> from, std::span<const glm::dvec3> to, Color color, float width_px,
                      Layer layer, std::size_t stride) {
  stride = std::max<std::size_t>(stride, 1);
  const std::size_t count = (std::min(from.size(), to.size()) + stride - 1) / stride;
  std::vector<LineInstance>& batch = impl_->layer(layer).lines;
  const std::size_t first = batch.size();
  batch.resize(first + count);
  const std::uint32_t packed = pack_color(color);
  const glm::dvec3 origin = view_.origin;
  LineInstance* out = batch.data() + first;
  for (std::size_t i = 0; i < count; ++i, ++out) {
    store(out->a, from[i * stride] - origin);
    store(out->b, to[i * stride] - origin);
    out->color_a = out->color_b = packed;
    out->width_px = width_px;
    out->dash_px = 0;
  }
}

void DebugDraw::points(std::span<const glm::dvec3> centers, float size_px, Color color, Layer layer,
                       std::size_t stride) {
  stride = std::max<std::size_t>(stride, 1);
  const std::size_t count = (centers.size() + stride - 1) / stride;
  std::vector<PointInstance>& batch = impl_->layer(layer).points;
  const std::size_t first = batch.size();
  batch.resize(first + count);
  const std::uint32_t packed = pack_color(color);
  const glm::dvec3 origin = view_.origin;
  PointInstance* out = batch.data() + first;
  for (std::size_t i = 0; i < count; ++i, ++out) {
    store(out->center, centers[i * stride] - origin);
    out->color = packed;
    out->size_px = size_px;
  }
}

void DebugDraw::triangle(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, Color fill) {
  triangle(a, b, c, fill, Layer::Scene);
}

void DebugDraw::triangle(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, Color fill, Layer layer) {
  std::vector<FillVertex>& fills = impl_->layer(layer).fills;
  const std::uint32_t color = pack_color(fill);
  for (const glm::dvec3* p : {&a, &b, &c}) {
    FillVertex& vertex = fills.emplace_back();
    store(vertex.position, *p - view_.origin);
    vertex.color = color;
  }
}

void DebugDraw::sphere(const glm::dvec3& center, double radius, Color fill) {
  SphereInstance& sphere = impl_->spheres.emplace_back();
  store(sphere.center_radius, center - view_.origin);
  sphere.center_radius[3] = static_cast<float>(radius);
  sphere.color = pack_color(fill);
}
