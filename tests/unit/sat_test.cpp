// Unit tests of the Separating Axis Test: axis counts, early-out, cache, touching, the
// edge-edge preset, and every degenerate pair of flat shapes.
#include "collision_lab/polygon.h"
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using geo::AxisSource;
using V = geo::Vec3<double>;

geo::Aabb<double> box(V min, V max) { return {min, max}; }

template <typename A, typename B>
geo::SatResult<double> sat(const A& a, const B& b, geo::SatOptions options = {}, geo::SatTrace<double>* trace = nullptr) {
  return geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b), options, trace);
}

geo::Obb<double> turned_box(V center, V half, double angle_z, double angle_x) {
  const double cz = std::cos(angle_z), sz = std::sin(angle_z), cx = std::cos(angle_x), sx = std::sin(angle_x);
  // R = Rx * Rz, columns are the box axes.
  geo::Obb<double> b;
  b.center = center;
  b.half_extents = half;
  b.axes = {V(cz, sz * cx, sz * sx), V(-sz, cz * cx, cz * sx), V(0, -sx, cx)};
  return b;
}

TEST(Sat, ObbPairHasTheClassicFifteenAxes) {
  const auto a = turned_box(V(0), V(1, 2, 3), 0.3, 0.2);
  const auto b = turned_box(V(10, 1, 0), V(2, 1, 1), -0.7, 1.1);
  geo::SatTrace<double> trace;
  const auto result = sat(a, b, {}, &trace);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.axis_tests, 15);
  const auto& axes = trace.axes;
  ASSERT_EQ(axes.size(), 15u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(axes[i].source, AxisSource::FaceA);
  for (int i = 3; i < 6; ++i) EXPECT_EQ(axes[i].source, AxisSource::FaceB);
  for (int i = 6; i < 15; ++i) {
    EXPECT_EQ(axes[i].source, AxisSource::EdgeEdge);
    EXPECT_EQ(axes[i].index_a, (i - 6) / 3);
    EXPECT_EQ(axes[i].index_b, (i - 6) % 3);
  }
  EXPECT_FALSE(result.overlap);
  EXPECT_EQ(result.first_separating, 0);
}

TEST(Sat, AabbPairKeepsThreeAxesAfterDuplicates) {
  geo::SatTrace<double> trace;
  const auto result = sat(box(V(0), V(1)), box(V(0.5), V(2)), {}, &trace);
  EXPECT_EQ(result.axis_tests, 3);
  EXPECT_EQ(trace.axes.size(), 3u);
  EXPECT_TRUE(result.overlap);
  EXPECT_DOUBLE_EQ(result.depth, 0.5);
}

TEST(Sat, TriangleAabbHasThirteenAxes) {
  const geo::Triangle<double> t{V(0.3, -2, 0.1), V(2, 0.4, 0.7), V(-0.5, 1.1, 2.5)};
  geo::SatTrace<double> trace;
  const auto result = sat(t, box(V(-1), V(1)), {}, &trace);
  EXPECT_EQ(result.axis_tests, 13);
  int faces_a = 0, faces_b = 0, edges = 0;
  for (const auto& axis : trace.axes) {
    faces_a += axis.source == AxisSource::FaceA;
    faces_b += axis.source == AxisSource::FaceB;
    edges += axis.source == AxisSource::EdgeEdge;
  }
  EXPECT_EQ(faces_a, 1);
  EXPECT_EQ(faces_b, 3);
  EXPECT_EQ(edges, 9);
}

