// DrawBatches: the debug draw's vertex arrays and buffers, and the flush that draws every
// batch, at most ten draw calls per frame: spheres, the grid, an image (image_quad.cpp), per
// layer lines, points and filled triangles, and a depth-only pass of the scene lines when
// there are translucent fills.
#include "render/debug_draw_batches.h"

#include "render/gl_api.h"
#include "render/gpu_batch.h"
#include "render/image_quad.h"
#include "render/shaders.h"

#include <glm/gtc/type_ptr.hpp>

#include <cmath>
#include <type_traits>
#include <vector>

using namespace debug_draw_detail;
using shaders::Program;

namespace {

struct LayerGpu {
  GpuBatch line, point, fill;
};

constexpr float kPointDepthBias = 1e-5f;  // points win over the lines that end at them
constexpr float kGridDepthBias = 1e-5f;   // lines on the ground win over the grid
constexpr float kCoreCoverage = 0.5f;     // the part of a line that hides what is behind it

struct FrameUniforms {
  glm::mat4 view_projection;
  glm::vec2 viewport_size;
  float pixel_scale;
  glm::vec3 eye;  // camera-relative
  glm::vec3 forward;
  bool orthographic, shade;
};

void use(const Program& program, const FrameUniforms& frame, float depth_bias, float min_coverage = 0) {
  glUseProgram(program.id);
  glUniformMatrix4fv(program.view_projection, 1, GL_FALSE, glm::value_ptr(frame.view_projection));
  if (program.viewport_size >= 0) glUniform2fv(program.viewport_size, 1, glm::value_ptr(frame.viewport_size));
  if (program.pixel_scale >= 0) glUniform1f(program.pixel_scale, frame.pixel_scale);
  if (program.depth_bias >= 0) glUniform1f(program.depth_bias, depth_bias);
  if (program.min_coverage >= 0) glUniform1f(program.min_coverage, min_coverage);
  if (program.shade >= 0) glUniform1i(program.shade, frame.shade ? 1 : 0);
  if (program.orthographic >= 0) glUniform1i(program.orthographic, frame.orthographic ? 1 : 0);
  if (program.eye >= 0) glUniform3fv(program.eye, 1, glm::value_ptr(frame.eye));
  if (program.forward >= 0) glUniform3fv(program.forward, 1, glm::value_ptr(frame.forward));
}

}  // namespace

struct DrawBatches::Gl {
  LayerGpu layers[2];  // indexed like DrawBatches::layers
  GpuBatch sphere, grid;
  GLuint quad_indices = 0;  // shared by the line and point batches
  std::size_t quad_index_capacity = 0;  // in quads
  std::vector<QuadVertex<LineQuad>> line_vertices;
  std::vector<QuadVertex<PointQuad>> point_vertices;
  GLuint sphere_vertices = 0, sphere_indices = 0;
  GLsizei sphere_index_count = 0;
  Program line_program, point_program, fill_program, sphere_program;
  ImageQuadGpu image;
};

DrawBatches::DrawBatches() : gl_(std::make_unique<Gl>()) {}

DrawBatches::~DrawBatches() {
  if (!initialized_) return;
  Gl& gl = *gl_;
  for (LayerGpu& layer : gl.layers) {
    delete_batch(layer.line);
    delete_batch(layer.point);
    delete_batch(layer.fill);
  }
  delete_batch(gl.sphere);
  delete_batch(gl.grid);
  const GLuint buffers[] = {gl.quad_indices, gl.sphere_vertices, gl.sphere_indices};
  glDeleteBuffers(3, buffers);
  for (Program* program : {&gl.line_program, &gl.point_program, &gl.fill_program, &gl.sphere_program}) {
    if (program->id) glDeleteProgram(program->id);
  }
}

