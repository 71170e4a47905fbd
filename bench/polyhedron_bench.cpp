// Convex hull and polyhedron queries on 1024 seeded well-shaped cases (4..30 points in a
// cube), float and double.
#include "collision_lab/hull.h"
#include "collision_lab/polyhedron.h"

#include <benchmark/benchmark.h>

#include <random>

namespace {

constexpr int kCases = 1024;

template <typename T>
struct HullCases {
  std::vector<std::vector<geo::Vec3<T>>> points;
  std::vector<geo::ConvexPolyhedron<T>> hulls;
  std::vector<geo::Vec3<T>> queries;
};

template <typename T>
const HullCases<T>& cases() {
  static const HullCases<T> data = [] {
    HullCases<T> out;
    std::mt19937_64 rng(5678);
    auto uniform = [&](double lo, double hi) { return T(std::uniform_real_distribution<double>(lo, hi)(rng)); };
    for (int i = 0; i < kCases; ++i) {
      const int count = std::uniform_int_distribution<int>(4, 30)(rng);
      const T size = uniform(0.5, 5);
      const geo::Vec3<T> centre(uniform(-10, 10), uniform(-10, 10), uniform(-10, 10));
      std::vector<geo::Vec3<T>> points;
      for (int k = 0; k < count; ++k) {
        points.push_back(centre + geo::Vec3<T>(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)) * size);
      }
      out.points.push_back(points);
      out.hulls.push_back(geo::make_convex_hull(points).hull);
      out.queries.push_back(centre + geo::Vec3<T>(uniform(-3, 3), uniform(-3, 3), uniform(-3, 3)) * size);
    }
    return out;
  }();
  return data;
}

template <typename T>
void BM_MakeConvexHull(benchmark::State& state) {
  const auto& data = cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::make_convex_hull(data.points[i]));
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
}

template <typename T>
void BM_PolyhedronContains(benchmark::State& state) {
  const auto& data = cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::contains(data.hulls[i], data.queries[i]));
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
}

template <typename T>
void BM_PolyhedronClosestPoint(benchmark::State& state) {
  const auto& data = cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::closest_point(data.hulls[i], data.queries[i]));
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK_TEMPLATE(BM_MakeConvexHull, float);
BENCHMARK_TEMPLATE(BM_MakeConvexHull, double);
BENCHMARK_TEMPLATE(BM_PolyhedronContains, float);
BENCHMARK_TEMPLATE(BM_PolyhedronContains, double);
BENCHMARK_TEMPLATE(BM_PolyhedronClosestPoint, float);
BENCHMARK_TEMPLATE(BM_PolyhedronClosestPoint, double);

}  // namespace
