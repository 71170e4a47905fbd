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
  for (int k = 0; k < 3; ++k) answer.point[k] = pick(at_a, s.a[k], pick(at_b, s.b[k], s.a[k] + s.ab[k] * on_edge));
  answer.feature = {at_a | at_b ? Feature::Vertex : Feature::Edge, int(at_b)};
  return answerable;
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
