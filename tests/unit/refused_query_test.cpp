// Shapes the library refuses (shape_check.h), and what a refused query answers: its
// error, ok() false, and NaN in every number, so it cannot be read as an answer.
#include "collision_lab/aabb_overlap.h"
#include "collision_lab/box_overlap.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/closest_point_batch.h"
#include "collision_lab/containment.h"
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"
#include "collision_lab/linear_pairs.h"
#include "collision_lab/plane.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/sat.h"
#include "collision_lab/support.h"
#include "collision_lab/shape_check.h"
#include "collision_lab/triangle.h"
#include "collision_lab/triangle_pairs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using V = geo::Vec3<double>;
using geo::QueryError;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const std::array<V, 3> kAxes{V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)};
// The box: axes[0] twice unit length, which the library once answered as overlapping.
const geo::Obb<double> kStretched{V(0), {V(2, 0, 0), V(0, 1, 0), V(0, 0, 1)}, V(1)};

bool all_nan(const V& v) { return std::isnan(v.x) && std::isnan(v.y) && std::isnan(v.z); }

template <typename Result>
void expect_refused_closest(const Result& r, QueryError error) {
  EXPECT_EQ(r.error, error);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(std::isnan(r.distance));
  EXPECT_TRUE(std::isnan(r.distance_squared));
  EXPECT_TRUE(std::isnan(r.point.x) && std::isnan(r.point.y));
}

template <typename Result>
void expect_refused_pair(const Result& r, QueryError error) {
  EXPECT_EQ(r.error, error);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(std::isnan(r.distance));
  EXPECT_TRUE(all_nan(r.a_point) && all_nan(r.b_point));
}

void expect_refused_sat(const geo::SatResult<double>& r, QueryError error) {
  EXPECT_EQ(r.error, error);
  EXPECT_FALSE(r.ok());
  EXPECT_FALSE(r.overlap);
  EXPECT_TRUE(std::isnan(r.separation) && std::isnan(r.depth) && all_nan(r.axis));
}

geo::ConvexPolyhedron<double> cube() {
  std::vector<V> corners;
  for (int i = 0; i < 8; ++i) corners.push_back(V(i & 1, i >> 1 & 1, i >> 2 & 1));
  const auto built = geo::make_convex_hull(corners);
  EXPECT_TRUE(built.ok());
  return built.hull;
}

TEST(ShapeCheck, ValidShapesHaveNoProblem) {
  EXPECT_EQ(geo::shape_problem(geo::Obb<double>{}), "");
  EXPECT_EQ(geo::shape_problem(geo::Aabb<float>{}), "");
  EXPECT_EQ(geo::shape_problem(geo::Sphere<double>{}), "");
  EXPECT_EQ(geo::shape_problem(geo::Plane<double>{V(0, 0, 3), 1}), "");  // normalized by the queries
  EXPECT_EQ(geo::shape_problem(geo::Segment<double>{V(1), V(1)}), "");   // degenerate but answered
  EXPECT_EQ(geo::shape_problem(cube()), "");
  const auto square = geo::make_convex_polygon<double>({{0, 0}, {0, 1}, {1, 1}, {1, 0}});  // clockwise given
  ASSERT_TRUE(square.ok());
  EXPECT_EQ(geo::shape_problem(square.polygon), "");
  EXPECT_EQ(geo::validate_shape(geo::ConvexShape<double>(V(1))), QueryError::None);
  EXPECT_EQ(geo::shape_problem(geo::ConvexShape<double>(kStretched)), geo::shape_problem(kStretched));
}

