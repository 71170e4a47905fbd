#pragma once
// The hot path of closest points between two segments, one inline kernel shared by the
// segment-segment query (linear_pairs.cpp), which builds its answer from the kernel's
// outputs, and by the triangle pairs (triangle_pairs.cpp), which ask it up to nine times
// a query. It runs the robust routine's own arithmetic in the same exactly rescaled frame,
// so the two agree bit for bit; what it does not take (a non-finite input, a point, a
// nearly parallel pair) it refuses, and closest_linear_pair in linear_pairs.cpp answers.
// Not part of the public API.
#include "collision_lab/bit_cast.h"
#include "collision_lab/result.h"
#include "segment_math.h"
#include "collision_lab/shapes.h"

#include <cstdint>
#include <limits>
#include <type_traits>

namespace geo {
template <typename T> struct LinearPairResult;  // in linear_pairs.h, the public header of this unit: declared only
}  // namespace geo

namespace geo::detail::inline GEO_DETAIL_ISA {

// A line, ray or segment as origin + alpha * scaled with alpha in [lo, hi], where
// scaled = direction / 2^exponent has its largest component in [0.5, 1): an exact
// rescaling, so alpha / 2^exponent gives the shape's own parameter back without rounding,
// and no product of directions can overflow or underflow.
template <typename T>
struct Linear {
  Vec3<T> origin{0};
  Vec3<T> end{0};  // segment: b, so that a clamp to the end returns b exactly
  Vec3<T> direction{0};
  Vec3<T> scaled{0};  // zero when the direction has zero length: the shape is a point
  T scaled_squared = 0;
  T down = 1;  // 2^-exponent: scaled = direction * down, s = alpha * down, both exact
  T lo = 0, hi = 0;
  bool is_segment = false;
  bool degenerate() const { return scaled_squared == T(0); }
};

// 2^-e and 2^e for the e of std::frexp(largest), which puts largest * 2^-e in [0.5, 1).
// Read off the bits when both are normal (every length from about 2^-(max_exponent - 2) to
// 2^(max_exponent - 4)), which costs a shift instead of two libm calls; std::frexp and
// std::ldexp otherwise, with the same exact answers.
template <typename T>
inline void frexp_powers(T largest, T& down, T& up) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  constexpr int fraction_bits = std::numeric_limits<T>::digits - 1;
  constexpr int bias = std::numeric_limits<T>::max_exponent - 1;
  const int biased = int(geo::bit_cast<Bits>(largest) >> fraction_bits);  // largest > 0: no sign bit
  const int exponent = biased - bias + 1;
  if (biased >= 1 && biased <= 2 * bias - 2) [[likely]] {  // largest normal, 2^-exponent and 2^exponent too
    down = geo::bit_cast<T>(Bits(bias - exponent) << fraction_bits);
    up = geo::bit_cast<T>(Bits(bias + exponent) << fraction_bits);
    return;
  }
  int frexp_exponent = 0;
  std::frexp(largest, &frexp_exponent);
  down = std::ldexp(T(1), -frexp_exponent);
  up = std::ldexp(T(1), frexp_exponent);
}

// Built in one aggregate: the hot path pays for no default values it then overwrites.
template <typename T>
[[gnu::always_inline]] inline Linear<T> make_linear(const Vec3<T>& origin, const Vec3<T>& direction, T lo,
                                                    bool unbounded_above, const Vec3<T>& end = Vec3<T>(0)) {
  const T largest = max_abs(direction);
  if (!(largest > T(0))) return {origin, end, direction, Vec3<T>(0), T(0), T(1), T(0), T(0), false};
  T down = 1, up = 1;
  frexp_powers(largest, down, up);
  const Vec3<T> scaled = direction * down;
  return {origin, end, direction, scaled, glm::dot(scaled, scaled), down, lo,
          unbounded_above ? std::numeric_limits<T>::infinity() : up, false};
}

template <typename T>
[[gnu::always_inline]] inline Linear<T> as_linear(const Segment<T>& segment) {
  Linear<T> shape = make_linear(segment.a, segment.b - segment.a, T(0), false, segment.b);
  shape.is_segment = true;
  return shape;
}

