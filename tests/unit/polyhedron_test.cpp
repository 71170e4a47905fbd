// Containment and closest point on a convex polyhedron.
#include "collision_lab/polyhedron.h"

#include "collision_lab/hull.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using geo::Feature;
using geo::QueryError;
using V = geo::Vec3<double>;

geo::ConvexPolyhedron<double> cube() {
  std::vector<V> corners;
  for (int i = 0; i < 8; ++i) corners.push_back({i & 1 ? 1.0 : -1.0, i & 2 ? 1.0 : -1.0, i & 4 ? 1.0 : -1.0});
  auto build = geo::make_convex_hull(corners);
  EXPECT_TRUE(build.ok()) << build.message;
  return build.hull;
}

int face_with_normal(const geo::ConvexPolyhedron<double>& hull, const V& normal) {
  for (std::size_t i = 0; i < hull.face_planes.size(); ++i) {
    if (glm::length(hull.face_planes[i].normal - normal) < 1e-12) return static_cast<int>(i);
  }
  return -1;
}

TEST(PolyhedronContains, FacePlanesOfACube) {
  auto hull = cube();
  geo::PolyhedronTrace<double> trace;
  auto inside = geo::contains(hull, V(0.5, 0, 0), &trace);
  EXPECT_TRUE(inside.inside);
  EXPECT_EQ(inside.first_separating_face, -1);
  ASSERT_EQ(trace.face_distances.size(), 6u);
  EXPECT_DOUBLE_EQ(trace.face_distances[face_with_normal(hull, V(1, 0, 0))], -0.5);
  EXPECT_DOUBLE_EQ(trace.face_distances[face_with_normal(hull, V(-1, 0, 0))], -1.5);
  auto outside = geo::contains(hull, V(0, 0, 3), &trace);
  EXPECT_FALSE(outside.inside);
  EXPECT_EQ(outside.first_separating_face, face_with_normal(hull, V(0, 0, 1)));
  ASSERT_EQ(trace.face_distances.size(), 6u);  // cleared first: one run's distances
  EXPECT_DOUBLE_EQ(trace.face_distances[outside.first_separating_face], 2);
}

TEST(PolyhedronContains, BoundaryIsInside) {
  auto hull = cube();
  EXPECT_TRUE(geo::contains(hull, V(1, 0.3, -0.2)).inside);  // on a face
  EXPECT_TRUE(geo::contains(hull, V(1, 1, 0.5)).inside);     // on an edge
  EXPECT_TRUE(geo::contains(hull, V(-1, 1, -1)).inside);     // on a vertex
  EXPECT_FALSE(geo::contains(hull, V(1 + 1e-9, 0, 0)).inside);
}

TEST(PolyhedronContains, Errors) {
  auto hull = cube();
  EXPECT_EQ(geo::contains(hull, V(0, std::numeric_limits<double>::infinity(), 0)).error, QueryError::NonFiniteInput);
  EXPECT_EQ(geo::contains(geo::ConvexPolyhedron<double>{}, V(0)).error, QueryError::InvalidShape);
}

TEST(PolyhedronClosestPoint, InsideIsItself) {
  geo::PolyhedronTrace<double> trace;
  auto result = geo::closest_point(cube(), V(0.1, -0.2, 0.3), &trace);
  EXPECT_EQ(result.feature.kind, Feature::Inside);
  EXPECT_EQ(result.point, V(0.1, -0.2, 0.3));
  EXPECT_EQ(result.distance, 0);
  EXPECT_EQ(trace.face_distances.size(), 6u);
}

