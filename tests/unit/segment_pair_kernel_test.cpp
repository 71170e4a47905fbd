// The segment-segment kernel (segment_pair_kernel.h) against the robust routine it stands
// in for: seeded random pairs (general, nearly parallel, collinear, touching, crossing,
// needles, points), at scales from 1e-150 to 1e150 (1e-18 to 1e18 in float), must get the
// robust answer bit for bit, every field; and the kernel must take most ordinary pairs.
#include "segment_pair_kernel.h"

#include "collision_lab/linear_pairs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <sstream>

namespace {

template <typename V>
bool same_bits(const V& a, const V& b) {
  return std::memcmp(&a, &b, sizeof(V)) == 0;
}

template <typename T>
std::string text(const geo::Segment<T>& s) {
  std::ostringstream out;
  out.precision(std::numeric_limits<T>::max_digits10);
  out << "{" << s.a.x << ", " << s.a.y << ", " << s.a.z << "} -> {" << s.b.x << ", " << s.b.y << ", " << s.b.z << "}";
  return out.str();
}

class PairMaker {
 public:
  explicit PairMaker(std::uint64_t seed) : engine_(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine_); }
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(engine_); }
  geo::Vec3<double> point() { return {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)}; }
  geo::Vec3<double> tiny(double size) { return point() * size; }

  // A pair at unit size, of one of the kinds the kernel must get right or refuse.
  std::pair<geo::Segment<double>, geo::Segment<double>> unit_pair() {
    const geo::Segment<double> a{point(), point()};
    const geo::Vec3<double> along = a.b - a.a;
    const double slope = std::pow(10.0, uniform(-17, -1));
    switch (pick(9)) {
      case 0: {  // nearly parallel, overlapping or not
        const geo::Vec3<double> start = a.a + tiny(1.0);
        return {a, {start, start + along * uniform(-2, 2) + tiny(slope)}};
      }
      case 1: {  // collinear (up to rounding)
        return {a, {a.a + along * uniform(-2, 2), a.a + along * uniform(-2, 2)}};
      }
      case 2: {  // touching: b starts on a, or at a's end
        const geo::Vec3<double> on_a = pick(2) ? a.b : a.a + along * uniform(0, 1);
        return {a, {on_a, point()}};
      }
      case 3: {  // crossing through a point of a
        const geo::Vec3<double> on_a = a.a + along * uniform(0, 1), direction = point();
        return {a, {on_a - direction * uniform(0, 1), on_a + direction * uniform(0, 1)}};
      }
      case 4: {  // a needle, near or far
        const geo::Vec3<double> start = point();
        return {a, {start, start + tiny(std::pow(10.0, uniform(-15, -6)))}};
      }
      case 5: return {a, {a.a + tiny(1e-3), a.a + tiny(1e-3)}};  // a point, or nearly one
      case 6: return {a, {a.b, a.a}};                               // the same segment reversed
      case 7: {  // nearly touching at an end: the candidates nearly tie
        const geo::Vec3<double> near_end = a.b + tiny(std::pow(10.0, uniform(-15, -3)));
        return {a, {near_end, near_end + point()}};
      }
      default: return {a, {point(), point()}};
    }
  }

 private:
  std::mt19937_64 engine_;
};

template <typename T>
void expect_same(const geo::LinearPairResult<T>& fast, const geo::LinearPairResult<T>& robust) {
  EXPECT_TRUE(same_bits(fast.a_point, robust.a_point));
  EXPECT_TRUE(same_bits(fast.b_point, robust.b_point));
  EXPECT_TRUE(same_bits(fast.distance, robust.distance)) << fast.distance << " " << robust.distance;
  EXPECT_TRUE(same_bits(fast.distance_squared, robust.distance_squared));
  EXPECT_EQ(fast.a_feature, robust.a_feature);
  EXPECT_EQ(fast.b_feature, robust.b_feature);
  EXPECT_EQ(fast.error, robust.error);
  EXPECT_TRUE(same_bits(fast.s, robust.s)) << fast.s << " " << robust.s;
  EXPECT_TRUE(same_bits(fast.t, robust.t)) << fast.t << " " << robust.t;
  EXPECT_TRUE(same_bits(fast.s_raw, robust.s_raw));
  EXPECT_TRUE(same_bits(fast.t_raw, robust.t_raw));
  EXPECT_EQ(fast.parallel, robust.parallel);
  EXPECT_EQ(fast.a_degenerate, robust.a_degenerate);
  EXPECT_EQ(fast.b_degenerate, robust.b_degenerate);
}

template <typename T>
void run_against_robust(std::uint64_t seed, double largest_exponent) {
  PairMaker make(seed);
  int taken = 0;
  constexpr int kCases = 200000;
  for (int i = 0; i < kCases; ++i) {
    auto [da, db] = make.unit_pair();
    if (make.pick(2)) std::swap(da, db);
    const double scale = std::pow(10.0, make.uniform(-largest_exponent, largest_exponent));
    const geo::Vec3<double> shift = make.point() * scale * (make.pick(4) == 0 ? 1e6 : 1.0);
    const geo::Segment<T> a{geo::Vec3<T>(da.a * scale + shift), geo::Vec3<T>(da.b * scale + shift)};
    const geo::Segment<T> b{geo::Vec3<T>(db.a * scale + shift), geo::Vec3<T>(db.b * scale + shift)};
    geo::detail::LinearPairAnswer<T> answer;
    taken += geo::detail::segment_pair_answer(geo::detail::as_linear(a), geo::detail::as_linear(b), answer) ? 1 : 0;
    SCOPED_TRACE("case " + std::to_string(i) + ": " + text(a) + " and " + text(b));
    expect_same(geo::closest_points(a, b), geo::detail::closest_segments_robust(a, b));
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(taken, kCases / 2);  // the kernel is the ordinary path, not the exception
}

TEST(SegmentPairKernel, DoubleMatchesTheRobustRoutineBitForBit) { run_against_robust<double>(11, 150); }
TEST(SegmentPairKernel, FloatMatchesTheRobustRoutineBitForBit) { run_against_robust<float>(12, 18); }

TEST(SegmentPairKernel, RefusesWhatOnlyTheRobustRoutineAnswers) {
  using Seg = geo::Segment<double>;
  const auto refused = [](const Seg& a, const Seg& b) {
    geo::detail::LinearPairAnswer<double> answer;
    return !geo::detail::segment_pair_answer(geo::detail::as_linear(a), geo::detail::as_linear(b), answer);
  };
  const Seg unit{{0, 0, 0}, {1, 0, 0}};
  EXPECT_FALSE(refused(unit, Seg{{0.5, -1, 1}, {0.5, 1, 1}}));
  EXPECT_TRUE(refused(unit, Seg{{0, 1, 0}, {1, 1, 0}}));           // parallel
  EXPECT_TRUE(refused(unit, Seg{{0, 1, 0}, {1, 1 + 1e-3, 0}}));    // within 0.2 degrees of parallel
  EXPECT_TRUE(refused(unit, Seg{{2, 2, 2}, {2, 2, 2}}));           // a point
  EXPECT_TRUE(refused(unit, Seg{{0, 1, 0}, {NAN, 1, 0}}));         // not finite
  EXPECT_TRUE(refused(Seg{{0, 0, 0}, {1e300, 0, 0}}, Seg{{-1e300, 1e300, 0}, {-1e300, 2e300, 1e300}}));  // overflows
  EXPECT_EQ(geo::closest_points(unit, Seg{{0, 1, 0}, {NAN, 1, 0}}).error, geo::QueryError::NonFiniteInput);
}

}  // namespace
