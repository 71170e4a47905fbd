#pragma once
// Internal helpers of the point queries (closest_point.cpp, containment.cpp, plane.cpp,
// the triangle, polygon, polyhedron and the batch): exact power-of-two rescaling,
// size-relative tolerances, an accurate N·P − D and the answers of convex solids. Not part
// of the public API.
#include "collision_lab/bit_cast.h"
#include "collision_lab/result.h"
#include "collision_lab/vec.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

// These helpers are inline, so each translation unit that calls them compiles its own copy,
// and the linker keeps one. A copy compiled for a wider instruction set (the -march test
// in tests/march) must not stand in for the library's: the namespace is named after it.
#if defined(__AVX2__)
#define GEO_DETAIL_ISA isa_avx2
#else
#define GEO_DETAIL_ISA isa_base
#endif

namespace geo::detail::inline GEO_DETAIL_ISA {

template <typename T>
T max_abs(const Vec3<T>& v) {
  return std::max(std::max(std::fabs(v.x), std::fabs(v.y)), std::fabs(v.z));
}

// 2^n, for the constants below.
template <typename T>
constexpr T exact_power_of_two(int n) {
  T result = 1;
  for (; n > 0; --n) result *= T(2);
  for (; n < 0; ++n) result /= T(2);
  return result;
}

// The exponent e of a positive magnitude, so that magnitude * 2^-e lies in [1, 2), or 0
// when no rescaling is needed: within 2^±safe every square and product of the queries
// stays normal and finite, even that of a length eps times smaller (about 2^±456 in
// double, 2^±36 in float). Clamped so that 2^e and 2^-e are both finite; zero gives 0.
// Scaling a vector by 2^-e is exact, and afterwards its dot products can neither
// overflow nor underflow to zero.
template <typename T>
struct UnscaledRange {  // magnitudes within [low, high] are not rescaled
  static constexpr int safe = -std::numeric_limits<T>::min_exponent / 2 - std::numeric_limits<T>::digits - 2;
  static constexpr T low = exact_power_of_two<T>(-safe), high = exact_power_of_two<T>(safe);
};
template <typename T>
int scale_exponent(T magnitude) {
  using limits = std::numeric_limits<T>;
  constexpr T low = UnscaledRange<T>::low, high = UnscaledRange<T>::high;
  if (magnitude >= low && magnitude <= high) return 0;
  if (!(magnitude > T(0))) return 0;
  return std::clamp(std::ilogb(magnitude), limits::min_exponent - 1, limits::max_exponent - 2);
}

template <typename T>
T power_of_two(int exponent) {
  return exponent == 0 ? T(1) : std::ldexp(T(1), exponent);
}

// x * 2^exponent, exactly unless it over- or underflows.
template <typename T>
T times_power_of_two(T x, int exponent) {
  return exponent == 0 ? x : std::ldexp(x, exponent);
}

// |v| without overflow or underflow of the squares.
template <typename T>
T safe_length(const Vec3<T>& v) {
  const int e = scale_exponent(max_abs(v));
  return glm::length(v * power_of_two<T>(-e)) * power_of_two<T>(e);
}

// Fills distance and distance_squared from the offset P - point, computed by the caller
// from local quantities (differences of the inputs), which is more accurate than
// subtracting the rounded world point: at 1e6 the point itself is only known to 1e-10.
// Without squaring when the square would overflow or underflow.
// The rare rescaled length is out of line, so the common case inlines into every query.
template <typename T>
[[gnu::noinline, gnu::cold]] T rescaled_length(const Vec3<T>& v) {
  return safe_length(v);
}
template <typename T>
inline void set_distance_from_offset(ClosestPointResult<T>& result, const Vec3<T>& offset) {
  const T square = glm::dot(offset, offset);
  result.distance_squared = square;
  if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) [[likely]] {
    result.distance = std::sqrt(square);
  } else {  // a point inside a solid is at zero offset, which needs no rescaling either
    result.distance = offset == Vec3<T>(0) ? T(0) : rescaled_length(offset);
  }
}

// The relative tolerance of containment and "on the plane" tests: a few dozen rounding
// errors, about 1.4e-14 in double and 7.6e-6 in float.
template <typename T>
constexpr T relative_tolerance() {
  return T(64) * std::numeric_limits<T>::epsilon();
}

// Slack for "on the boundary" of a polygon or polyhedron: the input coordinates carry
// rounding proportional to their magnitude, so it grows with the shape's size and with its
// distance from the origin (a polygon at 1e6 cannot be collinear to better than 1e6 * eps).
template <int N, typename T>
T bounds_tolerance(const std::vector<glm::vec<N, T, glm::defaultp>>& points) {
  glm::vec<N, T, glm::defaultp> lo = points[0], hi = points[0];
  for (const auto& p : points) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
  T magnitude = 0;
  for (int k = 0; k < N; ++k) magnitude = std::max({magnitude, std::abs(lo[k]), std::abs(hi[k])});
  return relative_tolerance<T>() * (glm::length(hi - lo) + magnitude);
}

