#include "collision_lab/query/query_lines.h"

#include "collision_lab/query/shape_json.h"

namespace query {

using nlohmann::ordered_json;

namespace {
ordered_json line_with(const std::string& id, const char* op, const char* shape_field, const Shape& shape,
                       const char* second_field, const ordered_json& second) {
  ordered_json line;
  line["id"] = id;
  line["op"] = op;
  line[shape_field] = shape_json(shape);
  line[second_field] = second;
  return line;
}
}  // namespace

ordered_json closest_point_line(const std::string& id, const Shape& shape, const Point& point) {
  return line_with(id, "closest_point", "shape", shape, "point", point_json(point));
}

ordered_json closest_points_line(const std::string& id, const Shape& a, const Shape& b) {
  return line_with(id, "closest_points", "a", a, "b", shape_json(b));
}

ordered_json signed_distance_line(const std::string& id, const geo::Plane<double>& plane, const Point& point) {
  return line_with(id, "signed_distance", "plane", plane, "point", point_json(point));
}

ordered_json contains_line(const std::string& id, const Shape& shape, const Point& point) {
  return line_with(id, "contains", "shape", shape, "point", point_json(point));
}

ordered_json overlap_line(const std::string& id, const Shape& a, const Shape& b, bool gjk) {
  ordered_json line = line_with(id, "overlap", "a", a, "b", shape_json(b));
  if (gjk) line["method"] = "gjk";
  return line;
}

ordered_json overlap_trace_line(const std::string& id, const Shape& a, const Shape& b) {
  ordered_json line = overlap_line(id, a, b);
  line["trace"] = true;
  return line;
}

template <typename S> std::optional<S> read_back(const S& shape) {
  try {
    const auto text = to_json_line(shape_json(shape));  // the bytes the tool is given
    return std::get<S>(read_shape<double>(nlohmann::json::parse(text), "shape"));
  } catch (const JsonInputError&) {
    return std::nullopt;
  }
}

template std::optional<geo::Plane<double>> read_back(const geo::Plane<double>&);
template std::optional<geo::ConvexPolygon<double>> read_back(const geo::ConvexPolygon<double>&);
template std::optional<geo::ConvexPolyhedron<double>> read_back(const geo::ConvexPolyhedron<double>&);

}  // namespace query
