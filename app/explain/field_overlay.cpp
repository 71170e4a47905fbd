#include "app/explain/field_overlay.h"

#include "geometry/closest_feature_batch.h"
#include "query/shape_json.h"
#include "render/camera.h"
#include "render/debug_draw.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>

namespace {

// Region colours: vertices warm, edges cool, faces yellow and white, inside grey, so two
// regions that meet always differ (a vertex region meets only edges, an edge region
// vertices, faces and inside); the hue cycles with the index. Vertex regions are the
// strongest tint, faces the faintest.
constexpr std::array<Color, 3> kVertexHues = {palette::kOverlap, palette::kMagenta, palette::kShapeB};
constexpr std::array<Color, 3> kEdgeHues = {palette::kSeparated, palette::kShape, palette::kQuery};
constexpr std::array<Color, 2> kFaceHues = {palette::kAnswer, palette::kJoin};
constexpr float kLineAlpha = 0.85f;

Color region_color(geo::FeatureRef feature) {
  const auto index = std::size_t(feature.index);
  switch (feature.kind) {
    case geo::Feature::Vertex: return kVertexHues[index % kVertexHues.size()].with_alpha(0.45f);
    case geo::Feature::Edge: return kEdgeHues[index % kEdgeHues.size()].with_alpha(0.32f);
    case geo::Feature::Face: return kFaceHues[index % kFaceHues.size()].with_alpha(0.24f);
    case geo::Feature::Inside: break;
  }
  return palette::kMuted.with_alpha(0.30f);
}

std::uint32_t pack(Color c) {
  auto byte = [](float channel) { return std::uint32_t(std::lround(std::clamp(channel, 0.0f, 1.0f) * 255.0f)); };
  return byte(c.r) | byte(c.g) << 8 | byte(c.b) << 16 | byte(c.a) << 24;
}

Color mix(Color a, Color b, float t) {
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t};
}

// Two unit axes square to each other and to the unit `normal`, with u × v = normal.
void plane_axes(const glm::dvec3& normal, glm::dvec3& u, glm::dvec3& v) {
  const glm::dvec3 helper = std::fabs(normal.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0);
  u = glm::normalize(glm::cross(helper, normal));
  v = glm::cross(normal, u);
}

// The shape's own plane when it has one: its unit normal and a point of it.
bool own_plane(const geo::AnyShape<double>& shape, glm::dvec3& normal, glm::dvec3& origin) {
  if (const auto* plane = std::get_if<geo::Plane<double>>(&shape)) {
    normal = glm::normalize(plane->normal);
    origin = normal * (plane->d / glm::length(plane->normal));
    return std::isfinite(origin.x) && std::isfinite(origin.y) && std::isfinite(origin.z);
  }
  if (const auto* triangle = std::get_if<geo::Triangle<double>>(&shape)) {
    const glm::dvec3 across = glm::cross(triangle->b - triangle->a, triangle->c - triangle->a);
    if (!(glm::length(across) > 0)) return false;  // a degenerate triangle: sliced like a solid
    normal = glm::normalize(across);
    origin = triangle->a;
    return true;
  }
  return false;
}

}  // namespace

