// Closest-point queries on linear shapes, planes, boxes and spheres, in float and double,
// on 1024 pre-generated seeded well-shaped cases each, cycled through.
#include "collision_lab/closest_point.h"
#include "collision_lab/plane.h"

#include <benchmark/benchmark.h>

#include <array>
#include <cstddef>
#include <random>
#include <vector>

namespace {

constexpr std::size_t kCases = 1024;

template <typename T>
struct Generator {
  std::mt19937_64 engine{42};
  T uniform(double lo, double hi) { return static_cast<T>(std::uniform_real_distribution<double>(lo, hi)(engine)); }
  geo::Vec3<T> point() { return {uniform(-10, 10), uniform(-10, 10), uniform(-10, 10)}; }
  geo::Vec3<T> unit() {
    for (;;) {
      const geo::Vec3<T> v(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
      const T length = glm::length(v);
      if (length > T(0.1) && length <= T(1)) return v / length;
    }
  }
};

// Runs `query` over pre-generated (shape, point) cases, one query per iteration.
template <typename Shape, typename T, typename MakeShape>
void run(benchmark::State& state, MakeShape make_shape) {
  Generator<T> gen;
  std::vector<Shape> shapes;
  std::vector<geo::Vec3<T>> points;
  for (std::size_t i = 0; i < kCases; ++i) {
    shapes.push_back(make_shape(gen));
    points.push_back(gen.point());
  }
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(geo::closest_point(shapes[i], points[i]));
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

template <typename T> void BM_ClosestPointLine(benchmark::State& state) {
  run<geo::Line<T>, T>(state, [](Generator<T>& g) { return geo::Line<T>{g.point(), g.unit() * g.uniform(0.5, 2)}; });
}
template <typename T> void BM_ClosestPointRay(benchmark::State& state) {
  run<geo::Ray<T>, T>(state, [](Generator<T>& g) { return geo::Ray<T>{g.point(), g.unit() * g.uniform(0.5, 2)}; });
}
template <typename T> void BM_ClosestPointSegment(benchmark::State& state) {
  run<geo::Segment<T>, T>(state, [](Generator<T>& g) { return geo::Segment<T>{g.point(), g.point()}; });
}
template <typename T> void BM_ClosestPointPlane(benchmark::State& state) {
  run<geo::Plane<T>, T>(state, [](Generator<T>& g) { return geo::make_plane_from_normal_point(g.unit(), g.point()).plane; });
}
template <typename T> void BM_ClosestPointAabb(benchmark::State& state) {
  run<geo::Aabb<T>, T>(state, [](Generator<T>& g) {
    const geo::Vec3<T> center = g.point(), half(g.uniform(0.5, 3), g.uniform(0.5, 3), g.uniform(0.5, 3));
    return geo::Aabb<T>{center - half, center + half};
  });
}
template <typename T> void BM_ClosestPointObb(benchmark::State& state) {
  run<geo::Obb<T>, T>(state, [](Generator<T>& g) {
    const geo::Vec3<T> x = g.unit(), y = glm::normalize(glm::cross(x, g.unit()));
    return geo::Obb<T>{g.point(), {x, y, glm::cross(x, y)}, {g.uniform(0.5, 3), g.uniform(0.5, 3), g.uniform(0.5, 3)}};
  });
}
template <typename T> void BM_ClosestPointSphere(benchmark::State& state) {
  run<geo::Sphere<T>, T>(state, [](Generator<T>& g) { return geo::Sphere<T>{g.point(), g.uniform(0.5, 5)}; });
}

BENCHMARK_TEMPLATE(BM_ClosestPointLine, float);
BENCHMARK_TEMPLATE(BM_ClosestPointLine, double);
BENCHMARK_TEMPLATE(BM_ClosestPointRay, float);
BENCHMARK_TEMPLATE(BM_ClosestPointRay, double);
BENCHMARK_TEMPLATE(BM_ClosestPointSegment, float);
BENCHMARK_TEMPLATE(BM_ClosestPointSegment, double);
BENCHMARK_TEMPLATE(BM_ClosestPointPlane, float);
BENCHMARK_TEMPLATE(BM_ClosestPointPlane, double);
BENCHMARK_TEMPLATE(BM_ClosestPointAabb, float);
BENCHMARK_TEMPLATE(BM_ClosestPointAabb, double);
BENCHMARK_TEMPLATE(BM_ClosestPointObb, float);
BENCHMARK_TEMPLATE(BM_ClosestPointObb, double);
BENCHMARK_TEMPLATE(BM_ClosestPointSphere, float);
BENCHMARK_TEMPLATE(BM_ClosestPointSphere, double);

}  // namespace
