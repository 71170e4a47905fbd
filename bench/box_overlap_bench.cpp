// The dedicated SAT tests against the generic one over prebuilt SatShapes and against a
// bare textbook 15-axis OBB test (verdict only, for scale); and GJK, EPA and SAT between
// two 32-vertex hulls. Each runs 1024 seeded pairs near contact (about half overlapping).
#include "collision_lab/aabb_overlap.h"
#include "collision_lab/box_overlap.h"
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"

#include <benchmark/benchmark.h>

#include <random>

namespace {

using V = geo::Vec3<double>;
constexpr int kPairs = 1024;

std::array<V, 3> random_frame(std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  V q(normal(rng), normal(rng), normal(rng));
  double w = normal(rng);
  const double n = std::sqrt(w * w + glm::dot(q, q));
  w /= n;
  q /= n;
  const double x = q.x, y = q.y, z = q.z;
  return {V(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)),
          V(2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)),
          V(2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y))};
}

std::vector<std::pair<geo::Obb<double>, geo::Obb<double>>> box_pairs() {
  std::mt19937_64 rng(77);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<std::pair<geo::Obb<double>, geo::Obb<double>>> out;
  for (int i = 0; i < kPairs; ++i) {
    const geo::Obb<double> a{V(0), random_frame(rng), V(1, 0.7, 0.5)};
    const geo::Obb<double> b{V(u(rng), u(rng), u(rng)) * 2.0, random_frame(rng), V(0.8, 0.6, 0.9)};
    out.push_back({a, b});
  }
  return out;
}

// The bare textbook test: 15 axes from R with |R| + eps, verdict only.
bool textbook_overlap(const geo::Obb<double>& a, const geo::Obb<double>& b) {
  double r[3][3], abs_r[3][3], t[3];
  const V offset = b.center - a.center;
  for (int i = 0; i < 3; ++i) {
    t[i] = glm::dot(offset, a.axes[i]);
    for (int j = 0; j < 3; ++j) {
      r[i][j] = glm::dot(a.axes[i], b.axes[j]);
      abs_r[i][j] = std::abs(r[i][j]) + 1e-12;
    }
  }
  const V& ha = a.half_extents;
  const V& hb = b.half_extents;
  for (int i = 0; i < 3; ++i) {
    if (std::abs(t[i]) > ha[i] + hb[0] * abs_r[i][0] + hb[1] * abs_r[i][1] + hb[2] * abs_r[i][2]) return false;
  }
  for (int j = 0; j < 3; ++j) {
    const double tb = t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j];
    if (std::abs(tb) > ha[0] * abs_r[0][j] + ha[1] * abs_r[1][j] + ha[2] * abs_r[2][j] + hb[j]) return false;
  }
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double distance = std::abs(t[i2] * r[i1][j] - t[i1] * r[i2][j]);
      if (distance > ha[i1] * abs_r[i2][j] + ha[i2] * abs_r[i1][j] + hb[j1] * abs_r[i][j2] + hb[j2] * abs_r[i][j1]) return false;
    }
  }
  return true;
}

