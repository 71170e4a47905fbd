// DrawList: the basic primitives written into the batches as camera-relative floats.
#include "render/draw_list.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

using namespace debug_draw_detail;

namespace {
// RGBA8, red in the lowest byte, as the instances hold it.
std::uint32_t pack_color(Color color, bool light_background) {
  if (light_background) color = for_light_background(color);
  auto byte = [](float channel) {
    return static_cast<std::uint32_t>(std::lround(std::clamp(channel, 0.0f, 1.0f) * 255.0f));
  };
  return byte(color.r) | byte(color.g) << 8 | byte(color.b) << 16 | byte(color.a) << 24;
}

void store(float out[3], const glm::dvec3& p) {
  out[0] = static_cast<float>(p.x);
  out[1] = static_cast<float>(p.y);
  out[2] = static_cast<float>(p.z);
}

// The bulk forms' one loop: appends an instance for every stride-th of `items` inputs and
// lets write(instance, input index) fill it in.
template <typename Instance, typename Write>
void append_strided(std::vector<Instance>& batch, std::size_t items, std::size_t stride, Write write) {
  stride = std::max<std::size_t>(stride, 1);
  const std::size_t count = (items + stride - 1) / stride;
  const std::size_t first = batch.size();
  batch.resize(first + count);
  Instance* out = batch.data() + first;
  for (std::size_t i = 0; i < count; ++i) write(out[i], i * stride);
}

LineQuad& add_line(std::vector<LineQuad>& lines, const glm::dvec3& a, const glm::dvec3& b, Color color_a,
                       Color color_b, float width_px, bool light_background) {
  LineQuad& line = lines.emplace_back();
  store(line.a, a);
  store(line.b, b);
  line.color_a = pack_color(color_a, light_background);
  line.color_b = pack_color(color_b, light_background);
  line.width_px = width_px;
  line.dash_px = 0;
  return line;
}
}  // namespace

bool DrawList::init(std::string& error) { return batches_.init(error); }

void DrawList::begin_frame(const ViewInfo& view) {
  view_ = view;
  labels_.clear();
  batches_.clear();
}

void DrawList::image(const RgbaImage& pixels, const glm::dvec3& corner, const glm::dvec3& u, const glm::dvec3& v) {
  batches_.image = {&pixels, glm::vec3(corner - view_.origin), glm::vec3(u), glm::vec3(v)};
}

bool DrawList::project(const glm::dvec3& p, glm::dvec2& screen) const {
  const glm::dvec4 clip = view_.view_projection * glm::dvec4(p - view_.origin, 1.0);
  if (!(clip.w > 1e-300) || clip.z < -clip.w) return false;  // behind the eye or the near plane
  const Viewport& viewport = view_.viewport;
  screen = {viewport.x + (clip.x / clip.w + 1.0) * 0.5 * viewport.width,
            viewport.y + (1.0 - clip.y / clip.w) * 0.5 * viewport.height};
  return std::isfinite(screen.x) && std::isfinite(screen.y);
}

std::vector<glm::dvec4> DrawList::lines_on_screen(std::size_t most) const {
  std::vector<glm::dvec4> segments;
  std::size_t count = 0;
  for (const auto& layer : batches_.layers) count += layer.lines.size();
  if (count > most) return segments;
  segments.reserve(count);
  const auto on_screen = [&](const float (&relative)[3], glm::dvec2& screen) {
    return project(view_.origin + glm::dvec3(relative[0], relative[1], relative[2]), screen);
  };
  for (const auto& layer : batches_.layers) {
    for (const auto& line : layer.lines) {
      glm::dvec2 a, b;
      if (on_screen(line.a, a) && on_screen(line.b, b)) segments.emplace_back(a.x, a.y, b.x, b.y);
    }
  }
  return segments;
}

double DrawList::world_units_per_pixel_at(const glm::dvec3& p) const {
  if (view_.orthographic) return view_.world_units_per_pixel;
  // Perspective: proportional to the depth along the view direction, exact at the target.
  const double target_depth = glm::dot(view_.origin - view_.eye, view_.forward);
  const double depth = glm::dot(p - view_.eye, view_.forward);
  if (!(target_depth > 0)) return view_.world_units_per_pixel;
  return view_.world_units_per_pixel * std::max(depth, target_depth * 1e-3) / target_depth;
}

std::uint32_t DrawList::packed(Color color) const {
  return pack_color(ghost_ < 1 ? color.with_alpha(color.a * ghost_) : color, view_.light_background);
}

