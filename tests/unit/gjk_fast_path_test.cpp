// The fast paths of a hull's GJK query against plain references: the farthest vertex
// found in four lanes against one sequential scan (ties and overflowing products too);
// the input check that reads only the vertices, which must still stop every non-finite
// one; and the certificate's gap, whose long-double maxima are worked out only on the
// vertices a pass in T picks, against the maxima over every vertex.
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "gjk_certificate.h"
#include "collision_lab/hull.h"
#include "tests/unit/oracle_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {

using V = geo::Vec3<double>;
using Shape = geo::ConvexShape<double>;

// The first vertex of the greatest projection, by one scan, as support() is specified.
int first_farthest(const std::vector<V>& points, const V& direction) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(points.size()); ++i) {
    if (glm::dot(points[static_cast<std::size_t>(i)], direction) > glm::dot(points[static_cast<std::size_t>(best)], direction)) best = i;
  }
  return best;
}

// A polyhedron as support() sees it: only the vertex list matters to the farthest vertex.
Shape vertex_cloud(std::vector<V> points) {
  geo::ConvexPolyhedron<double> hull;
  hull.vertices = std::move(points);
  return hull;
}

TEST(GjkFastPath, FarthestVertexIsTheFirstOfTheGreatestProjection) {
  oracle::Rng rng(0xfa57);
  for (int n = 0; n < 2000; ++n) {
    // Coordinates on a coarse grid, so that many vertices tie along an axis direction;
    // every vertex count from 1 to 70 (the lanes' remainder and the short lists too).
    const int count = 1 + n % 70;
    std::vector<V> points;
    for (int i = 0; i < count; ++i) points.push_back(V(rng.integer(-2, 2), rng.integer(-2, 2), rng.integer(-2, 2)));
    const V directions[] = {rng.unit(), V(1, 0, 0), V(0, -1, 0), V(0, 0, 0), V(rng.integer(-1, 1), rng.integer(-1, 1), 0)};
    for (const V& d : directions) {
      const auto found = geo::support(vertex_cloud(points), d);
      ASSERT_EQ(found.vertex, first_farthest(points, d)) << "case " << n << " count " << count;
      ASSERT_EQ(found.point, points[static_cast<std::size_t>(found.vertex)]);
    }
  }
}

TEST(GjkFastPath, FarthestVertexOfOverflowingProjectionsIsTheSequentialOne) {
  // Products beyond the double range: inf - inf is NaN, which no comparison picks; a
  // NaN in any lane's first vertex must leave the answer to the sequential scan.
  const double huge = 1e308;
  for (int nan_at = 0; nan_at < 12; ++nan_at) {
    std::vector<V> points;
    for (int i = 0; i < 12; ++i) points.push_back(V(i, -i, 0.5 * i));
    points[static_cast<std::size_t>(nan_at)] = V(huge, -huge, 0);
    const V d(10, 10, 1);
    EXPECT_EQ(geo::support(vertex_cloud(points), d).vertex, first_farthest(points, d)) << "overflow at " << nan_at;
  }
}

std::vector<V> sphere_points(oracle::Rng& rng, int count, const V& centre, double radius) {
  std::vector<V> points;
  for (int i = 0; i < count; ++i) points.push_back(centre + rng.unit() * radius);
  return points;
}

TEST(GjkFastPath, EveryNonFiniteVertexIsRejected) {
  // The check reads the vertices only (GJK and EPA read nothing else of a hull); each
  // vertex position and each kind of non-finite value must still be caught.
  oracle::Rng rng(0xbad);
  const Shape other = geo::Aabb<double>{V(-1), V(1)};
  const double bad[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity()};
  const geo::ConvexPolyhedron<double> clean = geo::make_convex_hull(sphere_points(rng, 40, V(3, 0, 0), 1)).hull;
  ASSERT_FALSE(clean.vertices.empty());
  for (std::size_t i = 0; i < clean.vertices.size(); ++i) {
    for (int axis = 0; axis < 3; ++axis) {
      geo::ConvexPolyhedron<double> hull = clean;
      hull.vertices[i][axis] = bad[(i + static_cast<std::size_t>(axis)) % 3];
      const std::string where = "vertex " + std::to_string(i) + " axis " + std::to_string(axis);
      EXPECT_EQ(geo::gjk_distance<double>(hull, other).error, geo::QueryError::NonFiniteInput) << where;
      EXPECT_EQ(geo::gjk_distance<double>(other, hull).error, geo::QueryError::NonFiniteInput) << where;
      EXPECT_EQ(geo::epa_penetration<double>(hull, other).error, geo::QueryError::NonFiniteInput) << where;
    }
  }
}

