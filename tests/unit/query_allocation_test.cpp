// The overlap queries allocate nothing on the heap. This file replaces the global
// operator new and delete of unit_tests with ones that count, but only while a test has
// switched counting on for the current thread (every other test allocates as before).
// What is counted: the one query call, its inputs built beforehand (boxes, triangle,
// segment, 32-vertex hulls as ConvexShapes and as SatShapes), its options without any
// record (no GJK iterations, no EPA steps, no SAT axes).
#include "collision_lab/aabb_overlap.h"
#include "collision_lab/box_overlap.h"
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <random>

namespace {
thread_local bool counting = false;
thread_local long allocations = 0;

void* allocate(std::size_t size) {
  if (counting) ++allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace {

using V = geo::Vec3<double>;

template <typename Query>
long allocations_in(Query&& query) {
  allocations = 0;
  counting = true;
  query();
  counting = false;
  return allocations;
}

geo::ConvexPolyhedron<double> hull_of_32(unsigned seed, const V& center) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::vector<V> points;
  while (points.size() < 32) points.push_back(center + glm::normalize(V(normal(rng), normal(rng), normal(rng))));
  auto hull = geo::make_convex_hull(points).hull;
  EXPECT_EQ(hull.vertices.size(), 32u);  // points on a sphere: every one a vertex
  return hull;
}

const std::array<V, 3> kTurned = {V(0.6, 0.8, 0), V(-0.8, 0.6, 0), V(0, 0, 1)};

TEST(QueryAllocations, TheCountingReallyCounts) {
  EXPECT_EQ(allocations_in([] { delete new int(1); }), 1);
}

TEST(QueryAllocations, BoxTestsAllocateNothing) {
  const geo::Obb<double> a{V(0), kTurned, V(1, 0.7, 0.5)};
  for (const V& center : {V(3, 0, 0), V(1.2, 0.3, 0.1), V(0.9, 1.1, 0.4)}) {  // apart, overlapping, edge-on
    const geo::Obb<double> b{center, {V(1, 0, 0), V(0, 0.6, 0.8), V(0, -0.8, 0.6)}, V(0.8, 0.6, 0.9)};
    const geo::Aabb<double> box{center - V(0.5), center + V(0.5)};
    geo::SatResult<double> result;
    EXPECT_EQ(allocations_in([&] { result = geo::box_overlap(a, b); }), 0);
    EXPECT_EQ(allocations_in([&] { result = geo::box_overlap(box, b); }), 0);
    EXPECT_EQ(allocations_in([&] { result = geo::box_overlap(box, geo::Aabb<double>{V(-1), V(0.5)}); }), 0);
    const geo::Triangle<double> triangle{center + V(-1, 0.2, 0), center + V(1, -0.3, 0.4), center + V(0, 1, -0.5)};
    const geo::Segment<double> segment{center + V(-1, 0.2, 0), center + V(1, -0.3, 0.4)};
    const geo::Aabb<double> unit{V(-1), V(1)};
    EXPECT_EQ(allocations_in([&] { result = geo::aabb_overlap(triangle, unit); }), 0);
    EXPECT_EQ(allocations_in([&] { result = geo::aabb_overlap(unit, segment); }), 0);
  }
}

// Apart, nearly touching and overlapping hulls: GJK, EPA and SAT over prebuilt shapes.
TEST(QueryAllocations, HullQueriesAllocateNothing) {
  const auto hull_a = hull_of_32(1, V(0));
  const geo::ConvexShape<double> a = hull_a;
  const geo::SatShape<double> sat_a = geo::sat_shape(hull_a);
  geo::SatOptions quick;
  quick.stop_at_separation = true;
  for (const V& center : {V(2.5, 0.3, 0.1), V(1.99, 0, 0), V(1.2, 0.4, -0.3), V(0.3, 0.1, 0)}) {
    const auto hull_b = hull_of_32(2, center);
    const geo::ConvexShape<double> b = hull_b;
    const geo::SatShape<double> sat_b = geo::sat_shape(hull_b);
    geo::GjkResult<double> gjk;
    geo::EpaResult<double> epa;
    geo::SatResult<double> sat;
    EXPECT_EQ(allocations_in([&] { gjk = geo::gjk_distance(a, b); }), 0) << center.x;
    EXPECT_EQ(allocations_in([&] { epa = geo::epa_penetration(a, b); }), 0) << center.x;
    EXPECT_EQ(allocations_in([&] { sat = geo::sat_overlap(sat_a, sat_b, quick); }), 0) << center.x;
    EXPECT_EQ(gjk.overlap, sat.overlap) << center.x;  // the queries really ran
    if (sat.overlap) {
      EXPECT_GT(epa.depth, 0.0) << center.x;
    }
  }
}

}  // namespace
