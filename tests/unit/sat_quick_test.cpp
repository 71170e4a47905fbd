// Two polyhedra without a trace take the quick test (sat_quick.cpp); with a trace, the
// test of every axis in order. Both must answer alike, bit for bit: the verdict, the
// axes tested, the first separating axis with its intervals, and the axis and depth or
// separation. Seeded hull pairs of every build (sphere and cube points, boxes with
// parallel faces, prisms), overlapping, touching to the last bits and apart, from 1e-150
// to 1e150 across, in double and float. The culling of edge pairs by their arcs keeps the
// pairs of the test of each pair, in order; a shape made non-finite since is refused.
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"
#include "sat_arcs.h"
#include "tests/unit/hull_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <utility>
#include <string>

namespace {

template <typename T>
using Vec = geo::Vec3<T>;
using V = geo::Vec3<double>;

template <typename T>
bool same_bits(const T& x, const T& y) {
  return std::memcmp(&x, &y, sizeof x) == 0;
}

template <typename T>
void expect_same(const geo::SatResult<T>& quick, const geo::SatResult<T>& every, const std::string& where) {
  SCOPED_TRACE(where);
  ASSERT_TRUE(quick.ok() && every.ok());
  EXPECT_EQ(quick.overlap, every.overlap);
  EXPECT_EQ(quick.axis_tests, every.axis_tests);
  EXPECT_EQ(quick.first_separating, every.first_separating);
  EXPECT_TRUE(same_bits(quick.axis, every.axis));
  EXPECT_TRUE(same_bits(quick.separation, every.separation)) << quick.separation << " " << every.separation;
  EXPECT_TRUE(same_bits(quick.depth, every.depth)) << quick.depth << " " << every.depth;
  EXPECT_EQ(quick.face_axes_would_be_wrong, every.face_axes_would_be_wrong);
  const auto &q = quick.first_separating_axis, &e = every.first_separating_axis;
  EXPECT_TRUE(same_bits(q.axis, e.axis));
  EXPECT_EQ(q.source, e.source);
  EXPECT_EQ(q.index_a, e.index_a);
  EXPECT_EQ(q.index_b, e.index_b);
  for (const auto& [x, y] : {std::pair{q.a_min, e.a_min}, {q.a_max, e.a_max}, {q.b_min, e.b_min}, {q.b_max, e.b_max}, {q.gap, e.gap}}) {
    EXPECT_TRUE(same_bits(x, y)) << x << " " << y;
  }
}

template <typename T>
void compare(const geo::SatShape<T>& a, const geo::SatShape<T>& b, const std::string& where) {
  for (const bool stop : {true, false}) {
    geo::SatOptions options;
    options.stop_at_separation = stop;
    geo::SatTrace<T> every;
    expect_same(geo::sat_overlap(a, b, options), geo::sat_overlap(a, b, options, &every),
                where + (stop ? " early-out" : " every axis"));
  }
}

// Sphere points, cube points, a decorated box (parallel faces, collinear edges) or a prism
// (many parallel sides), turned by a random frame.
std::vector<V> cloud(oracle::Rng& rng, int family) {
  const hull_oracle::Frame frame = hull_oracle::random_frame(rng);
  std::vector<V> points;
  if (family == 0) {
    for (int i = rng.integer(8, 40); i > 0; --i) points.push_back(rng.unit());
  } else if (family == 1) {
    for (int i = rng.integer(8, 40); i > 0; --i) points.push_back(rng.in_cube(1));
  } else if (family == 2) {
    points = hull_oracle::decorated_box(rng, V(rng.uniform(0.3, 1), rng.uniform(0.3, 1), rng.uniform(0.3, 1)));
  } else {
    const int sides = 2 * rng.integer(2, 8);
    for (int k = 0; k < sides; ++k) {
      const double angle = 2 * M_PI * k / sides;
      for (const double z : {-0.5, 0.5}) points.push_back(V(std::cos(angle), std::sin(angle), z));
    }
  }
  for (auto& p : points) p = frame(p);
  return points;
}

// The hull is built at unit size and then scaled (the builder has its own range).
template <typename T>
geo::SatShape<T> shape_of(const std::vector<V>& points, double scale, const V& offset) {
  std::vector<Vec<T>> moved;
  for (const auto& p : points) moved.push_back(Vec<T>(p + offset));
  auto built = geo::make_convex_hull(moved);
  EXPECT_TRUE(built.ok());
  for (auto& v : built.hull.vertices) v *= static_cast<T>(scale);
  for (auto& plane : built.hull.face_planes) plane.d *= static_cast<T>(scale);
  return geo::sat_shape(built.hull);
}

// Pairs overlapping, touching from either side (B moved along a direction to where the
// test's verdict turns, to the last bits) and apart, at the given scale.
template <typename T>
void run_pairs(std::uint64_t seed, int pairs, double scale) {
  oracle::Rng rng(seed);
  geo::SatOptions verdict;
  verdict.stop_at_separation = true;
  for (int pair = 0; pair < pairs; ++pair) {
    const int family = pair % 4;
    const std::vector<V> a = cloud(rng, family), b = cloud(rng, (family + pair / 4) % 4);
    const V direction = rng.unit();
    const auto sa = shape_of<T>(a, scale, V(0));
    const auto at = [&](double t) { return shape_of<T>(b, scale, direction * t); };
    double lo = 0, hi = 4;
    for (int step = 0; step < 80; ++step) {
      const double mid = 0.5 * (lo + hi);
      if (mid == lo || mid == hi) break;
      (geo::sat_overlap(sa, at(mid), verdict).overlap ? lo : hi) = mid;
    }
    char scale_text[32];
    std::snprintf(scale_text, sizeof scale_text, "%g", scale);
    const std::string where = "scale " + std::string(scale_text) + " pair " + std::to_string(pair) + " family " + std::to_string(family);
    compare(sa, at(lo * rng.uniform(0, 0.95)), where + " overlapping");
    compare(sa, at(lo), where + " touching, inside");
    compare(sa, at(hi), where + " touching, outside");
    compare(sa, at(hi + rng.uniform(0.01, 1)), where + " apart");
  }
}

TEST(SatQuick, AnswersAsEveryAxisInOrder) { run_pairs<double>(31, 200, 1); }

TEST(SatQuick, AnswersAsEveryAxisInOrderFromTinyToHuge) {
  std::uint64_t seed = 32;
  for (const double scale : {1e-150, 1e-100, 1e-50, 1e-8, 1e8, 1e50, 1e100, 1e150}) run_pairs<double>(seed++, 40, scale);
}

TEST(SatQuick, AnswersAsEveryAxisInOrderInFloat) { run_pairs<float>(41, 120, 1); }

// Boxes in one frame touching corner to corner or edge to edge: several axes touch (a gap
// of 0 each), and the first of them is the answer.
TEST(SatQuick, TiesGoToTheFirstAxis) {
  oracle::Rng rng(9);
  for (int pair = 0; pair < 40; ++pair) {
    const hull_oracle::Frame frame = pair % 2 ? hull_oracle::random_frame(rng) : hull_oracle::Frame{V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)};
    const V half_a(rng.uniform(0.3, 1), rng.uniform(0.3, 1), rng.uniform(0.3, 1));
    const V half_b(rng.uniform(0.3, 1), rng.uniform(0.3, 1), rng.uniform(0.3, 1));
    V offset = half_a + half_b;  // touching along all three axes
    if (pair % 3 == 1) offset.z *= 0.5;
    if (pair % 3 == 2) offset.y *= -0.25;
    const auto corners = [&](const V& half, const V& center) {
      std::vector<V> out;
      for (int i = 0; i < 8; ++i) out.push_back(frame(center + V(i & 1 ? half.x : -half.x, i & 2 ? half.y : -half.y, i & 4 ? half.z : -half.z)));
      return out;
    };
    compare(shape_of<double>(corners(half_a, V(0)), 1, V(0)), shape_of<double>(corners(half_b, offset), 1, V(0)),
            "boxes " + std::to_string(pair));
  }
}

