// Oracle tests of EPA penetration depth on seeded overlapping pairs: the depth against
// an exhaustive long-double minimum over candidate axes (face normals of both shapes,
// edge x edge crosses; spheres exactly from the radii), and the definition: moving B by
// (depth + margin) * axis separates the shapes, by (depth - margin) * axis it does not.
#include "collision_lab/epa.h"
#include "tests/unit/gjk_support.h"

#include <gtest/gtest.h>

namespace {

using namespace gjk_oracle;

constexpr PairKind kEpaPairs[] = {PairKind::BoxBox, PairKind::HullHull, PairKind::TriangleBox, PairKind::SphereBox};
constexpr Placement kEpaPlacements[] = {Placement::NearlyTouching, Placement::Deep,  Placement::Parallel,
                                        Placement::TinyRotation,   Placement::Tiny,  Placement::HugeOffset};

template <typename T>
void run_epa_oracle(PairErrorTable& table, int cases, double bound, double tilted_bound, double margin_scale,
                    std::uint64_t seed) {
  oracle::Rng rng(seed);
  const bool is_float = sizeof(T) == sizeof(float);
  for (PairKind kind : kEpaPairs) {
    for (Placement placement : kEpaPlacements) {
      if (is_float && placement == Placement::HugeOffset) continue;  // float spaces points 0.06 apart at 1e6
      for (int n = 0; n < cases; ++n) {
        // Sliding B through the closest points can pass a sharp vertex of A - B without
        // overlapping: draw again until the reference says they overlap.
        Pair pair;
        geo::ConvexShape<T> a, b;
        Shape da, db;
        double reference = -1;
        while (reference < 0) {
          pair = random_pair(kind, placement, rng, true);
          a = cast<T>(pair.a);
          b = cast<T>(pair.b);
          da = cast<double>(a);
          db = cast<double>(b);
          reference = static_cast<double>(shape_depth(da, db));
        }
        const auto result = geo::epa_penetration(a, b);
        const std::string where = std::string(pair_name(kind)) + " " + placement_name(placement) + " case " + std::to_string(n);
        ASSERT_TRUE(result.ok()) << where;
        ASSERT_TRUE(result.converged) << where;
        const double scale = pair.size;
        const double bound_here = pair.tilted ? tilted_bound : bound;
        if (!result.overlap) {  // GJK saw a gap: only allowed for a depth within the bound
          ASSERT_LE(reference, bound_here * scale) << where;
          table.record(kind, placement, reference / scale, pair.tilted);
          continue;
        }
        const double error = oracle::relative_error(result.depth, reference, scale);
        table.record(kind, placement, error, pair.tilted);
        ASSERT_LE(error, bound_here) << where << ": " << result.depth << " vs " << reference;
        ASSERT_NEAR(glm::length(geo::Vec3<double>(result.axis)), 1, 1e-6) << where;

        // The definition, with a size-relative margin.
        const double margin = (pair.tilted ? tilted_bound : margin_scale) * scale;
        const geo::Vec3<double> axis(result.axis);
        const Shape out = translated(db, axis * (double(result.depth) + margin));
        ASSERT_FALSE(geo::gjk_distance(cast<T>(da), cast<T>(out)).overlap) << where << " depth " << result.depth;
        if (result.depth > margin) {
          const Shape in = translated(db, axis * (double(result.depth) - margin));
          ASSERT_TRUE(geo::gjk_distance(cast<T>(da), cast<T>(in)).overlap) << where << " depth " << result.depth;
        }
        // The witnesses: on their shapes, depth * axis apart.
        const double slack = bound_here * scale;
        ASSERT_LE(distance_to(da, oracle::to_long(geo::Vec3<double>(result.a_point))), slack) << where;
        ASSERT_LE(distance_to(db, oracle::to_long(geo::Vec3<double>(result.b_point))), slack) << where;
      }
    }
  }
}

TEST(EpaOracle, DoubleAgainstLongDouble) {
  PairErrorTable table("epa_penetration<double>", 1e-9, 1e-8);
  run_epa_oracle<double>(table, 1700, 1e-9, 1e-8, 1e-9, 0xe9a);
}

TEST(EpaOracle, FloatAgainstLongDouble) {
  PairErrorTable table("epa_penetration<float>", 1e-4, 1e-4);
  run_epa_oracle<float>(table, 200, 1e-4, 1e-4, 1e-4, 0xfe9a);
}

}  // namespace