void DrawList::push_line(const glm::dvec3& a, const glm::dvec3& b, Color color_a, Color color_b, float width_px,
                         float dash_px, Layer layer) {
  if (ghost_ < 1) color_a = color_a.with_alpha(color_a.a * ghost_), color_b = color_b.with_alpha(color_b.a * ghost_);
  LineQuad& instance = add_line(batches_.layer(layer).lines, a - view_.origin, b - view_.origin, color_a, color_b,
                                    width_px, view_.light_background);
  instance.dash_px = dash_px;
}

void DrawList::push_grid_line(const glm::dvec3& a, const glm::dvec3& b, Color color_a, Color color_b,
                              float width_px) {
  add_line(batches_.grid_lines, a - view_.origin, b - view_.origin, color_a, color_b, width_px,
           view_.light_background);
}

void DrawList::line(const glm::dvec3& a, const glm::dvec3& b, Color color, float width_px, Layer layer) {
  push_line(a, b, color, color, width_px, 0, layer);
}

void DrawList::dashed_line(const glm::dvec3& a, const glm::dvec3& b, Color color, float width_px, Layer layer) {
  push_line(a, b, color, color, width_px, 3.0f * std::max(width_px, 2.0f), layer);
}

void DrawList::point(const glm::dvec3& p, float size_px, Color color, Layer layer) {
  PointQuad& point = batches_.layer(layer).points.emplace_back();
  store(point.center, p - view_.origin);
  point.color = packed(color);
  point.size_px = size_px;
}

void DrawList::lines(std::span<const glm::dvec3> from, std::span<const glm::dvec3> to, Color color, float width_px,
                     Layer layer, std::size_t stride) {
  const std::uint32_t packed_color = packed(color);
  const glm::dvec3 origin = view_.origin;
  append_strided(batches_.layer(layer).lines, std::min(from.size(), to.size()), stride,
                 [&](LineQuad& out, std::size_t i) {
                   store(out.a, from[i] - origin);
                   store(out.b, to[i] - origin);
                   out.color_a = out.color_b = packed_color;
                   out.width_px = width_px;
                   out.dash_px = 0;
                 });
}

void DrawList::points(std::span<const glm::dvec3> centers, float size_px, Color color, Layer layer,
                      std::size_t stride) {
  const std::uint32_t packed_color = packed(color);
  const glm::dvec3 origin = view_.origin;
  append_strided(batches_.layer(layer).points, centers.size(), stride, [&](PointQuad& out, std::size_t i) {
    store(out.center, centers[i] - origin);
    out.color = packed_color;
    out.size_px = size_px;
  });
}

void DrawList::triangle(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, Color fill) {
  triangle(a, b, c, fill, Layer::Scene);
}

void DrawList::triangle(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, Color fill, Layer layer) {
  std::vector<FillVertex>& fills = batches_.layer(layer).fills;
  const std::uint32_t color = packed(fill);
  for (const glm::dvec3* p : {&a, &b, &c}) {
    FillVertex& vertex = fills.emplace_back();
    store(vertex.position, *p - view_.origin);
    vertex.color = color;
  }
}

void DrawList::sphere(const glm::dvec3& center, double radius, Color fill) {
  SphereInstance& sphere = batches_.spheres.emplace_back();
  store(sphere.center_radius, center - view_.origin);
  sphere.center_radius[3] = static_cast<float>(radius);
  sphere.color = packed(fill);
}

void DrawList::label(const glm::dvec3& p, std::string text, Color color, bool centred) {
  if (ghost_ < 1) return;  // a ghost's numbers would be read as the live figure's
  Label& label = labels_.emplace_back();
  label.text = std::move(text);
  label.color = color;
  label.centred = centred;
  const Viewport& viewport = view_.viewport;
  label.visible = project(p, label.screen) && label.screen.x >= viewport.x &&
                  label.screen.x <= viewport.x + viewport.width && label.screen.y >= viewport.y &&
                  label.screen.y <= viewport.y + viewport.height;
}

void DrawList::flush() {
  stats_ = batches_.flush(view_);
  if (!batches_.initialized()) {
    begin_frame(view_);
    return;
  }
  // Clear the batches (keeping their capacity); labels stay until the next begin_frame.
  std::vector<Label> labels = std::move(labels_);
  begin_frame(view_);
  labels_ = std::move(labels);
}