// A shape moved after sat_shape prepared it is tested as it is now, not as prepared.
TEST(SatQuick, AShapeChangedSincePreparedIsTestedAsItIs) {
  oracle::Rng rng(5);
  const auto a = shape_of<double>(cloud(rng, 0), 1, V(0));
  const auto b = shape_of<double>(cloud(rng, 0), 1, V(0.5, 0.2, 0));
  geo::SatOptions quick;
  quick.stop_at_separation = true;
  for (const V& offset : {V(3, 0, 0), V(1.9, 0.1, 0), V(0.5, 0, 0)}) {
    for (const bool vertices : {true, false}) {
      auto moved_a = a, moved_b = b;
      if (vertices) {
        for (auto& v : moved_a.vertices) v *= 0.5;  // first vertex too: the shape itself changed
      } else {
        for (auto& n : moved_a.face_normals) n = -n;
      }
      for (auto& v : moved_b.vertices) v += offset;
      geo::SatTrace<double> every;
      expect_same(geo::sat_overlap(moved_a, moved_b, quick), geo::sat_overlap(moved_a, moved_b, quick, &every),
                  "offset " + std::to_string(offset.x) + (vertices ? " vertices" : " normals"));
    }
  }
}

// The pairs the culling keeps, by testing each pair on its own: B's arc ends are its faces'
// normals in face_units, or the arc's own when its faces do not index them.
template <typename T>
std::vector<std::pair<int, int>> pair_by_pair(const geo::SatShape<T>& a, const geo::SatShape<T>& b) {
  using geo::sat_detail::side_of;
  const bool indexed = geo::sat_detail::arcs_index_faces(b);
  std::vector<std::pair<int, int>> kept;
  for (const auto& ea : a.edge_arcs) {
    for (const auto& eb : b.edge_arcs) {
      const auto& first = indexed ? b.face_units[static_cast<std::size_t>(eb.face_a)] : eb.normal_a;
      const auto& second = indexed ? b.face_units[static_cast<std::size_t>(eb.face_b)] : eb.normal_b;
      if (geo::sat_detail::arcs_may_cross(ea, eb, side_of(first, ea.arc_plane), side_of(second, ea.arc_plane))) {
        kept.push_back({ea.direction, eb.direction});
      }
    }
  }
  return kept;
}

