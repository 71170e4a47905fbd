// The shape edits behind the panel's fields: a box's orientation as Euler angles (read
// from the axes and back, gimbal lock included) and moving one vertex of a polygon or a
// polyhedron, refused when the shape would break.
#include "app/host/sample_state.h"
#include "collision_lab/hull.h"
#include "collision_lab/polygon.h"

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <random>

namespace {

using Axes = std::array<glm::dvec3, 3>;

void expect_same_axes(const Axes& a, const Axes& b, double tolerance = 1e-12) {
  for (int k = 0; k < 3; ++k) {
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(a[k][i], b[k][i], tolerance) << "axis " << k << " component " << i;
  }
}

Axes columns(const glm::dmat3& m) { return {m[0], m[1], m[2]}; }

void expect_orthonormal(const Axes& axes) {
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(glm::length(axes[k]), 1, 1e-14);
    EXPECT_NEAR(glm::dot(axes[k], axes[(k + 1) % 3]), 0, 1e-14);
  }
  EXPECT_NEAR(glm::dot(glm::cross(axes[0], axes[1]), axes[2]), 1, 1e-14) << "right-handed";
}

TEST(EulerAngles, AnglesGiveTheTurnTheyName) {
  expect_same_axes(axes_from_euler_degrees({0, 0, 0}), {glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)});
  // Yaw 90: x turns to y. Pitch 90 alone: x turns down to -z. Roll 90 alone: y turns to z.
  expect_same_axes(axes_from_euler_degrees({90, 0, 0}), {glm::dvec3(0, 1, 0), glm::dvec3(-1, 0, 0), glm::dvec3(0, 0, 1)}, 1e-15);
  expect_same_axes(axes_from_euler_degrees({0, 90, 0}), {glm::dvec3(0, 0, -1), glm::dvec3(0, 1, 0), glm::dvec3(1, 0, 0)}, 1e-15);
  expect_same_axes(axes_from_euler_degrees({0, 0, 90}), {glm::dvec3(1, 0, 0), glm::dvec3(0, 0, 1), glm::dvec3(0, -1, 0)}, 1e-15);
  const glm::dvec3 angles = euler_degrees(axes_from_euler_degrees({30, -20, 45}));
  EXPECT_NEAR(angles.x, 30, 1e-12);
  EXPECT_NEAR(angles.y, -20, 1e-12);
  EXPECT_NEAR(angles.z, 45, 1e-12);
}

TEST(EulerAngles, AnyAnglesGiveOrthonormalAxes) {
  std::mt19937 random(3);
  std::uniform_real_distribution<double> angle(-1000, 1000);
  for (int i = 0; i < 2000; ++i) expect_orthonormal(axes_from_euler_degrees({angle(random), angle(random), angle(random)}));
}

TEST(EulerAngles, AxesReadAsAnglesComeBackWithin1e12) {
  std::mt19937 random(11);
  std::normal_distribution<double> normal;
  std::vector<Axes> cases;
  for (int i = 0; i < 5000; ++i) {
    const glm::dquat q = glm::normalize(glm::dquat(normal(random), normal(random), normal(random), normal(random)));
    cases.push_back(columns(glm::mat3_cast(q)));
  }
  // Gimbal lock exactly (x along -z or +z), and a hair away from it, at several yaws.
  cases.push_back({glm::dvec3(0, 0, -1), glm::dvec3(0, 1, 0), glm::dvec3(1, 0, 0)});
  cases.push_back({glm::dvec3(0, 0, 1), glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0)});
  cases.push_back({glm::dvec3(0, 0, -1), glm::dvec3(-0.6, 0.8, 0), glm::dvec3(0.8, 0.6, 0)});
  for (double pitch : {90.0, -90.0, 90 - 1e-9, -90 + 1e-7, 89.99999}) {
    for (double yaw : {0.0, 37.0, 180.0, -123.0}) cases.push_back(axes_from_euler_degrees({yaw, pitch, 71}));
  }
  // Half turns, where atan2 meets -0 and pi.
  cases.push_back({glm::dvec3(-1, 0, 0), glm::dvec3(0, -1, 0), glm::dvec3(0, 0, 1)});
  cases.push_back({glm::dvec3(-1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, -1)});
  cases.push_back({glm::dvec3(1, 0, 0), glm::dvec3(0, -1, -0.0), glm::dvec3(0, 0.0, -1)});
  for (const Axes& axes : cases) {
    const glm::dvec3 angles = euler_degrees(axes);
    EXPECT_LE(std::abs(angles.y), 90.0);
    SCOPED_TRACE(testing::Message() << "angles " << angles.x << " " << angles.y << " " << angles.z);
    expect_same_axes(axes_from_euler_degrees(angles), axes);
  }
}

TEST(EulerAngles, LeftHandedAxesAreTheSameBoxWithTheThirdAxisFlipped) {
  const Axes right = axes_from_euler_degrees({10, 20, 30});
  const Axes left{right[0], right[1], -right[2]};
  expect_same_axes(axes_from_euler_degrees(euler_degrees(left)), right);
}

TEST(VertexMoves, APolyhedronVertexMovesInPlaceOrIsRefusedWithAReason) {
  auto hull = geo::make_convex_hull<double>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}).hull;
  const auto before = hull.vertices;
  std::string why;
  EXPECT_FALSE(move_hull_vertex(hull, 3, {0.5, 0.5, 0}, why));
  EXPECT_FALSE(why.empty());
  EXPECT_EQ(hull.vertices, before) << "a flat hull is refused; the previous one stays";
  why.clear();
  auto cube = geo::make_convex_hull<double>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
                                             {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}}).hull;
  EXPECT_FALSE(move_hull_vertex(cube, 7, {0.5, 0.5, 0.5}, why)) << "a vertex moved inside would be dropped";
  EXPECT_NE(why.find("dropped"), std::string::npos) << why;
  EXPECT_FALSE(move_hull_vertex(cube, 8, {2, 2, 2}, why));
  ASSERT_TRUE(move_hull_vertex(hull, 3, {0, 0, 2.5}, why));
  EXPECT_EQ(hull.vertices[3], glm::dvec3(0, 0, 2.5));
  EXPECT_EQ(hull.faces.size(), 4u);
}

TEST(VertexMoves, APolygonVertexMovesOrIsRefusedWhenItWouldNotBeConvex) {
  auto square = geo::make_convex_polygon<double>({{0, 0}, {1, 0}, {1, 1}, {0, 1}}).polygon;
  const auto before = square.vertices;
  std::string why;
  EXPECT_FALSE(move_polygon_vertex(square, 2, {0.4, 0.4}, why));
  EXPECT_FALSE(why.empty());
  EXPECT_EQ(square.vertices, before);
  EXPECT_FALSE(move_polygon_vertex(square, 2, {0.5, 0.5}, why)) << "in line with its neighbours: it would be dropped";
  ASSERT_TRUE(move_polygon_vertex(square, 2, {2, 2}, why));
  EXPECT_NE(std::find(square.vertices.begin(), square.vertices.end(), glm::dvec2(2, 2)), square.vertices.end());
}

}  // namespace