TEST(Sat, EarlyOutStopsAtTheFirstSeparatingAxis) {
  const auto a = box(V(0), V(1)), b = box(V(0.5, 3, 0.5), V(1.5, 4, 1.5));
  geo::SatTrace<double> trace;
  const auto full = sat(a, b, {}, &trace);
  EXPECT_EQ(full.axis_tests, 3);
  EXPECT_EQ(full.first_separating, 1);
  EXPECT_FALSE(full.overlap);
  EXPECT_EQ(full.axis, V(0, 1, 0));
  EXPECT_DOUBLE_EQ(full.separation, 2);
  EXPECT_DOUBLE_EQ(trace.axes[1].gap, 2);
  EXPECT_DOUBLE_EQ(trace.axes[0].gap, -0.5);

  geo::SatOptions options;
  options.stop_at_separation = true;
  const auto early = sat(a, b, options, &trace);  // the trace is cleared first
  EXPECT_EQ(early.axis_tests, 2);
  EXPECT_EQ(trace.axes.size(), 2u);
  EXPECT_EQ(early.first_separating, 1);
  const auto quiet = sat(a, b, options);
  EXPECT_EQ(quiet.axis_tests, 2);
  EXPECT_DOUBLE_EQ(quiet.separation, 2);
}

TEST(Sat, LeastOverlapAxisPointsFromAToB) {
  const auto a = box(V(0), V(1));
  const auto above = sat(a, box(V(0.5, 0.2, 0.9), V(1.5, 1.2, 1.9)));
  EXPECT_TRUE(above.overlap);
  EXPECT_NEAR(above.depth, 0.1, 1e-15);
  EXPECT_EQ(above.axis, V(0, 0, 1));
  const auto below = sat(a, box(V(0.5, 0.2, -0.9), V(1.5, 1.2, 0.1)));
  EXPECT_NEAR(below.depth, 0.1, 1e-15);
  EXPECT_EQ(below.axis, V(0, 0, -1));
  const auto left = sat(a, box(V(-3, 0, 0), V(-1, 1, 1)));
  EXPECT_FALSE(left.overlap);
  EXPECT_EQ(left.axis, V(-1, 0, 0));
  EXPECT_DOUBLE_EQ(left.separation, 1);
}

TEST(Sat, TouchingBoxesOverlapWithDepthZero) {
  const auto result = sat(box(V(0), V(1)), box(V(1, 0.2, 0.3), V(2, 0.7, 0.8)));
  EXPECT_TRUE(result.overlap);
  EXPECT_EQ(result.depth, 0);
  EXPECT_EQ(result.axis, V(1, 0, 0));
  EXPECT_EQ(result.first_separating, -1);
  // Touching far from the origin, where the corners are 1e6 and the gap rounds: still touching.
  const V far(1e6, -2e6, 3e6);
  const auto offset = sat(box(far, far + V(1)), box(far + V(1, 0, 0), far + V(2, 1, 1)));
  EXPECT_TRUE(offset.overlap);
  EXPECT_EQ(offset.depth, 0);
}

TEST(Sat, IntervalsAreWorldProjections) {
  geo::SatTrace<double> trace;
  const auto result = sat(box(V(10, 0, 0), V(11, 1, 1)), box(V(13, 0, 0), V(14, 1, 1)), {}, &trace);
  EXPECT_FALSE(result.overlap);
  EXPECT_DOUBLE_EQ(trace.axes[0].a_min, 10);
  EXPECT_DOUBLE_EQ(trace.axes[0].a_max, 11);
  EXPECT_DOUBLE_EQ(trace.axes[0].b_min, 13);
  EXPECT_DOUBLE_EQ(trace.axes[0].b_max, 14);
  EXPECT_DOUBLE_EQ(trace.axes[0].gap, 2);
}

// Two cubes crossed edge to edge: A's edge along x at y = z = 1, B's edge across it along
// (0, 1, -1), both bodies away from the contact: only the edge x edge axis separates.
geo::Obb<double> crossed_cube(double gap) {
  const double r = std::sqrt(0.5);
  const V n(0, r, r);
  geo::Obb<double> b;
  b.axes = {V(r, -0.5, -0.5), V(-r, -0.5, -0.5), V(0, r, -r)};
  b.half_extents = V(1);
  b.center = V(0, 1, 1) + n * gap - b.axes[0] - b.axes[1];
  return b;
}

