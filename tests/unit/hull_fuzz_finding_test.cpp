// make_convex_hull on mixed-scale clouds, from a fuzz finding: points a million apart with
// two of them a few 1e-7 apart make sliver faces (one side a trillionth of the others),
// whose planes a plain cross product tilted far enough to leave their own corners outside.
#include "collision_lab/hull.h"
#include "tests/unit/hull_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace {

using V = geo::Vec3<double>;

// The hull's own tolerance (hull.cpp): 64 epsilon times the box's diagonal plus the
// largest coordinate.
double stated_tolerance(const std::vector<V>& points) {
  V lo = points[0], hi = points[0];
  double magnitude = 0;
  for (const auto& p : points) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
    magnitude = std::max({magnitude, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
  }
  return 64 * std::numeric_limits<double>::epsilon() * (glm::length(hi - lo) + magnitude);
}

// The farthest any input point lies outside any face plane.
double worst_outside(const geo::ConvexPolyhedron<double>& hull, const std::vector<V>& points) {
  double worst = -INFINITY;
  for (const auto& plane : hull.face_planes) {
    for (const auto& p : points) worst = std::max(worst, glm::dot(plane.normal, p) - plane.d);
  }
  return worst;
}

TEST(HullFuzzFinding, SliverFacesBetweenFarPointsBoundEveryPoint) {
  const std::vector<V> points = {{0.0022790989874670676, -2078.4313725490201, -2078.4313725490201},
                                 {-0.0070784313725489861, 256818.86364372633, 63511.705386201851},
                                 {3, 3, 3},
                                 {3, 3, 3},
                                 {3, 3, -4},
                                 {-1000000, -621555.4454783632, 0.004892624378092068},
                                 {-4, -4, 4},
                                 {0, 599811.62793522817, 63522.353340886068},
                                 {490196.07843137253, 490196.07843137253, 490196.07843137253},
                                 {490196.07843137253, 490196.07843137253, 490196.07843182725}};
  const auto build = geo::make_convex_hull(points);
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(hull_check::hull_problem(build.hull, points), "");
  EXPECT_LE(worst_outside(build.hull, points), stated_tolerance(points));
  EXPECT_EQ(build.hull.vertices.size(), 5u);  // the two points 4.5e-7 apart are both corners
}

// Seed 2727 of the mixed-scale family below: point 4 is 6.5e-8 from point 2 (a little
// over the tolerance), so adding it fanned a sliver face across a short edge onto a face
// it was barely above; the sliver leaned so far that point 7 ended up 124,760 outside.
TEST(HullFuzzFinding, EyeNearAVertexLeavesNoConcaveEdge) {
  const std::vector<V> points = {{984594.27052331273, -888262.44392980018, -950513.68655167229},
                                 {-1, 1, 2},
                                 {813115.87295361818, -22545.316843818175, 76331.79741859436},
                                 {2, 1, 2},
                                 {813115.87295361818, -22545.316843883065, 76331.79741859436},
                                 {-0.00082225033695805397, 0.00059486175381127568, 0},
                                 {2, 0, 1},
                                 {429062.23812328768, 311723.44816409098, 232408.50817963248},
                                 {0.00038265863619450714, 0.00051184273710022589, 0},
                                 {294671.40919343056, -922636.07825247396, -986737.88588767475},
                                 {754892.87765336968, 135349.04592583934, -701186.62857553759},
                                 {1, 0, 2},
                                 {754892.87765336968, 135349.04592583934, -701186.62857539719},
                                 {754892.87765336968, 135349.04592583934, -701186.62857563421}};
  const auto build = geo::make_convex_hull(points);
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(hull_check::hull_problem(build.hull, points), "");
  EXPECT_LE(worst_outside(build.hull, points), 8 * stated_tolerance(points));
}

// A few huge points, small integers and tiny numbers, near-duplicates of the huge points
// (one coordinate moved by 1e-8..1e-5) and near-coplanar pairs (a point and its copy
// nudged off the plane through the origin and two others).
std::vector<V> mixed_scale_cloud(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  auto integer = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto huge = [&] { return V(uniform(-1e6, 1e6), uniform(-1e6, 1e6), uniform(-1e6, 1e6)); };
  std::vector<V> points;
  for (int k = integer(3, 6); k > 0; --k) points.push_back(huge());
  for (int k = integer(1, 4); k > 0; --k) points.push_back(V(integer(-4, 4), integer(-4, 4), integer(-4, 4)));
  for (int k = integer(0, 3); k > 0; --k) points.push_back(V(uniform(-1e-3, 1e-3), uniform(-1e-3, 1e-3), 0));
  for (int k = integer(1, 3); k > 0; --k) {
    V copy = points[integer(0, 2)];
    copy[integer(0, 2)] += std::pow(10.0, uniform(-8, -5)) * (integer(0, 1) ? 1 : -1);
    points.push_back(copy);
  }
  for (int k = integer(0, 2); k > 0; --k) {
    const V a = huge(), b = huge(), p = a * uniform(0, 1) + b * uniform(0, 1);
    points.push_back(a);
    points.push_back(b);
    points.push_back(p);
    points.push_back(p + glm::normalize(glm::cross(a, b)) * std::pow(10.0, uniform(-8, -5)));
  }
  std::shuffle(points.begin(), points.end(), rng);
  return points;
}

TEST(HullFuzzFinding, MixedScaleCloudsGiveValidHulls) {
  for (std::uint64_t seed = 1; seed <= 20000; ++seed) {
    const auto points = mixed_scale_cloud(seed);
    const auto build = geo::make_convex_hull(points);
    ASSERT_TRUE(build.ok()) << "seed " << seed << ": " << build.message;
    ASSERT_EQ(hull_check::hull_problem(build.hull, points), "") << "seed " << seed;
    // Merging coplanar triangles and refitting their plane may leave a point a few
    // tolerances out.
    ASSERT_LE(worst_outside(build.hull, points), 8 * stated_tolerance(points)) << "seed " << seed;
  }
}

// In float, a tetrahedron 1.8e-12 across with a fifth point 8e-9 away along x (the query
// tool's rescaled points of a test line): growing left a face without a neighbour, and
// compacting the mesh read before an array's start (AddressSanitizer). Now the build either
// gives a closed hull or says it could not.
TEST(HullFuzzFinding, AnOpenMeshInFloatIsAnErrorNotAnOutOfBoundsRead) {
  for (const float far_x : {8.1017788e-09f, 7.84676413e-09f, -1.42989203e-08f, 3.56192742e-09f}) {
    const std::vector<geo::Vec3<float>> points = {
        {0, 0, 0}, {1.8189894e-12f, 0, 0}, {0, 1.8189894e-12f, 0}, {0, 0, 1.8189894e-12f}, {far_x, 0, 0}};
    const auto built = geo::make_convex_hull(points);
    if (!built.ok()) {
      EXPECT_FALSE(built.message.empty());
      continue;
    }
    for (const auto& face : built.hull.faces) {
      for (int v : face) EXPECT_TRUE(v >= 0 && v < static_cast<int>(built.hull.vertices.size()));
    }
  }
}

// Points spanning more than a double: the extent is infinite, and the spatial order once
// converted NaN to an integer (undefined; UBSan stops the sanitizer run). Any answer but
// a crash will do: the query mode refuses such numbers before they get here.
TEST(HullFuzzFinding, AnExtentPastADoubleIsNoUndefinedBehaviour) {
  const std::vector<geo::Vec3<double>> points = {{-1e308, 0, 0}, {1e308, 0, 0}, {0, 1e308, 0}, {0, 0, 1e308}, {1, 1, 1}};
  const auto built = geo::make_convex_hull(points);
  EXPECT_TRUE(built.ok() || !built.message.empty());
}

}  // namespace
