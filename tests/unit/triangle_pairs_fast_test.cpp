// The triangle pairs' fast path (the segment kernel, edges made once, box bounds that skip
// edge pairs) against the plain composition it replaces, written here from public calls:
// every vertex against the other triangle, every edge pair by the robust segment routine.
// Seeded random pairs, apart, touching, crossing, slivers, needles, at scales from 1e-150 to
// 1e150 (1e-18 to 1e18 in float), must get the same answer bit for bit.
#include "segment_pair_kernel.h"
#include "collision_lab/triangle.h"
#include "collision_lab/triangle_pairs.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <random>

namespace {

using geo::Feature;
using geo::FeatureRef;

template <typename V>
bool same_bits(const V& a, const V& b) {
  return std::memcmp(&a, &b, sizeof(V)) == 0;
}

template <typename T> using Result = geo::TrianglePairResult<T>;

template <typename T>
void keep_closer(Result<T>& best, const Result<T>& candidate) {
  if (candidate.distance_squared < best.distance_squared) best = candidate;
}

FeatureRef of_edge(int k, FeatureRef on_segment) {
  return on_segment.kind == Feature::Vertex ? FeatureRef{Feature::Vertex, (k + on_segment.index) % 3} : FeatureRef{Feature::Edge, k};
}

template <typename T>
std::array<geo::Vec3<T>, 3> corners(const geo::Triangle<T>& t) { return {t.a, t.b, t.c}; }

template <typename T>
geo::Segment<T> edge(const geo::Triangle<T>& t, int k) { return {corners(t)[k], corners(t)[(k + 1) % 3]}; }

template <typename T>
Result<T> from_point(const geo::Vec3<T>& p, FeatureRef feature, const geo::Triangle<T>& t) {
  const auto on = geo::closest_point(t, p);
  return {{p, on.point, on.distance, on.distance_squared, feature, on.feature}};
}

template <typename T>
Result<T> swapped(Result<T> r) {
  std::swap(r.a_point, r.b_point);
  std::swap(r.a_feature, r.b_feature);
  std::swap(r.s, r.t);
  return r;
}

// Two triangles, already in the first one's frame, when no edge pierces the other: every
// vertex-triangle pair, then every edge pair, the closest kept (the first of equals).
template <typename T>
Result<T> apart_reference(const geo::Triangle<T>& ta, const geo::Triangle<T>& tb) {
  Result<T> best;
  best.distance = best.distance_squared = std::numeric_limits<T>::infinity();
  for (int i = 0; i < 3; ++i) {
    keep_closer(best, from_point(corners(ta)[i], {Feature::Vertex, i}, tb));
    keep_closer(best, swapped(from_point(corners(tb)[i], {Feature::Vertex, i}, ta)));
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const auto pair = geo::detail::closest_segments_robust(edge(ta, i), edge(tb, j));
      Result<T> candidate{{pair.a_point, pair.b_point, pair.distance, pair.distance_squared, of_edge(i, pair.a_feature),
                           of_edge(j, pair.b_feature)}};
      candidate.s = pair.s;
      keep_closer(best, candidate);
    }
  }
  return best;
}

template <typename T>
geo::Triangle<T> local(const geo::Triangle<T>& t, const geo::Vec3<T>& origin) { return {t.a - origin, t.b - origin, t.c - origin}; }

class Maker {
 public:
  explicit Maker(std::uint64_t seed) : engine_(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine_); }
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(engine_); }
  geo::Vec3<double> point() { return {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)}; }
  geo::Triangle<double> triangle() {
    geo::Triangle<double> t{point(), point(), point()};
    if (pick(4) == 0) t.c = t.a + (t.b - t.a) * uniform(0, 1) + point() * std::pow(10.0, uniform(-12, -3));  // sliver
    if (pick(4) == 0) t.c = t.b + point() * std::pow(10.0, uniform(-12, -3));                               // needle
    return t;
  }

 private:
  std::mt19937_64 engine_;
};

template <typename T>
void run_against_composition(std::uint64_t seed, double largest_exponent) {
  Maker make(seed);
  int compared = 0;
  for (int i = 0; i < 40000; ++i) {
    const geo::Triangle<double> da = make.triangle();
    geo::Triangle<double> db = make.triangle();
    const geo::Vec3<double> apart = make.point() * (make.pick(3) == 0 ? 0.0 : make.uniform(0.5, 4));
    db = {db.a + apart, db.b + apart, db.c + apart};
    if (make.pick(5) == 0) db.a = da.b;  // sharing a corner
    const double scale = std::pow(10.0, make.uniform(-largest_exponent, largest_exponent));
    auto at_scale = [&](const geo::Triangle<double>& t) {
      return geo::Triangle<T>{geo::Vec3<T>(t.a * scale), geo::Vec3<T>(t.b * scale), geo::Vec3<T>(t.c * scale)};
    };
    const geo::Triangle<T> a = at_scale(da), b = at_scale(db);
    const Result<T> fast = geo::closest_points(a, b);
    ASSERT_TRUE(fast.ok());
    if (fast.intersecting) continue;  // a pierced edge answers before any edge pair
    const Result<T> slow = apart_reference(local(a, a.a), local(b, a.a));
    SCOPED_TRACE("case " + std::to_string(i));
    EXPECT_TRUE(same_bits(fast.distance_squared, slow.distance_squared)) << fast.distance_squared << " " << slow.distance_squared;
    EXPECT_TRUE(same_bits(fast.distance, slow.distance));
    EXPECT_TRUE(same_bits(fast.a_point, slow.a_point + a.a));
    EXPECT_TRUE(same_bits(fast.b_point, slow.b_point + a.a));
    EXPECT_EQ(fast.a_feature, slow.a_feature);
    EXPECT_EQ(fast.b_feature, slow.b_feature);
    if (::testing::Test::HasFailure()) return;
    ++compared;
  }
  EXPECT_GT(compared, 10000);
}

TEST(TrianglePairsFast, DoubleMatchesThePlainCompositionBitForBit) { run_against_composition<double>(21, 150); }
TEST(TrianglePairsFast, FloatMatchesThePlainCompositionBitForBit) { run_against_composition<float>(22, 18); }

}  // namespace
