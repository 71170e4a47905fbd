// SAT benchmarks: every main pair in float and double on 1024 seeded moving-shape steps
// (each step turns and moves B a little), without and with the coherence cache, and the
// axis tests per query as a counter; and two 800-vertex hulls, the case that once took minutes.
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

namespace {

constexpr int kCases = 1024;
using V = geo::Vec3<double>;

V rotate(const V& v, const V& axis, double angle) {
  return v * std::cos(angle) + glm::cross(axis, v) * std::sin(angle) + axis * glm::dot(axis, v) * (1 - std::cos(angle));
}

enum class Pair { ObbObb, AabbAabb, TriangleAabb, TriangleTriangle, PolyhedronPolyhedron, SegmentObb };

// A path of B around A: near contact, a small turn and step each case.
template <typename T>
std::vector<std::pair<geo::SatShape<T>, geo::SatShape<T>>> path(Pair pair) {
  std::mt19937_64 rng(4321 + static_cast<int>(pair));
  auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  const auto cast = [](const V& v) { return geo::Vec3<T>(v); };
  std::vector<V> cloud_a, cloud_b;
  for (int i = 0; i < 10; ++i) cloud_a.push_back(V(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)));
  for (int i = 0; i < 10; ++i) cloud_b.push_back(V(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)));
  std::vector<std::pair<geo::SatShape<T>, geo::SatShape<T>>> out;
  V axis = glm::normalize(V(0.3, 0.5, 0.8)), position(2.2, 0.3, -0.2);
  double angle = 0;
  for (int i = 0; i < kCases; ++i) {
    angle += 0.01;
    position = rotate(position, V(0, 0, 1), 0.004) * (1 + 0.02 * std::sin(i * 0.05));
    const auto turn = [&](const V& v) { return rotate(v, axis, angle); };
    geo::SatShape<T> a, b;
    switch (pair) {
      case Pair::ObbObb:
        a = geo::sat_shape(geo::Obb<T>{geo::Vec3<T>(0), {cast(V(1, 0, 0)), cast(V(0, 1, 0)), cast(V(0, 0, 1))}, geo::Vec3<T>(1, 0.7, 0.5)});
        b = geo::sat_shape(geo::Obb<T>{cast(position), {cast(turn(V(1, 0, 0))), cast(turn(V(0, 1, 0))), cast(turn(V(0, 0, 1)))},
                                       geo::Vec3<T>(0.8, 0.6, 0.9)});
        break;
      case Pair::AabbAabb:
        a = geo::sat_shape(geo::Aabb<T>{geo::Vec3<T>(-1), geo::Vec3<T>(1)});
        b = geo::sat_shape(geo::Aabb<T>{cast(position - V(0.7)), cast(position + V(0.7))});
        break;
      case Pair::TriangleAabb:
        a = geo::sat_shape(geo::Triangle<T>{cast(position + turn(V(1, 0, 0))), cast(position + turn(V(-0.5, 0.8, 0))),
                                            cast(position + turn(V(-0.5, -0.8, 0.2)))});
        b = geo::sat_shape(geo::Aabb<T>{geo::Vec3<T>(-1), geo::Vec3<T>(1)});
        break;
      case Pair::TriangleTriangle:
        a = geo::sat_shape(geo::Triangle<T>{geo::Vec3<T>(-1, 0, 0), geo::Vec3<T>(1, 0.2, 0), geo::Vec3<T>(0, 1.5, 0.3)});
        b = geo::sat_shape(geo::Triangle<T>{cast(position * 0.5 + turn(V(1, 0, 0))), cast(position * 0.5 + turn(V(-0.5, 0.8, 0))),
                                            cast(position * 0.5 + turn(V(-0.5, -0.8, 0.2)))});
        break;
      case Pair::PolyhedronPolyhedron: {
        std::vector<geo::Vec3<T>> pa, pb;
        for (const auto& p : cloud_a) pa.push_back(cast(p));
        for (const auto& p : cloud_b) pb.push_back(cast(position + turn(p)));
        a = geo::sat_shape(geo::make_convex_hull(pa).hull);
        b = geo::sat_shape(geo::make_convex_hull(pb).hull);
        break;
      }
      case Pair::SegmentObb:
        a = geo::sat_shape(geo::Segment<T>{cast(position + turn(V(-1, 0, 0))), cast(position + turn(V(1, 0, 0)))});
        b = geo::sat_shape(geo::Obb<T>{geo::Vec3<T>(0), {cast(V(1, 0, 0)), cast(V(0, 1, 0)), cast(V(0, 0, 1))}, geo::Vec3<T>(1, 0.7, 0.5)});
        break;
    }
    out.push_back({a, b});
  }
  return out;
}

