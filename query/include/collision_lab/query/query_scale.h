#pragma once
// Scale invariance: every query is computed with its numbers scaled by a power of two
// (exact) so that the largest is in [0.5, 1), and its answer scaled back. A query at
// 1e-120 or 1e120 so never squares or cubes itself out of the range of the scalar, and
// answers what the same query at unit scale answers, to the bit for powers of two.
#include "collision_lab/bit_cast.h"
#include "collision_lab/query/flat_json.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <string_view>

namespace query {

// The magnitudes a query may have at scalar T: its largest coordinate, radius, extent or
// plane offset must be at most max_magnitude and (unless all are 0) at least min_magnitude.
template <typename T> struct NumberRange;
template <> struct NumberRange<double> {
  static constexpr double max_magnitude = 1e150, min_magnitude = 1e-150;
};
template <> struct NumberRange<float> {
  static constexpr double max_magnitude = 1e18, min_magnitude = 1e-18;
};

// Scales the request's lengths (points, shape fields; not plane normals or OBB axes) by
// 2^-k so that the largest is in [0.5, 1), and returns k (0 when all are 0). Throws
// JsonInputError "out of range: ..." naming the field when the query is outside NumberRange<T>.
// The request is a nlohmann::json or a FlatValue.
template <typename T, typename Value> int scale_request(Value& request);

// value * 2^exponent, rounded once: std::ldexp's result, by a multiplication where 2^exponent
// is a normal double.
inline double times_power_of_two(double value, int exponent) {
  if (exponent < -1022 || exponent > 1023) return std::ldexp(value, exponent);
  return value * geo::bit_cast<double>(std::uint64_t(exponent + 1023) << 52);
}

// The power of length an answer field has: 1 for points and distances, 2 for squared
// distances and dot products, 4 for the triangle's edge-region tests, 0 for the rest
// (parameters, barycentric weights, unit axes, counts).
int length_dimension(std::string_view field);

// Scales each answer number by 2^(k * its field's length dimension). Throws
// JsonInputError naming the field when a number is not finite, or does not fit a double
// once scaled back.
void scale_answer(nlohmann::ordered_json& answer, int exponent);

}  // namespace query
