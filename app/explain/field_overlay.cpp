#include "app/explain/field_overlay.h"

#include "app/platform/platform.h"
#include "collision_lab/closest_feature_batch.h"
#include "collision_lab/query/shape_json.h"
#include "render/camera.h"
#include "render/debug_draw.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <span>
#include <thread>

namespace {

// Region colours: a hue of its own for every feature, stepped around the wheel by the
// golden angle, so no two features (v0 and v3, v0 and e2) share one.
// Vertex regions are the strongest tint, faces the faintest, inside grey.
constexpr float kLineAlpha = 0.85f;

Color from_hue(double turns) {
  const auto channel = [&](double offset) {
    const double x = std::fabs(std::fmod(turns + offset, 1.0) * 6.0 - 3.0);
    return float(0.35 + 0.6 * std::clamp(x - 1.0, 0.0, 1.0));
  };
  return {channel(0.0), channel(2.0 / 3.0), channel(1.0 / 3.0), 1};
}

}  // namespace

Color field_region_color(geo::FeatureRef feature) {
  constexpr double kGolden = 0.6180339887498949;
  const auto kind = std::size_t(feature.kind);
  if (feature.kind == geo::Feature::Inside || kind >= 3) return palette::kMuted.with_alpha(0.30f);
  // Vertices and edges interleaved as a polygon's outline runs (v0 e0 v1 e1 ...), so a
  // region's neighbours are a golden step from it; faces on their own sequence, a quarter
  // turn along.
  const double step = feature.kind == geo::Feature::Face ? feature.index + 0.25 / kGolden
                                                          : 2.0 * feature.index + (feature.kind == geo::Feature::Edge);
  const Color hue = from_hue(kGolden * step);
  const float alpha[] = {0.45f, 0.32f, 0.24f};
  return hue.with_alpha(alpha[kind]);
}

namespace {

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

// The shape's own plane when it has one: its unit normal and a point of it. A plane has
// none here: on itself every distance is 0, so it is sliced across like a solid.
bool own_plane(const geo::AnyShape<double>& shape, glm::dvec3& normal, glm::dvec3& origin) {
  if (const auto* triangle = std::get_if<geo::Triangle<double>>(&shape)) {
    const glm::dvec3 across = glm::cross(triangle->b - triangle->a, triangle->c - triangle->a);
    if (!(glm::length(across) > 0)) return false;  // a degenerate triangle: sliced like a solid
    normal = glm::normalize(across);
    origin = triangle->a;
    return true;
  }
  return false;
}

// Each region's colours worked out once per repaint: the pixels only look them up. Indices
// past kCycle take the colour of index % kCycle.
struct RegionPaint {
  Color fill, line;
  std::uint32_t packed_fill = 0;
};

struct RegionPalette {
  static constexpr int kCycle = 64;
  std::array<RegionPaint, 4 * kCycle> paints;

  explicit RegionPalette(bool light_background) {
    for (int kind = 0; kind < 4; ++kind) {
      for (int index = 0; index < kCycle; ++index) {
        Color fill = field_region_color({geo::Feature(kind), index});
        if (light_background) fill = for_light_background(fill);
        const Color line = light_background ? Color{fill.r * 0.6f, fill.g * 0.6f, fill.b * 0.6f, kLineAlpha}
                                            : fill.with_alpha(kLineAlpha);
        paints[std::size_t(kind * kCycle + index)] = {fill, line, pack(fill)};
      }
    }
  }
  const RegionPaint& of(geo::FeatureRef feature) const {
    return paints[std::size_t(feature.kind) * kCycle + std::size_t(feature.index) % kCycle];
  }
};

// One repaint: what every row shares.
struct FieldPainter {
  const geo::AnyShape<double>& shape;
  const FieldRect& rect;
  RegionPalette palette;
  double step, pixel;  // between lines of equal distance; one pixel's world size
  RgbaImage& image;
  FieldScratch& scratch;

