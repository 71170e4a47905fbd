// Point-triangle, triangle_normal and contains on seeded well-shaped inputs, float and double.
#include "collision_lab/triangle.h"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

constexpr int kCases = 1024;

template <typename T>
struct TriangleCase {
  geo::Triangle<T> triangle;
  geo::Vec3<T> query;
};

// Triangles of size about 1 around the origin and queries within a few sizes of them.
template <typename T>
std::vector<TriangleCase<T>> triangle_cases() {
  std::mt19937_64 rng(1234);
  std::uniform_real_distribution<double> unit(-1, 1);
  auto point = [&](double half) { return geo::Vec3<T>(T(unit(rng) * half), T(unit(rng) * half), T(unit(rng) * half)); };
  std::vector<TriangleCase<T>> cases(kCases);
  for (auto& c : cases) c = {{point(1), point(1), point(1)}, point(3)};
  return cases;
}

template <typename T>
void BM_PointTriangle(benchmark::State& state) {
  const auto cases = triangle_cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& c = cases[i++ % kCases];
    benchmark::DoNotOptimize(geo::closest_point(c.triangle, c.query));
  }
  state.SetItemsProcessed(state.iterations());
}

template <typename T>
void BM_TriangleNormal(benchmark::State& state) {
  const auto cases = triangle_cases<T>();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(geo::triangle_normal(cases[i++ % kCases].triangle));
  state.SetItemsProcessed(state.iterations());
}

template <typename T>
void BM_TriangleContains2D(benchmark::State& state) {
  const auto cases = triangle_cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& c = cases[i++ % kCases];
    benchmark::DoNotOptimize(geo::contains(c.triangle, geo::Vec2<T>(c.query.x * T(0.3), c.query.y * T(0.3))));
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK_TEMPLATE(BM_PointTriangle, float);
BENCHMARK_TEMPLATE(BM_PointTriangle, double);
BENCHMARK_TEMPLATE(BM_TriangleNormal, float);
BENCHMARK_TEMPLATE(BM_TriangleNormal, double);
BENCHMARK_TEMPLATE(BM_TriangleContains2D, float);
BENCHMARK_TEMPLATE(BM_TriangleContains2D, double);

}  // namespace