TEST(Sat, EdgeEdgePresetNeedsTheCrossAxis) {
  const auto a = box(V(-1), V(1));
  geo::SatTrace<double> trace;
  const auto result = sat(a, crossed_cube(0.01), {}, &trace);
  EXPECT_FALSE(result.overlap);
  EXPECT_TRUE(result.face_axes_would_be_wrong);
  EXPECT_EQ(result.first_separating_axis.source, AxisSource::EdgeEdge);
  EXPECT_NEAR(result.separation, 0.01, 1e-12);
  EXPECT_NEAR(result.axis.y, std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(result.axis.z, std::sqrt(0.5), 1e-12);
  for (int i = 0; i < 6; ++i) EXPECT_LE(trace.axes[i].gap, 0);
  const auto crossing = sat(a, crossed_cube(-0.01));
  EXPECT_TRUE(crossing.overlap);
  EXPECT_FALSE(crossing.face_axes_would_be_wrong);
  EXPECT_NEAR(crossing.depth, 0.01, 1e-12);
}

TEST(Sat, CacheSavesAxisTestsOnAMovingPair) {
  // The crossed cubes drifting apart along the contact normal: only the edge x edge axis
  // separates them, so without the cache each query tests the 6 face axes first.
  const auto a = box(V(-1), V(1));
  geo::SatCache cache;
  geo::SatOptions cached, plain;
  cached.cache = &cache;
  cached.stop_at_separation = plain.stop_at_separation = true;
  int with_cache = 0, without = 0;
  for (int step = 0; step < 50; ++step) {
    auto b = crossed_cube(0.001 * (step + 1));
    b.center += V(0.002 * step, 0, 0);  // slide along A's edge too
    const auto fast = sat(a, b, cached);
    const auto slow = sat(a, b, plain);
    EXPECT_FALSE(fast.overlap);
    EXPECT_FALSE(slow.overlap);
    EXPECT_GE(slow.axis_tests, 7);
    with_cache += fast.axis_tests;
    without += slow.axis_tests;
    if (step > 0) {
      EXPECT_EQ(fast.axis_tests, 1) << step;
    }
  }
  EXPECT_TRUE(cache.valid);
  EXPECT_EQ(cache.source, AxisSource::EdgeEdge);
  EXPECT_LT(with_cache * 5, without);
  // Once they overlap, the cached axis fails, the full test runs and the cache is dropped.
  const auto hit = sat(a, crossed_cube(-0.1), cached);
  EXPECT_TRUE(hit.overlap);
  EXPECT_EQ(hit.axis_tests, sat(a, crossed_cube(-0.1)).axis_tests);
  EXPECT_FALSE(cache.valid);
}

TEST(Sat, BadInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  auto r = sat(box(V(0), V(1, nan, 1)), box(V(0), V(1)));
  EXPECT_EQ(r.error, geo::QueryError::NonFiniteInput);
  EXPECT_EQ(r.axis_tests, 0);
  EXPECT_FALSE(r.overlap);
  r = sat(geo::Segment<double>{V(0), V(inf, 0, 0)}, box(V(0), V(1)));
  EXPECT_EQ(r.error, geo::QueryError::NonFiniteInput);
  EXPECT_EQ(sat(geo::ConvexPolyhedron<double>{}, box(V(0), V(1))).error, geo::QueryError::InvalidShape);
  geo::Obb<double> negative;
  negative.half_extents = V(1, -1, 1);
  EXPECT_EQ(sat(negative, box(V(0), V(1))).error, geo::QueryError::InvalidShape);
  EXPECT_EQ(sat(box(V(1), V(0)), box(V(0), V(1))).error, geo::QueryError::InvalidShape);
}

TEST(Sat, PolyhedronPair) {
  const auto cube = geo::make_convex_hull(std::vector<V>{V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(1, 1, 0), V(0, 0, 1),
                                                         V(1, 0, 1), V(0, 1, 1), V(1, 1, 1)});
  const auto tetra = geo::make_convex_hull(std::vector<V>{V(1.5, 0, 0), V(3, 0, 0), V(1.5, 1, 0), V(1.5, 0, 1)});
  ASSERT_TRUE(cube.ok() && tetra.ok());
  const auto shape = geo::sat_shape(cube.hull);
  EXPECT_EQ(shape.face_normals.size(), 3u);  // opposite faces give one axis
  EXPECT_EQ(shape.edge_directions.size(), 3u);
  const auto result = geo::sat_overlap(shape, geo::sat_shape(tetra.hull));
  EXPECT_FALSE(result.overlap);
  EXPECT_DOUBLE_EQ(result.separation, 0.5);
  EXPECT_EQ(result.axis, V(1, 0, 0));
}

TEST(Sat, CoplanarTrianglesUseInPlaneAxes) {
  const geo::Triangle<double> a{V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)};
  const geo::Triangle<double> beside{V(1, 1, 0), V(2, 1, 0), V(1, 2, 0)};
  const auto apart = sat(a, beside);
  EXPECT_FALSE(apart.overlap);
  EXPECT_TRUE(apart.face_axes_would_be_wrong);
  EXPECT_EQ(apart.first_separating_axis.source, AxisSource::SideA);
  EXPECT_NEAR(apart.separation, std::sqrt(0.5), 1e-15);  // across the hypotenuse
  const geo::Triangle<double> across{V(0.2, 0.2, 0), V(2, 0.2, 0), V(0.2, 2, 0)};
  EXPECT_TRUE(sat(a, across).overlap);
  const geo::Triangle<double> touching{V(0.5, 0.5, 0), V(2, 0.5, 0), V(0.5, 2, 0)};
  const auto touch = sat(a, touching);
  EXPECT_TRUE(touch.overlap);
  EXPECT_EQ(touch.depth, 0);
}