// The containment answer of a convex solid (PolyhedronContainment; the polygon's goes edge by edge)
// from the signed distance of P to each boundary (positive: outside): `first` is the first
// boundary P is beyond by more than the tolerance, or -1 when P is inside them all.
template <typename Result, typename T>
void answer_containment(Result& result, const std::vector<T>& distances, int& first, T tolerance) {
  const auto outside = std::find_if(distances.begin(), distances.end(), [&](T d) { return d > tolerance; });
  first = outside == distances.end() ? -1 : static_cast<int>(outside - distances.begin());
  result.tolerance = tolerance;
  result.inside = first < 0;
}

// The closest-point answer of a convex solid when no boundary has P strictly outside: P
// itself. answer_if_inside checks that first: false, touching nothing, otherwise.
template <typename T, int N>
void answer_inside(ClosestPointResult<T, N>& result, const glm::vec<N, T, glm::defaultp>& p) {
  result.point = p;
  result.feature = {Feature::Inside, 0};
  set_distance(result, p);
}
template <typename T, int N>
bool answer_if_inside(ClosestPointResult<T, N>& result, const std::vector<T>& distances,
                      const glm::vec<N, T, glm::defaultp>& p) {
  if (std::any_of(distances.begin(), distances.end(), [](T d) { return d > T(0); })) return false;
  answer_inside(result, p);
  return true;
}

// a + b as the rounded sum plus its exact rounding error (Knuth's TwoSum).
template <typename T>
T add_exactly(T a, T b, T& error) {
  const T sum = a + b;
  const T b_part = sum - a;
  error += (a - (sum - b_part)) + (b - b_part);
  return sum;
}

// a * b as the rounded product plus its exact rounding error (Dekker's TwoProduct with
// Veltkamp's split). Plain products and sums, which -ffp-contract=off keeps unfused, so it
// is inlined everywhere, whereas std::fma is a libm call on targets without an FMA unit.
// Beyond about 2^±(max_exponent - digits / 2) the split overflows or its pieces underflow;
// those rare factors take std::fma, which gives the same exact error.
template <typename T>
[[gnu::noinline]] T product_error_by_fma(T a, T b, T product) {
  return std::fma(a, b, -product);
}
template <typename T>
inline T multiply_exactly(T a, T b, T& error) {
  using limits = std::numeric_limits<T>;
  constexpr int half = (limits::digits + 1) / 2;
  constexpr T splitter = exact_power_of_two<T>(half) + T(1);
  constexpr T largest = exact_power_of_two<T>(limits::max_exponent - half - 2);
  constexpr T smallest = exact_power_of_two<T>(limits::min_exponent + limits::digits);
  const T product = a * b;
  const bool splittable = std::fabs(a) <= largest && std::fabs(b) <= largest &&
                          (std::fabs(product) >= smallest || a == T(0) || b == T(0));
  if (!splittable) [[unlikely]] {
    error += product_error_by_fma(a, b, product);
    return product;
  }
  const T a_scaled = a * splitter, b_scaled = b * splitter;
  const T a_high = a_scaled - (a_scaled - a), b_high = b_scaled - (b_scaled - b);
  const T a_low = a - a_high, b_low = b - b_high;
  error += ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low;
  return product;
}

// N·P − D as if computed in twice the precision (Ogita, Rump, Oishi's Dot2): the products
// are split exactly and the rounding errors of the sum are collected. Near a plane far
// from the origin (D ~ 1e6) the plain formula cancels to ~1e-10 absolute error; this one
// stays within a few ulps of the result itself.
template <typename T>
T accurate_signed_distance(const Vec3<T>& n, T d, const Vec3<T>& p) {
  T error = 0;
  T sum = -d;
  for (int k = 0; k < 3; ++k) sum = add_exactly(sum, multiply_exactly(n[k], p[k], error), error);
  return sum + error;
}

// condition ? a : b without a branch, bit for bit: for the batched queries, whose
// decisions follow random query points and would mostly be mispredicted as branches.
template <typename T>
T choose(bool condition, T a, T b) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  const Bits mask = Bits(0) - Bits(condition);
  return geo::bit_cast<T>(Bits((geo::bit_cast<Bits>(a) & mask) | (geo::bit_cast<Bits>(b) & ~mask)));
}
// Vectors are picked from a two-element array by index: cheaper than coordinate by coordinate.
template <int N, typename T>
glm::vec<N, T, glm::defaultp> choose(bool condition, const glm::vec<N, T, glm::defaultp>& a,
                                     const glm::vec<N, T, glm::defaultp>& b) {
  const glm::vec<N, T, glm::defaultp> options[2] = {b, a};
  return options[unsigned(condition)];
}

// std::max and std::min (the same answers, ties and zeros included) without the branches
// GCC keeps in them.
template <typename T>
T max_of(T a, T b) {
  return choose(a < b, b, a);
}
template <typename T>
T min_of(T a, T b) {
  return choose(b < a, b, a);
}

}  // namespace geo::detail::inline GEO_DETAIL_ISA