template <typename T>
void BM_Sat(benchmark::State& state, Pair pair, bool use_cache) {
  const auto cases = path<T>(pair);
  geo::SatCache cache;
  geo::SatOptions options;
  options.stop_at_separation = true;
  if (use_cache) options.cache = &cache;
  std::size_t i = 0;
  long long axis_tests = 0, separated = 0;
  for (auto _ : state) {
    const auto result = geo::sat_overlap(cases[i].first, cases[i].second, options);
    axis_tests += result.axis_tests;
    separated += !result.overlap;
    benchmark::DoNotOptimize(result);
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["axes/query"] = benchmark::Counter(static_cast<double>(axis_tests) / static_cast<double>(state.iterations()));
  state.counters["separated"] = benchmark::Counter(static_cast<double>(separated) / static_cast<double>(state.iterations()));
}

void BM_SatFloat(benchmark::State& state, Pair pair, bool use_cache) { BM_Sat<float>(state, pair, use_cache); }
void BM_SatDouble(benchmark::State& state, Pair pair, bool use_cache) { BM_Sat<double>(state, pair, use_cache); }

#define SAT_BENCH(name, pair)                                        \
  BENCHMARK_CAPTURE(BM_SatFloat, name, pair, false);                 \
  BENCHMARK_CAPTURE(BM_SatFloat, name##_cached, pair, true);         \
  BENCHMARK_CAPTURE(BM_SatDouble, name, pair, false);                \
  BENCHMARK_CAPTURE(BM_SatDouble, name##_cached, pair, true)

SAT_BENCH(obb_obb, Pair::ObbObb);
SAT_BENCH(aabb_aabb, Pair::AabbAabb);
SAT_BENCH(triangle_aabb, Pair::TriangleAabb);
SAT_BENCH(triangle_triangle, Pair::TriangleTriangle);
SAT_BENCH(polyhedron_polyhedron, Pair::PolyhedronPolyhedron);
SAT_BENCH(segment_obb, Pair::SegmentObb);

// The 2D test on two octagons drifting past each other.
template <typename T>
void BM_SatPolygon(benchmark::State& state) {
  std::vector<std::pair<geo::ConvexPolygon<T>, geo::ConvexPolygon<T>>> cases;
  for (int i = 0; i < kCases; ++i) {
    geo::ConvexPolygon<T> a, b;
    for (int k = 0; k < 8; ++k) {
      const double angle = k * 0.785398;
      a.vertices.push_back(geo::Vec2<T>(T(std::cos(angle)), T(std::sin(angle))));
      const double turn = angle + 0.01 * i;
      b.vertices.push_back(geo::Vec2<T>(T(1.5 + 0.8 * std::cos(turn) + std::sin(i * 0.02)), T(0.8 * std::sin(turn))));
    }
    cases.push_back({a, b});
  }
  geo::SatOptions options;
  options.stop_at_separation = true;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::sat_overlap(cases[i].first, cases[i].second, options));
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_TEMPLATE(BM_SatPolygon, float);
BENCHMARK_TEMPLATE(BM_SatPolygon, double);

// Two hulls of 800 random points on unit spheres, the query tool's work after the hull:
// both SAT shapes, then the test. Separated, the early-out stops at a face axis (or, with
// "trace", tests every axis); overlapping, every face axis and every edge pair whose
// Gauss-map arcs cross is tested.
enum class HullCase { Overlapping, Separated, SeparatedTrace };

void BM_SatHullHull800(benchmark::State& state, HullCase which) {
  std::mt19937_64 rng(800);
  std::normal_distribution<double> normal;
  const auto sphere = [&](const V& center) {
    std::vector<V> points;
    for (int i = 0; i < 800; ++i) points.push_back(center + glm::normalize(V(normal(rng), normal(rng), normal(rng))));
    return geo::make_convex_hull(points).hull;
  };
  const auto a = sphere(V(0));
  const auto b = sphere(which == HullCase::Overlapping ? V(1.2, 0.3, 0.1) : V(2.1, 0.3, 0.1));
  geo::SatOptions options;
  options.stop_at_separation = which != HullCase::SeparatedTrace;
  int axis_tests = 0;
  for (auto _ : state) {
    const auto result = geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b), options);
    axis_tests = result.axis_tests;
    benchmark::DoNotOptimize(result);
  }
  state.counters["axis tests"] = axis_tests;
  state.counters["vertices"] = static_cast<double>(a.vertices.size() + b.vertices.size());
}
BENCHMARK_CAPTURE(BM_SatHullHull800, overlapping, HullCase::Overlapping)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SatHullHull800, separated, HullCase::Separated)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SatHullHull800, separated_trace, HullCase::SeparatedTrace)->Unit(benchmark::kMillisecond);

}  // namespace
