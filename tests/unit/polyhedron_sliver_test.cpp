// Containment next to a sliver's face: a point outside a face plane by less than the
// tolerance can still be far from the solid when the face's normal barely leans, so
// `contains` must agree with the distance (two geometry fuzzer findings).
#include "collision_lab/hull.h"
#include "collision_lab/polyhedron.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using V3 = geo::Vec3<double>;

void expect_contains_agrees_with_distance(const std::vector<V3>& points, const V3& p) {
  const auto built = geo::make_convex_hull(points);
  ASSERT_TRUE(built.ok()) << built.message;
  const auto inside = geo::contains(built.hull, p);
  const auto nearest = geo::closest_point(built.hull, p);
  ASSERT_TRUE(inside.ok() && nearest.ok());
  EXPECT_EQ(inside.inside, nearest.distance <= inside.tolerance)
      << "distance " << nearest.distance << ", tolerance " << inside.tolerance;
}

TEST(PolyhedronSliver, ThinWedgeContainsOnlyPointsNearIt) {
  expect_contains_agrees_with_distance({V3(396078.4313725489, 396078.4313725489, 396078.4313725489),
      V3(3.0, 396078.4313725489, 396078.4310487688),
      V3(-737273.1333598495, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0)},
                                       V3(-3.0, -4.0, -4.0));
}

TEST(PolyhedronSliver, FlatSliverContainsOnlyPointsNearIt) {
  expect_contains_agrees_with_distance({V3(-952941.176470584, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, -4.0, 3.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, -4.0, -4.0),
      V3(-4.0, 3.0, 396078.4313725489)},
                                       V3(-952941.1792755127, -4.0, -4.0));
}

}  // namespace
