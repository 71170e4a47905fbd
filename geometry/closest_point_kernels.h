#pragma once
// The hot paths of the point-segment and point-OBB queries, one inline kernel each, shared
// by the single query (closest_point.cpp), which derives its richer answer from the
// kernel's outputs, and by the batch (closest_point_batch.cpp), which keeps only the point:
// the two run the same arithmetic, so they agree bit for bit at any -march. Inputs the
// kernel cannot answer exactly as the robust code would (non-finite, extreme magnitudes,
// a segment shorter than its coordinates' rounding) are refused up front and go to the
// single query's cold path. The triangle's kernel is in triangle_detail.h. Not part of the
// public API.
#include "geometry/closest_point_detail.h"
#include "geometry/result.h"
#include "geometry/vec.h"

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

// False, with `answer` unset, for a query the cold path must take. `Answer` is a
// SegmentAnswer or the single query's result, which has the same fields and is filled in
// place (a copy of a built aggregate goes through the stack and stalls store forwarding).
template <typename T, typename Answer>
inline bool segment_answer(const SegmentShape<T>& s, const Vec3<T>& p, Answer& answer) {
  // |p_x| + |p_y| + |p_z| bounds max_abs(p), so both tests below refuse at least what the
  // cold path would rescale or call degenerate; and a NaN or infinity fails them.
  const T p_size = std::fabs(p.x) + std::fabs(p.y) + std::fabs(p.z);
  if (!(s.unscaled && p_size <= SegmentShape<T>::reach)) return false;
  // Zero length relative to the coordinates: the cold path answers the point a.
  if (s.ab_size <= std::numeric_limits<T>::epsilon() * std::max(s.magnitude, p_size)) return false;
  answer.dot_start = glm::dot(p - s.a, s.ab);
  answer.dot_end = glm::dot(p - s.b, -s.ab);
  answer.t_raw = answer.dot_start / s.ab_squared;
  if (answer.dot_start <= T(0)) {
    answer.t = 0;
    answer.point = s.a;
    answer.feature = {Feature::Vertex, 0};
  } else if (answer.dot_end <= T(0)) {
    answer.t = 1;
    answer.point = s.b;
    answer.feature = {Feature::Vertex, 1};
  } else {
    answer.t = std::clamp(answer.t_raw, T(0), T(1));
    answer.point = s.a + s.ab * answer.t;
    answer.feature = {Feature::Edge, 0};
  }
  return true;
}

// The point of an OBB nearest to P: P's box coordinates clamped to the half-extents, and
// P moved back by the part that was clamped, so an inside point is returned exactly.
// Fills `local`, `local_clamped` and `point` of a BoxAnswer or of the single query's
// result, in place, and returns P - point.
template <typename T>
struct BoxAnswer {
  Vec3<T> local{0}, local_clamped{0};
  Vec3<T> point{0};
};

template <typename T, typename Answer>
inline Vec3<T> obb_answer(const Vec3<T>& center, const std::array<Vec3<T>, 3>& axes, const Vec3<T>& half_extents,
                          const Vec3<T>& p, Answer& answer) {
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

}  // namespace geo::detail::inline GEO_DETAIL_ISA