bool DrawBatches::init(std::string& error) {
  if (initialized_) return true;
  Gl& gl = *gl_;
  initialized_ = true;  // from here on the destructor releases whatever was created
  using namespace shaders;
  if (!build_program(gl.line_program, {kLineVertex}, {kLineFragment}, error) ||
      !build_program(gl.point_program, {kPointVertex}, {kPointFragment}, error) ||
      !build_program(gl.fill_program, {kSurfaceVertex, kFillVertex}, {kSurfaceFragment, kFillFragment}, error) ||
      !build_program(gl.sphere_program, {kSurfaceVertex, kSphereVertex}, {kSurfaceFragment, kSphereFragment},
                     error) ||
      !gl.image.init(error)) {
    return false;
  }
  glGenBuffers(1, &gl.quad_indices);
  for (LayerGpu& layer : gl.layers) {
    setup_line_batch(layer.line, gl.quad_indices);
    setup_point_batch(layer.point, gl.quad_indices);
    setup_fill_batch(layer.fill);
  }
  setup_line_batch(gl.grid, gl.quad_indices);
  setup_sphere_batch(gl.sphere, gl.sphere_vertices, gl.sphere_indices, gl.sphere_index_count);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return true;
}

void DrawBatches::clear() {
  for (LayerBatches& layer : layers) {
    layer.lines.clear();
    layer.points.clear();
    layer.fills.clear();
  }
  spheres.clear();
  grid_lines.clear();
  image = {};
}

DrawStats DrawBatches::flush(const ViewInfo& view) {
  DrawStats stats;
  for (const LayerBatches& layer : layers) {
    stats.lines += static_cast<int>(layer.lines.size());
    stats.points += static_cast<int>(layer.points.size());
    stats.triangles += static_cast<int>(layer.fills.size() / 3);
  }
  stats.lines += static_cast<int>(grid_lines.size());
  stats.spheres = static_cast<int>(spheres.size());
  stats.images = image.image ? 1 : 0;
  if (!initialized_) return stats;
  Gl& gl = *gl_;

  // The Viewport is y-down within the framebuffer; GL's is y-up.
  GLint previous[4] = {};
  glGetIntegerv(GL_VIEWPORT, previous);
  const Viewport& viewport = view.viewport;
  const double framebuffer_height = previous[1] + previous[3];
  glViewport(static_cast<GLint>(std::lround(viewport.x)),
             static_cast<GLint>(std::lround(framebuffer_height - viewport.y - viewport.height)),
             static_cast<GLsizei>(std::lround(viewport.width)), static_cast<GLsizei>(std::lround(viewport.height)));

  FrameUniforms frame;
  frame.view_projection = glm::mat4(view.view_projection);
  frame.viewport_size = {static_cast<float>(std::round(viewport.width)), static_cast<float>(std::round(viewport.height))};
  frame.pixel_scale = static_cast<float>(view.pixel_scale);
  frame.eye = glm::vec3(view.eye - view.origin);
  frame.forward = glm::vec3(view.forward);
  frame.orthographic = view.orthographic;
  frame.shade = view.is_3d;

  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);  // later primitives win ties: flat 2D scenes draw in call order
  glDepthMask(GL_TRUE);

  auto draw_quads = [&](GpuBatch& batch, const auto& items, const Program& program, float bias,
                        bool already_uploaded = false, float min_coverage = 0.0f) {
    if (items.empty()) return;
    if (!already_uploaded) {
      if constexpr (std::is_same_v<std::decay_t<decltype(items)>, std::vector<PointQuad>>) {
        upload_quads(batch, items, kPointCorners, gl.point_vertices);
      } else {
        upload_quads(batch, items, kLineCorners, gl.line_vertices);
      }
    }
    glBindVertexArray(batch.vertex_array);
    reserve_quad_indices(gl.quad_indices, gl.quad_index_capacity, items.size());
    use(program, frame, bias, min_coverage);
    // The quads anti-alias their own edges in the shader; multisampling them again costs
    // (a lot under software GL) and adds nothing. Fills and spheres keep the 4x MSAA.
    // WebGL2 cannot switch it per draw: there the quads are multisampled too.
#ifdef GL_MULTISAMPLE
    glDisable(GL_MULTISAMPLE);
#endif
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(6 * items.size()), GL_UNSIGNED_INT, nullptr);
#ifdef GL_MULTISAMPLE
    glEnable(GL_MULTISAMPLE);