TEST(ShapeCheck, ObbToleranceIsTheSameInFloatAndDouble) {
  for (const double off : {0.9e-6, 1.1e-6}) {
    const bool valid = off < geo::kObbAxisTolerance;
    const geo::Obb<double> stretched{V(0), {V(1 + off, 0, 0), V(0, 1, 0), V(0, 0, 1)}, V(1)};
    const geo::Obb<double> leaning{V(0), {V(1, 0, 0), V(off, 1, 0), V(0, 0, 1)}, V(1)};
    for (const auto& box : {stretched, leaning}) {
      const geo::Obb<float> box_f{geo::Vec3<float>(box.center),
                                  {geo::Vec3<float>(box.axes[0]), geo::Vec3<float>(box.axes[1]), geo::Vec3<float>(box.axes[2])},
                                  geo::Vec3<float>(box.half_extents)};
      EXPECT_EQ(geo::shape_error(box) == QueryError::None, valid) << off;
      EXPECT_EQ(geo::shape_error(box_f) == QueryError::None, valid) << off;
    }
  }
  EXPECT_EQ(geo::shape_problem(kStretched), "axes[0]: not unit length (length 2, tolerance 1e-6)");
  const geo::Obb<double> sheared{V(0), {V(1, 0, 0), V(0, 1, 0), V(0.6, 0, 0.8)}, V(1)};
  EXPECT_EQ(geo::shape_problem(sheared), "axes: axes 0 and 2 are not orthogonal (dot 0.6, tolerance 1e-6)");
  EXPECT_EQ(geo::shape_problem(geo::Obb<double>{V(0), kAxes, V(1, 1, -0.5)}), "half_extents[2]: must not be negative");
  EXPECT_EQ(geo::shape_problem(geo::Obb<double>{V(0), {V(1, 0, 0), V(0, kNaN, 0), V(0, 0, 1)}, V(1)}),
            "axes[1][1]: not a finite number");
}

TEST(ShapeCheck, PolygonsAreConvexAndCounterClockwise) {
  const geo::ConvexPolygon<double> clockwise{{{0, 0}, {0, 1}, {1, 1}, {1, 0}}};
  EXPECT_EQ(geo::shape_problem(clockwise),
            "vertices: clockwise; a ConvexPolygon runs counter-clockwise (make_convex_polygon orders it)");
  EXPECT_FALSE(geo::closest_point(clockwise, geo::Vec2<double>(2, 2)).ok());
  const geo::ConvexPolygon<double> dart{{{0, 0}, {4, 0}, {1, 1}, {0, 4}}};
  EXPECT_EQ(geo::shape_problem(dart), "vertices: " + geo::make_convex_polygon(dart.vertices).message);
}

TEST(ShapeCheck, PolyhedraAreWhatMakeConvexHullBuilds) {
  auto hull = cube();
  hull.faces[2][1] = 8;
  EXPECT_EQ(geo::shape_problem(hull), "faces[2]: vertex index 8 out of range (8 vertices)");
  hull = cube();
  hull.face_planes.pop_back();
  EXPECT_EQ(geo::shape_problem(hull), "face_planes: 5 planes for 6 faces");
  hull = cube();
  hull.face_planes[1].d = kNaN;
  EXPECT_EQ(geo::shape_problem(hull), "face_planes[1].d: not a finite number");
  EXPECT_EQ(geo::shape_error(hull), QueryError::NonFiniteInput);
  EXPECT_EQ(geo::shape_problem(geo::ConvexPolyhedron<double>{{V(0), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}, {}, {}, {}}),
            "faces: none (make_convex_hull gives them)");
}

// The example: two of these boxes 0.5 apart were answered ok, overlap, depth 0.5.
TEST(RefusedQuery, BoxOverlapRefusesAxesThatAreNotUnit) {
  geo::Obb<double> other = kStretched;
  other.center = V(2.5, 0, 0);
  expect_refused_sat(geo::box_overlap(kStretched, other), QueryError::InvalidShape);
  expect_refused_sat(geo::box_overlap(kStretched, geo::Aabb<double>{V(2), V(3)}), QueryError::InvalidShape);
  const geo::Obb<float> stretched_f{geo::Vec3<float>(0), {geo::Vec3<float>(2, 0, 0), geo::Vec3<float>(0, 1, 0),
                                    geo::Vec3<float>(0, 0, 1)}, geo::Vec3<float>(1)};
  EXPECT_EQ(geo::box_overlap(stretched_f, stretched_f).error, QueryError::InvalidShape);
  expect_refused_sat(geo::sat_overlap(geo::sat_shape(kStretched), geo::sat_shape(geo::Aabb<double>{})),
                     QueryError::InvalidShape);
  EXPECT_FALSE(geo::contains(kStretched, V(1.5, 0, 0)));
}

