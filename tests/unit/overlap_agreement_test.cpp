// SAT and GJK/EPA are independent algorithms: on every seeded pair they must agree on
// whether the shapes overlap, and for polytopes on the penetration depth (within 1e-9 of
// the pair's size), since both find the minimum over the same Minkowski-difference faces.
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"
#include "tests/unit/oracle_support.h"

#include <gtest/gtest.h>

namespace {
using geo::Vec3;

geo::Obb<double> random_obb(oracle::Rng& rng, double reach) {
  geo::Obb<double> box;
  box.center = rng.in_cube(reach);
  const Vec3<double> u = rng.unit();
  Vec3<double> v = glm::normalize(glm::cross(u, rng.unit()));
  box.axes = {u, v, glm::cross(u, v)};
  box.half_extents = {rng.uniform(0.2, 2), rng.uniform(0.2, 2), rng.uniform(0.2, 2)};
  return box;
}

geo::ConvexPolyhedron<double> random_hull(oracle::Rng& rng, double reach) {
  const Vec3<double> center = rng.in_cube(reach);
  for (;;) {
    std::vector<Vec3<double>> points;
    const int count = rng.integer(4, 12);
    for (int i = 0; i < count; ++i) points.push_back(center + rng.in_cube(1.5));
    auto built = geo::make_convex_hull(points);
    if (built.ok()) return built.hull;
  }
}

struct Agreement {
  int cases = 0, overlapping = 0, near_touching = 0;
  double worst_depth_error = 0;
};

template <typename A, typename B>
void check_pair(const A& a, const B& b, double size, Agreement& agreement) {
  const auto sat = geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b));
  const geo::ConvexShape<double> ca(a), cb(b);
  const auto gjk = geo::gjk_distance(ca, cb);
  ASSERT_TRUE(sat.ok());
  ASSERT_TRUE(gjk.ok());
  ++agreement.cases;
  // Within a hair of touching either answer is right; count those instead of judging them.
  const double band = 1e-9 * size;
  if ((sat.overlap ? sat.depth : sat.separation) < band && gjk.distance < band) {
    ++agreement.near_touching;
    return;
  }
  ASSERT_EQ(sat.overlap, gjk.overlap) << "SAT separation " << sat.separation << ", GJK distance " << gjk.distance;
  if (!sat.overlap) {
    // A separating axis's gap is a lower bound of the distance (equal when the closest
    // features are a face or an edge pair; a vertex-vertex gap lies along no candidate axis).
    EXPECT_LE(sat.separation, gjk.distance + 1e-9 * size);
    EXPECT_GT(sat.separation, 0);
    return;
  }
  ++agreement.overlapping;
  const auto epa = geo::epa_penetration(ca, cb);
  ASSERT_TRUE(epa.ok());
  const double error = std::abs(epa.depth - sat.depth) / size;
  agreement.worst_depth_error = std::max(agreement.worst_depth_error, error);
  EXPECT_LE(error, 1e-9) << "SAT depth " << sat.depth << ", EPA depth " << epa.depth;
}

void report(const char* pair, const Agreement& a) {
  std::printf("[agreement] %-24s cases %5d overlapping %5d near-touching %3d worst depth difference %.3e\n", pair,
              a.cases, a.overlapping, a.near_touching, a.worst_depth_error);
}

TEST(OverlapAgreement, ObbPairs) {
  oracle::Rng rng(4101);
  Agreement agreement;
  for (int i = 0; i < 2000; ++i) check_pair(random_obb(rng, 2.5), random_obb(rng, 2.5), 6.0, agreement);
  report("obb-obb", agreement);
  EXPECT_GT(agreement.overlapping, 200);
}

TEST(OverlapAgreement, HullPairs) {
  oracle::Rng rng(4102);
  Agreement agreement;
  for (int i = 0; i < 2000; ++i) check_pair(random_hull(rng, 1.5), random_hull(rng, 1.5), 6.0, agreement);
  report("polyhedron-polyhedron", agreement);
  EXPECT_GT(agreement.overlapping, 200);
}

TEST(OverlapAgreement, TriangleAabbPairs) {
  oracle::Rng rng(4103);
  Agreement agreement;
  for (int i = 0; i < 2000; ++i) {
    geo::Triangle<double> t{rng.in_cube(2), rng.in_cube(2), rng.in_cube(2)};
    const Vec3<double> c = rng.in_cube(1.5), e(rng.uniform(0.2, 1.5), rng.uniform(0.2, 1.5), rng.uniform(0.2, 1.5));
    check_pair(t, geo::Aabb<double>{c - e, c + e}, 6.0, agreement);
  }
  report("triangle-aabb", agreement);
  EXPECT_GT(agreement.overlapping, 200);
}
}  // namespace