#endif
    ++stats.draw_calls;
    stats.vertices += 4 * static_cast<std::int64_t>(items.size());
  };
  auto draw_fills = [&](GpuBatch& batch, const std::vector<FillVertex>& fills) {
    if (!upload(batch, fills)) return;
    use(gl.fill_program, frame, 0);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(fills.size()));
    ++stats.draw_calls;
    stats.vertices += static_cast<std::int64_t>(fills.size());
  };

  // Scene: opaque spheres, lines and points write depth; then translucent fills test
  // against them without writing, pushed back a little so their own edges stay on top.
  // With fills present, lines first write depth for their cores only (colour off), then
  // colour without depth: a line's faint anti-aliased fringe must not cut a dark halo
  // into a translucent face behind it.
  if (upload(gl.sphere, spheres)) {
    use(gl.sphere_program, frame, 0);
    glDrawElementsInstanced(GL_TRIANGLES, gl.sphere_index_count, GL_UNSIGNED_SHORT, nullptr,
                            static_cast<GLsizei>(spheres.size()));
    ++stats.draw_calls;
    stats.vertices += static_cast<std::int64_t>(gl.sphere_index_count) * static_cast<std::int64_t>(spheres.size());
  }
  LayerBatches& scene = layer(Layer::Scene);
  LayerGpu& scene_gpu = gl.layers[0];
  if (scene.fills.empty()) {
    draw_quads(scene_gpu.line, scene.lines, gl.line_program, 0.0f);
  } else {
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    draw_quads(scene_gpu.line, scene.lines, gl.line_program, 0.0f, false, kCoreCoverage);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_FALSE);
    draw_quads(scene_gpu.line, scene.lines, gl.line_program, 0.0f, true);
    glDepthMask(GL_TRUE);
  }
  draw_quads(scene_gpu.point, scene.points, gl.point_program, kPointDepthBias);
  glDepthMask(GL_FALSE);
  // The grid: behind whatever lies on the ground (pushed back, strict test), under the fills.
  glDepthFunc(GL_LESS);
  draw_quads(gl.grid, grid_lines, gl.line_program, -kGridDepthBias);
  glDepthFunc(GL_LEQUAL);
  // The image, over the grid: pushed back and tested strictly, so the lines drawn in its
  // plane (a 2D scene's shapes) stay untinted.
  glEnable(GL_POLYGON_OFFSET_FILL);
  if (image.image) {
    glDepthFunc(GL_LESS);
    glPolygonOffset(2.0f, 2.0f);
    gl.image.draw(image, frame.view_projection);
    glDepthFunc(GL_LEQUAL);
    ++stats.draw_calls;
    stats.vertices += 4;
  }
  glPolygonOffset(1.0f, 1.0f);
  draw_fills(scene_gpu.fill, scene.fills);
  glDisable(GL_POLYGON_OFFSET_FILL);

  // Overlay: on top of everything, fills under lines under points.
  glDisable(GL_DEPTH_TEST);
  LayerBatches& overlay = layer(Layer::Overlay);
  LayerGpu& overlay_gpu = gl.layers[1];
  draw_fills(overlay_gpu.fill, overlay.fills);
  draw_quads(overlay_gpu.line, overlay.lines, gl.line_program, 0.0f);
  draw_quads(overlay_gpu.point, overlay.points, gl.point_program, 0.0f);

  glDepthMask(GL_TRUE);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glUseProgram(0);
  glViewport(previous[0], previous[1], previous[2], previous[3]);
  return stats;
}