TEST(RefusedQuery, ClosestPointsAreNaNOnNaNInputAndOnInvalidShapes) {
  const V nan(kNaN, 0, 0);
  expect_refused_closest(geo::closest_point(geo::Line<double>{}, nan), QueryError::NonFiniteInput);
  const auto ray = geo::closest_point(geo::Ray<double>{nan, V(1, 0, 0)}, V(0));
  expect_refused_closest(ray, QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(ray.t) && std::isnan(ray.t_raw) && std::isnan(ray.dot_start));
  expect_refused_closest(geo::closest_point(geo::Segment<double>{}, nan), QueryError::NonFiniteInput);
  const auto plane = geo::closest_point(geo::Plane<double>{V(0), 1}, V(0));
  expect_refused_closest(plane, QueryError::InvalidShape);
  EXPECT_TRUE(std::isnan(plane.signed_distance));
  expect_refused_closest(geo::closest_point(geo::Aabb<double>{V(1), V(0)}, V(0)), QueryError::InvalidShape);
  const auto box = geo::closest_point(kStretched, V(0));
  expect_refused_closest(box, QueryError::InvalidShape);
  EXPECT_TRUE(all_nan(box.local) && all_nan(box.local_clamped));
  expect_refused_closest(geo::closest_point(geo::Obb<double>{}, nan), QueryError::NonFiniteInput);
  const auto sphere = geo::closest_point(geo::Sphere<double>{V(0), -1}, V(0));
  expect_refused_closest(sphere, QueryError::InvalidShape);
  EXPECT_TRUE(std::isnan(sphere.center_distance));
  const auto triangle = geo::closest_point(geo::Triangle<double>{}, nan);
  expect_refused_closest(triangle, QueryError::NonFiniteInput);
  EXPECT_TRUE(all_nan(triangle.barycentric) && std::isnan(triangle.d1) && std::isnan(triangle.vc));
  const geo::ConvexPolygon<double> dart{{{0, 0}, {4, 0}, {1, 1}, {0, 4}}};
  expect_refused_closest(geo::closest_point(dart, geo::Vec2<double>(0)), QueryError::InvalidShape);
  const auto inside = geo::contains(dart, geo::Vec2<double>(0.5, 0.5));
  EXPECT_EQ(inside.error, QueryError::InvalidShape);
  EXPECT_FALSE(inside.inside);
  EXPECT_TRUE(std::isnan(inside.tolerance));
  auto hull = cube();
  hull.vertices.resize(3);
  expect_refused_closest(geo::closest_point(hull, V(0)), QueryError::InvalidShape);
  EXPECT_EQ(geo::contains(hull, V(0)).error, QueryError::InvalidShape);
  expect_refused_closest(geo::closest_point(cube(), nan), QueryError::NonFiniteInput);
}