FieldRect field_rect(const geo::AnyShape<double>& shape, const glm::dvec3& p, const SampleState& state,
                     const ViewInfo& view) {
  if (!view.is_3d) {  // the visible scene: the viewport's corners back through the 2D camera
    const glm::dmat4 to_world = glm::inverse(view.view_projection);
    const auto at = [&](double x, double y) {
      const glm::dvec4 world = to_world * glm::dvec4(x, y, 0, 1);
      return glm::dvec3(glm::dvec2(world) / world.w, 0) + glm::dvec3(glm::dvec2(view.origin), 0);
    };
    const glm::dvec3 corner = at(-1, -1);
    return {corner, at(1, -1) - corner, at(-1, 1) - corner};
  }
  glm::dvec3 normal, origin = p;
  if (!own_plane(shape, normal, origin)) {  // a solid: the slice through P facing the camera most
    const glm::dvec3 facing = glm::abs(view.forward);
    const int k = facing.x >= facing.y && facing.x >= facing.z ? 0 : (facing.y >= facing.z ? 1 : 2);
    normal = glm::dvec3(0);
    normal[k] = 1;
  }
  glm::dvec3 u, v;
  plane_axes(normal, u, v);
  // The square around the state's box (the shape and P) seen in the plane, half as wide again.
  glm::dvec3 low, high;
  state_bounds(state, low, high);
  glm::dvec2 seen_low(INFINITY), seen_high(-INFINITY);
  for (int i = 0; i < 8; ++i) {
    const glm::dvec3 box_corner(i & 1 ? high.x : low.x, i & 2 ? high.y : low.y, i & 4 ? high.z : low.z);
    const glm::dvec2 seen(glm::dot(box_corner - origin, u), glm::dot(box_corner - origin, v));
    seen_low = glm::min(seen_low, seen);
    seen_high = glm::max(seen_high, seen);
  }
  const glm::dvec2 middle = (seen_low + seen_high) * 0.5;
  const double half = std::max({seen_high.x - seen_low.x, seen_high.y - seen_low.y, 1.0}) * 0.75;
  return {origin + u * (middle.x - half) + v * (middle.y - half), u * (2 * half), v * (2 * half)};
}

double field_step(const FieldRect& rect) {
  return cam::round_step(std::max(glm::length(rect.u), glm::length(rect.v)) / 10);
}

void paint_field(const geo::AnyShape<double>& shape, const FieldRect& rect, int short_side, bool light_background,
                 RgbaImage& image, FieldScratch& scratch) {
  const double width = glm::length(rect.u), height = glm::length(rect.v);
  const double pixel = std::min(width, height) / short_side;  // world size of one pixel
  image.width = std::max(1, int(std::lround(width / pixel)));
  image.height = std::max(1, int(std::lround(height / pixel)));
  const std::size_t count = std::size_t(image.width) * std::size_t(image.height);
  scratch.queries.resize(count);
  scratch.points.resize(count);
  scratch.features.resize(count);
  for (int j = 0; j < image.height; ++j) {
    const glm::dvec3 row = rect.corner + rect.v * ((j + 0.5) / image.height);
    for (int i = 0; i < image.width; ++i) {
      scratch.queries[std::size_t(j) * image.width + i] = row + rect.u * ((i + 0.5) / image.width);
    }
  }
  geo::closest_points<double>(shape, scratch.queries, scratch.points, scratch.features);

  // Lines of equal distance at a round step, about ten across the image, a pixel or two wide.
  const double step = field_step(rect);
  image.pixels.resize(count);
  ++image.generation;
  for (std::size_t i = 0; i < count; ++i) {
    Color fill = region_color(scratch.features[i]);
    if (light_background) fill = for_light_background(fill);
    const double distance = glm::length(scratch.queries[i] - scratch.points[i]);
    float on_line = 0;
    if (distance > step * 0.5) {
      const double off = std::fabs(distance - std::round(distance / step) * step) / pixel;
      on_line = float(std::clamp(1.0 - off, 0.0, 1.0));
    }
    const Color line = light_background ? Color{fill.r * 0.6f, fill.g * 0.6f, fill.b * 0.6f, kLineAlpha}
                                        : fill.with_alpha(kLineAlpha);
    image.pixels[i] = pack(mix(fill, line, on_line));
  }
}

void FieldOverlay::draw(DebugDraw& draw, const Sample& sample) {
  repaint_ms_ = 0;
  const auto explained = sample.explained();
  if (!shown || !explained) return;
  const geo::AnyShape<double>& shape = sample.state.shapes[explained->shape_index].shape;
  const glm::dvec3 p = sample.state[explained->point];
  Inputs now{query::shape_json(shape).dump(), p, field_rect(shape, p, sample.state, draw.view()),
             draw.view().light_background};
  if (!(now == last_)) {
    const auto start = std::chrono::steady_clock::now();
    paint_field(shape, now.rect, kResolution, now.light_background, image_, scratch_);
    repaint_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    last_ = std::move(now);
  }
  draw.image(image_, last_.rect.corner, last_.rect.u, last_.rect.v);
}
