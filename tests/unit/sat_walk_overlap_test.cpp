// SAT between a large hull and every other shape, with the hull's extremes found by walks,
// must answer as with scans (the same shape without its vertex graph), bit for bit: the
// verdict, the axes tested, the first separating axis and its intervals, the axis and
// depth or separation, and every axis of the trace. Overlapping, touching and apart, with
// and without early-out and a cached axis; the hull as A and as B. Also how the walks'
// work grows: far slower than hull size times axes.
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"
#include "sat_walk.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

template <typename T>
using Vec = geo::Vec3<T>;

template <typename T>
bool same_bits(const T& x, const T& y) {
  return std::memcmp(&x, &y, sizeof x) == 0;
}

template <typename T>
void expect_same_axis(const geo::SatAxis<T>& x, const geo::SatAxis<T>& y) {
  EXPECT_TRUE(same_bits(x.axis, y.axis));
  EXPECT_EQ(x.source, y.source);
  EXPECT_EQ(x.index_a, y.index_a);
  EXPECT_EQ(x.index_b, y.index_b);
  EXPECT_TRUE(same_bits(x.a_min, y.a_min) && same_bits(x.a_max, y.a_max));
  EXPECT_TRUE(same_bits(x.b_min, y.b_min) && same_bits(x.b_max, y.b_max));
  EXPECT_TRUE(same_bits(x.gap, y.gap));
}

template <typename T>
void expect_same(const geo::SatResult<T>& walked, const geo::SatResult<T>& scanned) {
  ASSERT_TRUE(walked.ok() && scanned.ok());
  EXPECT_EQ(walked.overlap, scanned.overlap);
  EXPECT_EQ(walked.axis_tests, scanned.axis_tests);
  EXPECT_EQ(walked.first_separating, scanned.first_separating);
  if (scanned.first_separating >= 0) expect_same_axis(walked.first_separating_axis, scanned.first_separating_axis);
  EXPECT_TRUE(same_bits(walked.axis, scanned.axis));
  EXPECT_TRUE(same_bits(walked.separation, scanned.separation));
  EXPECT_TRUE(same_bits(walked.depth, scanned.depth));
  EXPECT_EQ(walked.face_axes_would_be_wrong, scanned.face_axes_would_be_wrong);
}

// Points on a sphere of radius 1 about `centre`, the hull scaled by 2^power exactly (the
// builder takes neither 1e-150 nor 1e150 across).
template <typename T>
geo::ConvexPolyhedron<T> sphere_hull(int count, unsigned seed, int power, Vec<T> centre) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), angle(0.0, 6.283185307179586);
  std::vector<Vec<T>> points;
  for (int i = 0; i < count; ++i) {
    const double z = unit(rng), t = angle(rng), r = std::sqrt(1 - z * z);
    points.push_back(centre + Vec<T>(glm::dvec3(r * std::cos(t), r * std::sin(t), z)));
  }
  geo::ConvexPolyhedron<T> hull = geo::make_convex_hull(points).hull;
  for (auto& v : hull.vertices) v = Vec<T>(std::ldexp(v.x, power), std::ldexp(v.y, power), std::ldexp(v.z, power));
  for (auto& plane : hull.face_planes) plane.d = std::ldexp(plane.d, power);
  return hull;
}

template <typename T>
geo::SatShape<T> without_graph(geo::SatShape<T> shape) {
  shape.graph = {};
  return shape;
}

// Both orders, every option, walks against scans.
template <typename T>
void check_pair(const geo::SatShape<T>& hull, const geo::SatShape<T>& other, const std::string& where) {
  ASSERT_FALSE(hull.graph.start.empty()) << where;
  const geo::SatShape<T> scanned_hull = without_graph(hull);
  for (const bool hull_first : {true, false}) {
    for (const bool stop : {false, true}) {
      for (const bool traced : {false, true}) {
        SCOPED_TRACE(where + (hull_first ? " hull first" : " hull second") + (stop ? " early-out" : "") +
                     (traced ? " traced" : ""));
        geo::SatOptions options;
        options.stop_at_separation = stop;
        geo::SatTrace<T> trace_walked, trace_scanned;
        const auto& a = hull_first ? hull : other;
        const auto& b = hull_first ? other : hull;
        const auto& sa = hull_first ? scanned_hull : other;
        const auto& sb = hull_first ? other : scanned_hull;
        const auto walked = geo::sat_overlap(a, b, options, traced ? &trace_walked : nullptr);
        const auto scanned = geo::sat_overlap(sa, sb, options, traced ? &trace_scanned : nullptr);
        expect_same(walked, scanned);
        ASSERT_EQ(trace_walked.axes.size(), trace_scanned.axes.size());
        for (std::size_t i = 0; i < trace_walked.axes.size(); ++i) expect_same_axis(trace_walked.axes[i], trace_scanned.axes[i]);
        // A cached axis: the same again, from the same cache.
        geo::SatCache cache_walked, cache_scanned;
        options.cache = &cache_walked;
        const auto first = geo::sat_overlap(a, b, options);
        const auto again = geo::sat_overlap(a, b, options);
        options.cache = &cache_scanned;
        const auto first_scanned = geo::sat_overlap(sa, sb, options);
        const auto again_scanned = geo::sat_overlap(sa, sb, options);
        expect_same(first, first_scanned);
        expect_same(again, again_scanned);
      }
    }
  }
}

