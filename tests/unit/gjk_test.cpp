// Unit tests of the support functions and GJK distance: exact answers on small cases,
// every degenerate shape, the iteration record and the coherence cache.
#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using geo::ConvexShape;
using V = geo::Vec3<double>;
using Shape = ConvexShape<double>;

geo::Aabb<double> box(V lo, V hi) { return {lo, hi}; }

TEST(Support, BoxVertexIndexHasTheSignOfAxisKInBitK) {
  const Shape b = box(V(-1, -2, -3), V(1, 2, 3));
  EXPECT_EQ(geo::support(b, V(1, 1, 1)).vertex, 7);
  EXPECT_EQ(geo::support(b, V(1, 1, 1)).point, V(1, 2, 3));
  EXPECT_EQ(geo::support(b, V(1, -1, -1)).vertex, 1);
  EXPECT_EQ(geo::support(b, V(-1, 1, -1)).vertex, 2);
  EXPECT_EQ(geo::support(b, V(-1, -1, 1)).vertex, 4);
  EXPECT_EQ(geo::support(b, V(0, 0, 0)).vertex, 0);  // ties take the lowest index
  EXPECT_EQ(geo::shape_vertex(b, 6).point, V(-1, 2, 3));
  EXPECT_EQ(geo::shape_vertex(b, 8).vertex, -1);
}

TEST(Support, ObbUsesItsOwnAxes) {
  geo::Obb<double> obb;
  obb.center = V(10, 0, 0);
  obb.axes = {V(0, 1, 0), V(-1, 0, 0), V(0, 0, 1)};
  obb.half_extents = V(1, 2, 3);
  const auto s = geo::support(Shape(obb), V(1, 0, 0));  // +x is -axis1; axis0 and axis2 tie at 0
  EXPECT_EQ(s.vertex, 0);
  EXPECT_EQ(s.point, V(12, -1, -3));
  EXPECT_EQ(geo::shape_vertex(Shape(obb), 7).point, V(8, 1, 3));
}

TEST(Support, PointSegmentTrianglePolygonPolyhedronSphere) {
  EXPECT_EQ(geo::support(Shape(V(1, 2, 3)), V(5, 5, 5)).vertex, 0);
  const Shape segment = geo::Segment<double>{V(0, 0, 0), V(1, 0, 0)};
  EXPECT_EQ(geo::support(segment, V(1, 0, 0)).vertex, 1);
  EXPECT_EQ(geo::support(segment, V(0, 1, 0)).vertex, 0);  // tie
  const Shape triangle = geo::Triangle<double>{V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)};
  EXPECT_EQ(geo::support(triangle, V(-1, 2, 0)).vertex, 2);
  const Shape polygon = geo::ConvexPolygon<double>{{{0, 0}, {2, 0}, {2, 1}, {0, 1}}};
  EXPECT_EQ(geo::support(polygon, V(1, 1, 5)).point, V(2, 1, 0));
  EXPECT_EQ(geo::support(polygon, V(1, 1, 5)).vertex, 2);
  const auto hull = geo::make_convex_hull<double>({V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}).hull;
  const auto top = geo::support(Shape(hull), V(0, 0, 1));
  EXPECT_EQ(top.point, V(0, 0, 1));
  EXPECT_EQ(hull.vertices[static_cast<std::size_t>(top.vertex)], V(0, 0, 1));
  const Shape sphere = geo::Sphere<double>{V(1, 1, 1), 2};
  EXPECT_EQ(geo::support(sphere, V(0, 0, -3)).point, V(1, 1, -1));
  EXPECT_EQ(geo::support(sphere, V(0, 0, -3)).vertex, -1);
  EXPECT_EQ(geo::support(sphere, V(0, 0, 0)).point, V(3, 1, 1));  // no direction: any surface point
}

TEST(Gjk, PointInBoxOverlaps) {
  const auto r = geo::gjk_distance<double>(V(0.25, 0.5, -0.5), box(V(-1), V(1)));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(r.termination, geo::GjkTermination::Overlap);
  EXPECT_EQ(r.distance, 0);
  EXPECT_NEAR(glm::length(r.a_point - V(0.25, 0.5, -0.5)), 0, 1e-15);
}