TEST(GjkFastPath, FacePlanesAreNotPartOfTheAnswer) {
  // GJK never reads a hull's face planes, so broken planes change nothing in its answer.
  oracle::Rng rng(0x91a7e);
  const geo::ConvexPolyhedron<double> clean = geo::make_convex_hull(sphere_points(rng, 32, V(2, 0, 0), 1)).hull;
  geo::ConvexPolyhedron<double> broken = clean;
  for (auto& plane : broken.face_planes) plane.d = std::numeric_limits<double>::quiet_NaN();
  const Shape other = geo::Sphere<double>{V(0), 0.5};
  const auto expected = geo::gjk_distance<double>(clean, other), got = geo::gjk_distance<double>(broken, other);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got.distance, expected.distance);
  EXPECT_EQ(got.separation, expected.separation);
  EXPECT_EQ(got.a_point, expected.a_point);
}

// The certificate's gap with both maxima taken over every vertex in long double: what
// support_gap must give, to the bit, when it works out only the picked vertices.
double reference_gap(const std::vector<V>& a, const std::vector<V>& b, const V& axis) {
  using L = long double;
  const auto dot = [](const V& x, const V& y) { return L(x.x) * L(y.x) + L(x.y) * L(y.y) + L(x.z) * L(y.z); };
  const auto maxima = [&](const std::vector<V>& points, const V& n) {
    L reach = -std::numeric_limits<L>::infinity(), magnitude = 0;
    for (const V& p : points) {
      reach = std::max(reach, dot(n, p));
      magnitude = std::max(magnitude, dot(glm::abs(n), glm::abs(p)));
    }
    return std::pair{reach, magnitude};
  };
  const auto [reach_a, magnitude_a] = maxima(a, axis);
  const auto [reach_b, magnitude_b] = maxima(b, -axis);
  const L length = std::sqrt(dot(axis, axis));
  const L gap = (-reach_b - reach_a - 8 * std::numeric_limits<L>::epsilon() * (magnitude_a + magnitude_b)) / length;
  double rounded = static_cast<double>(gap);
  if (L(rounded) > gap) rounded = std::nextafter(rounded, -std::numeric_limits<double>::infinity());
  return rounded;
}

TEST(GjkFastPath, CertificateGapMatchesTheMaximaOverEveryVertex) {
  // Nearly touching pairs, small hulls and ones past the projections kept in place (64),
  // along random axes and along the axis between the closest points, where a face's or
  // an edge's vertices tie within rounding.
  oracle::Rng rng(0xce27);
  for (int n = 0; n < 600; ++n) {
    const int count = n % 2 ? 150 : 24;
    const double scale = std::pow(10.0, rng.uniform(-3, 3));
    const auto a = geo::make_convex_hull(sphere_points(rng, count, V(0), scale)).hull;
    const V offset = rng.unit() * scale * (2 + std::pow(10.0, rng.uniform(-12, -2)));
    const auto b = geo::make_convex_hull(sphere_points(rng, count, offset, scale)).hull;
    ASSERT_FALSE(a.vertices.empty() || b.vertices.empty());
    const auto answer = geo::gjk_distance<double>(a, b);
    ASSERT_TRUE(answer.ok());
    const V axes[] = {rng.unit(), answer.axis, glm::normalize(offset)};
    for (const V& axis : axes) {
      if (axis == V(0)) continue;
      EXPECT_EQ(geo::support_gap<double>(a, b, axis, 0), reference_gap(a.vertices, b.vertices, axis))
          << "case " << n << " count " << count << " scale " << scale;
    }
  }
}

}  // namespace
