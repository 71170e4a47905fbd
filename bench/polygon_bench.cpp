// Convex polygon queries on 1024 seeded well-shaped cases (3..12 vertices), float and double.
#include "collision_lab/polygon.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

namespace {

constexpr int kCases = 1024;

template <typename T>
struct PolygonCases {
  std::vector<std::vector<geo::Vec2<T>>> vertices;
  std::vector<geo::ConvexPolygon<T>> polygons;
  std::vector<geo::Vec2<T>> queries;
};

template <typename T>
const PolygonCases<T>& cases() {
  static const PolygonCases<T> data = [] {
    PolygonCases<T> out;
    std::mt19937_64 rng(1234);
    auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    for (int i = 0; i < kCases; ++i) {
      const int count = std::uniform_int_distribution<int>(3, 12)(rng);
      const double size = uniform(0.5, 5), aspect = uniform(0.4, 1), turn = uniform(0, 6.28);
      const double cx = uniform(-10, 10), cy = uniform(-10, 10);
      std::vector<geo::Vec2<T>> vertices;
      for (int k = 0; k < count; ++k) {
        const double angle = (k + uniform(0.1, 0.9)) * 6.283185307179586 / count;
        const double x = size * std::cos(angle), y = size * aspect * std::sin(angle);
        vertices.push_back(geo::Vec2<T>(T(cx + x * std::cos(turn) - y * std::sin(turn)),
                                        T(cy + x * std::sin(turn) + y * std::cos(turn))));
      }
      out.vertices.push_back(vertices);
      out.polygons.push_back(geo::make_convex_polygon(vertices).polygon);
      out.queries.push_back(geo::Vec2<T>(T(cx + uniform(-3, 3) * size), T(cy + uniform(-3, 3) * size)));
    }
    return out;
  }();
  return data;
}

template <typename T>
void BM_MakeConvexPolygon(benchmark::State& state) {
  const auto& data = cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::make_convex_polygon(data.vertices[i]));
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
}

template <typename T>
void BM_PolygonContains(benchmark::State& state) {
  const auto& data = cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::contains(data.polygons[i], data.queries[i]));
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
}

template <typename T>
void BM_PolygonClosestPoint(benchmark::State& state) {
  const auto& data = cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::closest_point(data.polygons[i], data.queries[i]));
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK_TEMPLATE(BM_MakeConvexPolygon, float);
BENCHMARK_TEMPLATE(BM_MakeConvexPolygon, double);
BENCHMARK_TEMPLATE(BM_PolygonContains, float);
BENCHMARK_TEMPLATE(BM_PolygonContains, double);
BENCHMARK_TEMPLATE(BM_PolygonClosestPoint, float);
BENCHMARK_TEMPLATE(BM_PolygonClosestPoint, double);

}  // namespace