template <typename T>
void check_all_shapes(int count, int power) {
  const std::string size = " n=" + std::to_string(count) + " scale 2^" + std::to_string(power);
  const T scale = std::ldexp(T(1), power);
  const auto hull = geo::sat_shape(sphere_hull<T>(count, 3, power, Vec<T>(0)));
  const std::array<Vec<T>, 3> axes{Vec<T>(1, 0, 0), Vec<T>(0, 1, 0), Vec<T>(0, 0, 1)};
  for (const T x : {T(1.5), T(2), T(3.5)}) {  // overlapping, touching (the face), apart
    const std::string at = size + " at " + std::to_string(static_cast<double>(x));
    const geo::Obb<T> obb{Vec<T>(x, T(0.1), 0) * scale, axes, Vec<T>(1, 1, 1) * scale};
    check_pair(hull, geo::sat_shape(obb), "OBB" + at);
    const T c = T(0.6), s = T(0.8);  // turned about z, so no face is parallel to the hull's axes of symmetry
    const geo::Obb<T> turned{Vec<T>(x, 0, T(0.2)) * scale, {Vec<T>(c, s, 0), Vec<T>(-s, c, 0), Vec<T>(0, 0, 1)},
                             Vec<T>(1, T(0.5), T(0.7)) * scale};
    check_pair(hull, geo::sat_shape(turned), "turned OBB" + at);
    const geo::Aabb<T> aabb{Vec<T>(x - 1, -1, -1) * scale, Vec<T>(x + 1, 1, 1) * scale};
    check_pair(hull, geo::sat_shape(aabb), "AABB" + at);
    const geo::Triangle<T> triangle{Vec<T>(x - 1, 0, 0) * scale, Vec<T>(x, 1, 0) * scale, Vec<T>(x, -1, T(0.5)) * scale};
    check_pair(hull, geo::sat_shape(triangle), "triangle" + at);
    const geo::Segment<T> segment{Vec<T>(x - 1, T(0.1), 0) * scale, Vec<T>(x + 1, 1, T(0.3)) * scale};
    check_pair(hull, geo::sat_shape(segment), "segment" + at);
    const auto small = geo::sat_shape(sphere_hull<T>(32, 5, power, Vec<T>(x, 0, 0)));
    check_pair(hull, small, "32-vertex hull" + at);
  }
  const auto other = geo::sat_shape(sphere_hull<T>(count, 4, power, Vec<T>(T(1.5), 0, 0)));
  check_pair(hull, without_graph(other), "large hull scanned" + size);
  check_pair(hull, other, "large hull walked" + size);
  for (const bool stop : {false, true}) {  // both walked against both scanned
    geo::SatOptions options;
    options.stop_at_separation = stop;
    SCOPED_TRACE("two large hulls, both walked" + size);
    expect_same(geo::sat_overlap(hull, other, options), geo::sat_overlap(without_graph(hull), without_graph(other), options));
  }
}

TEST(SatWalkOverlap, LargeHullAgainstEveryShapeAsWithScansInDouble) {
  check_all_shapes<double>(800, 0);
  check_all_shapes<double>(800, -500);  // 3e-151
  check_all_shapes<double>(800, 500);   // 3e150
}

TEST(SatWalkOverlap, LargeHullAgainstEveryShapeAsWithScansInFloat) {
  check_all_shapes<float>(800, 0);
  check_all_shapes<float>(800, -40);   // 9e-13
  check_all_shapes<float>(800, 40);    // 1e12 (a float triangle's normal overflows far sooner)
}

// Two polyhedra take the quick test, which walks only hulls of a few thousand vertices:
// two such hulls (and one against a small hull), walked against scanned.
TEST(SatWalkOverlap, TwoLargeHullsInTheQuickTestAsWithScans) {
  const auto hull = geo::sat_shape(sphere_hull<double>(2500, 3, 0, Vec<double>(0)));
  const auto small = geo::sat_shape(sphere_hull<double>(32, 5, 0, Vec<double>(1.5, 0, 0)));
  for (const double x : {1.5, 2.0, 2.5}) {
    const auto other = geo::sat_shape(sphere_hull<double>(2500, 4, 0, Vec<double>(x, 0.1, 0)));
    for (const bool stop : {false, true}) {
      SCOPED_TRACE("at " + std::to_string(x) + (stop ? " early-out" : ""));
      geo::SatOptions options;
      options.stop_at_separation = stop;
      expect_same(geo::sat_overlap(hull, other, options), geo::sat_overlap(without_graph(hull), without_graph(other), options));
      expect_same(geo::sat_overlap(other, hull, options), geo::sat_overlap(without_graph(other), without_graph(hull), options));
      expect_same(geo::sat_overlap(hull, other, options), geo::sat_overlap(hull, without_graph(other), options));
      expect_same(geo::sat_overlap(hull, small, options), geo::sat_overlap(without_graph(hull), small, options));
      expect_same(geo::sat_overlap(small, hull, options), geo::sat_overlap(small, without_graph(hull), options));
    }
  }
}

// The dots the walks compute, over a hull's face axes (both ends of each): a bounded number
// per axis, where a scan would compute as many as there are vertices.
TEST(SatWalkOverlap, WalksGrowFarSlowerThanScans) {
  for (const int count : {2000, 16000}) {
    const auto shape = geo::sat_shape(sphere_hull<double>(count, 9, 0, Vec<double>(0)));
    const auto& points = shape.prepared.relative;
    geo::sat_detail::ExtremeWalk<double> walk(shape.graph, points.data(), points.size(), shape.prepared.extent);
    ASSERT_TRUE(walk.usable());
    geo::sat_detail::walk_in_line_order<double>(shape.prepared.axes, [&](std::size_t f, int& towards, int& away) {
      towards = walk.extreme(shape.prepared.axes[f], true, towards);
      away = walk.extreme(shape.prepared.axes[f], false, away);
    });
    const std::size_t walks = 2 * shape.prepared.axes.size();
    EXPECT_EQ(walk.scans(), 0u) << count;
    EXPECT_LT(walk.visited(), 60 * walks) << count;  // a scan: `count` per walk
  }
}

}  // namespace
