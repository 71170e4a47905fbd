// Many closest-point queries at once: N points scattered with a fixed seed around one
// shape, each joined to its closest point, recomputed every update and timed. The points
// are generated from the seed and N, so they are not part of the editable state.
#include "app/host/sample.h"
#include "app/samples/kit/sample_ui.h"
#include "collision_lab/closest_point_batch.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/triangle.h"
#include "collision_lab/query/answers.h"
#include "collision_lab/query/query_lines.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <variant>

namespace {

enum Kind { kSegment, kTriangle, kBox, kPolygon, kCircle };
const char* const kKindNames[] = {"segment", "triangle", "box", "polygon", "circle"};

constexpr unsigned kSeed = 20240611;
constexpr int kMaxPoints = 1000000;
// Beyond this many, every k-th query is drawn (all are still computed and timed).
constexpr int kMaxDrawn = 20000;
// N goes up to a million, so only the first few points are answered as query lines
// ("q0".."q7"), each by the single query the tool runs rather than the batch.
constexpr std::size_t kAnswered = 8;
const glm::dvec2 kScatterHalf{9, 6};  // the points fill this box around the origin

geo::AnyShape<double> make_shape(Kind kind) {
  switch (kind) {
    case kSegment: return geo::Segment<double>{{-3, -1, 0}, {3, 1.5, 0}};
    case kTriangle: return geo::Triangle<double>{{-3, -2, 0}, {3.5, -1, 0}, {0, 3, 0}};
    case kBox: {
      geo::Obb<double> box;
      const double c = std::cos(0.4), s = std::sin(0.4);
      box.axes = {glm::dvec3(c, s, 0), glm::dvec3(-s, c, 0), glm::dvec3(0, 0, 1)};
      box.half_extents = {3, 1.6, 0};
      return box;
    }
    case kPolygon: return geo::make_convex_polygon<double>({{-3, -2}, {2, -2.5}, {3.5, 0.5}, {1, 3}, {-2.5, 2}}).polygon;
    case kCircle: return geo::Sphere<double>{{0, 0, 0}, 2.5};
  }
  return geo::Sphere<double>{};
}

Kind kind_of(const geo::AnyShape<double>& any) {
  switch (geo::shape_kind(any)) {
    case geo::ShapeKind::Segment: return kSegment;
    case geo::ShapeKind::Triangle: return kTriangle;
    case geo::ShapeKind::Obb: return kBox;
    case geo::ShapeKind::Polygon: return kPolygon;
    default: return kCircle;
  }
}

class StressClosestPoints final : public Sample {
 public:
  StressClosestPoints() { scatter(); }

  // --param points=N (1 to 1,000,000) for benchmarks and classroom set-ups.
  bool set_parameter(const std::string& name, double value) override {
    if (name != "points" || value < 1 || value > kMaxPoints || value != std::floor(value)) return false;
    count_ = static_cast<int>(value);
    return true;
  }
  std::vector<std::pair<std::string, double>> parameters() const override { return {{"points", count_}}; }
  cam::Bounds bounds() const override {
    return {glm::dvec3(-kScatterHalf, -1), glm::dvec3(kScatterHalf, 1)};
  }

  void update(double) override {
    if (static_cast<int>(queries_.size()) != count_) scatter();
    answers_.resize(queries_.size());  // no reallocation unless N grew
    const auto start = std::chrono::steady_clock::now();
    batch_ = geo::closest_points<double>(shape(), queries_, answers_);
    update_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    first_.clear();
    first_distances_.resize(std::min(kAnswered, queries_.size()));
    for (std::size_t i = 0; i < std::min(kAnswered, queries_.size()); ++i) {
      const glm::dvec3 p = queries_[i];
      first_.push_back(std::visit(
          [&](const auto& s) -> Single {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, geo::ConvexPolygon<double>>) {
              // The polygon is 2D, as in the tool.
              return geo::closest_point(s, glm::dvec2(p), &first_distances_[i].polygon);
            } else if constexpr (std::is_same_v<S, geo::ConvexPolyhedron<double>>) {
              return geo::closest_point(s, p, &first_distances_[i].polyhedron);
            } else {
              return geo::closest_point(s, p);
            }
          },
          shape()));
    }
    total_distance_ = 0;
    max_distance_ = 0;
    for (std::size_t i = 0; i < queries_.size(); ++i) {
      const double d = glm::length(queries_[i] - answers_[i]);
      if (std::isnan(d)) continue;  // a refused query's NaN answer
      total_distance_ += d;
      max_distance_ = std::max(max_distance_, d);
    }
  }

