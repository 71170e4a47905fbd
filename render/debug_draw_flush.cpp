// DebugDraw::flush: uploads each batch and issues one draw call per non-empty batch, at
// most nine per frame: spheres, the grid, per layer lines, points and filled triangles, and a
// depth-only pass of the scene lines when there are translucent fills.
#include "render/debug_draw.h"

#include "render/debug_draw_batches.h"

#include <glm/gtc/type_ptr.hpp>

#include <cmath>

using namespace debug_draw_detail;

namespace {
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

template <typename T>
bool upload(GpuBatch& batch, const std::vector<T>& items) {
  if (items.empty()) return false;
  batch.upload(items.data(), items.size() * sizeof(T));
  glBindVertexArray(batch.vertex_array);
  return true;
}
}  // namespace

void DebugDraw::flush() {
  Impl& impl = *impl_;
  stats_ = {};
  for (const LayerBatches& layer : impl.layers) {
    stats_.lines += static_cast<int>(layer.lines.size());
    stats_.points += static_cast<int>(layer.points.size());
    stats_.triangles += static_cast<int>(layer.fills.size() / 3);
  }
  stats_.lines += static_cast<int>(impl.grid_lines.size());
  stats_.spheres = static_cast<int>(impl.spheres.size());
  if (!impl.initialized) {
    begin_frame(view_);
    return;
  }

  // The Viewport is y-down within the framebuffer; GL's is y-up.
  GLint previous[4] = {};
  glGetIntegerv(GL_VIEWPORT, previous);
  const Viewport& viewport = view_.viewport;
  const double framebuffer_height = previous[1] + previous[3];
  glViewport(static_cast<GLint>(std::lround(viewport.x)),
             static_cast<GLint>(std::lround(framebuffer_height - viewport.y - viewport.height)),
             static_cast<GLsizei>(std::lround(viewport.width)), static_cast<GLsizei>(std::lround(viewport.height)));

  FrameUniforms frame;
  frame.view_projection = glm::mat4(view_.view_projection);
  frame.viewport_size = {static_cast<float>(std::round(viewport.width)), static_cast<float>(std::round(viewport.height))};
  frame.pixel_scale = static_cast<float>(view_.pixel_scale);
  frame.eye = glm::vec3(view_.eye - view_.origin);
  frame.forward = glm::vec3(view_.forward);
  frame.orthographic = view_.orthographic;
  frame.shade = view_.is_3d;

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
    if (already_uploaded) glBindVertexArray(batch.vertex_array);
    else upload(batch, items);
    use(program, frame, bias, min_coverage);
    // The quads anti-alias their own edges in the shader; multisampling them again costs
    // (a lot under software GL) and adds nothing. Fills and spheres keep the 4x MSAA.
    glDisable(GL_MULTISAMPLE);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(items.size()));
    glEnable(GL_MULTISAMPLE);
    ++stats_.draw_calls;
    stats_.vertices += 4 * static_cast<std::int64_t>(items.size());
  };
  auto draw_fills = [&](GpuBatch& batch, const std::vector<FillVertex>& fills) {
    if (!upload(batch, fills)) return;
    use(impl.fill_program, frame, 0);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(fills.size()));
    ++stats_.draw_calls;
    stats_.vertices += static_cast<std::int64_t>(fills.size());
  };

  // Scene: opaque spheres, lines and points write depth; then translucent fills test
  // against them without writing, pushed back a little so their own edges stay on top.
  // With fills present, lines first write depth for their cores only (colour off), then
  // colour without depth: a line's faint anti-aliased fringe must not cut a dark halo
  // into a translucent face behind it.
  if (upload(impl.sphere_gpu, impl.spheres)) {
    use(impl.sphere_program, frame, 0);
    glDrawElementsInstanced(GL_TRIANGLES, impl.sphere_index_count, GL_UNSIGNED_SHORT, nullptr,
                            static_cast<GLsizei>(impl.spheres.size()));
    ++stats_.draw_calls;
    stats_.vertices += static_cast<std::int64_t>(impl.sphere_index_count) * static_cast<std::int64_t>(impl.spheres.size());
  }
  LayerBatches& scene = impl.layer(Layer::Scene);
  if (scene.fills.empty()) {
    draw_quads(scene.line_gpu, scene.lines, impl.line_program, 0.0f);
  } else {
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    draw_quads(scene.line_gpu, scene.lines, impl.line_program, 0.0f, false, kCoreCoverage);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_FALSE);
    draw_quads(scene.line_gpu, scene.lines, impl.line_program, 0.0f, true);
    glDepthMask(GL_TRUE);
  }
  draw_quads(scene.point_gpu, scene.points, impl.point_program, kPointDepthBias);
  glDepthMask(GL_FALSE);
  // The grid: behind whatever lies on the ground (pushed back, strict test), under the fills.
  glDepthFunc(GL_LESS);
  draw_quads(impl.grid_gpu, impl.grid_lines, impl.line_program, -kGridDepthBias);
  glDepthFunc(GL_LEQUAL);
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(1.0f, 1.0f);
  draw_fills(scene.fill_gpu, scene.fills);
  glDisable(GL_POLYGON_OFFSET_FILL);

  // Overlay: on top of everything, fills under lines under points.
  glDisable(GL_DEPTH_TEST);
  LayerBatches& overlay = impl.layer(Layer::Overlay);
  draw_fills(overlay.fill_gpu, overlay.fills);
  draw_quads(overlay.line_gpu, overlay.lines, impl.line_program, 0.0f);
  draw_quads(overlay.point_gpu, overlay.points, impl.point_program, 0.0f);

  glDepthMask(GL_TRUE);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glUseProgram(0);
  glViewport(previous[0], previous[1], previous[2], previous[3]);

  // Clear the batches (keeping their capacity); labels stay until the next begin_frame.
  std::vector<Label> labels = std::move(labels_);
  begin_frame(view_);
  labels_ = std::move(labels);
}