TEST(Sat, SegmentInTheTrianglePlane) {
  const geo::Triangle<double> t{V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)};
  const auto beside = sat(t, geo::Segment<double>{V(1, 1, 0), V(3, -1, 0)});
  EXPECT_FALSE(beside.overlap);
  EXPECT_NEAR(beside.separation, std::sqrt(0.5), 1e-15);
  EXPECT_TRUE(sat(t, geo::Segment<double>{V(0.2, 0.2, 0), V(3, 3, 0)}).overlap);
  EXPECT_TRUE(sat(t, geo::Segment<double>{V(0.2, 0.2, -1), V(0.2, 0.2, 1)}).overlap);
  EXPECT_FALSE(sat(t, geo::Segment<double>{V(0.2, 0.2, 0.5), V(0.2, 0.2, 1)}).overlap);
}

TEST(Sat, ParallelAndCollinearSegments) {
  const geo::Segment<double> s{V(0, 0, 0), V(2, 0, 0)};
  const auto side = sat(s, geo::Segment<double>{V(0, 1, 1), V(2, 1, 1)});
  EXPECT_FALSE(side.overlap);
  EXPECT_NEAR(side.separation, std::sqrt(2.0), 1e-15);
  const auto ahead = sat(s, geo::Segment<double>{V(3, 0, 0), V(5, 0, 0)});
  EXPECT_FALSE(ahead.overlap);
  EXPECT_DOUBLE_EQ(ahead.separation, 1);
  EXPECT_EQ(ahead.axis, V(1, 0, 0));
  EXPECT_TRUE(sat(s, geo::Segment<double>{V(1, 0, 0), V(5, 0, 0)}).overlap);
  EXPECT_TRUE(sat(s, geo::Segment<double>{V(2, 0, 0), V(5, 0, 0)}).overlap);  // touching
  // Coplanar, not parallel, apart: a T whose stem stops short of the bar.
  const auto tee = sat(s, geo::Segment<double>{V(1, 0.5, 0), V(1, 3, 0)});
  EXPECT_FALSE(tee.overlap);
  EXPECT_DOUBLE_EQ(tee.separation, 0.5);
}

