// Unit tests of box and sphere containment: closed shapes, with a size-relative tolerance.
#include "collision_lab/containment.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using V3 = geo::Vec3<double>;
using F3 = geo::Vec3<float>;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

geo::Obb<double> rotated_45_about_z() {
  const double h = std::sqrt(0.5);
  return {V3(0), {V3(h, h, 0), V3(-h, h, 0), V3(0, 0, 1)}, V3(1, 1, 1)};
}

TEST(Contains, AabbIsClosedWithASizeRelativeTolerance) {
  const geo::Aabb<double> box{{-1, -1, -1}, {1, 1, 1}};
  EXPECT_TRUE(geo::contains(box, V3(0)));
  EXPECT_TRUE(geo::contains(box, V3(1, 1, 1)));    // a vertex
  EXPECT_TRUE(geo::contains(box, V3(1 + 1e-15, 0, 0)));
  EXPECT_FALSE(geo::contains(box, V3(1 + 1e-9, 0, 0)));
  EXPECT_FALSE(geo::contains(box, V3(0, -2, 0)));
  // At 1e6 the rounding of the coordinates (1e-10) is within the tolerance; a micron is not.
  const geo::Aabb<double> far{{1e6, 1e6, 1e6}, {1e6 + 1, 1e6 + 1, 1e6 + 1}};
  EXPECT_TRUE(geo::contains(far, V3(1e6 + 1 + 2e-10, 1e6, 1e6)));
  EXPECT_FALSE(geo::contains(far, V3(1e6 + 1 + 1e-6, 1e6, 1e6)));
  EXPECT_FALSE(geo::contains(geo::Aabb<double>{{0, 0, 0}, {-1, 1, 1}}, V3(0)));
  EXPECT_FALSE(geo::contains(box, V3(kNaN)));
  EXPECT_TRUE(geo::contains(geo::Aabb<float>{{0, 0, 0}, {0, 0, 0}}, F3(0)));
}

TEST(Contains, ObbUsesItsOwnAxes) {
  const auto box = rotated_45_about_z();
  EXPECT_TRUE(geo::contains(box, V3(0, std::sqrt(2.0), 1)));  // a vertex, rounded
  EXPECT_TRUE(geo::contains(box, V3(0.5, 0.5, 0)));
  EXPECT_FALSE(geo::contains(box, V3(1, 0.5, 0)));  // inside the unrotated box only
  EXPECT_FALSE(geo::contains(box, V3(0, std::sqrt(2.0) + 1e-9, 0)));
  auto bad = box;
  bad.half_extents.x = -1;
  EXPECT_FALSE(geo::contains(bad, V3(0)));
}

TEST(Contains, SphereIsClosed) {
  const geo::Sphere<double> sphere{{1, 2, 3}, 2};
  EXPECT_TRUE(geo::contains(sphere, V3(1, 2, 5)));
  EXPECT_TRUE(geo::contains(sphere, V3(1, 2, 5 + 1e-15)));
  EXPECT_FALSE(geo::contains(sphere, V3(1, 2, 5 + 1e-9)));
  EXPECT_TRUE(geo::contains(geo::Sphere<double>{V3(1), 0}, V3(1)));
  EXPECT_FALSE(geo::contains(geo::Sphere<double>{V3(1), -1}, V3(1)));
  EXPECT_FALSE(geo::contains(sphere, V3(kInf)));
  EXPECT_TRUE(geo::contains(geo::Sphere<float>{F3(0), 1}, F3(0, 0, 1.0000001f)));
  EXPECT_FALSE(geo::contains(geo::Sphere<float>{F3(0), 1}, F3(0, 0, 1.001f)));
}

}  // namespace
