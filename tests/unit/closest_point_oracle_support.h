#pragma once
// Oracle pieces for the closest points on linear shapes, planes, boxes and spheres:
// the shapes of each input family, long-double references that enumerate every
// feature, and points sampled on each shape.
#include "collision_lab/shapes.h"
#include "tests/unit/oracle_support.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

namespace oracle::cp {

using LD = long double;
using V3 = geo::Vec3<double>;

template <typename T> geo::Vec3<T> cast(const V3& v) { return geo::Vec3<T>(v); }
inline LVec3 lerp(const LVec3& a, const LVec3& b, LD t) { return a + (b - a) * t; }
inline LD length(const LVec3& v) { return std::sqrt(glm::dot(v, v)); }
inline LD max_abs(const LVec3& v) { return std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}); }
inline double pow10(Rng& rng, double lo, double hi) { return std::pow(10.0, rng.uniform(lo, hi)); }

// ---------------------------------------------------------------- shapes of each family

// Half extents: sliver = one tiny axis, needle = two, near-degenerate = one to three zero.
inline V3 random_half_extents(Family family, Rng& rng, double size) {
  V3 h(rng.uniform(0.2, 1) * size, rng.uniform(0.2, 1) * size, rng.uniform(0.2, 1) * size);
  const int k = rng.integer(0, 2);
  switch (family) {
    case Family::Sliver: h[k] = size * pow10(rng, -7, -4); break;
    case Family::Needle: h[k] = size * pow10(rng, -7, -4); h[(k + 1) % 3] = size * pow10(rng, -7, -4); break;
    case Family::NearDegenerate:
      for (int i = 0, zeros = rng.integer(1, 3); i < zeros; ++i) h[(k + i) % 3] = 0;
      break;
    default: break;
  }
  return h;
}

inline std::array<V3, 3> random_axes(Rng& rng) {
  const V3 x = rng.unit();
  const V3 y = glm::normalize(glm::cross(x, rng.unit()));
  return {x, y, glm::cross(x, y)};
}

inline geo::Obb<double> random_obb(Family family, Rng& rng, const Placement& at) {
  return {at.offset + rng.in_cube(at.size), random_axes(rng), random_half_extents(family, rng, at.size)};
}

inline geo::Aabb<double> random_aabb(Family family, Rng& rng, const Placement& at) {
  const V3 center = at.offset + rng.in_cube(at.size), h = random_half_extents(family, rng, at.size);
  return {center - h, center + h};
}

// A sphere and its query: sliver = P within 1e-7..1e-4 r of the surface, needle = a tiny
// radius, near-degenerate = radius 0 or P at the centre.
struct SphereCase { geo::Sphere<double> sphere; V3 p; };
inline SphereCase random_sphere_case(Family family, Rng& rng, const Placement& at) {
  SphereCase c{{at.offset + rng.in_cube(at.size), rng.uniform(0.2, 1) * at.size}, V3(0)};
  c.p = random_query(rng, at, c.sphere.center);
  if (family == Family::Sliver) {
    const double side = rng.integer(0, 1) ? 1 : -1;
    c.p = c.sphere.center + rng.unit() * c.sphere.radius * (1 + side * pow10(rng, -7, -4));
  }
  if (family == Family::Needle) c.sphere.radius = at.size * pow10(rng, -9, -6);
  if (family == Family::NearDegenerate) {
    if (rng.integer(0, 1)) c.sphere.radius = 0; else c.p = c.sphere.center;
  }
  return c;
}

// A plane through `anchor` with a non-unit normal: sliver = nearly axis-aligned, needle =
// a normal 1e-9..1e-6 long, near-degenerate = axis-aligned with P exactly above the anchor.
struct PlaneCase { V3 normal; V3 anchor; V3 p; };
inline PlaneCase random_plane_case(Family family, Rng& rng, const Placement& at) {
  PlaneCase c{rng.unit() * rng.uniform(0.5, 2), at.offset + rng.in_cube(at.size), V3(0)};
  c.p = random_query(rng, at, c.anchor);
  const int k = rng.integer(0, 2);
  V3 axis(0);
  axis[k] = rng.integer(0, 1) ? 1 : -1;
  if (family == Family::Sliver) c.normal = axis + rng.unit() * pow10(rng, -7, -4);
  if (family == Family::Needle) c.normal *= pow10(rng, -9, -6);
  if (family == Family::NearDegenerate) {
    c.normal = axis * rng.uniform(0.5, 2);
    c.p = c.anchor;
    c.p[k] += rng.uniform(-2, 2) * at.size;
  }
  return c;
}

// ---------------------------------------------------------------- long-double references

// The closest point's offset from the origin on origin + t * d, t clamped to [lo, hi]
// (a zero d is the point origin), and the distance: computed from P - origin, which is
// exact, so the reference keeps its precision at 1e6 too.
inline LVec3 reference_linear_offset(const LVec3& origin, const LVec3& d, const LVec3& p, LD lo, LD hi) {
  const LD dd = glm::dot(d, d);
  if (dd == 0) return LVec3(0);
  return d * std::clamp(glm::dot(p - origin, d) / dd, lo, hi);
}
inline LD reference_linear_distance(const LVec3& origin, const LVec3& d, const LVec3& p, LD lo, LD hi) {
  return length((p - origin) - reference_linear_offset(origin, d, p, lo, hi));
}

// N·P − D with the products split exactly (fma), summed in long double: the large parts
// cancel exactly and the small ones are added last, so the reference does not cancel.
template <typename T>
LD reference_signed_distance(const geo::Vec3<T>& n, T d, const geo::Vec3<T>& p) {
  LD high = -static_cast<LD>(d), low = 0;
  for (int k = 0; k < 3; ++k) {
    const T product = n[k] * p[k];
    high += product;
    low += std::fma(n[k], p[k], -product);
  }
  return high + low;
}

