#pragma once
// Query lines written from typed shapes, as the runner reads them: for code that asks
// the same questions in memory (the samples) and must say which lines it evaluates.
#include "collision_lab/any_shape.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace query {

using Shape = geo::AnyShape<double>;
using Point = geo::Vec3<double>;

// {"id": id, "op": "closest_point", "shape": S, "point": P}
nlohmann::ordered_json closest_point_line(const std::string& id, const Shape& shape, const Point& point);
// {"id": id, "op": "closest_points", "a": S, "b": S}
nlohmann::ordered_json closest_points_line(const std::string& id, const Shape& a, const Shape& b);
// {"id": id, "op": "signed_distance", "plane": S, "point": P}
nlohmann::ordered_json signed_distance_line(const std::string& id, const geo::Plane<double>& plane, const Point& point);
// {"id": id, "op": "contains", "shape": S, "point": P}
nlohmann::ordered_json contains_line(const std::string& id, const Shape& shape, const Point& point);
// {"id": id, "op": "overlap", "a": S, "b": S}, with "method": "gjk" when asked for.
nlohmann::ordered_json overlap_line(const std::string& id, const Shape& a, const Shape& b, bool gjk = false);
// The SAT overlap line with "trace": true, which tests every axis: the line of a sample
// that shows them all.
nlohmann::ordered_json overlap_trace_line(const std::string& id, const Shape& a, const Shape& b);

// The shape as the tool reads it from a line: written and read back through the schema (a
// plane's normal normalized again, a hull rebuilt from its vertices). A sample computes
// its answer on this shape so that its numbers are the tool's to the bit; nullopt where
// the schema refuses the shape (a plane with a zero normal).
template <typename S> std::optional<S> read_back(const S& shape);

}  // namespace query