  // Rows [first, last): their queries, the batch, then each pixel's colour. Each row writes
  // only its own slots, so two threads can paint two halves.
  void paint_rows(int first, int last) const {
    const std::size_t begin = std::size_t(first) * image.width, end = std::size_t(last) * image.width;
    for (int j = first; j < last; ++j) {
      const glm::dvec3 row = rect.corner + rect.v * ((j + 0.5) / image.height);
      for (int i = 0; i < image.width; ++i) {
        scratch.queries[std::size_t(j) * image.width + i] = row + rect.u * ((i + 0.5) / image.width);
      }
    }
    const std::span<const glm::dvec3> queries(scratch.queries.data() + begin, end - begin);
    // A refused shape's answers are NaN points with the default feature, Inside: they take
    // the muted inside colour and no line of equal distance, so the verdict is not needed.
    static_cast<void>(geo::closest_points<double>(shape, queries, std::span(scratch.points.data() + begin, end - begin),
                                                  std::span(scratch.features.data() + begin, end - begin)));
    // Lines of equal distance at a round step, a pixel or two wide; most pixels are off
    // them and take their region's packed colour as it is.
    for (std::size_t i = begin; i < end; ++i) {
      const RegionPaint& paint = palette.of(scratch.features[i]);
      image.pixels[i] = paint.packed_fill;
      const double distance = glm::length(scratch.queries[i] - scratch.points[i]);
      if (!(distance > step * 0.5)) continue;
      const double off = std::fabs(distance - std::round(distance / step) * step) / pixel;
      if (off < 1) image.pixels[i] = pack(mix(paint.fill, paint.line, float(1.0 - off)));
    }
  }
};

// Below this many rows a second thread costs more than it saves.
constexpr int kRowsWorthAThread = 64;

// Whether `kept` (a square on a plane through `origin` with unit axes u, v) still frames the
// box from seen_low to seen_high of the same plane well: it holds the box, is at most half
// as large again as it would be made now, and its axes are u and v.
bool still_frames(const FieldRect& kept, const glm::dvec3& origin, const glm::dvec3& u, const glm::dvec3& v,
                  const glm::dvec2& seen_low, const glm::dvec2& seen_high, double half) {
  const double size = glm::length(kept.u);
  constexpr double kSameDirection = 1e-12;  // the rounding of axes made from the same normal
  if (!(size <= 3 * half) || glm::length(kept.u / size - u) > kSameDirection ||
      glm::length(kept.v / size - v) > kSameDirection) {
    return false;
  }
  const glm::dvec2 low(glm::dot(kept.corner - origin, u), glm::dot(kept.corner - origin, v));
  return glm::all(glm::lessThanEqual(low, seen_low)) && glm::all(glm::lessThanEqual(seen_high, low + size));
}

}  // namespace

FieldRect field_rect(const geo::AnyShape<double>& shape, const glm::dvec3& p, const SampleState& state,
                     const ViewInfo& view, const FieldRect* kept) {
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
  const bool slice = !own_plane(shape, normal, origin);
  if (slice) {  // a solid: the slice through P square to the world axis the camera looks along most
    glm::dvec3 facing = glm::abs(view.forward);
    // A plane: of those, the one most across it, so the slice shows its lines of equal distance.
    if (const auto* plane = std::get_if<geo::Plane<double>>(&shape); plane && glm::length(plane->normal) > 0) {
      facing *= glm::dvec3(1.0) - glm::abs(glm::normalize(plane->normal)) + 1e-3;
    }
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
  if (kept) {
    // A slice's plane follows P: the kept square moves along the axis (exactly, the normal
    // being one) into P's plane.
    FieldRect moved = *kept;
    if (slice) moved.corner += normal * (glm::dot(p, normal) - glm::dot(kept->corner, normal));
    if (slice || std::fabs(glm::dot(kept->corner - origin, normal)) <= 1e-12 * glm::length(kept->u)) {
      if (still_frames(moved, origin, u, v, seen_low, seen_high, half)) return moved;
    }
  }
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
  image.pixels.resize(count);
  ++image.generation;
  const FieldPainter painter{shape, rect, RegionPalette(light_background), field_step(rect), pixel, image, scratch};
  // The rows in two halves, one on a second thread: each pixel's colour is its own, so
  // the image does not depend on how the rows are split. One thread where no second can
  // start (the web build).
  if (image.height < kRowsWorthAThread || !platform::threads_available()) return painter.paint_rows(0, image.height);
  const int half = image.height / 2;
  std::thread lower([&] { painter.paint_rows(half, image.height); });
  painter.paint_rows(0, half);
  lower.join();
}

void FieldOverlay::draw(DebugDraw& draw, const Sample& sample) {
  repaint_ms_ = 0;
  const auto explained = sample.explained();
  if (!shown || !explained) return;
  const geo::AnyShape<double>& shape = sample.state.shapes[explained->shape_index].shape;
  const glm::dvec3 p = sample.state[explained->point];
  const FieldRect* kept = last_.shape.empty() ? nullptr : &last_.rect;
  Inputs now{query::shape_json(shape).dump(), field_rect(shape, p, sample.state, draw.view(), kept),
             draw.view().light_background};
  if (!(now == last_)) {
    const auto start = std::chrono::steady_clock::now();
    paint_field(shape, now.rect, kResolution, now.light_background, image_, scratch_);
    regions_.clear();  // the legend's: every region the picture shows, in order
    geo::FeatureRef previous{geo::Feature::Inside, -1};
    for (const geo::FeatureRef& feature : scratch_.features) {
      if (feature == previous) continue;  // most pixels continue their neighbour's region
      previous = feature;
      if (std::find(regions_.begin(), regions_.end(), feature) == regions_.end()) regions_.push_back(feature);
    }
    std::sort(regions_.begin(), regions_.end(), [](const geo::FeatureRef& a, const geo::FeatureRef& b) {
      return std::pair(int(a.kind), a.index) < std::pair(int(b.kind), b.index);
    });
    repaint_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    last_ = std::move(now);
  }
  draw.image(image_, last_.rect.corner, last_.rect.u, last_.rect.v);
}