TEST(RefusedQuery, PairsAreNaNOnNaNInputAndOnInvalidShapes) {
  const geo::Segment<double> bad{V(kNaN), V(1)};
  const auto linear = geo::closest_points(bad, geo::Segment<double>{});
  expect_refused_pair(linear, QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(linear.s) && std::isnan(linear.t) && std::isnan(linear.s_raw) && std::isnan(linear.t_raw));
  const auto triangle = geo::closest_points(bad, geo::Triangle<double>{});
  expect_refused_pair(triangle, QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(triangle.s));
  expect_refused_pair(geo::closest_points(geo::Triangle<double>{}, geo::Triangle<double>{V(kNaN), V(1), V(2)}),
                      QueryError::NonFiniteInput);

  const geo::ConvexShape<double> sphere = geo::Sphere<double>{};
  for (const geo::ConvexShape<double>& shape : {geo::ConvexShape<double>(kStretched), geo::ConvexShape<double>(V(kNaN))}) {
    const QueryError error = std::holds_alternative<V>(shape) ? QueryError::NonFiniteInput : QueryError::InvalidShape;
    const auto gjk = geo::gjk_distance(sphere, shape);
    expect_refused_pair(gjk, error);
    EXPECT_TRUE(std::isnan(gjk.separation) && all_nan(gjk.axis) && std::isnan(gjk.lower_bound));
    const auto epa = geo::epa_penetration(shape, sphere);
    EXPECT_EQ(epa.error, error);
    EXPECT_FALSE(epa.ok());
    EXPECT_TRUE(std::isnan(epa.depth) && all_nan(epa.axis) && all_nan(epa.a_point));
  }
  // A non-finite query point and a non-convex polygon: the first error a pair reports.
  const geo::ConvexShape<double> dart = geo::ConvexPolygon<double>{{{0, 0}, {4, 0}, {1, 1}, {0, 4}}};
  EXPECT_EQ(geo::gjk_distance(dart, geo::ConvexShape<double>(V(kNaN))).error, QueryError::NonFiniteInput);
  EXPECT_EQ(geo::gjk_distance(dart, sphere).error, QueryError::InvalidShape);
}

TEST(RefusedQuery, OverlapsAreNaNOnNaNInputAndOnInvalidShapes) {
  expect_refused_sat(geo::box_overlap(geo::Aabb<double>{V(kNaN), V(1)}, geo::Aabb<double>{}), QueryError::NonFiniteInput);
  expect_refused_sat(geo::box_overlap(geo::Obb<double>{V(0), kAxes, V(-1)}, geo::Obb<double>{}), QueryError::InvalidShape);
  expect_refused_sat(geo::aabb_overlap(geo::Triangle<double>{V(kNaN), V(1), V(2)}, geo::Aabb<double>{}),
                     QueryError::NonFiniteInput);
  expect_refused_sat(geo::aabb_overlap(geo::Segment<double>{}, geo::Aabb<double>{V(1), V(0)}), QueryError::InvalidShape);
  const geo::ConvexPolygon<double> square{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
  const geo::ConvexPolygon<double> dart{{{0, 0}, {4, 0}, {1, 1}, {0, 4}}};
  expect_refused_sat(geo::sat_overlap(square, dart), QueryError::InvalidShape);
  expect_refused_sat(geo::sat_overlap(dart, geo::ConvexPolygon<double>{{{0, 0}, {kNaN, 0}, {0, 1}}}),
                     QueryError::NonFiniteInput);
  auto hull = cube();
  hull.faces[0][0] = -1;
  expect_refused_sat(geo::sat_overlap(geo::sat_shape(hull), geo::sat_shape(cube())), QueryError::InvalidShape);
}

TEST(RefusedQuery, BuildersAndBatchesGiveNaN) {
  const auto plane = geo::make_plane(V(0), 1.0);
  EXPECT_EQ(plane.error, QueryError::InvalidShape);
  EXPECT_TRUE(all_nan(plane.plane.normal) && std::isnan(plane.plane.d));
  const std::vector<V> queries{V(0), V(kNaN), V(3)};
  std::vector<V> out(queries.size(), V(7));
  const geo::BatchResult refused = geo::closest_points<double>(kStretched, queries, out);
  EXPECT_EQ(refused.shape_error, QueryError::InvalidShape);
  for (const V& p : out) EXPECT_TRUE(all_nan(p));
  const geo::BatchResult answered = geo::closest_points<double>(geo::Obb<double>{}, queries, out);
  EXPECT_EQ(answered.non_finite_queries, 1u);
  EXPECT_TRUE(all_nan(out[1]));
  EXPECT_EQ(out[2], V(1));
}

}  // namespace
