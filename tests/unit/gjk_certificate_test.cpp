// GJK's answer as a certificate, on seeded touching and nearly touching pairs (gaps of
// 1e-12 to 1e-4 of the shapes' size, both ways): a separated answer's axis must separate
// the shapes, with `separation` at most the exact gap along it (long-double extents over
// every vertex); a verdict GJK calls certain must be right; and an uncertain one must be
// rare enough that GJK still answers most of them.
#include "tests/unit/gjk_support.h"

#include <gtest/gtest.h>

namespace {

using namespace gjk_oracle;

constexpr PairKind kCertificatePairs[] = {PairKind::BoxBox,    PairKind::HullHull,  PairKind::TriangleBox,
                                          PairKind::SegmentHull, PairKind::PointHull, PairKind::SphereBox,
                                          PairKind::SphereSphere};

// The largest projection on `n` of the shape's vertices as the support functions number
// them (a sphere: its centre's plus its radius), in long double.
template <typename T>
L exact_extent(const geo::ConvexShape<T>& shape, const LVec3& n) {
  if (const auto* sphere = std::get_if<geo::Sphere<T>>(&shape)) {
    return glm::dot(oracle::to_long(sphere->center), n) + L(sphere->radius);
  }
  L best = -std::numeric_limits<L>::infinity();
  for (int i = 0; geo::shape_vertex(shape, i).vertex >= 0; ++i) {
    best = std::max(best, glm::dot(oracle::to_long(geo::shape_vertex(shape, i).point), n));
  }
  return best;
}

// The exact gap along `axis` (made unit in long double): B's least extent less A's most.
template <typename T>
L exact_gap(const geo::ConvexShape<T>& a, const geo::ConvexShape<T>& b, const geo::Vec3<T>& axis) {
  const LVec3 n = glm::normalize(oracle::to_long(axis));
  return -exact_extent(b, -n) - exact_extent(a, n);
}

struct Tally {
  int cases = 0, uncertain = 0;
};

// A pair `gap` apart (negative: overlapping by about -gap), B slid along the closest
// direction from a random start; `aligned` gives parallel faces and edges.
Pair touching_pair(PairKind kind, oracle::Rng& rng, double relative_gap, bool aligned) {
  Pair pair = make_shapes(kind, rng, rng.uniform(0.5, 2), aligned, 0);
  pair.b = translated(pair.b, rng.unit() * 4.0 * pair.size);
  slide_to_gap(pair, relative_gap * pair.size);
  return pair;
}

template <typename T>
void check_certificate(const Pair& pair, Tally& tally, const std::string& where) {
  const geo::ConvexShape<T> a = cast<T>(pair.a), b = cast<T>(pair.b);
  const Shape da = cast<double>(a), db = cast<double>(b);  // the shapes as GJK sees them
  const auto result = geo::gjk_distance(a, b);
  ASSERT_TRUE(result.ok()) << where;
  ++tally.cases;
  if (!result.certain) {
    ++tally.uncertain;
    return;
  }
  const bool apart = shape_distance(da, db).distance > 0;
  ASSERT_EQ(result.overlap, !apart) << where;
  if (result.overlap) return;
  ASSERT_NEAR(glm::length(V(result.axis)), 1, 1e-6) << where;
  const L gap = exact_gap(a, b, result.axis);
  ASSERT_GT(gap, 0) << where << ": the axis does not separate";
  ASSERT_GT(result.separation, 0) << where;
  ASSERT_LE(L(result.separation), gap * (1 + L(1e-9))) << where << ": separation " << result.separation
                                                          << " beyond the gap " << double(gap) << " along the axis";
}

template <typename T>
Tally run_certificates(double lowest_gap, double highest_gap, std::uint64_t seed) {
  oracle::Rng rng(seed);
  Tally tally;
  for (PairKind kind : kCertificatePairs) {
    for (int n = 0; n < 300; ++n) {
      const double relative_gap = (rng.integer(0, 1) ? 1 : -1) * std::pow(10.0, rng.uniform(std::log10(lowest_gap), std::log10(highest_gap)));
      const bool aligned = rng.integer(0, 2) == 0;
      const Pair pair = touching_pair(kind, rng, relative_gap, aligned);
      const std::string where = std::string(pair_name(kind)) + (aligned ? " aligned" : "") + " case " +
                                std::to_string(n) + " gap " + std::to_string(relative_gap);
      check_certificate<T>(pair, tally, where);
      if (::testing::Test::HasFatalFailure()) return tally;
    }
  }
  std::printf("[certificate] %s: %d cases, %d uncertain\n", sizeof(T) == sizeof(float) ? "float" : "double", tally.cases,
              tally.uncertain);
  return tally;
}

TEST(GjkCertificate, DoubleNearlyTouchingPairsAreCertifiedOrSayUncertain) {
  const Tally tally = run_certificates<double>(1e-12, 1e-4, 0xce47);
  EXPECT_LT(tally.uncertain, tally.cases / 10);
}

TEST(GjkCertificate, FloatNearlyTouchingPairsAreCertifiedOrSayUncertain) {
  // Float rounds the shapes themselves at 1e-7 of their size, and GJK calls 64 ulp
  // (7.6e-6 of the size) touching: gaps from 1e-5 up.
  const Tally tally = run_certificates<float>(1e-5, 1e-3, 0xf1ce47);
  EXPECT_LT(tally.uncertain, tally.cases / 5);
}

}  // namespace
