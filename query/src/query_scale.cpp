#include "collision_lab/query/query_scale.h"

#include "collision_lab/query/shape_json.h"
#include "collision_lab/number_chars.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace query {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {
// The request fields that hold lengths: a point, or a shape whose every number is one
// except those under kUnitFields.
constexpr std::string_view kGeometryFields[] = {"shape", "a", "b", "plane", "point"};
constexpr std::string_view kUnitFields[] = {"normal", "axes"};  // directions: the same at every scale

bool is_unit_field(std::string_view key) {
  for (std::string_view unit : kUnitFields) {
    if (same_name(key, unit)) return true;
  }
  return false;
}

// Where a number is in the request: a chain up to its geometry field, spelled out only
// for a message.
struct PathStep {
  const PathStep* parent;
  std::string_view key;  // empty for an array element
  std::size_t index;
};

std::string path_text(const PathStep& step) {
  if (!step.parent) return std::string(step.key);
  const std::string parent = path_text(*step.parent);
  return step.key.empty() ? parent + "[" + std::to_string(step.index) + "]" : parent + "." + std::string(step.key);
}

// Calls visit(number, step) for each length under `value`, which is at `step`.
template <typename Value, typename Visit>
void for_each_length(Value& value, const PathStep& step, const Visit& visit) {
  if (value.is_object()) {
    for_each_member(value, [&](std::string_view key, Value& member) {
      if (!is_unit_field(key)) for_each_length(member, PathStep{&step, key, 0}, visit);
    });
  } else if (value.is_array()) {
    std::size_t index = 0;
    for_each_element(value, [&](Value& element) { for_each_length(element, PathStep{&step, {}, index++}, visit); });
  } else if (value.is_number()) {
    visit(value, step);
  }
}

template <typename Value, typename Visit>
void for_each_request_length(Value& request, const Visit& visit) {
  if (!request.is_object()) return;
  if constexpr (std::is_same_v<Value, FlatValue>) {
    // One pass over the members: the order of the fields only matters for a message,
    // and the fast path gives none.
    for_each_member(request, [&](std::string_view key, Value& member) {
      if (std::any_of(std::begin(kGeometryFields), std::end(kGeometryFields),
                      [&](std::string_view field) { return same_name(key, field); })) {
        for_each_length(member, PathStep{nullptr, key, 0}, visit);
      }
    });
  } else {
    for (std::string_view field : kGeometryFields) {
      Value* found = find_member(request, field);
      if (found) for_each_length(*found, PathStep{nullptr, field, 0}, visit);
    }
  }
}

std::string shortest(double number) {
  char buffer[geo::kShortestNumberChars];
  return std::string(buffer, geo::write_shortest(buffer, number));
}

// The decimal exponent of value * 2^binary_exponent, which may be past a double's range.
long decimal_exponent(double value, long binary_exponent) {
  return std::lround(std::floor(std::log10(std::fabs(value)) + double(binary_exponent) * std::log10(2.0)));
}
}  // namespace

template <typename T, typename Value>
int scale_request(Value& request) {
  using Range = NumberRange<T>;
  double largest = 0;  // NaN never is: reading the shape rejects it
  for_each_request_length(request, [&](const Value& number, const PathStep&) {
    largest = std::max(largest, std::fabs(number_of(number)));
  });
  if (largest == 0) return 0;
  const char* scalar = std::is_same_v<T, float> ? "float" : "double";
  if (largest > Range::max_magnitude || largest < Range::min_magnitude) {
    std::string largest_at;  // the first number of that magnitude
    for_each_request_length(request, [&](const Value& number, const PathStep& step) {
      if (largest_at.empty() && std::fabs(number_of(number)) == largest) largest_at = path_text(step);
    });
    const bool too_large = largest > Range::max_magnitude;
    throw JsonInputError(largest_at + ": " + shortest(largest) +
                         (too_large ? " is larger than " + shortest(Range::max_magnitude) + ", the largest magnitude "
                                    : std::string(" is the query's largest magnitude, below ") +
                                          shortest(Range::min_magnitude) + ", the smallest size ") +
                         "a " + scalar + " query takes");
  }
  const int exponent = std::ilogb(largest) + 1;  // largest * 2^-exponent is in [0.5, 1)
  for_each_request_length(request, [&](Value& number, const PathStep&) {
    set_number(number, times_power_of_two(number_of(number), -exponent));
  });
  return exponent;
}

int length_dimension(std::string_view field) {
  static constexpr std::pair<std::string_view, int> kDimensions[] = {
      {"point", 1},          {"a_point", 1},         {"b_point", 1},       {"distance", 1},
      {"depth", 1},          {"separation", 1},      {"signed_distance", 1}, {"center_distance", 1},
      {"local", 1},          {"local_clamped", 1},   {"edge_distances", 1}, {"face_distances", 1},
      {"distance_squared", 2}, {"dot_start", 2},     {"dot_end", 2},       {"d1", 2},
      {"d2", 2},             {"d3", 2},              {"d4", 2},            {"d5", 2},
      {"d6", 2},             {"va", 4},              {"vb", 4},            {"vc", 4}};
  for (const auto& [name, dimension] : kDimensions) {
    if (same_name(name, field)) return dimension;
  }
  return 0;
}

namespace {
// False when the number is an explanatory product of more than two lengths (a triangle's
// `va`, `vb`, `vc`) that does not fit once scaled back: its field is then left out rather
// than failing an answer whose distances and points are right.
bool scale_answer_value(ordered_json& value, int dimension, long exponent, std::string& path) {
  const std::size_t length = path.size();
  if (value.is_object()) {
    for (auto item = value.begin(); item != value.end();) {
      path += (path.empty() ? "" : ".") + item.key();
      const bool keep = scale_answer_value(*item, length_dimension(item.key()), exponent, path);
      path.resize(length);
      item = keep ? std::next(item) : value.erase(item);
    }
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      path += "[" + std::to_string(i) + "]";
      scale_answer_value(value[i], dimension, exponent, path);
      path.resize(length);
    }
  } else if (value.is_number_float()) {
    const double computed = value.get<double>();
    if (std::isnan(computed)) throw JsonInputError(path + ": the query computed " + shortest(computed));
    if (std::isinf(computed)) throw JsonInputError(path + ": does not fit a double");
    const double scaled = times_power_of_two(computed, int(dimension * exponent));
    if (!std::isfinite(scaled)) {
      if (dimension > 2) return false;
      throw JsonInputError(path + ": about 1e" +
                           std::to_string(decimal_exponent(computed, dimension * exponent)) + " does not fit a double");
    }
    value = scaled;
  }
  return true;
}
}  // namespace

void scale_answer(ordered_json& answer, int exponent) {
  std::string path;
  scale_answer_value(answer, 0, exponent, path);
}

template int scale_request<float>(json&);
template int scale_request<double>(json&);
template int scale_request<float>(FlatValue&);
template int scale_request<double>(FlatValue&);

}  // namespace query
