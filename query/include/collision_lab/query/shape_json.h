#pragma once
// The JSON schema of shapes and points, the one schema for query lines and sample state,
// and the JSON Lines writer. Reading checks everything and names the field that is wrong.
#include "collision_lab/any_shape.h"

#include "collision_lab/query/flat_json.h"
#include "collision_lab/query/input_error.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace query {

// Parses JSON text nested at most `max_depth` deep (the writers and messages recurse, so
// deeper input could exhaust the stack) and holding at most `max_values` values (a parsed
// value takes 16 to 80 bytes per byte of "[]," text); both are checked by a scan of the
// bytes before parsing. Throws JsonInputError "nested deeper than ...", "more than ...
// values", or nlohmann's parse error. Scene files may nest kMaxJsonDepth deep; a query line
// needs 4 levels for its deepest field (a polyhedron's vertices), so 64 leaves room for any
// "id", and two shapes of kMaxShapeVertices vertices take 800,000 values.
inline constexpr int kMaxJsonDepth = 256;
inline constexpr int kMaxQueryLineDepth = 64;
inline constexpr std::size_t kMaxQueryLineValues = 1000000;
nlohmann::json parse_json(const std::string& text, int max_depth = kMaxJsonDepth,
                          std::size_t max_values = std::size_t(-1));

// The most vertices a polygon or polyhedron may be given.
inline constexpr std::size_t kMaxShapeVertices = 100000;

// The start of a value for a message: its type and at most 40 characters of its JSON,
// without walking deeper than a few levels.
std::string describe(const nlohmann::json& value);
std::string describe(const FlatValue& value);

// The readers take a nlohmann::json or a FlatValue (the runner's fast path): one schema.
// Reads `[x, y]` (z = 0) or `[x, y, z]`; `where` names the field for messages.
template <typename T, typename Value> geo::Vec3<T> read_point(const Value& value, const std::string& where);
template <typename T, typename Value> geo::Vec2<T> read_point_2d(const Value& value, const std::string& where);
template <typename T, typename Value> T read_number(const Value& value, const std::string& where);
// The field `key` of object `object`; `where` names the object.
template <typename Value> const Value& read_field(const Value& object, const char* key, const std::string& where);

// Builds a shape from `{"type": ..., ...}`; throws JsonInputError on any problem
// (unknown type, missing field, wrong arity, non-finite or out-of-range number,
// OBB axes not orthonormal within 1e-6, non-convex polygon, degenerate polyhedron,
// more than kMaxShapeVertices vertices).
template <typename T, typename Value> geo::AnyShape<T> read_shape(const Value& value, const std::string& where);

// Writes a point as an array of 3 numbers (2 for a 2D vector).
nlohmann::ordered_json point_json(const geo::Vec3<double>& p);
nlohmann::ordered_json point_json(const geo::Vec2<double>& p);
// Writes a shape in the same schema read_shape reads.
nlohmann::ordered_json shape_json(const geo::AnyShape<double>& shape);

// One line of compact JSON with numbers in the shortest form that round-trips a double.
std::string to_json_line(const nlohmann::ordered_json& value);

}  // namespace query