TEST(Gjk, PointOutsideBoxIsAtTheFaceEdgeOrVertex) {
  auto r = geo::gjk_distance<double>(V(3, 0.5, 0), box(V(-1), V(1)));
  EXPECT_FALSE(r.overlap);
  EXPECT_DOUBLE_EQ(r.distance, 2);
  EXPECT_DOUBLE_EQ(r.distance_squared, 4);
  EXPECT_NEAR(glm::length(r.b_point - V(1, 0.5, 0)), 0, 1e-15);
  r = geo::gjk_distance<double>(V(3, 3, 0), box(V(-1), V(1)));
  EXPECT_DOUBLE_EQ(r.distance, std::sqrt(8.0));
  r = geo::gjk_distance<double>(V(2, 3, 4), box(V(-1), V(1)));
  EXPECT_DOUBLE_EQ(r.distance, std::sqrt(1.0 + 4 + 9));
  EXPECT_EQ(r.b_point, V(1, 1, 1));
}

TEST(Gjk, TouchingBoxesOverlap) {
  const auto r = geo::gjk_distance<double>(box(V(0), V(1)), box(V(1, 0.5, 0.5), V(2, 3, 3)));
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(r.distance, 0);
  const auto edge = geo::gjk_distance<double>(box(V(0), V(1)), box(V(1, 1, -5), V(2, 2, 5)));  // along an edge
  EXPECT_TRUE(edge.overlap);
  const auto corner = geo::gjk_distance<double>(box(V(0), V(1)), box(V(1), V(2)));  // at a corner
  EXPECT_TRUE(corner.overlap);
}

TEST(Gjk, ParallelBoxFacesAtAGap) {
  const auto r = geo::gjk_distance<double>(box(V(0), V(1)), box(V(1.5, -3, 0.25), V(2, 3, 0.75)));
  EXPECT_FALSE(r.overlap);
  EXPECT_DOUBLE_EQ(r.distance, 0.5);
  EXPECT_DOUBLE_EQ(r.a_point.x, 1);
  EXPECT_DOUBLE_EQ(r.b_point.x, 1.5);
  EXPECT_NEAR(r.a_point.y, r.b_point.y, 1e-15);
  EXPECT_NEAR(r.a_point.z, r.b_point.z, 1e-15);
}

TEST(Gjk, TwoSpheresExact) {
  const auto r = geo::gjk_distance<double>(geo::Sphere<double>{V(0), 1}, geo::Sphere<double>{V(3, 4, 0), 2});
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(r.distance, 2);
  EXPECT_NEAR(glm::length(r.a_point - V(0.6, 0.8, 0)), 0, 1e-15);
  EXPECT_NEAR(glm::length(r.b_point - V(1.8, 2.4, 0)), 0, 1e-15);
  const auto touching = geo::gjk_distance<double>(geo::Sphere<double>{V(0), 2}, geo::Sphere<double>{V(5, 0, 0), 3});
  EXPECT_TRUE(touching.overlap);
  const auto overlapping = geo::gjk_distance<double>(geo::Sphere<double>{V(0), 2}, geo::Sphere<double>{V(4, 0, 0), 3});
  EXPECT_TRUE(overlapping.overlap);
  EXPECT_EQ(overlapping.a_point, overlapping.b_point);
  EXPECT_NEAR(overlapping.a_point.x, 1.5, 1e-15);  // the middle of the overlap [1, 2]
}

TEST(Gjk, SphereBox) {
  const Shape s = geo::Sphere<double>{V(3, 3, 0.5), 1};
  const auto r = geo::gjk_distance<double>(s, box(V(-1), V(1)));
  EXPECT_NEAR(r.distance, std::sqrt(8.0) - 1, 1e-15);
  const double c = 1 / std::sqrt(2.0);
  EXPECT_NEAR(glm::length(r.a_point - V(3 - c, 3 - c, 0.5)), 0, 1e-15);
  EXPECT_NEAR(glm::length(r.b_point - V(1, 1, 0.5)), 0, 1e-15);
  EXPECT_TRUE(geo::gjk_distance<double>(geo::Sphere<double>{V(1.5, 0, 0), 0.5}, box(V(-1), V(1))).overlap);
  EXPECT_FALSE(geo::gjk_distance<double>(geo::Sphere<double>{V(1.5, 0, 0), 0.4999}, box(V(-1), V(1))).overlap);
}

TEST(Gjk, SegmentSegmentSkewAndParallel) {
  const Shape s1 = geo::Segment<double>{V(-1, 0, 0), V(1, 0, 0)};
  const auto skew = geo::gjk_distance<double>(s1, geo::Segment<double>{V(0, -1, 2), V(0, 1, 2)});
  EXPECT_DOUBLE_EQ(skew.distance, 2);
  EXPECT_EQ(skew.a_point, V(0, 0, 0));
  const auto parallel = geo::gjk_distance<double>(s1, geo::Segment<double>{V(0.5, 0, 3), V(4, 0, 3)});
  EXPECT_DOUBLE_EQ(parallel.distance, 3);
  const auto crossing = geo::gjk_distance<double>(s1, geo::Segment<double>{V(0, -1, 0), V(0, 1, 0)});
  EXPECT_TRUE(crossing.overlap);
}

TEST(Gjk, DegenerateShapesAreWhatTheyReallyAre) {
  // A zero-length segment is a point; a triangle with repeated or collinear vertices a segment.
  const auto point_segment = geo::gjk_distance<double>(geo::Segment<double>{V(2, 0, 0), V(2, 0, 0)}, box(V(-1), V(1)));
  EXPECT_DOUBLE_EQ(point_segment.distance, 1);
  const auto collinear = geo::gjk_distance<double>(geo::Triangle<double>{V(0, 3, 0), V(2, 3, 0), V(1, 3, 0)},
                                                   geo::Segment<double>{V(1, 0, -1), V(1, 0, 1)});
  EXPECT_DOUBLE_EQ(collinear.distance, 3);
  const auto repeated = geo::gjk_distance<double>(geo::Triangle<double>{V(0, 0, 5), V(0, 0, 5), V(0, 0, 5)}, V(0, 0, 1));
  EXPECT_DOUBLE_EQ(repeated.distance, 4);
  const auto flat_box = geo::gjk_distance<double>(box(V(0, 0, 0), V(0, 0, 0)), V(0, 3, 4));  // zero extents
  EXPECT_DOUBLE_EQ(flat_box.distance, 5);
  const auto zero_sphere = geo::gjk_distance<double>(geo::Sphere<double>{V(1, 0, 0), 0}, V(4, 4, 0));
  EXPECT_DOUBLE_EQ(zero_sphere.distance, 5);
  for (const auto& r : {point_segment, collinear, repeated, flat_box, zero_sphere}) {
    EXPECT_TRUE(std::isfinite(r.a_point.x) && std::isfinite(r.b_point.x));
  }
}

TEST(Gjk, PointAboveTriangleFaceAndPolygon) {
  const Shape tri = geo::Triangle<double>{V(0, 0, 0), V(4, 0, 0), V(0, 4, 0)};
  const auto r = geo::gjk_distance<double>(V(1, 1, 3), tri);
  EXPECT_DOUBLE_EQ(r.distance, 3);
  EXPECT_NEAR(glm::length(r.b_point - V(1, 1, 0)), 0, 1e-15);
  const Shape polygon = geo::ConvexPolygon<double>{{{0, 0}, {2, 0}, {2, 1}, {0, 1}}};
  EXPECT_DOUBLE_EQ(geo::gjk_distance<double>(V(1, 0.5, -2), polygon).distance, 2);
  EXPECT_TRUE(geo::gjk_distance<double>(V(1, 0.5, 0), polygon).overlap);  // on the polygon: touching
}

TEST(Gjk, NonFiniteAndInvalidInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  auto r = geo::gjk_distance<double>(V(nan, 0, 0), box(V(-1), V(1)));
  EXPECT_EQ(r.error, geo::QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(r.distance));  // refused: NaN, never an answer
  EXPECT_TRUE(std::isnan(r.a_point.x));
  r = geo::gjk_distance<double>(V(0), geo::Sphere<double>{V(0), inf});
  EXPECT_EQ(r.error, geo::QueryError::NonFiniteInput);
  r = geo::gjk_distance<double>(V(0), geo::Sphere<double>{V(0), -1});
  EXPECT_EQ(r.error, geo::QueryError::InvalidShape);
  r = geo::gjk_distance<double>(V(0), geo::ConvexPolyhedron<double>{{V(0), V(1, 0, 0)}, {}, {}, {}});
  EXPECT_EQ(r.error, geo::QueryError::InvalidShape);
  r = geo::gjk_distance<double>(V(0), box(V(1), V(-1)));
  EXPECT_EQ(r.error, geo::QueryError::InvalidShape);
  geo::Obb<double> obb;
  obb.half_extents = V(1, -1, 1);
  EXPECT_EQ(geo::gjk_distance<double>(V(0), obb).error, geo::QueryError::InvalidShape);
  obb.half_extents = V(1, 1, 1);
  obb.axes[1].y = nan;
  EXPECT_EQ(geo::gjk_distance<double>(V(0), obb).error, geo::QueryError::NonFiniteInput);
}

TEST(Gjk, IterationTraceIsConsistent) {
  geo::Obb<double> obb;
  obb.center = V(4, 1, 0.5);
  const double c = std::cos(0.3), s = std::sin(0.3);
  obb.axes = {V(c, s, 0), V(-s, c, 0), V(0, 0, 1)};
  obb.half_extents = V(1, 0.5, 2);
  const auto hull = geo::make_convex_hull<double>({V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1), V(1, 1, 1)}).hull;
  geo::GjkTrace<double> trace;
  const auto r = geo::gjk_distance<double>(hull, obb, {}, &trace);
  ASSERT_TRUE(r.ok());
  ASSERT_FALSE(r.overlap);
  ASSERT_GE(trace.iterations.size(), 2u);
  double previous = std::numeric_limits<double>::infinity();
  for (const auto& it : trace.iterations) {
    const double d = glm::length(it.closest);
    EXPECT_LE(d, previous + 1e-14);  // non-increasing (up to rounding)
    EXPECT_LE(it.lower_bound, d + 1e-12);
    EXPECT_EQ(it.direction, -it.closest);
    ASSERT_EQ(it.simplex.size(), it.weights.size());
    V from_weights(0);
    double total = 0;
    for (std::size_t k = 0; k < it.simplex.size(); ++k) {
      from_weights += it.simplex[k].w * it.weights[k];
      total += it.weights[k];
      EXPECT_EQ(it.simplex[k].w, it.simplex[k].a - it.simplex[k].b);
    }
    EXPECT_NEAR(total, 1, 1e-12);
    EXPECT_NEAR(glm::length(from_weights - it.closest), 0, 1e-12);
    previous = d;
  }
  // The last simplex reproduces the closest points.
  const auto& last = trace.iterations.back();
  V a(0), b(0);
  for (std::size_t k = 0; k < last.simplex.size(); ++k) {
    a += last.simplex[k].a * last.weights[k];
    b += last.simplex[k].b * last.weights[k];
  }
  EXPECT_NEAR(glm::length(a - r.a_point), 0, 1e-12);
  EXPECT_NEAR(glm::length(b - r.b_point), 0, 1e-12);
  EXPECT_NEAR(r.distance, glm::length(last.closest), 1e-12);
  EXPECT_NEAR(r.distance, glm::length(r.a_point - r.b_point), 1e-12);
  EXPECT_LE(r.lower_bound, r.distance + 1e-12);
  // One record for the start and at most one per support point evaluated.
  EXPECT_LE(static_cast<int>(trace.iterations.size()), r.iteration_count + 2);
  EXPECT_EQ(geo::gjk_distance<double>(hull, obb).distance, r.distance);  // the trace changes nothing
}

TEST(Gjk, CacheReducesIterationsOnAMovingPair) {
  geo::Obb<double> a, b;
  a.half_extents = V(1, 0.5, 0.75);
  b.half_extents = V(0.6, 1.2, 0.4);
  geo::GjkCache cache;
  geo::GjkOptions cached;
  cached.cache = &cache;
  geo::GjkOptions plain;
  int with_cache = 0, without_cache = 0;
  for (int step = 0; step < 200; ++step) {
    const double t = step * 0.01;
    b.center = V(3 * std::cos(t), 3 * std::sin(t), 0.3 * std::sin(3 * t));
    const double c = std::cos(0.5 * t), s = std::sin(0.5 * t);
    b.axes = {V(c, s, 0), V(-s, c, 0), V(0, 0, 1)};
    const auto fast = geo::gjk_distance<double>(a, b, cached);
    const auto slow = geo::gjk_distance<double>(a, b, plain);
    ASSERT_TRUE(cache.valid);
    EXPECT_NEAR(fast.distance, slow.distance, 1e-12);
    with_cache += fast.iteration_count;
    without_cache += slow.iteration_count;
  }
  EXPECT_LT(with_cache, without_cache * 3 / 4) << with_cache << " vs " << without_cache;
}

TEST(Gjk, FloatInstantiationWorks) {
  const auto r = geo::gjk_distance<float>(geo::Aabb<float>{geo::Vec3<float>(0), geo::Vec3<float>(1)},
                                          geo::Sphere<float>{geo::Vec3<float>(3, 0.5f, 0.5f), 1});
  EXPECT_FLOAT_EQ(r.distance, 1);
}

}  // namespace
