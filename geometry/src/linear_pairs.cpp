#include "collision_lab/linear_pairs.h"
#include "collision_lab/nearest.h"

#include "accurate_cross.h"
#include "segment_pair_kernel.h"

#include <limits>

namespace geo {
namespace {

using detail::kEpsilon;
using detail::as_linear;
using detail::Candidate;
using detail::Linear;
using detail::keep_better;
using detail::make_linear;

template <typename T>
Linear<T> as_linear(const Line<T>& line) {
  return make_linear(line.origin, line.direction, -std::numeric_limits<T>::infinity(), true);
}
template <typename T>
Linear<T> as_linear(const Ray<T>& ray) {
  return make_linear(ray.origin, ray.direction, T(0), true);
}

// The one routine behind all nine pairs. Minimises |offset + alpha a' - beta b'|² over
// the rectangle of the two ranges: the interior critical point when the directions are not
// parallel and it lies inside; otherwise the best point of the rectangle's finite edges,
// each a one-dimensional clamped projection. The only division by the determinant
// |a' x b'|² happens once it is known to be nonzero relative to |a'|²|b'|², and that cross
// product is accurate to a few ulps (exact products when nearly parallel), so nearly
// parallel shapes stay accurate.
template <typename T>
LinearPairResult<T> closest_linear_pair(const Linear<T>& a, const Linear<T>& b) {
  const Vec3<T> offset = a.origin - b.origin;
  auto best_alpha_for = [&](T beta) { return detail::best_alpha_for(a, b, offset, beta); };
  auto beta_for = [&](T alpha) { return detail::beta_for(a, b, offset, alpha); };
  auto best_beta_for = [&](T alpha) { return detail::best_beta_for(a, b, offset, alpha); };
  auto evaluate = [&](T alpha, T beta) { return detail::evaluate(a, b, offset, alpha, beta); };

  detail::LinearPairAnswer<T> answer;
  Candidate<T>& best = answer.best;
  T& alpha_raw = answer.alpha_raw;
  T& beta_raw = answer.beta_raw;
  bool interior = false;
  const Vec3<T> normal = detail::conditioned_cross(a.scaled, b.scaled);
  const T normal_squared = glm::dot(normal, normal);
  const bool both_proper = !a.degenerate() && !b.degenerate();
  // The cross product is accurate to a few ulps, so only a sine below eps² (|n| is then at
  // the underflow edge of exactly parallel) needs the parallel answer; anything larger is
  // a real crossing, however far away, and answering it as parallel would be wrong.
  const T parallel_sine = kEpsilon<T> * kEpsilon<T>;
  const bool parallel = both_proper && normal_squared <= parallel_sine * parallel_sine * a.scaled_squared * b.scaled_squared;
  if (both_proper && !parallel) {
    // Cramer's rule written with cross products; the distance of the two supporting lines
    // is |n·between| / |n|, which stays accurate when the critical point is far away.
    const Vec3<T> between = b.origin - a.origin;
    // Where nearly parallel shapes meet is ill-conditioned along their common direction,
    // so t is the projection of the point found on a rather than a second Cramer ratio:
    // the pair then stays a pair (its distance is the lines' distance).
    alpha_raw = glm::dot(glm::cross(between, b.scaled), normal) / normal_squared;
    beta_raw = beta_for(alpha_raw);
    interior = alpha_raw >= a.lo && alpha_raw <= a.hi && beta_raw >= b.lo && beta_raw <= b.hi;
    if (interior) {
      const T along_normal = glm::dot(normal, between);
      best = {alpha_raw, beta_raw, along_normal * along_normal / normal_squared};
    }
  }
  if (!interior) {
    // The start of the first shape comes first, so parallel ties are answered there.
    if (std::isfinite(a.lo)) keep_better(best, evaluate(a.lo, best_beta_for(a.lo)));
    if (std::isfinite(b.lo)) keep_better(best, evaluate(best_alpha_for(b.lo), b.lo));
    if (std::isfinite(b.hi)) keep_better(best, evaluate(best_alpha_for(b.hi), b.hi));
    if (std::isfinite(a.hi)) keep_better(best, evaluate(a.hi, best_beta_for(a.hi)));
    if (!std::isfinite(best.distance_squared)) {
      best = evaluate(T(0), beta_for(T(0)));  // two parallel lines
    }
    if (!both_proper || parallel) {
      // No unique unconstrained minimiser: report the chosen s and its projection on b.
      alpha_raw = best.alpha;
      beta_raw = beta_for(best.alpha);
    }
  }
  return detail::linear_pair_result(a, b, answer, parallel);
}

template <typename T>
bool finite(const Line<T>& line) { return all_finite(line.origin) && all_finite(line.direction); }
template <typename T>
bool finite(const Ray<T>& ray) { return all_finite(ray.origin) && all_finite(ray.direction); }
template <typename T>
bool finite(const Segment<T>& segment) { return all_finite(segment.a) && all_finite(segment.b); }

template <typename T, typename A, typename B>
LinearPairResult<T> closest_pair(const A& a, const B& b) {
  if (!finite(a) || !finite(b)) return failed<LinearPairResult<T>>(QueryError::NonFiniteInput);
  return closest_linear_pair(as_linear(a), as_linear(b));
}

// Two segments: the kernel (segment_pair_kernel.h) in the ordinary case.
template <typename T>
LinearPairResult<T> closest_segment_pair(const Segment<T>& a, const Segment<T>& b) {
  const Linear<T> la = as_linear(a), lb = as_linear(b);
  detail::LinearPairAnswer<T> answer;
  if (!detail::segment_pair_answer(la, lb, answer)) [[unlikely]] return detail::closest_segments_robust(a, b);
  return detail::linear_pair_result(la, lb, answer, false);
}

}  // namespace

// The same kernel as closest_points(Segment, Segment), without the square root and parameters.
template <typename T>
NearestPoints<T> nearest_points(const Segment<T>& a, const Segment<T>& b) {
  const Linear<T> la = as_linear(a), lb = as_linear(b);
  detail::LinearPairAnswer<T> answer;
  if (!detail::segment_pair_answer(la, lb, answer)) [[unlikely]] {
    return detail::lean_of<NearestPoints<T>>(detail::closest_segments_robust(a, b));
  }
  const detail::Candidate<T>& best = answer.best;
  return {detail::point_at(la, best.alpha), detail::point_at(lb, best.beta), best.distance_squared,
          detail::feature_at(la, best.alpha), detail::feature_at(lb, best.beta), QueryError::None};
}
template NearestPoints<float> nearest_points(const Segment<float>&, const Segment<float>&);
template NearestPoints<double> nearest_points(const Segment<double>&, const Segment<double>&);

template <typename T>
LinearPairResult<T> detail::closest_segments_robust(const Segment<T>& a, const Segment<T>& b) {
  return closest_pair<T>(a, b);
}
template LinearPairResult<float> detail::closest_segments_robust(const Segment<float>&, const Segment<float>&);
template LinearPairResult<double> detail::closest_segments_robust(const Segment<double>&, const Segment<double>&);

template <typename T> LinearPairResult<T> closest_points(const Line<T>& a, const Line<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Line<T>& a, const Ray<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Line<T>& a, const Segment<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Ray<T>& a, const Line<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Ray<T>& a, const Ray<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Ray<T>& a, const Segment<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Segment<T>& a, const Line<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Segment<T>& a, const Ray<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Segment<T>& a, const Segment<T>& b) { return closest_segment_pair(a, b); }

#define GEO_INSTANTIATE_LINEAR_PAIRS(T)                                                  \
  template LinearPairResult<T> closest_points(const Line<T>&, const Line<T>&);          \
  template LinearPairResult<T> closest_points(const Line<T>&, const Ray<T>&);           \
  template LinearPairResult<T> closest_points(const Line<T>&, const Segment<T>&);       \
  template LinearPairResult<T> closest_points(const Ray<T>&, const Line<T>&);           \
  template LinearPairResult<T> closest_points(const Ray<T>&, const Ray<T>&);            \
  template LinearPairResult<T> closest_points(const Ray<T>&, const Segment<T>&);        \
  template LinearPairResult<T> closest_points(const Segment<T>&, const Line<T>&);       \
  template LinearPairResult<T> closest_points(const Segment<T>&, const Ray<T>&);        \
  template LinearPairResult<T> closest_points(const Segment<T>&, const Segment<T>&);
GEO_INSTANTIATE_LINEAR_PAIRS(float)
GEO_INSTANTIATE_LINEAR_PAIRS(double)
#undef GEO_INSTANTIATE_LINEAR_PAIRS

}  // namespace geo
