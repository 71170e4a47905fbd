// The lean queries of nearest.h against the full ones on the oracle families, at every
// scale from 1e-150 to 1e150, in float and double, with refused input mixed in: every
// field both return must hold the same bits (NaN included), and the same error. The full
// queries are checked against exact references by the oracle tests; this makes the lean
// ones as right as they are.
#include "collision_lab/closest_point.h"
#include "collision_lab/linear_pairs.h"
#include "collision_lab/nearest.h"
#include "collision_lab/shape_check.h"
#include "collision_lab/triangle.h"
#include "tests/unit/closest_point_oracle_support.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace {

using oracle::Family;
using oracle::Rng;
using V3 = geo::Vec3<double>;

template <typename T>
auto bits(T value) {
  if constexpr (sizeof(T) == 4) return std::bit_cast<std::uint32_t>(value);
  else return std::bit_cast<std::uint64_t>(value);
}

template <typename T>
::testing::AssertionResult same_bits(const geo::Vec3<T>& lean, const geo::Vec3<T>& full, const char* field) {
  for (int k = 0; k < 3; ++k) {
    if (bits(lean[k]) != bits(full[k])) {
      return ::testing::AssertionFailure() << field << "[" << k << "]: lean " << lean[k] << ", full " << full[k];
    }
  }
  return ::testing::AssertionSuccess();
}