TEST(Sat, PointsAndDegenerateTriangles) {
  const geo::Segment<double> p{V(1, 2, 3), V(1, 2, 3)}, q{V(1, 2, 4), V(1, 2, 4)};
  const auto apart = sat(p, q);
  EXPECT_FALSE(apart.overlap);
  EXPECT_DOUBLE_EQ(apart.separation, 1);
  EXPECT_TRUE(sat(p, p).overlap);
  const geo::Triangle<double> collinear{V(0, 0, 0), V(1, 1, 0), V(3, 3, 0)};
  EXPECT_TRUE(geo::sat_shape(collinear).face_normals.empty());
  EXPECT_FALSE(sat(collinear, geo::Segment<double>{V(0, 1, 0), V(3, 4, 0)}).overlap);
  EXPECT_TRUE(sat(collinear, geo::Segment<double>{V(0, 1, 0), V(3, 0, 0)}).overlap);
  const geo::Triangle<double> point{V(5, 5, 5), V(5, 5, 5), V(5, 5, 5)};
  EXPECT_TRUE(sat(point, box(V(4), V(6))).overlap);
  EXPECT_FALSE(sat(point, box(V(0), V(4.5))).overlap);
  EXPECT_FALSE(sat(point, geo::Triangle<double>{V(5, 5, 6), V(5, 5, 6), V(5, 5, 6)}).overlap);
}

TEST(Sat, FlatBoxAndTriangleInOnePlane) {
  const auto flat = box(V(0, 0, 0), V(1, 1, 0));
  const auto shape = geo::sat_shape(flat);
  EXPECT_TRUE(shape.flat);
  EXPECT_EQ(shape.plane_normal, V(0, 0, 1));
  const geo::Triangle<double> t{V(1.2, 0.9, 0), V(2, 2, 0), V(0.9, 1.2, 0)};
  EXPECT_FALSE(sat(flat, t).overlap);  // the corner (1, 1) is cut off by the triangle's edge
  EXPECT_TRUE(sat(flat, geo::Triangle<double>{V(0.9, 0.5, 0), V(2, 2, 0), V(0.5, 0.9, 0)}).overlap);
}

TEST(Sat, PolygonPair) {
  const geo::ConvexPolygon<double> square{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
  const geo::ConvexPolygon<double> diamond{{{2, 0.5}, {2.5, 0}, {3, 0.5}, {2.5, 1}}};
  const auto apart = geo::sat_overlap(square, diamond);
  ASSERT_TRUE(apart.ok());
  EXPECT_EQ(apart.axis_tests, 4);  // two axes each: opposite edges are parallel
  EXPECT_FALSE(apart.overlap);
  EXPECT_DOUBLE_EQ(apart.separation, 1);
  EXPECT_EQ(apart.axis, V(1, 0, 0));
  const geo::ConvexPolygon<double> near_diamond{{{0.8, 0.5}, {1.3, 0}, {1.8, 0.5}, {1.3, 1}}};
  const auto hit = geo::sat_overlap(square, near_diamond);
  EXPECT_TRUE(hit.overlap);
  EXPECT_NEAR(hit.depth, 0.2, 1e-15);
  EXPECT_EQ(hit.axis, V(1, 0, 0));
  EXPECT_EQ(geo::sat_overlap(square, geo::ConvexPolygon<double>{{{0, 0}, {1, 0}}}).error, geo::QueryError::InvalidShape);
}

TEST(Sat, FloatInstantiation) {
  const auto result = geo::sat_overlap(geo::sat_shape(geo::Aabb<float>{geo::Vec3<float>(0), geo::Vec3<float>(1)}),
                                       geo::sat_shape(geo::Aabb<float>{geo::Vec3<float>(0.75f), geo::Vec3<float>(2)}));
  EXPECT_TRUE(result.overlap);
  EXPECT_FLOAT_EQ(result.depth, 0.25f);
}

}  // namespace
