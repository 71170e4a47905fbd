#pragma once
// Shared pieces of the oracle tests: seeded random input families, long-double
// reference helpers, and a table of the worst relative error per family.
#include "collision_lab/shapes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <string>

namespace oracle {

using LVec3 = glm::vec<3, long double, glm::defaultp>;
using LVec2 = glm::vec<2, long double, glm::defaultp>;

template <typename T> LVec3 to_long(const geo::Vec3<T>& v) { return LVec3(v.x, v.y, v.z); }
template <typename T> LVec2 to_long(const geo::Vec2<T>& v) { return LVec2(v.x, v.y); }

// The input families every query is checked on.
enum class Family { WellShaped, Sliver, Needle, NearDegenerate, HugeOffset, Tiny };
constexpr Family kAllFamilies[] = {Family::WellShaped, Family::Sliver,     Family::Needle,
                                   Family::NearDegenerate, Family::HugeOffset, Family::Tiny};
inline const char* family_name(Family family) {
  switch (family) {
    case Family::WellShaped: return "well-shaped";
    case Family::Sliver: return "sliver";
    case Family::Needle: return "needle";
    case Family::NearDegenerate: return "near-degenerate";
    case Family::HugeOffset: return "huge offset (1e6)";
    case Family::Tiny: return "tiny (1e-6)";
  }
  return "?";
}
// Well-shaped inputs must be within 1e-12 relative; the degenerate families within 1e-9.
inline double tolerance_for(Family family) { return family == Family::WellShaped ? 1e-12 : 1e-9; }

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine_); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }
  geo::Vec3<double> in_cube(double half) { return {uniform(-half, half), uniform(-half, half), uniform(-half, half)}; }
  geo::Vec3<double> unit() {
    for (;;) {
      auto v = in_cube(1);
      double len = glm::length(v);
      if (len > 0.1 && len <= 1) return v / len;
    }
  }
  std::mt19937_64& engine() { return engine_; }

 private:
  std::mt19937_64 engine_;
};

// Where a family's shapes live: a size and an offset from the origin.
struct Placement {
  double size = 1;
  geo::Vec3<double> offset{0};
};
inline Placement placement_for(Family family, Rng& rng) {
  switch (family) {
    case Family::HugeOffset: return {rng.uniform(0.5, 5), rng.unit() * 1e6};
    case Family::Tiny: return {1e-6 * rng.uniform(0.5, 2), rng.in_cube(1e-5)};
    default: return {rng.uniform(0.5, 5), rng.in_cube(10)};
  }
}

// A triangle of the family (z = 0 when flat is set):
// sliver: long and thin (height 1e-7..1e-4 of its length); needle: two vertices within
// 1e-9..1e-6 of each other; near-degenerate: exactly collinear or repeated vertices.
inline geo::Triangle<double> random_triangle(Family family, Rng& rng, const Placement& at, bool flat = false) {
  auto point = [&] { auto v = rng.in_cube(at.size); if (flat) v.z = 0; return v; };
  geo::Triangle<double> t{point(), point(), point()};
  const double size = at.size;
  switch (family) {
    case Family::Sliver: {
      auto dir = flat ? glm::normalize(geo::Vec3<double>(rng.uniform(-1, 1), rng.uniform(-1, 1), 0)) : rng.unit();
      auto side = glm::normalize(glm::cross(dir, flat ? geo::Vec3<double>(0, 0, 1) : rng.unit()));
      t.b = t.a + dir * size * 2.0;
      t.c = t.a + dir * size * rng.uniform(-0.5, 1.5) + side * size * std::pow(10.0, rng.uniform(-7, -4));
      break;
    }
    case Family::Needle: {
      auto dir = flat ? geo::Vec3<double>(rng.uniform(-1, 1), rng.uniform(-1, 1), 0) : rng.unit();
      t.c = t.b + dir * size * std::pow(10.0, rng.uniform(-9, -6));
      break;
    }
    case Family::NearDegenerate: {
      switch (rng.integer(0, 2)) {
        case 0: t.c = t.a + (t.b - t.a) * rng.uniform(-1, 2); break;  // exactly collinear (up to rounding)
        case 1: t.c = t.b; break;                                     // repeated vertex
        default: t.b = t.a; t.c = t.a; break;                         // all three the same
      }
      break;
    }
    default: break;
  }
  t.a += at.offset; t.b += at.offset; t.c += at.offset;
  if (flat) { t.a.z = t.b.z = t.c.z = 0; }
  return t;
}

// A segment of the family: needle = 1e-9..1e-6 long; near-degenerate = zero length.
inline geo::Segment<double> random_segment(Family family, Rng& rng, const Placement& at) {
  geo::Segment<double> s{rng.in_cube(at.size), rng.in_cube(at.size)};
  if (family == Family::Needle) s.b = s.a + rng.unit() * at.size * std::pow(10.0, rng.uniform(-9, -6));
  if (family == Family::NearDegenerate) s.b = s.a;
  if (family == Family::Sliver) s.b = s.a + rng.unit() * at.size * 4.0;  // long
  s.a += at.offset; s.b += at.offset;
  return s;
}

// A query point around a shape at `center`: inside, near, or a few sizes away.
inline geo::Vec3<double> random_query(Rng& rng, const Placement& at, const geo::Vec3<double>& center) {
  const double reach = at.size * (rng.integer(0, 3) == 0 ? 0.1 : 3.0);
  return center + rng.in_cube(reach);
}

// The size of a problem: the diagonal of the bounding box of the points given.
template <typename... Points>
double problem_scale(const geo::Vec3<double>& first, const Points&... rest) {
  geo::Vec3<double> lo = first, hi = first;
  ((lo = glm::min(lo, rest), hi = glm::max(hi, rest)), ...);
  return glm::length(hi - lo);
}

// Relative error of a distance: |d - reference| / max(reference, scale).
inline double relative_error(long double value, long double reference, double scale) {
  const long double denominator = std::max<long double>(std::fabs(reference), scale);
  if (denominator == 0) return static_cast<double>(std::fabs(value - reference));
  return static_cast<double>(std::fabs(value - reference) / denominator);
}

// Records the worst relative error per family for one query, prints the table and
// fails the test when a family is over its tolerance.
class ErrorTable {
 public:
  explicit ErrorTable(std::string query) : query_(std::move(query)) {}
  void record(Family family, double error) {
    auto& worst = worst_[family];
    worst.first = std::max(worst.first, error);
    ++worst.second;
  }
  ~ErrorTable() {
    for (const auto& [family, worst] : worst_) {
      std::printf("[oracle] %-34s %-18s cases %6d  worst relative error %.3e\n", query_.c_str(),
                  family_name(family), worst.second, worst.first);
      EXPECT_LE(worst.first, tolerance_for(family)) << query_ << " on " << family_name(family);
    }
  }

 private:
  std::string query_;
  std::map<Family, std::pair<double, int>> worst_;
};

// Cases per family: with six families each query sees over 10,000 cases.
constexpr int kCasesPerFamily = 2000;

}  // namespace oracle