template <typename T>
void expect_pairs_as_pair_by_pair(const geo::SatShape<T>& a, const geo::SatShape<T>& b, const std::string& where) {
  SCOPED_TRACE(where);
  ASSERT_FALSE(a.edge_arcs.empty() || b.edge_arcs.empty());
  const auto expected = pair_by_pair(a, b);
  std::vector<std::pair<int, int>> visited;
  EXPECT_FALSE(geo::sat_detail::visit_edge_pairs(a, b, [&](int i, int j) {
    visited.push_back({i, j});
    return false;
  }));
  EXPECT_EQ(visited, expected);
  if (expected.empty()) return;
  // Stopped at a pair midway, it has visited the pairs before it and no more.
  const std::size_t stop = expected.size() / 2;
  visited.clear();
  EXPECT_TRUE(geo::sat_detail::visit_edge_pairs(a, b, [&](int i, int j) {
    visited.push_back({i, j});
    return visited.size() == stop + 1;
  }));
  const std::vector<std::pair<int, int>> before(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(stop) + 1);
  EXPECT_EQ(visited, before);
}

// Every family against every other (coplanar faces, parallel edges, prisms), boxes in one
// frame (normals exactly on great circles), in double and float, and shapes whose arcs
// no longer index their faces or whose face normals moved since sat_shape.
TEST(SatArcs, KeepThePairsOfTheTestOfEachPairInOrder) {
  oracle::Rng rng(77);
  for (int pair = 0; pair < 160; ++pair) {
    const std::vector<V> a = cloud(rng, pair % 4), b = cloud(rng, (pair / 4) % 4);
    const V offset = rng.unit() * rng.uniform(0, 2);
    const std::string where = "pair " + std::to_string(pair);
    expect_pairs_as_pair_by_pair(shape_of<double>(a, 1, V(0)), shape_of<double>(b, 1, offset), where);
    expect_pairs_as_pair_by_pair(shape_of<float>(a, 1, V(0)), shape_of<float>(b, 1, offset), where + " float");
  }
  for (int pair = 0; pair < 20; ++pair) {
    std::vector<V> box;
    for (int i = 0; i < 8; ++i) box.push_back(V(i & 1 ? 1 : -1, i & 2 ? 0.5 : -0.5, i & 4 ? 0.25 : -0.25));
    const auto a = shape_of<double>(box, 1, V(0));
    auto b = shape_of<double>(box, 1, V(rng.uniform(-2, 2), rng.uniform(-1, 1), 0));
    expect_pairs_as_pair_by_pair(a, b, "boxes " + std::to_string(pair));
    for (auto& normal : b.face_units) normal = -normal;  // used as they are now
    expect_pairs_as_pair_by_pair(a, b, "boxes with turned face normals " + std::to_string(pair));
    b.edge_arcs[static_cast<std::size_t>(pair) % b.edge_arcs.size()].face_b = -1;  // the arcs' own ends then
    expect_pairs_as_pair_by_pair(a, b, "boxes with an arc off its faces " + std::to_string(pair));
  }
}

// A vertex of B or an edge direction of either turned non-finite after sat_shape is
// refused, as the test of every axis refuses it.
TEST(SatQuick, AShapeMadeNonFiniteSincePreparedIsRefused) {
  oracle::Rng rng(6);
  const auto a = shape_of<double>(cloud(rng, 0), 1, V(0));
  const auto b = shape_of<double>(cloud(rng, 0), 1, V(3, 0, 0));
  geo::SatOptions quick;
  quick.stop_at_separation = true;
  for (int change = 0; change < 4; ++change) {
    auto changed_a = a, changed_b = b;
    const double bad = change % 2 ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    if (change < 2) {
      changed_b.vertices.back().y = bad;
    } else {
      (change == 2 ? changed_a : changed_b).edge_directions.back().z = bad;
    }
    EXPECT_EQ(geo::sat_overlap(changed_a, changed_b, quick).error, geo::QueryError::NonFiniteInput) << "change " << change;
  }
}

}  // namespace
