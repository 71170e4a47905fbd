#pragma once
// The hot paths of the point-segment and point-OBB queries, one inline kernel each, shared
// by the single query (closest_point.cpp), which derives its richer answer from the
// kernel's outputs, and by the batches (closest_point_batch.cpp, which keeps only the
// point, and closest_feature_batch.cpp, which keeps the feature too): they run the same
// arithmetic, so they agree bit for bit at any -march. The line's, ray's, sphere's and
// AABB's kernels below are the batches' copies of the single query's arithmetic for an
// ordinary query, the point and the feature. Inputs the
// kernel cannot answer exactly as the robust code would (non-finite, extreme magnitudes,
// a segment shorter than its coordinates' rounding) are refused up front and go to the
// single query's cold path. The triangle's kernel is in triangle_detail.h. Not part of the
// public API.
#include "closest_point_detail.h"
#include "collision_lab/result.h"
#include "collision_lab/shape_check.h"
#include "collision_lab/shapes.h"
#include "collision_lab/vec.h"

#include <algorithm>
#include <array>
#include <limits>

namespace geo::detail::inline GEO_DETAIL_ISA {

// What depends only on the segment a -> b.
template <typename T>
struct SegmentShape {
  Vec3<T> a, b, ab;
  T ab_size, ab_squared, magnitude;  // max |ab_k|, |ab|², max |a_k|, |b_k|
  // Finite and within UnscaledRange: the single query would not rescale for a query as
  // large as `reach`.
  bool unscaled;
  // |P|, |a|, |b| <= reach keep |P - a| and |P - b| below UnscaledRange::high, rounding and all.
  static constexpr T reach = UnscaledRange<T>::high / T(4);
};

template <typename T>
inline SegmentShape<T> segment_shape(const Vec3<T>& a, const Vec3<T>& b) {
  SegmentShape<T> shape{a, b, b - a, 0, 0, 0, false};
  shape.ab_size = max_abs(shape.ab);
  shape.ab_squared = glm::dot(shape.ab, shape.ab);
  shape.magnitude = std::max(max_abs(a), max_abs(b));
  shape.unscaled = all_finite(a) && all_finite(b) && shape.ab_size >= UnscaledRange<T>::low &&
                   shape.magnitude <= SegmentShape<T>::reach;
  return shape;
}

// The tutorial's answer: dot_start = (P - a)·ab <= 0 gives a (vertex 0), dot_end =
// (P - b)·(a - b) <= 0 gives b (vertex 1), otherwise the projection at t (the edge).
template <typename T>
struct SegmentAnswer {
  Vec3<T> point;
  T t, t_raw, dot_start, dot_end;
  FeatureRef feature;
};

// False for a query the cold path must take; `answer` is then meaningless. `Answer` is a
// SegmentAnswer or the single query's result, which has the same fields and is filled in
// place (a copy of a built aggregate goes through the stack and stalls store forwarding).
// The batch asks for `branchless` selections, with which its loop vectorizes; a single
// query is faster with plain ones. Either picks the same values, so the bits agree.
template <bool branchless = false, typename T, typename Answer>
[[gnu::always_inline]] inline bool segment_answer(const SegmentShape<T>& s, const Vec3<T>& p, Answer& answer) {
  const auto pick = [](bool condition, T if_true, T if_false) {
    if constexpr (branchless) {
      return choose(condition, if_true, if_false);
    } else {
      return condition ? if_true : if_false;
    }
  };
  // |p_x| + |p_y| + |p_z| bounds max_abs(p), so both tests below refuse at least what the
  // cold path would rescale or call degenerate; and a NaN or infinity fails them. The
  // second is a zero length relative to the coordinates: the cold path answers the point a.
  const T p_size = std::fabs(p.x) + std::fabs(p.y) + std::fabs(p.z);
  const bool answerable = s.unscaled & (p_size <= SegmentShape<T>::reach) &
                          (s.ab_size > std::numeric_limits<T>::epsilon() * max_of(s.magnitude, p_size));
  answer.dot_start = glm::dot(p - s.a, s.ab);
  answer.dot_end = glm::dot(p - s.b, -s.ab);
  answer.t_raw = answer.dot_start / s.ab_squared;
  const bool at_a = answer.dot_start <= T(0), at_b = !at_a & (answer.dot_end <= T(0));
  const T on_edge = pick(answer.t_raw < T(0), T(0), pick(T(1) < answer.t_raw, T(1), answer.t_raw));  // std::clamp
  answer.t = pick(at_a, T(0), pick(at_b, T(1), on_edge));
  if constexpr (branchless) {
    for (int k = 0; k < 3; ++k) answer.point[k] = pick(at_a, s.a[k], pick(at_b, s.b[k], s.a[k] + s.ab[k] * on_edge));
  } else {  // whole vectors: indexing coordinates by k keeps the shape on the stack
    answer.point = at_a ? s.a : (at_b ? s.b : s.a + s.ab * on_edge);
  }
  answer.feature = {at_a | at_b ? Feature::Vertex : Feature::Edge, int(at_b)};
  return answerable;
}

// The point of an OBB nearest to P: P's box coordinates clamped to the half-extents, and
// P moved back by the part that was clamped, so an inside point is returned exactly.
// Fills `local`, `local_clamped` and `point` of a BoxAnswer or of the single query's
// result, in place, and returns P - point. Always inlined: called, it hands `local` back
// through memory, and the feature's signs wait on that (a fifth of the lean query's time).
template <typename T>
struct BoxAnswer {
  Vec3<T> local{0}, local_clamped{0};
  Vec3<T> point{0};
};

template <typename T, typename Answer>
[[gnu::always_inline]] inline Vec3<T> obb_answer(const Vec3<T>& center, const std::array<Vec3<T>, 3>& axes,
                                                 const Vec3<T>& half_extents, const Vec3<T>& p, Answer& answer) {
  const Vec3<T> offset = p - center;
  for (int k = 0; k < 3; ++k) {
    const T h = half_extents[k];
    answer.local[k] = glm::dot(offset, axes[k]);
    answer.local_clamped[k] = std::clamp(answer.local[k], -h, h);
  }
  // Where nothing was clamped the difference is +0, and adding a zero changes nothing:
  // `outside` starts at +0, and a sum of non-zero terms is never -0.
  const Vec3<T> clamped_off = answer.local - answer.local_clamped;
  Vec3<T> outside{0};
  for (int k = 0; k < 3; ++k) outside += axes[k] * clamped_off[k];
  answer.point = p - outside;
  return outside;
}

// The single query's filter (closest_point.cpp): an OBB that shape_check.cpp certainly accepts, and a finite P, without its square roots
// and reports. The six entries of (axes)ᵀ(axes) - I are worked in double, where their
// rounding (below 1e-15) is far inside the margin: if their squares sum to at most m², a
// squared length is within m of 1, so the length within m / (1 + length) < 0.51 m of 1,
// and a dot product is within m; m = 0.99 tolerance passes only what the check passes. NaN
// fails the comparison and infinity the bound; whatever fails here goes to the exact
// check, which decides and names the problem.
template <typename T>
[[gnu::always_inline]] inline bool obb_certainly_valid(const Obb<T>& box, const Vec3<T>& p) {
  constexpr double margin = 0.99 * kObbAxisTolerance;
  const Vec3<double> u(box.axes[0]), v(box.axes[1]), w(box.axes[2]);
  const double uu = glm::dot(u, u) - 1.0, vv = glm::dot(v, v) - 1.0, ww = glm::dot(w, w) - 1.0;
  const double uv = glm::dot(u, v), vw = glm::dot(v, w), wu = glm::dot(w, u);
  const double gram_error = (uu * uu + vv * vv + ww * ww) + (uv * uv + vw * vw + wu * wu);
  const Vec3<T>& h = box.half_extents;
  const auto extent = [](T x) { return (x >= T(0)) & (x <= std::numeric_limits<T>::max()); };
  return (gram_error <= margin * margin) & extent(h.x) & extent(h.y) & extent(h.z) & all_finite(box.center) &
         all_finite(p);
}

// -1 below low, +1 above high, 0 between, per coordinate, without branches.
template <typename T>
inline glm::ivec3 clamp_signs(const Vec3<T>& value, const Vec3<T>& low, const Vec3<T>& high) {
  return {int(value.x > high.x) - int(value.x < low.x), int(value.y > high.y) - int(value.y < low.y),
          int(value.z > high.z) - int(value.z < low.z)};
}

// The feature of a box from the per-axis clamp signs, numbered as result.h documents.
constexpr FeatureRef box_feature_of(const glm::ivec3& clamped) {
  const int count = (clamped.x != 0) + (clamped.y != 0) + (clamped.z != 0);
  switch (count) {
    case 0: return {Feature::Inside, 0};
    case 1: {
      const int k = clamped.x != 0 ? 0 : (clamped.y != 0 ? 1 : 2);
      return {Feature::Face, 2 * k + (clamped[k] > 0 ? 1 : 0)};
    }
    case 2: {
      const int k = clamped.x == 0 ? 0 : (clamped.y == 0 ? 1 : 2);  // the free axis
      const int j = (clamped[(k + 1) % 3] > 0 ? 1 : 0) | (clamped[(k + 2) % 3] > 0 ? 2 : 0);
      return {Feature::Edge, 4 * k + j};
    }
    default:
      return {Feature::Vertex, (clamped.x > 0 ? 1 : 0) | (clamped.y > 0 ? 2 : 0) | (clamped.z > 0 ? 4 : 0)};
  }
}

// The same, looked up in a table of all 27 sign triples: the signs follow the query
// point, and branches on them would mostly be mispredicted.
inline FeatureRef box_feature(const glm::ivec3& clamped) {
  static constexpr auto table = [] {
    std::array<FeatureRef, 27> features{};
    for (int i = 0; i < 27; ++i) features[i] = box_feature_of({i % 3 - 1, i / 3 % 3 - 1, i / 9 - 1});
    return features;
  }();
  return table[(clamped.x + 1) + 3 * (clamped.y + 1) + 9 * (clamped.z + 1)];
}

// Clamping each coordinate to [lo, hi] (lo <= hi) is exact.
template <typename T>
[[gnu::always_inline]] inline Vec3<T> aabb_answer(const Vec3<T>& lo, const Vec3<T>& hi, const Vec3<T>& p,
                                                  FeatureRef& feature) {
  feature = box_feature(clamp_signs(p, lo, hi));
  return glm::min(glm::max(p, lo), hi);  // = std::clamp, as lo <= hi, without its branches
}

// Line and ray, as closest_point_on_linear (closest_point.cpp) scales them: the direction
// by a power of two (exact) to a size near 1, once.
template <typename T>
struct LinearShape {
  Vec3<T> origin, unit_dir;
  T direction_size, unit_squared;
  bool is_ray;
};

template <typename T>
inline LinearShape<T> linear_shape(const Vec3<T>& origin, const Vec3<T>& direction, bool is_ray) {
  const T direction_size = max_abs(direction);
  const Vec3<T> unit_dir = direction * power_of_two<T>(-scale_exponent(direction_size));
  return {origin, unit_dir, direction_size, glm::dot(unit_dir, unit_dir), is_ray};
}

// False for a P whose offset from the origin the single query would rescale (an extreme
// size); `point` and `feature` are then meaningless.
template <typename T>
[[gnu::always_inline]] inline bool linear_answer(const LinearShape<T>& s, const Vec3<T>& p, Vec3<T>& point,
                                                 FeatureRef& feature) {
  if (s.direction_size == T(0)) {  // no direction: the shape is the point `origin`
    point = s.origin;
    feature = {Feature::Vertex, 0};
    return true;
  }
  const Vec3<T> offset = p - s.origin;
  const T scaled_dot = glm::dot(offset, s.unit_dir);
  const bool at_origin = s.is_ray && scaled_dot <= T(0);  // P projects before a ray's origin
  point = choose(at_origin, s.origin, s.origin + s.unit_dir * (scaled_dot / s.unit_squared));
  feature = {at_origin ? Feature::Vertex : Feature::Edge, 0};
  return scale_exponent(max_abs(offset)) == 0;
}

// The sphere: P inside (or at the centre) is its own answer; outside, the centre plus the
// radius along P − C, from P − C scaled by a power of two (exact) so its length cannot
// overflow or underflow.
template <typename T>
[[gnu::always_inline]] inline Vec3<T> sphere_answer(const Vec3<T>& center, T radius, const Vec3<T>& p,
                                                    FeatureRef& feature) {
  const Vec3<T> offset = p - center;
  const int e = scale_exponent(max_abs(offset));
  const Vec3<T> scaled = offset * power_of_two<T>(-e);
  const T scaled_length = glm::length(scaled);
  const bool inside = scaled_length * power_of_two<T>(e) <= radius;
  feature = {inside ? Feature::Inside : Feature::Face, 0};
  return choose(inside, p, center + (scaled / scaled_length) * radius);
}

}  // namespace geo::detail::inline GEO_DETAIL_ISA
