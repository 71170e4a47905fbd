// make_convex_hull on large seeded clouds: the result must be a valid convex hull of
// the input (checked without the O(points x faces) test), and a million points on a
// sphere must finish well inside a time limit that the quadratic build overran.
#include "collision_lab/hull.h"
#include "tests/unit/hull_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <tuple>
#include <sys/resource.h>

namespace {

using V = geo::Vec3<double>;
using hull_check::hull_problem;

#if defined(__SANITIZE_ADDRESS__)
constexpr int kLargeCloud = 100'000;  // the sanitizers make each step about ten times slower
#else
constexpr int kLargeCloud = 1 << 20;
#endif

enum class Cloud { Sphere, Cube, Gaussian, Duplicates, Cylinder };

std::vector<V> random_cloud(Cloud kind, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform(-1, 1);
  auto gaussian = [&] { return V(normal(rng), normal(rng), normal(rng)); };
  std::vector<V> points;
  points.reserve(count);
  for (int i = 0; i < count; ++i) {
    switch (kind) {
      case Cloud::Sphere: points.push_back(glm::normalize(gaussian()) * 3.0 + V(10, -20, 5)); break;
      case Cloud::Cube: points.push_back(V(uniform(rng), uniform(rng), uniform(rng)) * 2.0); break;
      case Cloud::Gaussian: points.push_back(gaussian() * 0.5); break;
      case Cloud::Cylinder: {  // on two circles: two caps with many coplanar vertices
        const double angle = std::uniform_real_distribution<double>(0, 6.283185307179586)(rng);
        points.push_back(V(std::cos(angle), std::sin(angle), i % 2 ? 1.0 : -1.0));
        break;
      }
      case Cloud::Duplicates:  // 200 distinct points on a sphere, each repeated many times
        points.push_back(i < 200 ? glm::normalize(gaussian()) : points[std::uniform_int_distribution<int>(0, 199)(rng)]);
        break;
    }
  }
  return points;
}

TEST(HullScale, SeededCloudsGiveValidHulls) {
  const std::pair<Cloud, const char*> kinds[] = {
      {Cloud::Sphere, "sphere"}, {Cloud::Cube, "cube"}, {Cloud::Gaussian, "gaussian"}, {Cloud::Duplicates, "duplicates"},
      {Cloud::Cylinder, "cylinder"}};
  for (const auto& [kind, name] : kinds) {
    for (int count : {10, 1000, 100'000}) {
      if (kind == Cloud::Cylinder && count > 1000) continue;  // the checker walks each cap once per rim edge
      for (std::uint64_t seed = 1; seed <= (count > 1000 ? 1u : 3u); ++seed) {
        const auto points = random_cloud(kind, count, seed * 7919 + count);
        const auto build = geo::make_convex_hull(points);
        ASSERT_TRUE(build.ok()) << name << " " << count << " seed " << seed << ": " << build.message;
        EXPECT_EQ(hull_problem(build.hull, points), "") << name << " " << count << " seed " << seed;
        if (kind == Cloud::Sphere && count > 10) {
          EXPECT_GT(static_cast<double>(build.hull.vertices.size()), count * 0.99);
        }
        if (kind == Cloud::Duplicates && count > 10) {
          EXPECT_EQ(build.hull.vertices.size(), 200u);
        }
      }
    }
  }
}

TEST(HullScale, ChecksFindABrokenHull) {
  const auto points = random_cloud(Cloud::Sphere, 1000, 42);
  auto build = geo::make_convex_hull(points);
  ASSERT_TRUE(build.ok()) << build.message;
  auto shrunk = build.hull;
  shrunk.face_planes[7].d -= 1e-3;
  EXPECT_NE(hull_problem(shrunk, points), "");
  auto flipped = build.hull;
  std::reverse(flipped.faces[3].begin(), flipped.faces[3].end());
  EXPECT_NE(hull_problem(flipped, points), "");
  auto moved = build.hull;
  moved.vertices[0] *= 0.999;
  EXPECT_NE(hull_problem(moved, points), "");
}

// Runs in a child process limited to 40 s of CPU time (not wall time, so a busy machine
// does not fail it): the quadratic build took 130 s here, the expected O(n log n) a few.
[[noreturn]] void check_large_sphere_within_cpu_limit() {
  const rlimit cpu_seconds{40, 40};
  setrlimit(RLIMIT_CPU, &cpu_seconds);
  const auto points = random_cloud(Cloud::Sphere, kLargeCloud, 2024);
  const auto build = geo::make_convex_hull(points);
  const std::string problem = build.ok() ? hull_problem(build.hull, points) : build.message;
  if (!problem.empty() || static_cast<double>(build.hull.vertices.size()) < kLargeCloud * 0.99) {
    std::fprintf(stderr, "bad hull: %s (%zu vertices)\n", problem.c_str(), build.hull.vertices.size());
    std::_Exit(1);
  }
  std::_Exit(0);
}

TEST(HullScaleDeathTest, AMillionPointsOnASphereInTime) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(check_large_sphere_within_cpu_limit(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