  void draw(DebugDraw& draw) const override {
    std::visit([&](const auto& s) { draw_shape(draw, s); }, shape());
    const std::size_t stride = drawn_stride();
    // Thin, faint joins, so thousands of them still read as a field of directions.
    const bool answered = batch_.shape_error == geo::QueryError::None;  // a refused shape's answers are NaN
    if (answered) draw.lines(queries_, answers_, palette::kJoin.with_alpha(0.25f), 1, Layer::Scene, stride);
    // Smaller dots when they are dense, so the joins between them stay visible; a thousand
    // or more keep their size in screen pixels at any UI scale, or they would merge.
    const std::size_t drawn = (queries_.size() + stride - 1) / stride;
    const bool dense = drawn > 30000;
    const float size = drawn >= 1000 ? 1.0f / float(std::max(draw.view().pixel_scale, 1.0)) : 1.0f;
    draw.points(queries_, (dense ? 1.5f : 3.0f) * size, palette::kQuery, Layer::Scene, stride);
    if (answered) draw.points(answers_, (dense ? 2.5f : 4.0f) * size, palette::kAnswer, Layer::Overlay, stride);
  }

  bool controls() override {
    bool changed = false;
    int kind = kind_of(shape());
    if (ImGui::Combo(fitted_label("shape", kKindNames[kind]).c_str(), &kind, kKindNames, IM_ARRAYSIZE(kKindNames))) {
      shape() = make_shape(static_cast<Kind>(kind));
      changed = true;
    }
    ImGui::SliderInt(fitted_label("N points", "1000000").c_str(), &count_, 1, kMaxPoints, "%d",
                     ImGuiSliderFlags_Logarithmic);
    wrapped_checkbox("Draw at most 20,000 (for software GL)", thin_out_);
    // Without a GPU (e.g. Mesa's llvmpipe) drawing every join is what makes frames slow.
    if (!thin_out_ && queries_.size() > static_cast<std::size_t>(kMaxDrawn)) {
      hint("Without a GPU (software OpenGL) drawing this many joins makes frames slow: tick the box "
           "to draw a sample of them; all N are still computed.");
    }
    if (batch_.shape_error != geo::QueryError::None) {
      warning_text(std::string("The shape is invalid (") + geo::to_string(batch_.shape_error) + "): it has no answers.");
    }
    legend(palette::kQuery, "query points (seeded, uniform in the box)");
    legend(palette::kAnswer, "their closest points on the shape");
    ImGui::Spacing();
    if (begin_readouts("readouts")) {
      readout("N", std::to_string(queries_.size()));
      readout("seed", std::to_string(kSeed));
      readout("update time (ms)", update_ms_);
      readout("per query (ns)", queries_.empty() ? 0.0 : update_ms_ * 1e6 / static_cast<double>(queries_.size()));
      readout("mean distance", queries_.empty() ? 0.0 : total_distance_ / static_cast<double>(queries_.size()));
      readout("max distance", max_distance_);
      const std::size_t stride = drawn_stride();
      if (stride > 1) readout("drawn", "every " + std::to_string(stride) + "th query");
      end_readouts();
    }
    hint("Drag the shape's handles: all N answers are recomputed every frame.");
    ImGui::Spacing();
    return changed;
  }

  // The card counts what is drawn, not the few queries the dump's "results" name.
  Figure figure() const override {
    Figure out;
    const std::size_t count = queries_.size(), stride = drawn_stride();
    const double mean = count == 0 ? 0.0 : total_distance_ / static_cast<double>(count);
    out.facts = {{"points", count}, {"points_drawn", (count + stride - 1) / stride}, {"drawn_stride", stride},
                 {"mean_distance", mean}, {"max_distance", max_distance_}};
    out.card = {std::to_string(count) + " points, each joined to its closest point",
                "mean distance " + format_number(mean) + ", max " + format_number(max_distance_)};
    if (stride > 1) out.card.push_back("drawn: " + std::to_string((count + stride - 1) / stride) + " of them, 1 in " + std::to_string(stride));
    return out;
  }

  std::vector<AnsweredQuery> queries() const override {
    std::vector<AnsweredQuery> out;
    for (std::size_t i = 0; i < first_.size(); ++i) {
      out.push_back({query::closest_point_line("q" + std::to_string(i), shape(), queries_[i]), [this, i] {
                       const geo::ShapeKind kind = geo::shape_kind(shape());
                       return std::visit(
                           [kind, &distances = first_distances_[i]](const auto& r) {
                             using R = std::decay_t<decltype(r)>;
                             if constexpr (std::is_same_v<R, geo::PolygonClosestPoint<double>>) {
                               return query::closest_point_answer(r, distances.polygon);
                             } else if constexpr (std::is_same_v<R, geo::PolyhedronClosestPoint<double>>) {
                               return query::closest_point_answer(r, distances.polyhedron);
                             } else if constexpr (requires { query::closest_point_answer(r); }) {
                               return query::closest_point_answer(r);
                             } else {
                               return query::closest_point_answer(r, kind);  // segment and box answers name the kind
                             }
                           },
                           first_[i]);
                     }});
    }
    return out;
  }

 private:
  // The shape changes type with the combo, so it is held as any shape.
  const ShapeId<geo::AnyShape<double>> shape_ = state.add("shape", make_shape(kTriangle));
  geo::AnyShape<double>& shape() { return state[shape_]; }
  const geo::AnyShape<double>& shape() const { return state[shape_]; }

  std::size_t drawn_stride() const {
    return thin_out_ ? std::max<std::size_t>(1, queries_.size() / kMaxDrawn) : 1;
  }

  // Regenerates the N query points from the seed: the same N always gives the same points.
  void scatter() {
    std::mt19937 random(kSeed);
    std::uniform_real_distribution<double> x(-kScatterHalf.x, kScatterHalf.x), y(-kScatterHalf.y, kScatterHalf.y);
    queries_.resize(static_cast<std::size_t>(count_));
    for (auto& q : queries_) {
      q.x = x(random);
      q.y = y(random);
      q.z = 0;
    }
  }

  template <typename S>
  static void draw_shape(DebugDraw& draw, const S& s) {
    if constexpr (std::is_same_v<S, geo::Segment<double>>) {
      draw.line(s.a, s.b, palette::kShape, 4);
    } else if constexpr (std::is_same_v<S, geo::Triangle<double>>) {
      draw.triangle(s.a, s.b, s.c, palette::kShape.with_alpha(0.2f));
      draw.polygon_outline({s.a, s.b, s.c}, palette::kShape, 3);
    } else if constexpr (std::is_same_v<S, geo::Obb<double>>) {
      const glm::dmat3 axes(s.axes[0], s.axes[1], s.axes[2]);
      draw.solid_box(s.center, axes, s.half_extents, palette::kShape.with_alpha(0.2f));
      draw.wire_box(s.center, axes, s.half_extents, palette::kShape, 3);
    } else if constexpr (std::is_same_v<S, geo::ConvexPolygon<double>>) {
      std::vector<glm::dvec3> vertices;
      for (const auto& v : s.vertices) vertices.emplace_back(v, 0);
      draw.polygon(vertices, palette::kShape.with_alpha(0.2f));
      draw.polygon_outline(vertices, palette::kShape, 3);
    } else if constexpr (std::is_same_v<S, geo::Sphere<double>>) {
      draw.solid_circle(s.center, {0, 0, 1}, s.radius, palette::kShape.with_alpha(0.2f));
      draw.circle(s.center, {0, 0, 1}, s.radius, palette::kShape, 3);
    }
  }

  int count_ = 10000;
  bool thin_out_ = false;  // every query is drawn unless the user asks for fewer
  std::vector<glm::dvec3> queries_, answers_;  // reused: resized only when N changes
  geo::BatchResult batch_;
  // The single query's answer for each of the first kAnswered points.
  using Single = std::variant<geo::LinearClosestPoint<double>, geo::PlaneClosestPoint<double>,
                              geo::BoxClosestPoint<double>, geo::SphereClosestPoint<double>,
                              geo::TriangleClosestPoint<double>, geo::PolygonClosestPoint<double>,
                              geo::PolyhedronClosestPoint<double>>;
  std::vector<Single> first_;
  // Their edge or face distances, which the answers list.
  struct Distances {
    geo::PolygonTrace<double> polygon;
    geo::PolyhedronTrace<double> polyhedron;
  };
  std::vector<Distances> first_distances_;
  double update_ms_ = 0, total_distance_ = 0, max_distance_ = 0;
};

}  // namespace

REGISTER_SAMPLE(StressClosestPoints, {.id = "stress-closest-points", .category = "Stress", .order = 10, .title = "Closest points, N at once",
                                      .description = "N seeded points around a shape, each joined to its closest point. Drag the shape and raise N (up to a million) to watch the update time."});
