#include "query/query_lines.h"

#include "query/shape_json.h"

namespace query {

using nlohmann::ordered_json;

namespace {
ordered_json start(const std::string& id, const char* op) {
  ordered_json line;
  line["id"] = id;
  line["op"] = op;
  return line;
}
}  // namespace

ordered_json closest_point_line(const std::string& id, const Shape& shape, const Point& point) {
  ordered_json line = start(id, "closest_point");
  line["shape"] = shape_json(shape);
  line["point"] = point_json(point);
  return line;
}

ordered_json closest_points_line(const std::string& id, const Shape& a, const Shape& b) {
  ordered_json line = start(id, "closest_points");
  line["a"] = shape_json(a);
  line["b"] = shape_json(b);
  return line;
}

ordered_json signed_distance_line(const std::string& id, const geo::Plane<double>& plane, const Point& point) {
  ordered_json line = start(id, "signed_distance");
  line["plane"] = shape_json(plane);
  line["point"] = point_json(point);
  return line;
}

ordered_json contains_line(const std::string& id, const Shape& shape, const Point& point) {
  ordered_json line = start(id, "contains");
  line["shape"] = shape_json(shape);
  line["point"] = point_json(point);
  return line;
}

ordered_json overlap_line(const std::string& id, const Shape& a, const Shape& b, bool gjk) {
  ordered_json line = start(id, "overlap");
  line["a"] = shape_json(a);
  line["b"] = shape_json(b);
  if (gjk) line["method"] = "gjk";
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
