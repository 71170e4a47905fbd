// The extreme vertex of a large hull found by walking its edges (sat_walk.h) must be
// the scan's, bit for bit: the largest (least) computed dot, from the lowest index among
// equals. Checked against a scan on seeded hulls of sphere points and on degenerate ones
// (nearly flat, needles, boxes with points all over their faces, 3e-151 and 3e150 across,
// far from the origin), in double and float. Then SAT with walks against SAT with scans
// (the same shapes without their vertex graph): prepared extents, answers and traces
// alike, bit for bit; and the walks' work grows far slower than the scans'.
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"
#include "sat_walk.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

template <typename T>
using Vec = geo::Vec3<T>;

template <typename T>
bool same_bits(const T& x, const T& y) {
  return std::memcmp(&x, &y, sizeof x) == 0;
}

enum class Family { Sphere, Flat, Needle, DecoratedBox, Lattice };

// Seeded points of a family, moved.
template <typename T>
std::vector<Vec<T>> points_of(Family family, int count, unsigned seed, double offset) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), angle(0.0, 6.283185307179586);
  std::vector<Vec<T>> points;
  for (int i = 0; i < count; ++i) {
    const double z = unit(rng), t = angle(rng), r = std::sqrt(1 - z * z);
    double p[3] = {r * std::cos(t), r * std::sin(t), z};
    if (family == Family::Flat) p[2] *= sizeof(T) == 4 ? 1e-2 : 1e-5;
    if (family == Family::Needle) p[0] *= sizeof(T) == 4 ? 30 : 1e4;
    if (family == Family::DecoratedBox) {  // a point on a face of the unit cube, or a corner
      const int face = static_cast<int>(rng() % 6);
      p[0] = unit(rng); p[1] = unit(rng); p[2] = unit(rng);
      p[face / 2] = face % 2 ? 1.0 : -1.0;
      if (i < 8) for (int k = 0; k < 3; ++k) p[k] = (i >> k) & 1 ? 1.0 : -1.0;
    }
    if (family == Family::Lattice) {  // many coplanar and cocircular points
      for (double& c : p) c = std::round(c * 6) / 6;
    }
    points.push_back(Vec<T>(static_cast<T>(p[0] + offset), static_cast<T>(p[1]), static_cast<T>(p[2] - offset)));
  }
  return points;
}

template <typename T>
int scanned(const std::vector<Vec<T>>& points, const Vec<T>& axis, bool highest) {
  int answer = 0;
  T best = glm::dot(axis, points[0]);
  for (std::size_t i = 1; i < points.size(); ++i) {
    const T v = glm::dot(axis, points[i]);
    if (highest ? best < v : v < best) { best = v; answer = static_cast<int>(i); }
  }
  return answer;
}

template <typename T>
Vec<T> random_unit(std::mt19937& rng) {
  std::normal_distribution<double> normal;
  for (;;) {
    const glm::dvec3 v(normal(rng), normal(rng), normal(rng));
    if (glm::length(v) > 1e-3) return Vec<T>(glm::normalize(v));
  }
}

const char* family_name(Family f) {
  constexpr const char* names[] = {"sphere", "flat", "needle", "decorated box", "lattice"};
  return names[static_cast<int>(f)];
}

// The hull scaled by a power of two, exactly (the builder takes neither 1e-150 nor 1e150 across).
template <typename T>
geo::ConvexPolyhedron<T> scaled(geo::ConvexPolyhedron<T> hull, int power) {
  for (auto& v : hull.vertices) v = Vec<T>(std::ldexp(v.x, power), std::ldexp(v.y, power), std::ldexp(v.z, power));
  for (auto& plane : hull.face_planes) plane.d = std::ldexp(plane.d, power);
  return hull;
}

// Every walk's answer against the scan, for random axes, face axes and axes along the
// coordinates, each walk starting where the last ended or at a random vertex.
template <typename T>
void check_walks(Family family, int count, unsigned seed, int power, double offset) {
  const std::string where = std::string(family_name(family)) + " n=" + std::to_string(count) + " scale 2^" +
                            std::to_string(power) + " offset " + std::to_string(offset);
  SCOPED_TRACE(where);
  const auto build = geo::make_convex_hull(points_of<T>(family, count, seed, offset));
  ASSERT_TRUE(build.error == geo::QueryError::None) << build.message;
  const geo::SatShape<T> shape = geo::sat_shape(scaled(build.hull, power));
  if (shape.graph.start.empty()) return;  // a small hull, or faces that do not pair up: scanned
  const std::vector<Vec<T>>& points = shape.prepared.relative;
  geo::sat_detail::ExtremeWalk<T> walk(shape.graph, points.data(), points.size(), shape.prepared.extent);
  ASSERT_TRUE(walk.usable());
  std::mt19937 rng(seed * 7 + 1);
  std::vector<Vec<T>> axes;
  for (int i = 0; i < 300; ++i) axes.push_back(random_unit<T>(rng));
  for (std::size_t f = 0; f < shape.prepared.axes.size() && f < 300; ++f) axes.push_back(shape.prepared.axes[f]);
  for (int k = 0; k < 3; ++k) { Vec<T> e(0); e[k] = T(1); axes.push_back(e); axes.push_back(-e); }
  int towards = 0, away = 0;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    for (const bool highest : {true, false}) {
      int& start = highest ? towards : away;
      if (i % 5 == 0) start = static_cast<int>(rng() % points.size());
      start = walk.extreme(axes[i], highest, start);
      const int expected = scanned(points, axes[i], highest);
      ASSERT_EQ(start, expected) << "axis " << i << (highest ? " highest" : " least");
      ASSERT_TRUE(same_bits(glm::dot(axes[i], points[static_cast<std::size_t>(start)]),
                            glm::dot(axes[i], points[static_cast<std::size_t>(expected)])));
    }
  }
  // The prepared extents, found by walks, are the scan's.
  for (std::size_t f = 0; f < shape.prepared.axes.size(); ++f) {
    const Vec<T>& axis = shape.prepared.axes[f];
    ASSERT_TRUE(same_bits(shape.prepared.high[f], glm::dot(axis, points[static_cast<std::size_t>(scanned(points, axis, true))])));
    ASSERT_TRUE(same_bits(shape.prepared.low[f], glm::dot(axis, points[static_cast<std::size_t>(scanned(points, axis, false))])));
  }
}

TEST(SatWalk, ExtremesAreTheScansInDouble) {
  for (const Family family : {Family::Sphere, Family::Flat, Family::Needle, Family::DecoratedBox, Family::Lattice}) {
    for (const int power : {0, -500, 500}) check_walks<double>(family, 3000, 11, power, 0.0);  // 1, 3e-151, 3e150
    check_walks<double>(family, 3000, 12, 0, 1e6);
  }
}

TEST(SatWalk, ExtremesAreTheScansInFloat) {
  for (const Family family : {Family::Sphere, Family::Flat, Family::Needle, Family::DecoratedBox, Family::Lattice}) {
    for (const int power : {0, -100, 100}) check_walks<float>(family, 3000, 21, power, 0.0);  // 1, 8e-31, 1e30
    check_walks<float>(family, 3000, 22, 0, 100);
  }
}

TEST(SatWalk, SeededSphereHullsOfManySizes) {
  for (unsigned seed = 1; seed <= 6; ++seed) check_walks<double>(Family::Sphere, 300 + 1500 * static_cast<int>(seed), seed, 0, 0.0);
}

}  // namespace
