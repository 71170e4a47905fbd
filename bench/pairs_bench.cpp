// The nine linear pairs, segment-triangle and triangle-triangle on seeded well-shaped
// inputs, float and double.
#include "collision_lab/triangle_pairs.h"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

constexpr int kCases = 1024;

template <typename T>
struct PairCase {
  geo::Segment<T> first, second;  // read as lines, rays or segments
  geo::Triangle<T> triangle_a, triangle_b;
};

// Shapes of size about 1 in a cube of side 4: some pairs intersect, most do not.
template <typename T>
std::vector<PairCase<T>> pair_cases() {
  std::mt19937_64 rng(5678);
  std::uniform_real_distribution<double> unit(-1, 1);
  std::vector<PairCase<T>> cases(kCases);
  for (auto& c : cases) {
    auto center = geo::Vec3<double>(unit(rng), unit(rng), unit(rng)) * 2.0;
    auto point = [&] { return geo::Vec3<T>(center + geo::Vec3<double>(unit(rng), unit(rng), unit(rng))); };
    c.first = {point(), point()};
    c.second = {point(), point()};
    c.triangle_a = {point(), point(), point()};
    c.triangle_b = {point(), point(), point()};
  }
  return cases;
}

template <typename T> geo::Line<T> line(const geo::Segment<T>& s) { return {s.a, s.b - s.a}; }
template <typename T> geo::Ray<T> ray(const geo::Segment<T>& s) { return {s.a, s.b - s.a}; }
template <typename T> geo::Segment<T> segment(const geo::Segment<T>& s) { return s; }

// One benchmark per pair of kinds: MakeA and MakeB read the stored segments as the shapes.
#define PAIR_BENCHMARK(NAME, MAKE_A, MAKE_B)                                             \
  template <typename T>                                                                  \
  void NAME(benchmark::State& state) {                                                   \
    const auto cases = pair_cases<T>();                                                  \
    std::size_t i = 0;                                                                   \
    for (auto _ : state) {                                                               \
      const auto& c = cases[i++ % kCases];                                               \
      benchmark::DoNotOptimize(geo::closest_points(MAKE_A(c.first), MAKE_B(c.second)));  \
    }                                                                                    \
    state.SetItemsProcessed(state.iterations());                                         \
  }                                                                                      \
  BENCHMARK_TEMPLATE(NAME, float);                                                       \
  BENCHMARK_TEMPLATE(NAME, double);

PAIR_BENCHMARK(BM_LineLine, line, line)
PAIR_BENCHMARK(BM_LineRay, line, ray)
PAIR_BENCHMARK(BM_LineSegment, line, segment)
PAIR_BENCHMARK(BM_RayLine, ray, line)
PAIR_BENCHMARK(BM_RayRay, ray, ray)
PAIR_BENCHMARK(BM_RaySegment, ray, segment)
PAIR_BENCHMARK(BM_SegmentLine, segment, line)
PAIR_BENCHMARK(BM_SegmentRay, segment, ray)
PAIR_BENCHMARK(BM_SegmentSegment, segment, segment)
#undef PAIR_BENCHMARK

template <typename T>
void BM_SegmentTriangle(benchmark::State& state) {
  const auto cases = pair_cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& c = cases[i++ % kCases];
    benchmark::DoNotOptimize(geo::closest_points(c.first, c.triangle_a));
  }
  state.SetItemsProcessed(state.iterations());
}

template <typename T>
void BM_TriangleSegment(benchmark::State& state) {
  const auto cases = pair_cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& c = cases[i++ % kCases];
    benchmark::DoNotOptimize(geo::closest_points(c.triangle_a, c.first));
  }
  state.SetItemsProcessed(state.iterations());
}

template <typename T>
void BM_TriangleTriangle(benchmark::State& state) {
  const auto cases = pair_cases<T>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& c = cases[i++ % kCases];
    benchmark::DoNotOptimize(geo::closest_points(c.triangle_a, c.triangle_b));
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK_TEMPLATE(BM_SegmentTriangle, float);
BENCHMARK_TEMPLATE(BM_SegmentTriangle, double);
BENCHMARK_TEMPLATE(BM_TriangleSegment, float);
BENCHMARK_TEMPLATE(BM_TriangleSegment, double);
BENCHMARK_TEMPLATE(BM_TriangleTriangle, float);
BENCHMARK_TEMPLATE(BM_TriangleTriangle, double);

}  // namespace
