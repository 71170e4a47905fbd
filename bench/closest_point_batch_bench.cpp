// The stress sample's workload: 100,000 closest-point queries against one shape, through
// the single query in a loop (as the sample did) and through the batch. The shapes are the
// sample's, in the z = 0 plane, and so are the queries (seeded, in [-9, 9] x [-6, 6]).
// The per_query counter (seconds per query) is the figure to compare.
#include "collision_lab/closest_point.h"
#include "collision_lab/closest_feature_batch.h"
#include "collision_lab/closest_point_batch.h"
#include "collision_lab/hull.h"
#include "collision_lab/plane.h"
#include "collision_lab/polygon.h"
#include "collision_lab/triangle.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

constexpr std::size_t kQueries = 100000;

const std::vector<glm::dvec3>& queries() {
  static const std::vector<glm::dvec3> points = [] {
    std::mt19937 random(20240611);
    std::uniform_real_distribution<double> x(-9, 9), y(-6, 6);
    std::vector<glm::dvec3> result(kQueries);
    for (auto& q : result) q = {x(random), y(random), 0};
    return result;
  }();
  return points;
}

// The same rectangle as a grid of 400 x 250 pixel centres, row by row, as the field overlay
// asks: neighbours mostly share their feature.
const std::vector<glm::dvec3>& grid() {
  static const std::vector<glm::dvec3> points = [] {
    constexpr int kColumns = 400, kRows = int(kQueries / kColumns);
    std::vector<glm::dvec3> result;
    for (int j = 0; j < kRows; ++j) {
      for (int i = 0; i < kColumns; ++i) result.push_back({-9 + 18 * (i + 0.5) / kColumns, -6 + 12 * (j + 0.5) / kRows, 0});
    }
    return result;
  }();
  return points;
}

geo::Segment<double> segment() { return {{-3, -1, 0}, {3, 1.5, 0}}; }
geo::Triangle<double> triangle() { return {{-3, -2, 0}, {3.5, -1, 0}, {0, 3, 0}}; }
geo::Sphere<double> circle() { return {{0, 0, 0}, 2.5}; }
geo::Aabb<double> aabb() { return {{-3, -1.6, 0}, {3, 1.6, 0}}; }
geo::Line<double> line() { return {{-3, -1, 0}, {6, 2.5, 0}}; }
geo::Plane<double> plane() { return geo::make_plane(glm::dvec3(1, 2, 0), 1.0).plane; }
geo::Obb<double> obb() {
  geo::Obb<double> box;
  const double c = std::cos(0.4), s = std::sin(0.4);
  box.axes = {glm::dvec3(c, s, 0), glm::dvec3(-s, c, 0), glm::dvec3(0, 0, 1)};
  box.half_extents = {3, 1.6, 0};
  return box;
}
// The polyhedron sample's hull (9 vertices, 14 faces).
geo::ConvexPolyhedron<double> polyhedron() {
  return geo::make_convex_hull<double>({{-2, -1.5, -1.5}, {2.2, -1.2, -1.8}, {2.5, -1, 1.5}, {-1.8, -1.3, 2}, {0, 2.5, 0},
                                        {-2.4, 0.8, -0.5}, {1.5, 1.5, -1.2}, {1, 1.2, 1.8}, {0.3, -2, 0.2}})
      .hull;
}
geo::ConvexPolygon<double> polygon() {
  return geo::make_convex_polygon<double>({{-3, -2}, {2, -2.5}, {3.5, 0.5}, {1, 3}, {-2.5, 2}}).polygon;
}

