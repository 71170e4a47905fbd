#include "geometry/linear_pairs.h"

#include "geometry/segment_math.h"

#include <limits>

namespace geo {
namespace {

using detail::kEpsilon;

// Directions closer to parallel than this sine are answered as parallel.
template <typename T>
constexpr T kParallelSine = T(32) * kEpsilon<T>;

// A line, ray or segment as origin + sigma * unit with sigma in [lo, hi], in length units:
// working with unit directions keeps every product well scaled, and sigma / length gives
// the shape's own parameter back.
template <typename T>
struct Linear {
  Vec3<T> origin{0};
  Vec3<T> end{0};     // segment: b, so that a clamp to the end returns b exactly
  Vec3<T> direction{0};
  Vec3<T> unit{0};    // zero when the direction has zero length: the shape is a point
  T length = 0;
  T lo = 0, hi = 0;
  bool is_segment = false;
  bool degenerate() const { return length == T(0); }
};

template <typename T>
Linear<T> make_linear(const Vec3<T>& origin, const Vec3<T>& direction, T lo, bool unbounded_above) {
  Linear<T> shape;
  shape.origin = origin;
  shape.direction = direction;
  // Scale by the largest component before normalising: no overflow or underflow in |d|².
  const T largest = detail::max_abs(direction);
  if (largest > T(0)) {
    const Vec3<T> scaled = direction / largest;
    const T scaled_length = glm::length(scaled);
    shape.unit = scaled / scaled_length;
    shape.length = largest * scaled_length;
  }
  shape.lo = shape.degenerate() ? T(0) : lo;
  shape.hi = shape.degenerate() ? T(0) : unbounded_above ? std::numeric_limits<T>::infinity() : shape.length;
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
T parameter_of(const Linear<T>& shape, T sigma) {
  return shape.degenerate() ? T(0) : sigma / shape.length;
}

template <typename T>
Vec3<T> point_at(const Linear<T>& shape, T sigma) {
  if (shape.is_segment && sigma == shape.hi) return shape.end;
  return shape.origin + parameter_of(shape, sigma) * shape.direction;
}

template <typename T>
FeatureRef feature_at(const Linear<T>& shape, T sigma) {
  if (shape.degenerate() || sigma == shape.lo) return {Feature::Vertex, 0};  // a line's lo is -inf
  if (shape.is_segment && sigma == shape.hi) return {Feature::Vertex, 1};
  return {Feature::Edge, 0};
}

// One candidate pair of parameters and its squared distance, from offset = origin_a - origin_b.
template <typename T>
struct Candidate {
  T sigma = 0, tau = 0, distance_squared = std::numeric_limits<T>::infinity();
};

template <typename T>
Candidate<T> evaluate(const Linear<T>& a, const Linear<T>& b, const Vec3<T>& offset, T sigma, T tau) {
  const Vec3<T> delta = offset + sigma * a.unit - tau * b.unit;
  return {sigma, tau, glm::dot(delta, delta)};
}

// Keeps the first of near ties, so the order of the candidates decides between equals.
template <typename T>
void keep_better(Candidate<T>& best, const Candidate<T>& candidate) {
  if (candidate.distance_squared < best.distance_squared * (T(1) - T(16) * kEpsilon<T>)) best = candidate;
}

template <typename T>
LinearPairResult<T> rejected() {
  LinearPairResult<T> result;
  result.error = QueryError::NonFiniteInput;
  return result;
}

// The one routine behind all nine pairs. Minimises |offset + sigma u_a - tau u_b|² over
// the rectangle of ranges: the interior critical point when the directions are not
// parallel and it lies inside, otherwise the best point of the rectangle's finite edges,
// where each edge is a one-dimensional clamped projection (no division at all).
template <typename T>
LinearPairResult<T> closest_linear_pair(const Linear<T>& a, const Linear<T>& b) {
  LinearPairResult<T> result;
  result.a_degenerate = a.degenerate();
  result.b_degenerate = b.degenerate();
  const Vec3<T> offset = a.origin - b.origin;
  auto best_sigma_for = [&](T tau) { return std::clamp(glm::dot(tau * b.unit - offset, a.unit), a.lo, a.hi); };
  auto best_tau_for = [&](T sigma) { return std::clamp(glm::dot(offset + sigma * a.unit, b.unit), b.lo, b.hi); };

  Candidate<T> best;
  T sigma_raw = 0, tau_raw = 0;
  bool interior = false;
  const Vec3<T> normal = glm::cross(a.unit, b.unit);
  const T normal_squared = glm::dot(normal, normal);
  result.parallel = !a.degenerate() && !b.degenerate() && normal_squared <= kParallelSine<T> * kParallelSine<T>;
  if (!a.degenerate() && !b.degenerate() && !result.parallel) {
    // Cramer's rule written with cross products: no cancellation in the determinant
    // |u_a x u_b|², which is bounded away from zero here.
    const Vec3<T> between = b.origin - a.origin;
    sigma_raw = glm::dot(glm::cross(between, b.unit), normal) / normal_squared;
    tau_raw = glm::dot(glm::cross(between, a.unit), normal) / normal_squared;
    interior = sigma_raw >= a.lo && sigma_raw <= a.hi && tau_raw >= b.lo && tau_raw <= b.hi;
    if (interior) best = evaluate(a, b, offset, sigma_raw, tau_raw);
  }
  if (!interior) {
    // The start of the first shape comes first, so parallel ties are answered there.
    if (std::isfinite(a.lo)) keep_better(best, evaluate(a, b, offset, a.lo, best_tau_for(a.lo)));
    if (std::isfinite(b.lo)) keep_better(best, evaluate(a, b, offset, best_sigma_for(b.lo), b.lo));
    if (std::isfinite(b.hi)) keep_better(best, evaluate(a, b, offset, best_sigma_for(b.hi), b.hi));
    if (std::isfinite(a.hi)) keep_better(best, evaluate(a, b, offset, a.hi, best_tau_for(a.hi)));
    if (!std::isfinite(best.distance_squared)) {
      best = evaluate(a, b, offset, T(0), best_tau_for(T(0)));  // two parallel lines
    }
    if (a.degenerate() || b.degenerate() || result.parallel) {
      // No unique unconstrained minimiser: report the chosen sigma and the projection on b.
      sigma_raw = best.sigma;
      tau_raw = glm::dot(offset + best.sigma * a.unit, b.unit);
    }
  }

  result.s_raw = parameter_of(a, sigma_raw);
  result.t_raw = parameter_of(b, tau_raw);
  result.s = parameter_of(a, best.sigma);
  result.t = parameter_of(b, best.tau);
  result.a_point = point_at(a, best.sigma);
  result.b_point = point_at(b, best.tau);
  result.a_feature = feature_at(a, best.sigma);
  result.b_feature = feature_at(b, best.tau);
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
  if (!finite(a) || !finite(b)) return rejected<T>();
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
