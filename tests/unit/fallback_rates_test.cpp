// How often each query's fast kernel hands its input to the robust path, per oracle family
// and at extreme scales: printed for bench/README ("[fallback] ..."), and held to what the
// kernels promise. A well-shaped, huge-offset or tiny input never falls back (but for two
// segments within 0.2 degrees of parallel, a chance of about 1e-5), so a filter made too
// cautious fails here; a degenerate input may.
#include "closest_point_kernels.h"
#include "segment_pair_kernel.h"
#include "triangle_detail.h"
#include "tests/unit/closest_point_oracle_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace {

using oracle::Family;
using oracle::Rng;
using V3 = geo::Vec3<double>;

struct Rates {
  int cases = 0, segment = 0, triangle = 0, obb = 0, segment_pair = 0;
};

// One case of each query, the shapes of `family` scaled by `scale`.
void count_case(Family family, Rng& rng, double scale, Rates& rates) {
  const oracle::Placement at = oracle::placement_for(family, rng);
  const geo::Segment<double> s = oracle::random_segment(family, rng, at);
  const geo::Segment<double> segment{s.a * scale, s.b * scale};
  const V3 p = oracle::random_query(rng, at, (s.a + s.b) * 0.5) * scale;
  geo::detail::SegmentAnswer<double> segment_answer;
  rates.segment += !geo::detail::segment_answer(geo::detail::segment_shape(segment.a, segment.b), p, segment_answer);

  const geo::Triangle<double> t = oracle::random_triangle(family, rng, at);
  // As the query runs it: scaled to a size near 1 first when beyond the kernel's reach.
  geo::Triangle<double> triangle{t.a * scale, t.b * scale, t.c * scale};
  V3 q = oracle::random_query(rng, at, t.a) * scale;
  if (const int e = geo::detail::triangle_scale_exponent(triangle, q); e != 0) {
    triangle = geo::detail::scaled_triangle(triangle, -e);
    q *= std::ldexp(1.0, -e);
  }
  geo::detail::TriangleAnswer<double> triangle_answer;
  rates.triangle += !geo::detail::triangle_answer(geo::detail::make_frame(triangle), q, triangle_answer);

  const geo::Obb<double> b = oracle::cp::random_obb(family, rng, at);
  const geo::Obb<double> box{b.center * scale, b.axes, b.half_extents * scale};
  rates.obb += !geo::detail::obb_certainly_valid(box, oracle::random_query(rng, at, b.center) * scale);

  const geo::Segment<double> o = oracle::random_segment(family, rng, at);
  geo::detail::LinearPairAnswer<double> pair_answer;
  rates.segment_pair += !geo::detail::segment_pair_answer(geo::detail::as_linear(segment),
                                                          geo::detail::as_linear(geo::Segment<double>{o.a * scale, o.b * scale}),
                                                          pair_answer);
  ++rates.cases;
}

void print(const std::string& what, const Rates& r) {
  const auto percent = [&](int n) { return 100.0 * n / r.cases; };
  std::printf("[fallback] %-26s cases %5d  point-segment %6.2f%%  point-triangle %6.2f%%  point-OBB %6.2f%%  "
              "segment-segment %6.2f%%\n",
              what.c_str(), r.cases, percent(r.segment), percent(r.triangle), percent(r.obb), percent(r.segment_pair));
}

TEST(FallbackRates, OrdinaryInputTakesTheFastKernels) {
  for (Family family : oracle::kAllFamilies) {
    Rng rng(9100 + static_cast<int>(family));
    Rates rates;
    for (int i = 0; i < oracle::kCasesPerFamily; ++i) count_case(family, rng, 1, rates);
    print(oracle::family_name(family), rates);
    if (family == Family::WellShaped || family == Family::HugeOffset || family == Family::Tiny) {
      EXPECT_EQ(rates.segment, 0) << oracle::family_name(family);
      EXPECT_EQ(rates.triangle, 0) << oracle::family_name(family);
      EXPECT_EQ(rates.obb, 0) << oracle::family_name(family);
      EXPECT_LE(rates.segment_pair, 1) << oracle::family_name(family);
    }
  }
}

// Well-shaped inputs from 1e-150 to 1e150: the triangle's kernel answers them all (scaled
// first beyond its reach), the OBB's filter vouches for them all, the segment's kernel
// leaves the extremes to its rescaling robust path.
TEST(FallbackRates, ScalesOutsideTheKernelsRangeFallBack) {
  for (int k = -150; k <= 150; k += 50) {
    Rng rng(9200 + k);
    Rates rates;
    for (int i = 0; i < 500; ++i) count_case(Family::WellShaped, rng, std::pow(10.0, k), rates);
    print("well-shaped at 1e" + std::to_string(k), rates);
    EXPECT_EQ(rates.triangle, 0) << "1e" << k;
    EXPECT_EQ(rates.obb, 0) << "1e" << k;
    if (std::abs(k) <= 100) {
      EXPECT_EQ(rates.segment, 0) << "1e" << k;
    }
  }
}

}  // namespace