template <typename T>
::testing::AssertionResult same_bits(T lean, T full, const char* field) {
  if (bits(lean) == bits(full)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << field << ": lean " << lean << ", full " << full;
}

template <typename Lean, typename Full>
void expect_same_answer(const Lean& lean, const Full& full, const std::string& where) {
  EXPECT_EQ(lean.error, full.error) << where;
  EXPECT_TRUE(same_bits(lean.distance_squared, full.distance_squared, "distance_squared")) << where;
  if constexpr (requires { lean.point; }) {
    EXPECT_TRUE(same_bits(lean.point, full.point, "point")) << where;
    EXPECT_EQ(lean.feature, full.feature) << where;
  } else {
    EXPECT_TRUE(same_bits(lean.a_point, full.a_point, "a_point")) << where;
    EXPECT_TRUE(same_bits(lean.b_point, full.b_point, "b_point")) << where;
    EXPECT_EQ(lean.a_feature, full.a_feature) << where;
    EXPECT_EQ(lean.b_feature, full.b_feature) << where;
  }
}

// Scales 10^k for k in -150..150 in steps of 30 (float: its own range), and 1.
template <typename T>
std::vector<double> scales() {
  std::vector<double> out{1};
  const int top = std::is_same_v<T, float> ? 30 : 150;
  for (int k = -top; k <= top; k += std::is_same_v<T, float> ? 6 : 30) out.push_back(std::pow(10.0, k));
  return out;
}

// One case in 16 gets a NaN or an infinity somewhere in the query point.
template <typename T>
geo::Vec3<T> maybe_spoiled(geo::Vec3<T> p, Rng& rng) {
  if (rng.integer(0, 15) != 0) return p;
  p[rng.integer(0, 2)] = rng.integer(0, 1) ? std::numeric_limits<T>::quiet_NaN() : std::numeric_limits<T>::infinity();
  return p;
}

constexpr int kCasesPerScale = 150;

template <typename T>
void check_point_queries() {
  const auto t = [](const V3& v, double scale) { return geo::Vec3<T>(v * scale); };
  for (Family family : oracle::kAllFamilies) {
    Rng rng(7100 + 10 * static_cast<int>(family) + sizeof(T));
    for (double scale : scales<T>()) {
      for (int i = 0; i < kCasesPerScale; ++i) {
        const oracle::Placement at = oracle::placement_for(family, rng);
        const std::string where = std::string(oracle::family_name(family)) + ", scale " + std::to_string(scale) +
                                  ", case " + std::to_string(i);
        const geo::Segment<double> s = oracle::random_segment(family, rng, at);
        const geo::Segment<T> segment{t(s.a, scale), t(s.b, scale)};
        const geo::Vec3<T> p = maybe_spoiled(t(oracle::random_query(rng, at, (s.a + s.b) * 0.5), scale), rng);
        expect_same_answer(geo::nearest_point(segment, p), geo::closest_point(segment, p), "segment, " + where);

        const geo::Triangle<double> tri = oracle::random_triangle(family, rng, at);
        const geo::Triangle<T> triangle{t(tri.a, scale), t(tri.b, scale), t(tri.c, scale)};
        const geo::Vec3<T> q = maybe_spoiled(t(oracle::random_query(rng, at, tri.a), scale), rng);
        expect_same_answer(geo::nearest_point(triangle, q), geo::closest_point(triangle, q), "triangle, " + where);

        const geo::Obb<double> b = oracle::cp::random_obb(family, rng, at);
        const geo::Obb<T> box{t(b.center, scale), {geo::Vec3<T>(b.axes[0]), geo::Vec3<T>(b.axes[1]), geo::Vec3<T>(b.axes[2])},
                              t(b.half_extents, scale)};
        const geo::Vec3<T> r = maybe_spoiled(t(oracle::random_query(rng, at, b.center), scale), rng);
        expect_same_answer(geo::nearest_point(box, r), geo::closest_point(box, r), "OBB, " + where);
        expect_same_answer(geo::nearest_point(geo::checked_obb(box), r), geo::closest_point(box, r), "checked OBB, " + where);

        const geo::Segment<double> o = oracle::random_segment(family, rng, at);
        const geo::Segment<T> other{t(o.a, scale), maybe_spoiled(t(o.b, scale), rng)};
        expect_same_answer(geo::nearest_points(segment, other), geo::closest_points(segment, other),
                           "segment pair, " + where);
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

TEST(NearestLean, SameBitsAsTheFullQueryDouble) { check_point_queries<double>(); }
TEST(NearestLean, SameBitsAsTheFullQueryFloat) { check_point_queries<float>(); }

// The OBB's quick validity test (closest_point.cpp) passes only boxes the exact check
// passes: axes stretched, shrunk and tilted around the 1e-6 tolerance, negative, huge and
// non-finite half-extents, a non-finite centre, and now and then a NaN in the point. Both
// queries, and the lean one on the box checked once, must give the exact check's error.
template <typename T>
void check_box_validity() {
  Rng rng(7300 + sizeof(T));
  const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
  for (int i = 0; i < 20000; ++i) {
    const auto axes = oracle::cp::random_axes(rng);
    geo::Obb<T> box{geo::Vec3<T>(rng.in_cube(2)), {geo::Vec3<T>(axes[0]), geo::Vec3<T>(axes[1]), geo::Vec3<T>(axes[2])},
                    geo::Vec3<T>(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1))};
    const int k = rng.integer(0, 2);
    const double near = geo::kObbAxisTolerance * rng.uniform(0.5, 2.5);
    switch (rng.integer(0, 6)) {
      case 0: box.axes[k] *= T(1 + (rng.integer(0, 1) ? near : -near)); break;
      case 1: box.axes[k] = geo::Vec3<T>(glm::normalize(V3(box.axes[k]) + near * V3(box.axes[(k + 1) % 3]))); break;
      case 2: box.half_extents[k] = rng.integer(0, 1) ? -T(rng.uniform(0, 1)) : -T(0); break;
      case 3: box.half_extents[k] = rng.integer(0, 1) ? inf : std::numeric_limits<T>::max(); break;
      case 4: box.center[k] = rng.integer(0, 1) ? nan : -inf; break;
      case 5: box.axes[k][rng.integer(0, 2)] = rng.integer(0, 1) ? nan : inf; break;
      default: break;
    }
    geo::Vec3<T> p(rng.in_cube(3));
    if (rng.integer(0, 7) == 0) p[k] = nan;
    const geo::QueryError exact = geo::all_finite(p) ? geo::shape_error(box) : geo::QueryError::NonFiniteInput;
    const auto full = geo::closest_point(box, p);
    EXPECT_EQ(full.error, exact) << "case " << i;
    expect_same_answer(geo::nearest_point(box, p), full, "case " + std::to_string(i));
    const geo::CheckedObb<T> checked = geo::checked_obb(box);
    EXPECT_EQ(checked.error(), geo::shape_error(box)) << "case " << i;
    expect_same_answer(geo::nearest_point(checked, p), full, "checked, case " + std::to_string(i));
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(NearestLean, BoxValidityIsTheExactChecksDouble) { check_box_validity<double>(); }
TEST(NearestLean, BoxValidityIsTheExactChecksFloat) { check_box_validity<float>(); }

}  // namespace