// One candidate pair of parameters and its squared distance.
template <typename T>
struct Candidate {
  T alpha = 0, beta = 0, distance_squared = std::numeric_limits<T>::infinity();
};

// From offset = origin_a - origin_b, so the distance never goes through absolute points.
template <typename T>
inline Candidate<T> evaluate(const Linear<T>& a, const Linear<T>& b, const Vec3<T>& offset, T alpha, T beta) {
  const Vec3<T> delta = offset + alpha * a.scaled - beta * b.scaled;
  return {alpha, beta, glm::dot(delta, delta)};
}

// Keeps the first of near ties, so the order of the candidates decides between equals.
// A select rather than a branch: which candidate wins is data, not a pattern to predict.
template <typename T>
inline void keep_better(Candidate<T>& best, const Candidate<T>& candidate) {
  const bool better = candidate.distance_squared < best.distance_squared * (T(1) - T(16) * kEpsilon<T>);
  best.alpha = better ? candidate.alpha : best.alpha;
  best.beta = better ? candidate.beta : best.beta;
  best.distance_squared = better ? candidate.distance_squared : best.distance_squared;
}

// The numerators of the projections below, apart so the kernel can divide two at once.
template <typename T>
inline T alpha_numerator(const Linear<T>& a, const Linear<T>& b, const Vec3<T>& offset, T beta) {
  return glm::dot(beta * b.scaled - offset, a.scaled);
}
template <typename T>
inline T beta_numerator(const Linear<T>& a, const Linear<T>& b, const Vec3<T>& offset, T alpha) {
  return glm::dot(offset + alpha * a.scaled, b.scaled);
}

// The parameter on a of the point nearest to b's point at beta, clamped to a's range; and
// the other way round. Zero on a shape that is a point.
template <typename T>
inline T best_alpha_for(const Linear<T>& a, const Linear<T>& b, const Vec3<T>& offset, T beta) {
  if (a.degenerate()) return T(0);
  return std::clamp(alpha_numerator(a, b, offset, beta) / a.scaled_squared, a.lo, a.hi);
}
template <typename T>
inline T beta_for(const Linear<T>& a, const Linear<T>& b, const Vec3<T>& offset, T alpha) {
  return b.degenerate() ? T(0) : beta_numerator(a, b, offset, alpha) / b.scaled_squared;
}
template <typename T>
inline T best_beta_for(const Linear<T>& a, const Linear<T>& b, const Vec3<T>& offset, T alpha) {
  return std::clamp(beta_for(a, b, offset, alpha), b.lo, b.hi);
}

// Two divisions in one instruction. Each lane rounds as the scalar division does, so the
// quotients are the same bits; the divider, the kernel's bottleneck, is busy half as long.
template <typename T>
[[gnu::always_inline]] inline void divide_two(T numerator_0, T denominator_0, T& quotient_0, T numerator_1,
                                              T denominator_1, T& quotient_1) {
  typedef T Lanes __attribute__((vector_size(2 * sizeof(T))));
  const Lanes quotient = Lanes{numerator_0, numerator_1} / Lanes{denominator_0, denominator_1};
  quotient_0 = quotient[0];
  quotient_1 = quotient[1];
}

// The pair's unconstrained minimiser (alpha_raw, beta_raw) and the chosen one.
template <typename T>
struct LinearPairAnswer {
  T alpha_raw = 0, beta_raw = 0;
  Candidate<T> best;
};

