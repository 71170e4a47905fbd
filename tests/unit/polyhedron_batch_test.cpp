// The polyhedron's batch hints each point with the feature of the one before, which lets it
// skip faces and edges that cannot win. On the field overlay's kind of queries (grids of
// pixel centres across slices of the hull, where neighbours share their feature) every
// hint kind is taken; the answers must still be the single query's, bit for bit, on every
// oracle family, on a hull whose normals are not unit length and on one without edges.
#include "collision_lab/closest_feature_batch.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/hull.h"
#include "collision_lab/polyhedron.h"
#include "tests/unit/hull_support.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace {

using namespace oracle;
using V3 = geo::Vec3<double>;

// Pixel centres of a square of `side` x `side` around `center`, `reach` wide, in the plane
// spanned by u and v, row by row.
std::vector<V3> grid(const V3& center, const V3& u, const V3& v, double reach, int side) {
  std::vector<V3> points;
  for (int j = 0; j < side; ++j) {
    for (int i = 0; i < side; ++i) {
      points.push_back(center + u * (reach * ((i + 0.5) / side - 0.5)) + v * (reach * ((j + 0.5) / side - 0.5)));
    }
  }
  return points;
}

// The batch with features against the single query; returns how many answers were of each
// kind (vertex, edge, face, inside), to check that the grid met them all.
std::array<int, 4> expect_grid_matches(const geo::ConvexPolyhedron<double>& hull, const std::vector<V3>& queries) {
  std::vector<V3> out(queries.size());
  std::vector<geo::FeatureRef> features(queries.size());
  std::array<int, 4> kinds{};
  EXPECT_TRUE(geo::closest_points<double>(hull, queries, out, features).ok());
  std::vector<V3> points_only(queries.size());
  EXPECT_TRUE(geo::closest_points<double>(hull, queries, points_only).ok());
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const auto expected = geo::closest_point(hull, queries[i]);
    EXPECT_EQ(std::memcmp(&out[i], &expected.point, sizeof(V3)), 0) << "query " << i;
    EXPECT_EQ(std::memcmp(&points_only[i], &expected.point, sizeof(V3)), 0) << "query " << i << " (points only)";
    EXPECT_EQ(features[i], expected.feature) << "query " << i;
    if (::testing::Test::HasFailure()) return kinds;
    ++kinds[features[i].kind == geo::Feature::Vertex ? 0 : features[i].kind == geo::Feature::Edge ? 1
            : features[i].kind == geo::Feature::Face ? 2 : 3];
  }
  return kinds;
}

TEST(PolyhedronBatch, GridsAcrossSlicesMatchSingleQuery) {
  std::array<int, 4> kinds{};
  for (Family family : kAllFamilies) {
    Rng rng(700 + static_cast<int>(family));
    for (int i = 0; i < 6; ++i) {
      const hull_oracle::Cloud cloud = hull_oracle::random_cloud(family, rng);
      const geo::HullBuild<double> built = geo::make_convex_hull(cloud.points);
      if (!built.ok()) continue;
      V3 center(0);
      for (const V3& vertex : built.hull.vertices) center += vertex;
      center /= double(built.hull.vertices.size());
      for (const double height : {-0.3, 0.0, 0.2}) {
        const V3 u = rng.unit(), w = glm::normalize(glm::cross(u, rng.unit())), v = glm::cross(w, u);
        const auto found = expect_grid_matches(built.hull, grid(center + w * (height * cloud.at.size), u, v,
                                                                3 * cloud.at.size, 48));
        for (int k = 0; k < 4; ++k) kinds[k] += found[k];
        if (HasFailure()) return;
      }
    }
  }
  for (int k = 0; k < 4; ++k) EXPECT_GT(kinds[k], 100) << "feature kind " << k;
}

// Normals twice as long: N·P − D is no longer a distance, and the batch must not treat it
// as one. Without edges: the nearest vertex answers.
TEST(PolyhedronBatch, HandMadeHullsMatchSingleQuery) {
  const auto cube = geo::make_convex_hull<double>({{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1},
                                                   {-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}});
  ASSERT_TRUE(cube.ok());
  const auto slice = grid(V3(0.1, 0.2, 0.3), V3(1, 0, 0), glm::normalize(V3(0, 1, 0.4)), 6, 64);
  geo::ConvexPolyhedron<double> long_normals = cube.hull;
  for (auto& plane : long_normals.face_planes) {
    plane.normal *= 2.0;
    plane.d *= 2.0;
  }
  expect_grid_matches(long_normals, slice);
  geo::ConvexPolyhedron<double> no_edges = cube.hull;
  no_edges.edges.clear();
  expect_grid_matches(no_edges, slice);
}

}  // namespace
