// make_convex_hull: regression shapes, degenerate point sets and errors.
#include "collision_lab/hull.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>

namespace {

using geo::QueryError;
using V = geo::Vec3<double>;

std::vector<V> cube_corners(double half = 1) {
  std::vector<V> corners;
  for (int i = 0; i < 8; ++i) corners.push_back({i & 1 ? half : -half, i & 2 ? half : -half, i & 4 ? half : -half});
  return corners;
}

// Structural checks every hull must pass.
void expect_valid(const geo::ConvexPolyhedron<double>& hull) {
  const long v = static_cast<long>(hull.vertices.size()), e = static_cast<long>(hull.edges.size()),
             f = static_cast<long>(hull.faces.size());
  EXPECT_EQ(v - e + f, 2);
  ASSERT_EQ(hull.face_planes.size(), hull.faces.size());
  std::set<std::array<int, 2>> edges(hull.edges.begin(), hull.edges.end());
  EXPECT_EQ(edges.size(), hull.edges.size()) << "an edge listed twice";
  for (std::size_t i = 0; i < hull.faces.size(); ++i) {
    const auto& plane = hull.face_planes[i];
    EXPECT_NEAR(glm::length(plane.normal), 1, 1e-12);
    for (const auto& vertex : hull.vertices) EXPECT_LE(glm::dot(plane.normal, vertex) - plane.d, 1e-12);
    const auto& face = hull.faces[i];
    for (std::size_t k = 0; k < face.size(); ++k) {
      const int a = face[k], b = face[(k + 1) % face.size()];
      EXPECT_TRUE(edges.contains({std::min(a, b), std::max(a, b)}));
      EXPECT_NEAR(glm::dot(plane.normal, hull.vertices[a]) - plane.d, 0, 1e-12);
      // Counter-clockwise seen from outside: each corner turns around the outward normal.
      const V c = hull.vertices[face[(k + 2) % face.size()]];
      EXPECT_GT(glm::dot(glm::cross(hull.vertices[b] - hull.vertices[a], c - hull.vertices[b]), plane.normal), 0);
    }
  }
}

TEST(Hull, CubeWithDuplicatesAndFaceCentres) {
  auto points = cube_corners();
  points.push_back({1, 1, 1});   // duplicate corner
  points.push_back({-1, -1, -1});
  for (int axis = 0; axis < 3; ++axis) {
    for (double side : {-1.0, 1.0}) {
      V centre(0);
      centre[axis] = side;
      points.push_back(centre);
    }
  }
  points.push_back({0, 0, 0});   // interior
  points.push_back({1, 0, 1});   // middle of an edge
  auto build = geo::make_convex_hull(points);
  ASSERT_TRUE(build.ok()) << build.message;
  const auto& hull = build.hull;
  EXPECT_EQ(hull.vertices.size(), 8u);
  EXPECT_EQ(hull.faces.size(), 6u);
  EXPECT_EQ(hull.edges.size(), 12u);
  for (const auto& face : hull.faces) EXPECT_EQ(face.size(), 4u);
  for (const auto& v : hull.vertices) {
    EXPECT_EQ(std::abs(v.x), 1);
    EXPECT_EQ(std::abs(v.y), 1);
    EXPECT_EQ(std::abs(v.z), 1);
  }
  for (const auto& plane : hull.face_planes) {
    EXPECT_NEAR(plane.d, 1, 1e-15);
    EXPECT_NEAR(std::abs(plane.normal.x) + std::abs(plane.normal.y) + std::abs(plane.normal.z), 1, 1e-15);
  }
  expect_valid(hull);
}

TEST(Hull, RegularOctahedron) {
  std::vector<V> points{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  auto build = geo::make_convex_hull(points);
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(build.hull.vertices.size(), 6u);
  EXPECT_EQ(build.hull.faces.size(), 8u);
  EXPECT_EQ(build.hull.edges.size(), 12u);
  const double inv_sqrt3 = 1 / std::sqrt(3.0);
  for (const auto& plane : build.hull.face_planes) {
    EXPECT_NEAR(plane.d, inv_sqrt3, 1e-15);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(std::abs(plane.normal[k]), inv_sqrt3, 1e-15);
  }
  expect_valid(build.hull);
}

TEST(Hull, TetrahedronKeepsItsFourPoints) {
  auto build = geo::make_convex_hull<double>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  ASSERT_TRUE(build.ok());
  EXPECT_EQ(build.hull.vertices, (std::vector<V>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}));
  EXPECT_EQ(build.hull.faces.size(), 4u);
  expect_valid(build.hull);
}

TEST(Hull, ManyCoplanarPointsOnEveryFaceOfABox) {
  std::vector<V> points = cube_corners();
  for (int i = 0; i <= 10; ++i) {
    for (int j = 0; j <= 10; ++j) {
      const double u = -1 + 0.2 * i, w = -1 + 0.2 * j;
      for (double side : {-1.0, 1.0}) {
        points.push_back({side, u, w});
        points.push_back({u, side, w});
        points.push_back({u, w, side});
      }
    }
  }
  std::reverse(points.begin(), points.end());  // the corners come last
  auto build = geo::make_convex_hull(points);
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(build.hull.vertices.size(), 8u);
  EXPECT_EQ(build.hull.faces.size(), 6u);
  EXPECT_EQ(build.hull.edges.size(), 12u);
  expect_valid(build.hull);
}

TEST(Hull, PrismWithCollinearPointsOnEdges) {
  std::vector<V> points;
  for (int i = 0; i <= 4; ++i) {
    const double z = 0.25 * i;
    points.push_back({0, 0, z});
    points.push_back({1, 0, z});
    points.push_back({0, 1, z});
  }
  auto build = geo::make_convex_hull(points);
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(build.hull.vertices.size(), 6u);
  EXPECT_EQ(build.hull.faces.size(), 5u);
  EXPECT_EQ(build.hull.edges.size(), 9u);
  expect_valid(build.hull);
}

TEST(Hull, Errors) {
  auto few = geo::make_convex_hull<double>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  EXPECT_EQ(few.error, QueryError::InvalidShape);
  EXPECT_EQ(few.message, "need at least 4 points, got 3");
  auto flat = geo::make_convex_hull<double>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5, 0.5, 1e-15}});
  EXPECT_EQ(flat.error, QueryError::InvalidShape);
  EXPECT_EQ(flat.message, "all 5 points are coplanar");
  EXPECT_TRUE(flat.hull.vertices.empty());
  auto line = geo::make_convex_hull<double>({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}});
  EXPECT_EQ(line.message, "all 4 points are collinear");
  auto same = geo::make_convex_hull<double>({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {1, 2, 3}});
  EXPECT_EQ(same.message, "all 4 points coincide");
  auto nan = geo::make_convex_hull<double>(
      {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, std::numeric_limits<double>::quiet_NaN()}});
  EXPECT_EQ(nan.error, QueryError::NonFiniteInput);
  EXPECT_EQ(nan.message, "point 3 is not finite");
}

TEST(Hull, ThinButNotFlatIsAHull) {
  auto build = geo::make_convex_hull<double>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5, 0.5, 1e-9}});
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(build.hull.vertices.size(), 5u);
  EXPECT_EQ(build.hull.faces.size(), 5u);  // the square base and four sides
}

TEST(Hull, FarFromTheOrigin) {
  auto points = cube_corners(0.5);
  for (auto& p : points) p += V(1e6, -2e6, 3e6);
  points.push_back(V(1e6, -2e6, 3e6 + 0.5));  // a face centre
  auto build = geo::make_convex_hull(points);
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(build.hull.vertices.size(), 8u);
  EXPECT_EQ(build.hull.faces.size(), 6u);
}

TEST(Hull, FloatCube) {
  std::vector<geo::Vec3<float>> points;
  for (const auto& p : cube_corners()) points.push_back(geo::Vec3<float>(p));
  points.push_back({0, 0, 1});
  auto build = geo::make_convex_hull(points);
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(build.hull.faces.size(), 6u);
  EXPECT_EQ(build.hull.edges.size(), 12u);
}

}  // namespace