// The kernel: two segments given as as_linear made them. False, with `answer` unset, for a
// pair the robust routine must take: a non-finite coordinate, a segment that is a point,
// directions within about 0.2 degrees of parallel, or a distance that overflows.
// Every quotient the robust routine might need is started at once, in pairs, before the
// test of whether the closest points are interior: that test is the least predictable fact
// of a query, and waiting on it to start the edges' divisions was the cost.
template <typename T>
[[gnu::always_inline]] inline bool segment_pair_answer(const Linear<T>& a, const Linear<T>& b, LinearPairAnswer<T>& answer) {
  if (!(all_finite(a.origin) & all_finite(a.end) & all_finite(b.origin) & all_finite(b.end))) return false;
  const Vec3<T> normal = glm::cross(a.scaled, b.scaled);
  const T normal_squared = glm::dot(normal, normal);
  // conditioned_cross's test, passed: it would return this plain product. A point (a zero
  // scaled direction) and a parallel pair fail it.
  constexpr T sine_squared = T(1) / T(65536);
  if (!(normal_squared > sine_squared * glm::dot(a.scaled, a.scaled) * glm::dot(b.scaled, b.scaled))) return false;
  const Vec3<T> offset = a.origin - b.origin;
  const Vec3<T> between = b.origin - a.origin;
  const T along_normal = glm::dot(normal, between);
  T interior_squared = 0;
  divide_two(glm::dot(glm::cross(between, b.scaled), normal), normal_squared, answer.alpha_raw,
             along_normal * along_normal, normal_squared, interior_squared);
  // The edges' clamped projections, as best_alpha_for and best_beta_for make them.
  T beta_at_a_lo = 0, beta_at_a_hi = 0, alpha_at_b_lo = 0, alpha_at_b_hi = 0;
  divide_two(beta_numerator(a, b, offset, a.lo), b.scaled_squared, beta_at_a_lo,
             beta_numerator(a, b, offset, a.hi), b.scaled_squared, beta_at_a_hi);
  divide_two(alpha_numerator(a, b, offset, b.lo), a.scaled_squared, alpha_at_b_lo,
             alpha_numerator(a, b, offset, b.hi), a.scaled_squared, alpha_at_b_hi);
  answer.beta_raw = beta_for(a, b, offset, answer.alpha_raw);
  const bool interior = (answer.alpha_raw >= a.lo) & (answer.alpha_raw <= a.hi) & (answer.beta_raw >= b.lo) &
                        (answer.beta_raw <= b.hi);
  Candidate<T>& best = answer.best;
  if (interior) {
    best = {answer.alpha_raw, answer.beta_raw, interior_squared};
  } else {
    best = evaluate(a, b, offset, a.lo, std::clamp(beta_at_a_lo, b.lo, b.hi));
    keep_better(best, evaluate(a, b, offset, std::clamp(alpha_at_b_lo, a.lo, a.hi), b.lo));
    keep_better(best, evaluate(a, b, offset, std::clamp(alpha_at_b_hi, a.lo, a.hi), b.hi));
    keep_better(best, evaluate(a, b, offset, a.hi, std::clamp(beta_at_a_hi, b.lo, b.hi)));
  }
  return finite_value(best.distance_squared);
}

template <typename T>
inline T parameter_of(const Linear<T>& shape, T alpha) {
  return alpha * shape.down;
}

template <typename T>
inline Vec3<T> point_at(const Linear<T>& shape, T alpha) {
  if (shape.is_segment && alpha == shape.hi) return shape.end;
  return shape.origin + parameter_of(shape, alpha) * shape.direction;
}

template <typename T>
inline FeatureRef feature_at(const Linear<T>& shape, T alpha) {
  if (shape.degenerate() || alpha == shape.lo) return {Feature::Vertex, 0};  // a line's lo is -inf
  if (shape.is_segment && alpha == shape.hi) return {Feature::Vertex, 1};
  return {Feature::Edge, 0};
}

// The public answer from the chosen parameters, the same for the kernel and the robust
// routine. In one aggregate, as make_linear.
template <typename T>
[[gnu::always_inline]] inline LinearPairResult<T> linear_pair_result(const Linear<T>& a, const Linear<T>& b,
                                                                     const LinearPairAnswer<T>& answer, bool parallel) {
  const Candidate<T>& best = answer.best;
  return {{point_at(a, best.alpha), point_at(b, best.beta), std::sqrt(best.distance_squared), best.distance_squared,
           feature_at(a, best.alpha), feature_at(b, best.beta), QueryError::None},
          parameter_of(a, answer.alpha_raw), parameter_of(a, best.alpha),
          parameter_of(b, answer.beta_raw), parameter_of(b, best.beta),
          parallel, a.degenerate(), b.degenerate()};
}

}  // namespace geo::detail::inline GEO_DETAIL_ISA

namespace geo::detail {

// Two segments by the robust routine alone, never the kernel: the cold path, and what the
// tests compare the kernel with. Implemented in linear_pairs.cpp.
template <typename T>
LinearPairResult<T> closest_segments_robust(const Segment<T>& a, const Segment<T>& b);

}  // namespace geo::detail