struct LBox { LVec3 center; std::array<LVec3, 3> axes; LVec3 half; };
template <typename T> LBox to_long_box(const geo::Obb<T>& b) {
  return {to_long(b.center), {to_long(b.axes[0]), to_long(b.axes[1]), to_long(b.axes[2])}, to_long(b.half_extents)};
}
template <typename T> LBox to_long_box(const geo::Aabb<T>& b) {
  const LVec3 lo = to_long(b.min), hi = to_long(b.max);
  return {(lo + hi) / 2.0L, {LVec3(1, 0, 0), LVec3(0, 1, 0), LVec3(0, 0, 1)}, (hi - lo) / 2.0L};
}
inline LVec3 box_point(const LBox& box, const LVec3& local) {
  return box.center + box.axes[0] * local.x + box.axes[1] * local.y + box.axes[2] * local.z;
}

// The distance from P to the box: 0 inside, else the minimum over the closest points of
// all 6 faces, 12 edges and 8 vertices, each found on its own.
// The closest point is stored in *closest when asked for.
inline LD reference_box_distance(const LBox& box, const LVec3& p, LVec3* closest = nullptr) {
  LVec3 local;
  for (int k = 0; k < 3; ++k) local[k] = glm::dot(p - box.center, box.axes[k]);
  if (closest) *closest = p;
  if (std::fabs(local.x) <= box.half.x && std::fabs(local.y) <= box.half.y && std::fabs(local.z) <= box.half.z) return 0;
  LD best = std::numeric_limits<LD>::infinity();
  const LVec3 from_center = p - box.center;  // exact: the distances keep their precision at 1e6
  auto consider = [&](const LVec3& q) {
    const LVec3 offset = box.axes[0] * q.x + box.axes[1] * q.y + box.axes[2] * q.z;
    const LD distance = length(from_center - offset);
    if (distance < best && closest) *closest = box.center + offset;
    best = std::min(best, distance);
  };
  auto clamp_axis = [&](int k) { return std::clamp(local[k], -box.half[k], box.half[k]); };
  for (int k = 0; k < 3; ++k) {
    for (int s = -1; s <= 1; s += 2) {  // the face normal to axis k on side s
      LVec3 q;
      q[k] = s * box.half[k];
      q[(k + 1) % 3] = clamp_axis((k + 1) % 3);
      q[(k + 2) % 3] = clamp_axis((k + 2) % 3);
      consider(q);
    }
    for (int j = 0; j < 4; ++j) {  // the edge along axis k
      LVec3 q;
      q[k] = clamp_axis(k);
      q[(k + 1) % 3] = (j & 1 ? 1 : -1) * box.half[(k + 1) % 3];
      q[(k + 2) % 3] = (j & 2 ? 1 : -1) * box.half[(k + 2) % 3];
      consider(q);
    }
  }
  for (int v = 0; v < 8; ++v) {
    consider(LVec3((v & 1 ? 1 : -1) * box.half.x, (v & 2 ? 1 : -1) * box.half.y, (v & 4 ? 1 : -1) * box.half.z));
  }
  return best;
}

// ---------------------------------------------------------------- samples of each shape

inline std::vector<LVec3> sample_box(const LBox& box, Rng& rng, const LVec3& near_local) {
  std::vector<LVec3> samples;
  for (int v = 0; v < 8; ++v) {
    samples.push_back(box_point(box, LVec3((v & 1 ? 1 : -1) * box.half.x, (v & 2 ? 1 : -1) * box.half.y,
                                           (v & 4 ? 1 : -1) * box.half.z)));
  }
  for (int i = 0; i < 56; ++i) {  // half anywhere in the box, half around the answer
    LVec3 q;
    for (int k = 0; k < 3; ++k) {
      const LD spread = i < 28 ? 1.0L : pow10(rng, -6, 0);
      q[k] = std::clamp(near_local[k] + spread * box.half[k] * rng.uniform(-2, 2), -box.half[k], box.half[k]);
    }
    samples.push_back(box_point(box, q));
  }
  return samples;
}

// A few dozen points on origin + t d around t_near within [lo, hi], and the ends if finite.
inline std::vector<LVec3> sample_linear(const LVec3& origin, const LVec3& d, LD t_near, LD lo, LD hi, Rng& rng) {
  std::vector<LVec3> samples;
  if (std::isfinite(lo)) samples.push_back(origin + d * lo);
  if (std::isfinite(hi)) samples.push_back(origin + d * hi);
  for (int i = 0; i < 60; ++i) {
    const LD span = std::max<LD>(1, std::fabs(t_near)) * pow10(rng, -7, 0.5);
    samples.push_back(origin + d * std::clamp(t_near + span * rng.uniform(-1, 1), lo, hi));
  }
  return samples;
}

// ---------------------------------------------------------------- float error table

// Like ErrorTable, for the float instantiation: 1e-4 on well-shaped inputs, 1e-3 otherwise.
class FloatErrorTable {
 public:
  explicit FloatErrorTable(std::string query) : query_(std::move(query)) {}
  void record(Family family, double error) {
    auto& worst = worst_[family];
    worst.first = std::max(worst.first, error);
    ++worst.second;
  }
  ~FloatErrorTable() {
    for (const auto& [family, worst] : worst_) {
      std::printf("[oracle] %-34s %-18s cases %6d  worst relative error %.3e\n", query_.c_str(),
                  family_name(family), worst.second, worst.first);
      EXPECT_LE(worst.first, family == Family::WellShaped ? 1e-4 : 1e-3) << query_ << " on " << family_name(family);
    }
  }

 private:
  std::string query_;
  std::map<Family, std::pair<double, int>> worst_;
};

}  // namespace oracle::cp
