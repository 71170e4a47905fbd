#pragma once
// Long-double references for the triangle and pair oracles: every answer is the minimum
// over an explicit enumeration of features, with no shared code with geometry/.
// Plus the extra input families of these tests and a float error table.
#include "collision_lab/shapes.h"
#include "tests/unit/oracle_support.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <string>

namespace reference {

using L = long double;
using oracle::LVec3;

inline L dot(const LVec3& a, const LVec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline LVec3 cross(const LVec3& a, const LVec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
// Kahan's a*b - c*d: the cross product of nearly parallel directions is all cancellation.
inline L difference_of_products(L a, L b, L c, L d) {
  const L cd = c * d;
  return std::fmal(a, b, -cd) + std::fmal(-c, d, cd);
}
inline LVec3 accurate_cross(const LVec3& a, const LVec3& b) {
  return {difference_of_products(a.y, b.z, a.z, b.y), difference_of_products(a.z, b.x, a.x, b.z),
          difference_of_products(a.x, b.y, a.y, b.x)};
}
inline L length(const LVec3& v) { return std::sqrt(dot(v, v)); }
inline L distance(const LVec3& a, const LVec3& b) { return length(a - b); }

// origin + s * direction, s in [lo, hi] (infinite bounds allowed).
struct Linear {
  LVec3 origin{0}, direction{0};
  L lo = 0, hi = 0;
  LVec3 at(L s) const { return origin + s * direction; }
};
template <typename T> Linear linear(const geo::Segment<T>& s) { return {oracle::to_long(s.a), oracle::to_long(s.b) - oracle::to_long(s.a), 0, 1}; }
template <typename T> Linear linear(const geo::Ray<T>& r) { return {oracle::to_long(r.origin), oracle::to_long(r.direction), 0, INFINITY}; }
template <typename T> Linear linear(const geo::Line<T>& l) { return {oracle::to_long(l.origin), oracle::to_long(l.direction), -INFINITY, INFINITY}; }

inline L closest_parameter(const Linear& shape, const LVec3& p) {
  const L dd = dot(shape.direction, shape.direction);
  if (dd == 0) return 0;
  return std::clamp(dot(p - shape.origin, shape.direction) / dd, shape.lo, shape.hi);
}
inline L distance_to(const Linear& shape, const LVec3& p) { return distance(p, shape.at(closest_parameter(shape, p))); }

struct LTriangle {
  std::array<LVec3, 3> v;
};
template <typename T> LTriangle to_long(const geo::Triangle<T>& t) {
  return {{oracle::to_long(t.a), oracle::to_long(t.b), oracle::to_long(t.c)}};
}
inline Linear edge(const LTriangle& t, int k) { return {t.v[k], t.v[(k + 1) % 3] - t.v[k], 0, 1}; }

// The projection of p on the triangle's plane when it falls inside the triangle.
inline bool interior_projection(const LTriangle& t, const LVec3& p, LVec3& projection) {
  const LVec3 n = cross(t.v[1] - t.v[0], t.v[2] - t.v[0]);
  const L nn = dot(n, n);
  if (nn == 0) return false;
  projection = p - n * (dot(n, p - t.v[0]) / nn);
  for (int k = 0; k < 3; ++k) {
    if (dot(cross(t.v[(k + 1) % 3] - t.v[k], projection - t.v[k]), n) < 0) return false;
  }
  return true;
}

// Point-triangle: three vertices, three edges, and the interior projection.
inline L point_triangle(const LTriangle& t, const LVec3& p) {
  L best = INFINITY;
  for (int k = 0; k < 3; ++k) best = std::min({best, distance(p, t.v[k]), distance_to(edge(t, k), p)});
  LVec3 projection;
  if (interior_projection(t, p, projection)) best = std::min(best, distance(p, projection));
  return best;
}

// Linear pairs: the interior critical point if it lies inside both ranges, and every
// finite end point of each shape against the other shape.
inline L linear_pair(const Linear& a, const Linear& b) {
  const LVec3 zero(0);
  if (a.direction == zero) return distance_to(b, a.origin);  // a point
  if (b.direction == zero) return distance_to(a, b.origin);
  L best = INFINITY;
  const LVec3 n = accurate_cross(a.direction, b.direction);
  const L nn = dot(n, n);
  if (nn > 0) {
    // Inside both ranges, the distance of the supporting lines: |n·between| / |n|.
    const LVec3 between = b.origin - a.origin;
    const L s = dot(cross(between, b.direction), n) / nn, t = dot(cross(between, a.direction), n) / nn;
    if (s >= a.lo && s <= a.hi && t >= b.lo && t <= b.hi) best = std::fabs(dot(n, between)) / std::sqrt(nn);
  }
  for (L s : {a.lo, a.hi}) if (std::isfinite(s)) best = std::min(best, distance_to(b, a.at(s)));
  for (L t : {b.lo, b.hi}) if (std::isfinite(t)) best = std::min(best, distance_to(a, b.at(t)));
  if (!std::isfinite(best)) best = distance_to(b, a.origin);  // two parallel lines
  return best;
}

// Does the segment cross the triangle (transversally, or in its plane through an edge)?
inline bool segment_meets_triangle(const Linear& s, const LTriangle& t) {
  const LVec3 n = cross(t.v[1] - t.v[0], t.v[2] - t.v[0]);
  const L da = dot(n, s.at(0) - t.v[0]), db = dot(n, s.at(1) - t.v[0]);
  if ((da > 0 && db < 0) || (da < 0 && db > 0)) {
    LVec3 crossing = s.at(da / (da - db)), projection;
    if (interior_projection(t, crossing, projection)) return true;
  }
  return false;
}

inline L segment_triangle(const Linear& s, const LTriangle& t) {
  if (segment_meets_triangle(s, t)) return 0;
  L best = std::min(point_triangle(t, s.at(0)), point_triangle(t, s.at(1)));
  for (int k = 0; k < 3; ++k) best = std::min(best, linear_pair(s, edge(t, k)));
  return best;
}

inline L triangle_triangle(const LTriangle& a, const LTriangle& b) {
  L best = INFINITY;
  for (int k = 0; k < 3; ++k) {
    if (segment_meets_triangle(edge(a, k), b) || segment_meets_triangle(edge(b, k), a)) return 0;
    best = std::min({best, point_triangle(b, a.v[k]), point_triangle(a, b.v[k])});
    for (int j = 0; j < 3; ++j) best = std::min(best, linear_pair(edge(a, k), edge(b, j)));
  }
  return best;
}

// Points spread over a triangle: vertices, edge points and random interior points.
inline std::vector<LVec3> samples(const LTriangle& t, oracle::Rng& rng, int count) {
  std::vector<LVec3> points(t.v.begin(), t.v.end());
  for (int k = 0; k < 3; ++k) points.push_back(t.v[k] + L(rng.uniform(0, 1)) * (t.v[(k + 1) % 3] - t.v[k]));
  while (static_cast<int>(points.size()) < count) {
    L u = rng.uniform(0, 1), v = rng.uniform(0, 1);
    if (u + v > 1) { u = 1 - u; v = 1 - v; }
    points.push_back(t.v[0] + u * (t.v[1] - t.v[0]) + v * (t.v[2] - t.v[0]));
  }
  return points;
}

// Points spread over a linear shape: its end points, and parameters around `near`
// (the returned parameter) and over the range (a window of a few units when unbounded).
inline std::vector<LVec3> samples(const Linear& shape, L near, oracle::Rng& rng, int count) {
  std::vector<LVec3> points;
  if (std::isfinite(shape.lo)) points.push_back(shape.at(shape.lo));
  if (std::isfinite(shape.hi)) points.push_back(shape.at(shape.hi));
  const L lo = std::isfinite(shape.lo) ? shape.lo : near - 4, hi = std::isfinite(shape.hi) ? shape.hi : near + 4;
  while (static_cast<int>(points.size()) < count) {
    const L s = points.size() % 2 ? near + L(rng.uniform(-1e-3, 1e-3)) * (hi - lo) : lo + L(rng.uniform(0, 1)) * (hi - lo);
    points.push_back(shape.at(std::clamp(s, lo, hi)));
  }
  return points;
}

}  // namespace reference

namespace oracle {

// Two segments almost parallel (angle 1e-12..1e-3), overlapping along their length and a
// tiny distance apart (or crossing): the case where clamping s first goes wrong.
inline std::pair<geo::Segment<double>, geo::Segment<double>> nearly_parallel_segments(Rng& rng, const Placement& at) {
  const geo::Vec3<double> dir = rng.unit(), side = glm::normalize(glm::cross(dir, rng.unit()));
  const double angle = std::pow(10.0, rng.uniform(-12, -3));
  const double gap = rng.integer(0, 2) == 0 ? 0.0 : at.size * std::pow(10.0, rng.uniform(-12, 0));
  const geo::Vec3<double> start = rng.in_cube(at.size) + at.offset;
  geo::Segment<double> a{start, start + dir * at.size * 2.0};
  const geo::Vec3<double> dir_b = glm::normalize(dir + side * angle);
  const geo::Vec3<double> start_b = start + dir * at.size * rng.uniform(-1.5, 1.5) + glm::cross(dir, side) * gap;
  geo::Segment<double> b{start_b, start_b + dir_b * at.size * rng.uniform(0.5, 3)};
  if (rng.integer(0, 1)) std::swap(b.a, b.b);
  return {a, b};
}

// Float versions of the shapes, for the float oracle.
inline geo::Vec3<float> to_float(const geo::Vec3<double>& v) { return geo::Vec3<float>(v); }
inline geo::Segment<float> to_float(const geo::Segment<double>& s) { return {to_float(s.a), to_float(s.b)}; }
inline geo::Triangle<float> to_float(const geo::Triangle<double>& t) { return {to_float(t.a), to_float(t.b), to_float(t.c)}; }

template <typename T> geo::Segment<T> cast(const geo::Segment<double>& s) { return {geo::Vec3<T>(s.a), geo::Vec3<T>(s.b)}; }
template <typename T> geo::Triangle<T> cast(const geo::Triangle<double>& t) { return {geo::Vec3<T>(t.a), geo::Vec3<T>(t.b), geo::Vec3<T>(t.c)}; }

// The float oracle's table: like ErrorTable, with bounds suited to float
// (1e-4 relative on well-shaped inputs, 1e-3 on the other families).
class FloatErrorTable {
 public:
  explicit FloatErrorTable(std::string query) : query_(std::move(query)) {}
  void record(Family family, double error) {
    auto& worst = worst_[family];
    worst.first = std::max(worst.first, error);
    ++worst.second;
  }
  static double bound(Family family) { return family == Family::WellShaped ? 1e-4 : 1e-3; }
  ~FloatErrorTable() {
    for (const auto& [family, worst] : worst_) {
      std::printf("[oracle float] %-28s %-18s cases %6d  worst relative error %.3e\n", query_.c_str(),
                  family_name(family), worst.second, worst.first);
      EXPECT_LE(worst.first, bound(family)) << query_ << " (float) on " << family_name(family);
    }
  }

 private:
  std::string query_;
  std::map<Family, std::pair<double, int>> worst_;
};

// The table a scalar's oracle records into.
template <typename T> struct TableFor { using type = ErrorTable; };
template <> struct TableFor<float> { using type = FloatErrorTable; };

// Size-relative slack of the definition checks: the family's bound, plus rounding of the
// returned points, which are only representable to ulp(coordinates).
template <typename T>
double definition_slack(Family family, double scale, double magnitude) {
  const double bound = std::is_same_v<T, float> ? FloatErrorTable::bound(family) : tolerance_for(family);
  return bound * scale + 64 * std::numeric_limits<T>::epsilon() * (scale + magnitude);
}

}  // namespace oracle