template <typename Query>
void run_pairs(benchmark::State& state, int count, Query&& query) {
  int i = 0;
  for (auto _ : state) {
    query(i);
    i = (i + 1) % count;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_BoxTextbook(benchmark::State& state) {
  const auto pairs = box_pairs();
  run_pairs(state, kPairs, [&](int i) { benchmark::DoNotOptimize(textbook_overlap(pairs[i].first, pairs[i].second)); });
}
BENCHMARK(BM_BoxTextbook);

void BM_BoxDedicated(benchmark::State& state) {
  const auto pairs = box_pairs();
  run_pairs(state, kPairs, [&](int i) { benchmark::DoNotOptimize(geo::box_overlap(pairs[i].first, pairs[i].second)); });
}
BENCHMARK(BM_BoxDedicated);

geo::SatOptions quick() {
  geo::SatOptions options;
  options.stop_at_separation = true;
  return options;
}

void BM_BoxGenericPrebuilt(benchmark::State& state) {
  std::vector<std::pair<geo::SatShape<double>, geo::SatShape<double>>> shapes;
  for (const auto& [a, b] : box_pairs()) shapes.push_back({geo::sat_shape(a), geo::sat_shape(b)});
  run_pairs(state, kPairs, [&](int i) { benchmark::DoNotOptimize(geo::sat_overlap(shapes[i].first, shapes[i].second, quick())); });
}
BENCHMARK(BM_BoxGenericPrebuilt);

void BM_TriangleAabbDedicated(benchmark::State& state) {
  std::vector<geo::Triangle<double>> triangles;
  for (const auto& [a, b] : box_pairs()) triangles.push_back({b.center + a.axes[0], b.center + a.axes[1] * 0.5, b.center - a.axes[2]});
  const geo::Aabb<double> box{V(-1, -0.7, -0.5), V(1, 0.7, 0.5)};
  run_pairs(state, kPairs, [&](int i) { benchmark::DoNotOptimize(geo::aabb_overlap(triangles[i], box)); });
}
BENCHMARK(BM_TriangleAabbDedicated);

void BM_SegmentAabbDedicated(benchmark::State& state) {
  std::vector<geo::Segment<double>> segments;
  for (const auto& [a, b] : box_pairs()) segments.push_back({b.center + a.axes[0], b.center - a.axes[1]});
  const geo::Aabb<double> box{V(-1, -0.7, -0.5), V(1, 0.7, 0.5)};
  run_pairs(state, kPairs, [&](int i) { benchmark::DoNotOptimize(geo::aabb_overlap(segments[i], box)); });
}
BENCHMARK(BM_SegmentAabbDedicated);

// 64 pairs of 32-vertex hulls (points on unit spheres), centres up to 2.4 apart.
std::vector<std::pair<geo::ConvexPolyhedron<double>, geo::ConvexPolyhedron<double>>> hull_pairs() {
  std::mt19937_64 rng(99);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> u(-1.4, 1.4);
  const auto hull = [&](const V& center) {
    std::vector<V> points;
    for (int k = 0; k < 32; ++k) points.push_back(center + glm::normalize(V(normal(rng), normal(rng), normal(rng))));
    return geo::make_convex_hull(points).hull;
  };
  std::vector<std::pair<geo::ConvexPolyhedron<double>, geo::ConvexPolyhedron<double>>> out;
  for (int i = 0; i < 64; ++i) out.push_back({hull(V(0)), hull(V(u(rng), u(rng), u(rng)))});
  return out;
}

void BM_Hull32Gjk(benchmark::State& state) {
  std::vector<std::pair<geo::ConvexShape<double>, geo::ConvexShape<double>>> shapes;
  for (const auto& [a, b] : hull_pairs()) shapes.push_back({a, b});
  run_pairs(state, 64, [&](int i) { benchmark::DoNotOptimize(geo::gjk_distance(shapes[i].first, shapes[i].second)); });
}
BENCHMARK(BM_Hull32Gjk);

void BM_Hull32Epa(benchmark::State& state) {
  std::vector<std::pair<geo::ConvexShape<double>, geo::ConvexShape<double>>> shapes;
  for (const auto& [a, b] : hull_pairs()) {
    if (geo::gjk_distance<double>(a, b).overlap) shapes.push_back({a, b});
  }
  const int count = static_cast<int>(shapes.size());
  run_pairs(state, count, [&](int i) { benchmark::DoNotOptimize(geo::epa_penetration(shapes[i].first, shapes[i].second)); });
}
BENCHMARK(BM_Hull32Epa);

void BM_Hull32Sat(benchmark::State& state) {
  std::vector<std::pair<geo::SatShape<double>, geo::SatShape<double>>> shapes;
  for (const auto& [a, b] : hull_pairs()) shapes.push_back({geo::sat_shape(a), geo::sat_shape(b)});
  run_pairs(state, 64, [&](int i) { benchmark::DoNotOptimize(geo::sat_overlap(shapes[i].first, shapes[i].second, quick())); });
}
BENCHMARK(BM_Hull32Sat);

}  // namespace
