// GJK distance and EPA depth on 1024 seeded well-shaped cases per pair (box-box,
// hull-hull, sphere-box, triangle-box), float and double. GJK runs along a seeded
// moving path (B circling A, turning slowly), with and without the coherence cache;
// EPA runs on overlapping pairs. Counters: iterations per query.
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

namespace {

constexpr int kCases = 1024;
enum class PairKind { BoxBox, HullHull, SphereBox, TriangleBox };

using D3 = geo::Vec3<double>;
using M3 = glm::mat<3, 3, double, glm::defaultp>;

M3 rotation(const D3& axis, double angle) {
  const D3 u = glm::normalize(axis);
  const double c = std::cos(angle), s = std::sin(angle);
  const M3 k(0, u.z, -u.y, -u.z, 0, u.x, u.y, -u.x, 0);
  return M3(1.0) + k * s + k * k * (1 - c);
}

template <typename T>
geo::ConvexPolyhedron<T> random_hull(std::mt19937_64& rng, const M3& frame, const D3& centre) {
  std::uniform_real_distribution<double> u(-1, 1);
  for (;;) {
    std::vector<geo::Vec3<T>> points;
    for (int i = 0; i < 12; ++i) points.push_back(geo::Vec3<T>(centre + frame * D3(u(rng), u(rng), u(rng))));
    auto build = geo::make_convex_hull(points);
    if (build.ok()) return build.hull;
  }
}

template <typename T>
geo::Obb<T> obb(const M3& frame, const D3& centre, const D3& half) {
  geo::Obb<T> box;
  box.center = geo::Vec3<T>(centre);
  for (int k = 0; k < 3; ++k) box.axes[k] = geo::Vec3<T>(frame[k]);
  box.half_extents = geo::Vec3<T>(half);
  return box;
}

// Shape A at the origin and shape B at `centre` turned by `frame`.
template <typename T>
std::pair<geo::ConvexShape<T>, geo::ConvexShape<T>> make_pair(PairKind kind, std::mt19937_64& rng, const M3& frame,
                                                              const D3& centre) {
  const M3 tilt = rotation(D3(1, 2, 3), 0.4);
  switch (kind) {
    case PairKind::BoxBox: return {obb<T>(tilt, D3(0), D3(1, 0.6, 0.8)), obb<T>(frame, centre, D3(0.7, 0.9, 0.5))};
    case PairKind::HullHull: {
      std::mt19937_64 shapes(7);  // the same two hulls in every frame
      const auto a = random_hull<T>(shapes, tilt, D3(0));
      auto b = random_hull<T>(shapes, M3(1.0), D3(0));
      for (auto& v : b.vertices) v = geo::Vec3<T>(frame * D3(v) + centre);
      for (std::size_t f = 0; f < b.faces.size(); ++f) {  // keep the planes with the vertices
        b.face_planes[f].normal = geo::Vec3<T>(glm::normalize(frame * D3(b.face_planes[f].normal)));
        b.face_planes[f].d = glm::dot(b.face_planes[f].normal, b.vertices[b.faces[f][0]]);
      }
      (void)rng;
      return {a, b};
    }
    case PairKind::SphereBox: return {geo::Sphere<T>{geo::Vec3<T>(centre), T(0.8)}, obb<T>(tilt, D3(0), D3(1, 0.6, 0.8))};
    case PairKind::TriangleBox: {
      const geo::Triangle<T> t{geo::Vec3<T>(centre + frame * D3(-1, -0.5, 0)), geo::Vec3<T>(centre + frame * D3(1, -0.4, 0.1)),
                               geo::Vec3<T>(centre + frame * D3(0.1, 1, -0.2))};
      return {t, obb<T>(tilt, D3(0), D3(1, 0.6, 0.8))};
    }
  }
  return {};
}

// A seeded closed path: B circles A at 1.5..3.5 (sometimes touching), turning slowly.
template <typename T>
const std::vector<std::pair<geo::ConvexShape<T>, geo::ConvexShape<T>>>& moving_path(PairKind kind) {
  static std::vector<std::pair<geo::ConvexShape<T>, geo::ConvexShape<T>>> paths[4];
  auto& frames = paths[static_cast<int>(kind)];
  if (frames.empty()) {
    std::mt19937_64 rng(1234 + static_cast<int>(kind));
    const D3 spin = glm::normalize(D3(0.3, 1, 0.2));
    for (int i = 0; i < kCases; ++i) {
      const double t = 6.283185307179586 * i / kCases;
      const D3 centre(2.5 * std::cos(t) + std::cos(3 * t), 2.5 * std::sin(t), 0.8 * std::sin(2 * t));
      frames.push_back(make_pair<T>(kind, rng, rotation(spin, 2 * t), centre));
    }
  }
  return frames;
}

// Overlapping pairs at seeded random offsets and orientations.
template <typename T>
const std::vector<std::pair<geo::ConvexShape<T>, geo::ConvexShape<T>>>& overlapping(PairKind kind) {
  static std::vector<std::pair<geo::ConvexShape<T>, geo::ConvexShape<T>>> sets[4];
  auto& cases = sets[static_cast<int>(kind)];
  if (cases.empty()) {
    std::mt19937_64 rng(4321 + static_cast<int>(kind));
    std::uniform_real_distribution<double> u(-1, 1);
    for (int i = 0; i < kCases; ++i) {
      const D3 axis(u(rng), u(rng), u(rng) + 1.5);
      cases.push_back(make_pair<T>(kind, rng, rotation(axis, 3 * u(rng)), D3(u(rng), u(rng), u(rng)) * 0.6));
    }
  }
  return cases;
}

template <typename T, PairKind kind, bool use_cache>
void BM_Gjk(benchmark::State& state) {
  const auto& frames = moving_path<T>(kind);
  geo::GjkCache cache;
  geo::GjkOptions options;
  if (use_cache) options.cache = &cache;
  std::size_t i = 0;
  std::int64_t iterations = 0;
  for (auto _ : state) {
    const auto result = geo::gjk_distance(frames[i].first, frames[i].second, options);
    iterations += result.iteration_count;
    benchmark::DoNotOptimize(result);
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["iterations"] = benchmark::Counter(static_cast<double>(iterations) / static_cast<double>(state.iterations()));
}

template <typename T, PairKind kind>
void BM_Epa(benchmark::State& state) {
  const auto& cases = overlapping<T>(kind);
  std::size_t i = 0;
  std::int64_t iterations = 0;
  for (auto _ : state) {
    const auto result = geo::epa_penetration(cases[i].first, cases[i].second);
    iterations += result.iteration_count;
    benchmark::DoNotOptimize(result);
    i = (i + 1) % kCases;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["iterations"] = benchmark::Counter(static_cast<double>(iterations) / static_cast<double>(state.iterations()));
}

#define GJK_BENCH(kind)                                      \
  BENCHMARK_TEMPLATE(BM_Gjk, float, PairKind::kind, false);  \
  BENCHMARK_TEMPLATE(BM_Gjk, float, PairKind::kind, true);   \
  BENCHMARK_TEMPLATE(BM_Gjk, double, PairKind::kind, false); \
  BENCHMARK_TEMPLATE(BM_Gjk, double, PairKind::kind, true);  \
  BENCHMARK_TEMPLATE(BM_Epa, float, PairKind::kind);         \
  BENCHMARK_TEMPLATE(BM_Epa, double, PairKind::kind)

GJK_BENCH(BoxBox);
GJK_BENCH(HullHull);
GJK_BENCH(SphereBox);
GJK_BENCH(TriangleBox);

}  // namespace