void report(benchmark::State& state) {
  const auto total = static_cast<double>(state.iterations() * kQueries);
  state.SetItemsProcessed(static_cast<std::int64_t>(total));
  state.counters["per_query"] = benchmark::Counter(total, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// closest_point(shape, q).point for each query, as the stress sample did.
template <typename Shape>
void single(benchmark::State& state, const Shape& shape) {
  const auto& points = queries();
  std::vector<glm::dvec3> out(points.size());
  for (auto _ : state) {
    for (std::size_t i = 0; i < points.size(); ++i) {
      if constexpr (std::is_same_v<Shape, geo::ConvexPolygon<double>>) {
        out[i] = glm::dvec3(geo::closest_point(shape, glm::dvec2(points[i])).point, 0);
      } else {
        out[i] = geo::closest_point(shape, points[i]).point;
      }
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  report(state);
}

// The batch, through the AnyShape dispatch the app would use.
template <typename Shape>
void batch(benchmark::State& state, const Shape& shape) {
  const geo::AnyShape<double> any = shape;
  const auto& points = queries();
  std::vector<glm::dvec3> out(points.size());
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::closest_points<double>(any, points, out));
    benchmark::ClobberMemory();
  }
  report(state);
}

// The batch with each point's feature, as the app's field overlay asks it (512 x 512 of
// these a repaint: multiply per_query by 262,144 for the overlay's batch time); random
// points, or the overlay's coherent grid (BM_FeaturesGrid_*).
template <typename Shape>
void features(benchmark::State& state, const Shape& shape, const std::vector<glm::dvec3>& points = queries()) {
  const geo::AnyShape<double> any = shape;
  std::vector<glm::dvec3> out(points.size());
  std::vector<geo::FeatureRef> feature(points.size());
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::closest_points<double>(any, points, out, feature));
    benchmark::ClobberMemory();
  }
  report(state);
}

void BM_Single_Segment(benchmark::State& state) { single(state, segment()); }
void BM_Batch_Segment(benchmark::State& state) { batch(state, segment()); }
void BM_Single_Triangle(benchmark::State& state) { single(state, triangle()); }
void BM_Batch_Triangle(benchmark::State& state) { batch(state, triangle()); }
void BM_Single_Obb(benchmark::State& state) { single(state, obb()); }
void BM_Batch_Obb(benchmark::State& state) { batch(state, obb()); }
void BM_Single_Polygon(benchmark::State& state) { single(state, polygon()); }
void BM_Batch_Polygon(benchmark::State& state) { batch(state, polygon()); }
void BM_Single_Circle(benchmark::State& state) { single(state, circle()); }
void BM_Batch_Circle(benchmark::State& state) { batch(state, circle()); }
void BM_Single_Aabb(benchmark::State& state) { single(state, aabb()); }
void BM_Batch_Aabb(benchmark::State& state) { batch(state, aabb()); }
void BM_Single_Line(benchmark::State& state) { single(state, line()); }
void BM_Batch_Line(benchmark::State& state) { batch(state, line()); }
void BM_Single_Plane(benchmark::State& state) { single(state, plane()); }
void BM_Batch_Plane(benchmark::State& state) { batch(state, plane()); }

void BM_Features_Segment(benchmark::State& state) { features(state, segment()); }
void BM_Features_Triangle(benchmark::State& state) { features(state, triangle()); }
void BM_Features_Obb(benchmark::State& state) { features(state, obb()); }
void BM_Features_Polygon(benchmark::State& state) { features(state, polygon()); }
void BM_Features_Circle(benchmark::State& state) { features(state, circle()); }
void BM_Features_Aabb(benchmark::State& state) { features(state, aabb()); }
void BM_Features_Line(benchmark::State& state) { features(state, line()); }
void BM_Features_Plane(benchmark::State& state) { features(state, plane()); }
void BM_Features_Polyhedron(benchmark::State& state) { features(state, polyhedron()); }
void BM_FeaturesGrid_Triangle(benchmark::State& state) { features(state, triangle(), grid()); }
void BM_FeaturesGrid_Polygon(benchmark::State& state) { features(state, polygon(), grid()); }
void BM_FeaturesGrid_Polyhedron(benchmark::State& state) { features(state, polyhedron(), grid()); }

BENCHMARK(BM_Single_Segment)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Batch_Segment)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Single_Triangle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Batch_Triangle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Single_Obb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Batch_Obb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Single_Polygon)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Batch_Polygon)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Single_Circle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Batch_Circle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Single_Aabb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Batch_Aabb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Single_Line)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Batch_Line)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Single_Plane)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Batch_Plane)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Features_Segment)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Features_Triangle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Features_Obb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Features_Polygon)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Features_Circle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Features_Aabb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Features_Line)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Features_Plane)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Features_Polyhedron)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FeaturesGrid_Triangle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FeaturesGrid_Polygon)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FeaturesGrid_Polyhedron)->Unit(benchmark::kMillisecond);

}  // namespace
