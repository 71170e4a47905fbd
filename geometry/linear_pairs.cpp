#include "geometry/linear_pairs.h"

#include "geometry/accurate_cross.h"
#include "geometry/segment_math.h"

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace geo {
namespace {

using detail::kEpsilon;

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
void frexp_powers(T largest, T& down, T& up) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  constexpr int fraction_bits = std::numeric_limits<T>::digits - 1;
  constexpr int bias = std::numeric_limits<T>::max_exponent - 1;
  const int biased = int(std::bit_cast<Bits>(largest) >> fraction_bits);  // largest > 0: no sign bit
  const int exponent = biased - bias + 1;
  if (biased >= 1 && biased <= 2 * bias - 2) {  // largest normal, 2^-exponent and 2^exponent too
    down = std::bit_cast<T>(Bits(bias - exponent) << fraction_bits);
    up = std::bit_cast<T>(Bits(bias + exponent) << fraction_bits);
    return;
  }
  int frexp_exponent = 0;
  std::frexp(largest, &frexp_exponent);
  down = std::ldexp(T(1), -frexp_exponent);
  up = std::ldexp(T(1), frexp_exponent);
}

template <typename T>
Linear<T> make_linear(const Vec3<T>& origin, const Vec3<T>& direction, T lo, bool unbounded_above) {
  Linear<T> shape;
  shape.origin = origin;
  shape.direction = direction;
  const T largest = detail::max_abs(direction);
  if (largest > T(0)) {
    T up = 1;
    frexp_powers(largest, shape.down, up);
    shape.scaled = direction * shape.down;
    shape.scaled_squared = glm::dot(shape.scaled, shape.scaled);
    shape.lo = lo;
    shape.hi = unbounded_above ? std::numeric_limits<T>::infinity() : up;
  }
  return shape;
}

template <typename T>
Linear<T> as_linear(const Line<T>& line) {
  return make_linear(line.origin, line.direction, -std::numeric_limits<T>::infinity(), true);
}
template <typename T>
Linear<T> as_linear(const Ray<T>& ray) {
  return make_linear(ray.origin, ray.direction, T(0), true);
}
template <typename T>
Linear<T> as_linear(const Segment<T>& segment) {
  Linear<T> shape = make_linear(segment.a, segment.b - segment.a, T(0), false);
  shape.end = segment.b;
  shape.is_segment = true;
  return shape;
}

template <typename T>
T parameter_of(const Linear<T>& shape, T alpha) {
  return alpha * shape.down;
}

template <typename T>
Vec3<T> point_at(const Linear<T>& shape, T alpha) {
  if (shape.is_segment && alpha == shape.hi) return shape.end;
  return shape.origin + parameter_of(shape, alpha) * shape.direction;
}

template <typename T>
FeatureRef feature_at(const Linear<T>& shape, T alpha) {
  if (shape.degenerate() || alpha == shape.lo) return {Feature::Vertex, 0};  // a line's lo is -inf
  if (shape.is_segment && alpha == shape.hi) return {Feature::Vertex, 1};
  return {Feature::Edge, 0};
}

// One candidate pair of parameters and its squared distance.
template <typename T>
struct Candidate {
  T alpha = 0, beta = 0, distance_squared = std::numeric_limits<T>::infinity();
};

// From offset = origin_a - origin_b, so the distance never goes through absolute points.
template <typename T>
Candidate<T> evaluate(const Linear<T>& a, const Linear<T>& b, const Vec3<T>& offset, T alpha, T beta) {
  const Vec3<T> delta = offset + alpha * a.scaled - beta * b.scaled;
  return {alpha, beta, glm::dot(delta, delta)};
}

// Keeps the first of near ties, so the order of the candidates decides between equals.
template <typename T>
void keep_better(Candidate<T>& best, const Candidate<T>& candidate) {
  if (candidate.distance_squared < best.distance_squared * (T(1) - T(16) * kEpsilon<T>)) best = candidate;
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
  LinearPairResult<T> result;
  result.a_degenerate = a.degenerate();
  result.b_degenerate = b.degenerate();
  const Vec3<T> offset = a.origin - b.origin;
  auto best_alpha_for = [&](T beta) {
    if (a.degenerate()) return T(0);
    return std::clamp(glm::dot(beta * b.scaled - offset, a.scaled) / a.scaled_squared, a.lo, a.hi);
  };
  auto beta_for = [&](T alpha) {
    return b.degenerate() ? T(0) : glm::dot(offset + alpha * a.scaled, b.scaled) / b.scaled_squared;
  };
  auto best_beta_for = [&](T alpha) { return std::clamp(beta_for(alpha), b.lo, b.hi); };

  Candidate<T> best;
  T alpha_raw = 0, beta_raw = 0;
  bool interior = false;
  const Vec3<T> normal = detail::conditioned_cross(a.scaled, b.scaled);
  const T normal_squared = glm::dot(normal, normal);
  const bool both_proper = !a.degenerate() && !b.degenerate();
  // The cross product is accurate to a few ulps, so only a sine below eps² (|n| is then at
  // the underflow edge of exactly parallel) needs the parallel answer; anything larger is
  // a real crossing, however far away, and answering it as parallel would be wrong.
  const T parallel_sine = kEpsilon<T> * kEpsilon<T>;
  result.parallel = both_proper && normal_squared <= parallel_sine * parallel_sine * a.scaled_squared * b.scaled_squared;
  if (both_proper && !result.parallel) {
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
    if (std::isfinite(a.lo)) keep_better(best, evaluate(a, b, offset, a.lo, best_beta_for(a.lo)));
    if (std::isfinite(b.lo)) keep_better(best, evaluate(a, b, offset, best_alpha_for(b.lo), b.lo));
    if (std::isfinite(b.hi)) keep_better(best, evaluate(a, b, offset, best_alpha_for(b.hi), b.hi));
    if (std::isfinite(a.hi)) keep_better(best, evaluate(a, b, offset, a.hi, best_beta_for(a.hi)));
    if (!std::isfinite(best.distance_squared)) {
      best = evaluate(a, b, offset, T(0), beta_for(T(0)));  // two parallel lines
    }
    if (!both_proper || result.parallel) {
      // No unique unconstrained minimiser: report the chosen s and its projection on b.
      alpha_raw = best.alpha;
      beta_raw = beta_for(best.alpha);
    }
  }

  result.s_raw = parameter_of(a, alpha_raw);
  result.t_raw = parameter_of(b, beta_raw);
  result.s = parameter_of(a, best.alpha);
  result.t = parameter_of(b, best.beta);
  result.a_point = point_at(a, best.alpha);
  result.b_point = point_at(b, best.beta);
  result.a_feature = feature_at(a, best.alpha);
  result.b_feature = feature_at(b, best.beta);
  result.distance_squared = best.distance_squared;
  result.distance = std::sqrt(best.distance_squared);
  return result;
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

}  // namespace

template <typename T> LinearPairResult<T> closest_points(const Line<T>& a, const Line<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Line<T>& a, const Ray<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Line<T>& a, const Segment<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Ray<T>& a, const Line<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Ray<T>& a, const Ray<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Ray<T>& a, const Segment<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Segment<T>& a, const Line<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Segment<T>& a, const Ray<T>& b) { return closest_pair<T>(a, b); }
template <typename T> LinearPairResult<T> closest_points(const Segment<T>& a, const Segment<T>& b) { return closest_pair<T>(a, b); }

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
