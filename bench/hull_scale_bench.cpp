// make_convex_hull on large seeded clouds, double: points on a sphere (every point a
// hull vertex, about 2N triangles), in a cube (few on the hull, most dropped early) and
// on a cylinder's two rims (two caps with N / 2 coplanar vertices each).
#include "collision_lab/hull.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

namespace {

std::vector<geo::Vec3<double>> sphere_points(int count) {
  std::mt19937_64 rng(91);
  std::normal_distribution<double> normal;
  std::vector<geo::Vec3<double>> points(count);
  for (auto& p : points) p = glm::normalize(geo::Vec3<double>(normal(rng), normal(rng), normal(rng)));
  return points;
}

std::vector<geo::Vec3<double>> cube_points(int count) {
  std::mt19937_64 rng(92);
  std::uniform_real_distribution<double> uniform(-1, 1);
  std::vector<geo::Vec3<double>> points(count);
  for (auto& p : points) p = {uniform(rng), uniform(rng), uniform(rng)};
  return points;
}

std::vector<geo::Vec3<double>> cylinder_points(int count) {
  std::mt19937_64 rng(93);
  std::uniform_real_distribution<double> turn(0, 6.283185307179586);
  std::vector<geo::Vec3<double>> points(count);
  for (int i = 0; i < count; ++i) {
    const double angle = turn(rng);
    points[i] = {std::cos(angle), std::sin(angle), i % 2 ? 1.0 : -1.0};
  }
  return points;
}

void run(benchmark::State& state, const std::vector<geo::Vec3<double>>& points) {
  std::size_t faces = 0;
  for (auto _ : state) {
    const auto build = geo::make_convex_hull(points);
    if (!build.ok()) state.SkipWithError(build.message.c_str());
    faces = build.hull.faces.size();
    benchmark::DoNotOptimize(faces);
  }
  state.counters["faces"] = static_cast<double>(faces);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(points.size()));
}

void BM_HullSphere(benchmark::State& state) { run(state, sphere_points(static_cast<int>(state.range(0)))); }
void BM_HullCube(benchmark::State& state) { run(state, cube_points(static_cast<int>(state.range(0)))); }
void BM_HullCylinder(benchmark::State& state) { run(state, cylinder_points(static_cast<int>(state.range(0)))); }

BENCHMARK(BM_HullSphere)->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HullCube)->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HullCylinder)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace
