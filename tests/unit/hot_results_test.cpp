// The results an engine takes in a hot loop hold no heap memory: every one is trivially
// copyable (a std::vector or a SmallList in one would make it not); recordings for the UI
// go to the traces the caller passes. Sizes in bytes, float / double, with g++ 12 on x86-64:
//   SatResult           84 / 144  (112 / 168 when it held the axes)
//   GjkResult          280 / 504  (368 / 592 with the iterations and SmallLists)
//   EpaResult           52 /  96  ( 80 / 120 with the steps)
//   LinearClosestPoint  52 /  96,  PlaneClosestPoint 40 / 72,  BoxClosestPoint 68 / 120,
//   SphereClosestPoint  40 /  72,  TriangleClosestPoint 84 / 160,
//   LinearPairResult    72 / 128,  TrianglePairResult  64 / 104;  GjkCache 48 (80)
//   PolygonContainment  16 / 24,  PolygonClosestPoint  28 / 48,  PolyhedronContainment 16 / 24,
//   PolyhedronClosestPoint 32 / 56  (their distance per edge or face is in PolygonTrace /
//   PolyhedronTrace now)
#include "collision_lab/closest_point.h"
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"
#include "collision_lab/linear_pairs.h"
#include "collision_lab/nearest.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/sat.h"
#include "collision_lab/triangle.h"
#include "collision_lab/triangle_pairs.h"

#include <gtest/gtest.h>

#include <type_traits>

namespace {

template <template <typename> class Result>
constexpr bool trivially_copyable = std::is_trivially_copyable_v<Result<float>> && std::is_trivially_copyable_v<Result<double>>;

static_assert(trivially_copyable<geo::SatResult>);
static_assert(trivially_copyable<geo::GjkResult>);
static_assert(trivially_copyable<geo::EpaResult>);
static_assert(trivially_copyable<geo::LinearClosestPoint>);
static_assert(trivially_copyable<geo::PlaneClosestPoint>);
static_assert(trivially_copyable<geo::BoxClosestPoint>);
static_assert(trivially_copyable<geo::SphereClosestPoint>);
static_assert(trivially_copyable<geo::TriangleClosestPoint>);
static_assert(trivially_copyable<geo::NearestPoint>);
static_assert(trivially_copyable<geo::NearestPoints>);
static_assert(trivially_copyable<geo::LinearPairResult>);
static_assert(trivially_copyable<geo::TrianglePairResult>);
static_assert(trivially_copyable<geo::PolygonContainment>);
static_assert(trivially_copyable<geo::PolygonClosestPoint>);
static_assert(trivially_copyable<geo::PolyhedronContainment>);
static_assert(trivially_copyable<geo::PolyhedronClosestPoint>);
static_assert(std::is_trivially_copyable_v<geo::GjkCache> && std::is_trivially_copyable_v<geo::SatCache>);

using V = geo::Vec3<double>;

// A run given a trace answers as one without, and leaves only its own records in a
// trace that held an earlier run's.
TEST(HotResults, ATraceChangesNoAnswerAndHoldsOneRun) {
  const geo::Aabb<double> a{V(0), V(1)};
  geo::Obb<double> b;
  b.center = V(1.3, 0.5, 0.4);  // overlapping A, so that EPA runs
  b.axes = {V(0.6, 0.8, 0), V(-0.8, 0.6, 0), V(0, 0, 1)};
  b.half_extents = V(0.5, 0.3, 0.4);
  const geo::ConvexShape<double> ca(a), cb(b);

  geo::SatTrace<double> sat_trace;
  sat_trace.axes.resize(40);
  const auto sat = geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b));
  const auto traced_sat = geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b), {}, &sat_trace);
  EXPECT_EQ(traced_sat.overlap, sat.overlap);
  EXPECT_EQ(traced_sat.axis, sat.axis);
  EXPECT_EQ(traced_sat.depth, sat.depth);
  EXPECT_EQ(sat_trace.axes.size(), static_cast<std::size_t>(sat.axis_tests));

  geo::GjkTrace<double> gjk_trace;
  gjk_trace.iterations.resize(40);
  const auto gjk = geo::gjk_distance(ca, cb);
  const auto traced_gjk = geo::gjk_distance(ca, cb, {}, &gjk_trace);
  EXPECT_EQ(traced_gjk.distance, gjk.distance);
  EXPECT_EQ(traced_gjk.a_point, gjk.a_point);
  EXPECT_LE(static_cast<int>(gjk_trace.iterations.size()), gjk.iteration_count + 2);

  geo::EpaTrace<double> epa_trace;
  epa_trace.steps.resize(40);
  const auto epa = geo::epa_penetration(ca, cb);
  const auto traced_epa = geo::epa_penetration(ca, cb, &epa_trace);
  EXPECT_EQ(traced_epa.depth, epa.depth);
  EXPECT_EQ(traced_epa.axis, epa.axis);
  EXPECT_EQ(static_cast<int>(epa_trace.steps.size()), epa.iteration_count);
}

TEST(HotResults, APolygonOrPolyhedronTraceChangesNoAnswerAndHoldsOneRun) {
  const auto polygon = geo::make_convex_polygon<double>({{0, 0}, {2, 0}, {2, 1}, {0, 1}}).polygon;
  const geo::Vec2<double> q(3, 0.5);
  geo::PolygonTrace<double> polygon_trace{std::vector<double>(40, 7.0)};
  const auto inside = geo::contains(polygon, q);
  const auto traced_inside = geo::contains(polygon, q, &polygon_trace);
  EXPECT_EQ(traced_inside.inside, inside.inside);
  EXPECT_EQ(traced_inside.first_separating_edge, inside.first_separating_edge);
  EXPECT_EQ(polygon_trace.edge_distances, (std::vector<double>{-0.5, 1, -0.5, -3}));
  const auto nearest = geo::closest_point(polygon, q);
  const auto traced_nearest = geo::closest_point(polygon, q, &polygon_trace);
  EXPECT_EQ(traced_nearest.point, nearest.point);
  EXPECT_EQ(traced_nearest.feature, nearest.feature);
  EXPECT_EQ(polygon_trace.edge_distances.size(), 4u);

  const auto hull = geo::make_convex_hull<double>({V(0), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}).hull;
  const V p(1, 1, 1);
  geo::PolyhedronTrace<double> hull_trace{std::vector<double>(40, 7.0)};
  const auto in_hull = geo::contains(hull, p);
  const auto traced_in_hull = geo::contains(hull, p, &hull_trace);
  EXPECT_EQ(traced_in_hull.inside, in_hull.inside);
  EXPECT_EQ(traced_in_hull.first_separating_face, in_hull.first_separating_face);
  EXPECT_EQ(hull_trace.face_distances.size(), hull.faces.size());
  const auto on_hull = geo::closest_point(hull, p);
  const auto traced_on_hull = geo::closest_point(hull, p, &hull_trace);
  EXPECT_EQ(traced_on_hull.point, on_hull.point);
  EXPECT_EQ(traced_on_hull.feature, on_hull.feature);
  EXPECT_EQ(hull_trace.face_distances.size(), hull.faces.size());
}

}  // namespace
