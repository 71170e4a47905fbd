// Oracle tests of GJK distance: seeded random pairs of every kind in every placement,
// against the long-double brute force over every feature pair (with an exact
// separating-axis test for overlap), and against the definition (the witness points lie
// on their shapes and are the distance apart).
#include "tests/unit/gjk_support.h"

#include <gtest/gtest.h>

namespace {

using namespace gjk_oracle;

template <typename T>
void run_gjk_oracle(PairErrorTable& table, int cases, double bound, double tilted_bound, std::uint64_t seed) {
  oracle::Rng rng(seed);
  const bool is_float = sizeof(T) == sizeof(float);
  for (PairKind kind : kAllPairs) {
    for (Placement placement : kAllPlacements) {
      if (is_float && placement == Placement::HugeOffset) continue;  // float spaces points 0.06 apart at 1e6
      for (int n = 0; n < cases; ++n) {
        Pair pair = random_pair(kind, placement, rng, false);
        const auto a = cast<T>(pair.a), b = cast<T>(pair.b);
        // The reference is of the shapes as the query sees them (rounded to T).
        const Shape da = cast<double>(a), db = cast<double>(b);
        const LPair reference = shape_distance(da, db);
        const auto result = geo::gjk_distance(a, b);
        ASSERT_TRUE(result.ok());
        const double scale = pair.size;
        const double error = oracle::relative_error(result.distance, reference.distance, scale);
        table.record(kind, placement, error, pair.tilted);
        const std::string where = std::string(pair_name(kind)) + " " + placement_name(placement) + " case " + std::to_string(n);
        ASSERT_LE(error, pair.tilted ? tilted_bound : bound) << where << ": " << result.distance << " vs " << static_cast<double>(reference.distance);
        // Overlap exactly when the reference has no gap (up to the bound).
        if (reference.distance > bound * scale) {
          ASSERT_FALSE(result.overlap) << where;
        }
        if (reference.distance == 0) {
          ASSERT_TRUE(result.overlap) << where;
        }
        // The definition: the witnesses lie on their shapes, the distance apart.
        ASSERT_LE(distance_to(da, oracle::to_long(geo::Vec3<double>(result.a_point))), bound * scale) << where;
        ASSERT_LE(distance_to(db, oracle::to_long(geo::Vec3<double>(result.b_point))), bound * scale) << where;
        ASSERT_NEAR(glm::length(geo::Vec3<double>(result.a_point - result.b_point)), result.distance, bound * scale) << where;
        ASSERT_NE(result.termination, geo::GjkTermination::MaxIterations) << where;
      }
    }
  }
}

TEST(GjkOracle, DoubleAgainstLongDouble) {
  // 1e-9 on every placement but tiny rotation: see PairErrorTable and the report.
  PairErrorTable table("gjk_distance<double>", 1e-9, 1e-8);
  run_gjk_oracle<double>(table, 1500, 1e-9, 1e-8, 0x61c0);
}

TEST(GjkOracle, FloatAgainstLongDouble) {
  PairErrorTable table("gjk_distance<float>", 1e-4, 1e-4);
  run_gjk_oracle<float>(table, 200, 1e-4, 1e-4, 0xf61c0);
}

}  // namespace