TEST(PolyhedronClosestPoint, FaceEdgeAndVertexOfACube) {
  auto hull = cube();
  auto face = geo::closest_point(hull, V(0.5, 0.25, 4));
  EXPECT_EQ(face.feature, (geo::FeatureRef{Feature::Face, face_with_normal(hull, V(0, 0, 1))}));
  EXPECT_EQ(face.point, V(0.5, 0.25, 1));
  EXPECT_DOUBLE_EQ(face.distance, 3);
  EXPECT_DOUBLE_EQ(face.distance_squared, 9);

  auto edge = geo::closest_point(hull, V(3, 0.5, 3));
  ASSERT_EQ(edge.feature.kind, Feature::Edge);
  const auto& e = hull.edges[edge.feature.index];
  EXPECT_EQ(hull.vertices[e[0]].x + hull.vertices[e[1]].x, 2);
  EXPECT_EQ(hull.vertices[e[0]].z + hull.vertices[e[1]].z, 2);
  EXPECT_DOUBLE_EQ(edge.point.y, 0.5);
  EXPECT_DOUBLE_EQ(edge.distance, std::sqrt(8.0));

  auto vertex = geo::closest_point(hull, V(2, -3, 5));
  ASSERT_EQ(vertex.feature.kind, Feature::Vertex);
  EXPECT_EQ(hull.vertices[vertex.feature.index], V(1, -1, 1));
  EXPECT_EQ(vertex.point, V(1, -1, 1));
  EXPECT_DOUBLE_EQ(vertex.distance_squared, 1 + 4 + 16);
}

// The face with the largest plane distance is not always the nearest: behind a wedge,
// P is farthest above the back face, but its projection misses that face.
TEST(PolyhedronClosestPoint, LargestPlaneDistanceIsNotTheNearestFace) {
  auto build = geo::make_convex_hull<double>(
      {{0, 0, 0}, {10, 0, 0}, {0, 10, 0}, {10, 10, 0}, {0, 0, 1}, {0, 10, 1}});
  ASSERT_TRUE(build.ok()) << build.message;
  const auto& hull = build.hull;
  ASSERT_EQ(hull.faces.size(), 5u);
  const V p(-5, 5, 4);  // above and behind the tall back edge (x = 0, z = 1)
  geo::PolyhedronTrace<double> trace;
  auto result = geo::closest_point(hull, p, &trace);
  const int back = face_with_normal(hull, V(-1, 0, 0));
  ASSERT_GE(back, 0);
  EXPECT_DOUBLE_EQ(trace.face_distances[back], 5);
  for (double d : trace.face_distances) EXPECT_LE(d, 5);
  // The answer is the ridge, at distance sqrt(25 + 9), not the back face at 5.
  EXPECT_EQ(result.feature.kind, Feature::Edge);
  EXPECT_NEAR(result.point.x, 0, 1e-15);
  EXPECT_NEAR(result.point.y, 5, 1e-15);
  EXPECT_NEAR(result.point.z, 1, 1e-15);
  EXPECT_DOUBLE_EQ(result.distance, std::sqrt(34.0));
}

TEST(PolyhedronClosestPoint, OctahedronFaceCentre) {
  auto build = geo::make_convex_hull<double>({{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}});
  ASSERT_TRUE(build.ok());
  auto result = geo::closest_point(build.hull, V(1, 1, 1));
  EXPECT_EQ(result.feature.kind, Feature::Face);
  EXPECT_NEAR(result.point.x, 1.0 / 3, 1e-15);
  EXPECT_NEAR(result.distance, std::sqrt(3.0) - 1 / std::sqrt(3.0), 1e-15);
}

TEST(PolyhedronClosestPoint, Errors) {
  geo::PolyhedronTrace<double> trace{{1.0, 2.0}};
  auto nan = geo::closest_point(cube(), V(0, 0, std::numeric_limits<double>::quiet_NaN()), &trace);
  EXPECT_EQ(nan.error, QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(nan.point.x));  // refused: NaN, never an answer
  EXPECT_TRUE(std::isnan(nan.distance));
  EXPECT_TRUE(trace.face_distances.empty());  // cleared, and nothing measured
  EXPECT_EQ(geo::closest_point(geo::ConvexPolyhedron<double>{}, V(0)).error, QueryError::InvalidShape);
}

TEST(PolyhedronClosestPoint, FloatWorks) {
  std::vector<geo::Vec3<float>> corners;
  for (int i = 0; i < 8; ++i) corners.push_back({i & 1 ? 1.f : -1.f, i & 2 ? 1.f : -1.f, i & 4 ? 1.f : -1.f});
  auto build = geo::make_convex_hull(corners);
  ASSERT_TRUE(build.ok());
  auto result = geo::closest_point(build.hull, geo::Vec3<float>(0, 3, 0));
  EXPECT_EQ(result.feature.kind, Feature::Face);
  EXPECT_FLOAT_EQ(result.distance, 2);
}

}  // namespace
