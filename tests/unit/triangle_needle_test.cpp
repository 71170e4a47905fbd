// Point-triangle on needles (one edge far shorter than the others) and slivers (an apex
// almost on the opposite edge), with heights from 1e-13 to 1e-6 of the length, for points
// on the edges, on the face and off the plane. The oracle is the nearest of the three
// edges and the face projection, worked out in long double from the exact vertices.
#include "collision_lab/triangle.h"
#include "tests/unit/triangle_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using reference::L;
using oracle::LVec3;

// The long-double distance: the edges, and the projection on the plane when it falls
// inside (the normal from the two shortest edges, with the accurate cross product).
L oracle_distance(const reference::LTriangle& t, const LVec3& p) {
  L best = INFINITY;
  int longest = 0;
  for (int k = 0; k < 3; ++k) {
    best = std::min(best, reference::distance_to(reference::edge(t, k), p));
    const LVec3 e = t.v[(k + 1) % 3] - t.v[k];
    const LVec3 e_longest = t.v[(longest + 1) % 3] - t.v[longest];
    if (reference::dot(e, e) > reference::dot(e_longest, e_longest)) longest = k;
  }
  const int i = (longest + 1) % 3, j = (longest + 2) % 3;
  const LVec3 n = reference::accurate_cross(t.v[(i + 1) % 3] - t.v[i], t.v[(j + 1) % 3] - t.v[j]);
  const LVec3 projection = p - n * (reference::dot(n, p - t.v[0]) / reference::dot(n, n));
  for (int k = 0; k < 3; ++k) {
    if (reference::dot(reference::cross(t.v[(k + 1) % 3] - t.v[k], projection - t.v[k]), n) < 0) return best;
  }
  return std::min(best, reference::distance(p, projection));
}

struct Case {
  geo::Triangle<double> triangle;
  geo::Vec3<double> p;
  double length = 0;
};

// A needle (short edge across the far end) or a sliver (apex near the middle of the
// opposite edge), turned and placed at random, its vertices in a random order.
geo::Triangle<double> thin_triangle(oracle::Rng& rng, bool needle, double length, double height) {
  const geo::Vec3<double> along = rng.unit();
  const geo::Vec3<double> across = glm::normalize(glm::cross(along, rng.unit()));
  const geo::Vec3<double> origin = rng.in_cube(100);
  geo::Vec3<double> v[3] = {origin, origin + along * length, {}};
  v[2] = needle ? v[1] + across * height : origin + along * (length * rng.uniform(0.1, 0.9)) + across * height;
  const int first = rng.integer(0, 2);
  const int step = rng.integer(1, 2);
  return {v[first], v[(first + step) % 3], v[(first + 2 * step) % 3]};
}

Case random_case(oracle::Rng& rng) {
  Case c;
  c.length = std::pow(10.0, rng.uniform(-2, 2));
  const double height = c.length * std::pow(10.0, rng.uniform(-13, -6));
  c.triangle = thin_triangle(rng, rng.integer(0, 1) == 1, c.length, height);
  const geo::Vec3<double> v[3] = {c.triangle.a, c.triangle.b, c.triangle.c};
  const int k = rng.integer(0, 2);
  switch (rng.integer(0, 2)) {
    case 0: c.p = v[k] + (v[(k + 1) % 3] - v[k]) * rng.uniform(0, 1); break;  // on an edge
    case 1: {  // on the face
      const double s = rng.uniform(0, 1), t = rng.uniform(0, 1 - s);
      c.p = v[0] + (v[1] - v[0]) * s + (v[2] - v[0]) * t;
      break;
    }
    default: {  // off the plane, above or beside the triangle
      const double s = rng.uniform(0, 1), t = rng.uniform(0, 1 - s);
      c.p = v[0] + (v[1] - v[0]) * s + (v[2] - v[0]) * t + rng.unit() * (c.length * rng.uniform(0, 1));
    }
  }
  return c;
}

template <typename T>
void check_thin_triangles(int cases) {
  oracle::Rng rng(20261124);
  const double epsilon = std::numeric_limits<T>::epsilon();
  for (int i = 0; i < cases; ++i) {
    const Case c = random_case(rng);
    const geo::Triangle<T> triangle{geo::Vec3<T>(c.triangle.a), geo::Vec3<T>(c.triangle.b), geo::Vec3<T>(c.triangle.c)};
    const geo::Vec3<T> p(c.p);
    const geo::TriangleClosestPoint<T> result = geo::closest_point(triangle, p);
    ASSERT_TRUE(result.ok());
    const reference::LTriangle lt = reference::to_long(triangle);
    const L expected = oracle_distance(lt, oracle::to_long(p));
    // Rounding relative to where the problem is: its coordinates and its size.
    const double slack = 64 * epsilon * (c.length + glm::length(c.p));
    ASSERT_NEAR(static_cast<double>(result.distance), static_cast<double>(expected), slack) << "case " << i;
    ASSERT_LE(static_cast<double>(oracle_distance(lt, oracle::to_long(result.point))), slack)
        << "case " << i << ": the answer is off the triangle";
  }
}

TEST(TriangleNeedle, ThinTrianglesAgreeWithTheOracleInDouble) { check_thin_triangles<double>(20000); }
TEST(TriangleNeedle, ThinTrianglesAgreeWithTheOracleInFloat) { check_thin_triangles<float>(20000); }

}  // namespace
