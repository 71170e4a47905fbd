#include "collision_lab/query/shape_json.h"

#include "collision_lab/query/known_keys.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/number_text.h"

#include "collision_lab/plane.h"
#include "collision_lab/polygon.h"
#include "collision_lab/hull.h"
#include "collision_lab/shape_check.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace query {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {
// Compact JSON like dump(), stopping once `out` is long enough for a message.
void preview(const json& value, std::string& out, int depth) {
  if (out.size() > 40) return;
  if (depth > 8 && value.is_structured()) {
    out += "...";
    return;
  }
  if (value.is_array()) {
    out += '[';
    bool first = true;
    for (const auto& item : value) {
      if (out.size() > 40) return;
      if (!first) out += ',';
      first = false;
      preview(item, out, depth + 1);
    }
    out += ']';
  } else if (value.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, item] : value.items()) {
      if (out.size() > 40) return;
      if (!first) out += ',';
      first = false;
      out += json(key).dump() + ':';
      preview(item, out, depth + 1);
    }
    out += '}';
  } else {
    out += value.dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

template <typename T, typename Value>
std::vector<geo::Vec3<T>> read_points(const Value& value, const std::string& where) {
  if (!value.is_array()) throw JsonInputError(where + ": expected an array of points, got " + describe(value));
  if (value.size() > kMaxShapeVertices) {
    throw JsonInputError(where + ": " + std::to_string(value.size()) + " points, more than the limit of " +
                         std::to_string(kMaxShapeVertices));
  }
  std::vector<geo::Vec3<T>> points;
  points.reserve(value.size());
  for_each_element(value, [&](const Value& point) {
    points.push_back(read_point<T>(point, where + "[" + std::to_string(points.size()) + "]"));
  });
  return points;
}

// The library's reason for refusing a shape, after the shape's place: "shape.radius: ...".
template <typename Shape>
[[noreturn]] void refused(const Shape& shape, const std::string& where) {
  throw JsonInputError(where + "." + geo::shape_problem(shape));
}

// The shape as read, unless the library refuses it.
template <typename Shape>
Shape checked(Shape shape, const std::string& where) {
  if (geo::shape_error(shape) != geo::QueryError::None) refused(shape, where);
  return shape;
}

template <typename T, typename Value>
geo::Obb<T> read_obb(const Value& value, const std::string& where) {
  geo::Obb<T> box;
  box.center = read_point<T>(read_field(value, "center", where), where + ".center");
  const Value& axes = read_field(value, "axes", where);
  if (!axes.is_array() || axes.size() != 3) {
    throw JsonInputError(where + ".axes: expected 3 axis vectors, got " + describe(axes));
  }
  for (int i = 0; i < 3; ++i) {
    box.axes[i] = read_point<T>(axes[i], where + ".axes[" + std::to_string(i) + "]");
  }
  const Value& extents = read_field(value, "half_extents", where);
  if (!extents.is_array() || extents.size() != 3) {
    throw JsonInputError(where + ".half_extents: expected 3 numbers, got " + describe(extents));
  }
  for (int i = 0; i < 3; ++i) {
    box.half_extents[i] = read_number<T>(extents[i], where + ".half_extents[" + std::to_string(i) + "]");
  }
  return checked(box, where);
}

template <typename T, typename Value>
geo::Plane<T> read_plane(const Value& value, const std::string& where) {
  const geo::Vec3<T> normal = read_point<T>(read_field(value, "normal", where), where + ".normal");
  const bool has_d = value.contains("d"), has_point = value.contains("point");
  if (has_d == has_point) {
    throw JsonInputError(where + ": a plane needs exactly one of \"d\" and \"point\"");
  }
  if (has_d) {
    const T d = read_number<T>(value["d"], where + ".d");
    // A normal already unit to rounding is kept as written, so that a plane written and
    // read back (a sample's state, a scene) is the same plane to the bit.
    const T excess = glm::dot(normal, normal) - T(1);
    if (std::abs(excess) <= 4 * std::numeric_limits<T>::epsilon()) return geo::Plane<T>{normal, d};
  }
  const geo::PlaneResult<T> made =
      has_d ? geo::make_plane(normal, read_number<T>(value["d"], where + ".d"))
            : geo::make_plane_from_normal_point(normal, read_point<T>(value["point"], where + ".point"));
  if (!made.ok()) refused(geo::Plane<T>{normal, T(0)}, where);  // a zero normal
  return made.plane;
}
}  // namespace

namespace {
// The non-finite number written at `at` outside a string, as Python's json.dumps and
// others write them: NaN, Infinity, -Infinity (or nan, inf); else empty.
std::string_view non_finite_at(const std::string& text, std::size_t at) {
  for (const std::string_view name : {"NaN", "-Infinity", "Infinity", "nan", "-inf", "inf"}) {
    if (text.compare(at, name.size(), name) == 0) return name;
  }
  return {};
}

// "column 12", or "line 3, column 12" in a text of several lines, as editors count them.
std::string place_in(const std::string& text, std::size_t at) {
  const std::size_t line_start = at == 0 ? 0 : text.rfind('\n', at - 1) + 1;  // npos + 1 is 0
  const std::string column = "column " + std::to_string(at - line_start + 1);
  if (text.find('\n') == std::string::npos) return column;
  return "line " + std::to_string(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n') + 1) + ", " + column;
}
}  // namespace

std::string describe(const json& value) {
  if (value.is_null()) return "null";
  std::string text;
  preview(value, text, 0);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return std::string(value.type_name()) + " " + text;
}

json parse_json(const std::string& text, int max_depth, std::size_t max_values) {
  // nlohmann's parser with a callback rescans each array after every object in it
  // (quadratic time), so the limits are checked by this scan and the parse has none.
  // Values are counted at their commas and opening brackets, so "[{},{}]" counts 4.
  int depth = 0;
  std::size_t values = 1;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == 'N' || c == 'I' || c == 'n' || c == 'i' || c == '-') {
      if (const std::string_view name = non_finite_at(text, i); !name.empty()) {
        throw JsonInputError(std::string(name) + " at " + place_in(text, i) +
                             ": JSON has no NaN or Infinity; write a finite number (Python's json.dumps writes "
                             "them unless given allow_nan=False)");
      }
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) throw JsonInputError("nested deeper than " + std::to_string(max_depth) + " levels");
      ++values;
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == ',') {
      ++values;
    }
    if (values > max_values) throw JsonInputError("more than " + std::to_string(max_values) + " values");
  }
  return json::parse(text);
}

std::string describe(const FlatValue& value) {  // fast-path messages are never shown: nlohmann answers again
  return std::string(value.type_name()) + " " + cut_for_message(value.text());
}

template <typename Value>
const Value& read_field(const Value& object, const char* key, const std::string& where) {
  const Value* found = object.is_object() ? find_member(object, key) : nullptr;
  if (found) return *found;
  const std::string prefix = where.empty() ? "" : where + ": ";
  if (!object.is_object()) throw JsonInputError(prefix + "expected an object, got " + describe(object));
  throw JsonInputError(prefix + "missing field \"" + key + "\"");
}

namespace {
// A number read_number takes without a word to say.
template <typename T, typename Value> bool plain_number(const Value& value) {
  return value.is_number() && std::abs(number_of(value)) <= double(std::numeric_limits<T>::max());
}
}  // namespace

template <typename T, typename Value>
T read_number(const Value& value, const std::string& where) {
  if (plain_number<T>(value)) return static_cast<T>(number_of(value));
  if (!value.is_number()) throw JsonInputError(where + ": expected a number, got " + describe(value));
  const double number = number_of(value);
  if (!std::isfinite(number)) throw JsonInputError(where + ": not a finite number");
  if (std::abs(number) > double(std::numeric_limits<T>::max())) {
    throw JsonInputError(where + ": " + number_text(value) + " is out of range for float");
  }
  return static_cast<T>(number);
}

namespace {
// A point read_point takes without a word to say, read into `p`.
template <typename T, typename Value> bool plain_point(const Value& value, geo::Vec3<T>& p) {
  if (!value.is_array() || value.size() < 2 || value.size() > 3) return false;
  p = geo::Vec3<T>(0);
  bool plain = true;
  int i = 0;
  for_each_element(value, [&](const Value& number) {
    plain = plain && plain_number<T>(number);
    if (plain) p[i++] = static_cast<T>(number_of(number));
  });
  return plain;
}
}  // namespace

template <typename T, typename Value>
geo::Vec3<T> read_point(const Value& value, const std::string& where) {
  geo::Vec3<T> p;
  if (plain_point(value, p)) return p;
  if (!value.is_array() || value.size() < 2 || value.size() > 3) {
    throw JsonInputError(where + ": expected [x, y] or [x, y, z], got " + describe(value));
  }
  int i = 0;
  for_each_element(value, [&](const Value& number) {
    p[i] = read_number<T>(number, where + "[" + std::to_string(i) + "]");
    ++i;
  });
  return p;
}

template <typename T, typename Value>
geo::Vec2<T> read_point_2d(const Value& value, const std::string& where) {
  const geo::Vec3<T> p = read_point<T>(value, where);
  if (p.z != 0) throw JsonInputError(where + ": a 2D point must have z = 0, got z = " + number_text(value[2]));
  return {p.x, p.y};
}

template <typename T, typename Value>
geo::AnyShape<T> read_shape(const Value& value, const std::string& where) {
  const Value& type_field = read_field(value, "type", where);
  if (!type_field.is_string()) throw JsonInputError(where + ".type: expected a string, got " + describe(type_field));
  const std::string type = string_of(type_field);
  refuse_unknown_shape_keys(value, type, where);
  auto point = [&](const char* key) {
    const Value* field = value.is_object() ? find_member(value, key) : nullptr;
    geo::Vec3<T> p;
    if (field && plain_point(*field, p)) return p;  // the message's field name only when it is needed
    return read_point<T>(read_field(value, key, where), where + "." + key);
  };

  if (type == "line") return geo::Line<T>{point("origin"), point("direction")};
  if (type == "ray") return geo::Ray<T>{point("origin"), point("direction")};
  if (type == "segment") return geo::Segment<T>{point("a"), point("b")};
  if (type == "triangle") return geo::Triangle<T>{point("a"), point("b"), point("c")};
  if (type == "plane") return read_plane<T>(value, where);
  if (type == "obb") return read_obb<T>(value, where);
  if (type == "aabb") {
    return checked(geo::Aabb<T>{point("min"), point("max")}, where);
  }
  if (type == "sphere") {
    return checked(geo::Sphere<T>{point("center"), read_number<T>(read_field(value, "radius", where), where + ".radius")},
                   where);
  }
  if (type == "polygon") {
    std::vector<geo::Vec2<T>> vertices;
    for (const auto& p : read_points<T>(read_field(value, "vertices", where), where + ".vertices")) {
      if (p.z != 0) throw JsonInputError(where + ".vertices: a polygon is 2D, its points need z = 0");
      vertices.push_back({p.x, p.y});
    }
    // Either winding: make_convex_polygon orders it; the library's rule says why one is refused.
    auto built = geo::make_convex_polygon(vertices);
    if (!built.ok()) refused(geo::ConvexPolygon<T>{std::move(vertices)}, where);
    return built.polygon;
  }
  if (type == "polyhedron") {
    // make_convex_hull's message: the hull rules on a point set (shape_problem's too few
    // points among them) are the builder's.
    auto built = geo::make_convex_hull(read_points<T>(read_field(value, "vertices", where), where + ".vertices"));
    if (!built.ok()) throw JsonInputError(where + ".vertices: " + built.message);
    return built.hull;
  }
  throw JsonInputError(where + ".type: unknown shape type " + quoted_for_message(type) +
                       " (expected line, ray, segment, plane, aabb, obb, sphere, triangle, polygon or polyhedron)");
}

ordered_json point_json(const geo::Vec3<double>& p) { return ordered_json::array({p.x, p.y, p.z}); }
ordered_json point_json(const geo::Vec2<double>& p) { return ordered_json::array({p.x, p.y}); }

ordered_json shape_json(const geo::AnyShape<double>& any) {
  ordered_json out;
  out["type"] = geo::shape_type_name(geo::shape_kind(any));
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, geo::Line<double>> || std::is_same_v<S, geo::Ray<double>>) {
          out["origin"] = point_json(s.origin);
          out["direction"] = point_json(s.direction);
        } else if constexpr (std::is_same_v<S, geo::Segment<double>>) {
          out["a"] = point_json(s.a);
          out["b"] = point_json(s.b);
        } else if constexpr (std::is_same_v<S, geo::Plane<double>>) {
          out["normal"] = point_json(s.normal);
          out["d"] = s.d;
        } else if constexpr (std::is_same_v<S, geo::Aabb<double>>) {
          out["min"] = point_json(s.min);
          out["max"] = point_json(s.max);
        } else if constexpr (std::is_same_v<S, geo::Obb<double>>) {
          out["center"] = point_json(s.center);
          out["axes"] = ordered_json::array({point_json(s.axes[0]), point_json(s.axes[1]), point_json(s.axes[2])});
          out["half_extents"] = point_json(s.half_extents);
        } else if constexpr (std::is_same_v<S, geo::Sphere<double>>) {
          out["center"] = point_json(s.center);
          out["radius"] = s.radius;
        } else if constexpr (std::is_same_v<S, geo::Triangle<double>>) {
          out["a"] = point_json(s.a);
          out["b"] = point_json(s.b);
          out["c"] = point_json(s.c);
        } else {  // polygon and polyhedron: their vertices
          auto& vertices = out["vertices"] = ordered_json::array();
          for (const auto& v : s.vertices) vertices.push_back(point_json(v));
        }
      },
      any);
  return out;
}

namespace {
void append_json(std::string& out, const ordered_json& value) {
  switch (value.type()) {
    case ordered_json::value_t::number_float: append_number(out, value.get<double>()); return;
    case ordered_json::value_t::array: {
      out += '[';
      for (std::size_t i = 0; i < value.size(); ++i) {
        if (i) out += ',';
        append_json(out, value[i]);
      }
      out += ']';
      return;
    }
    case ordered_json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, item] : value.items()) {
        if (!first) out += ',';
        first = false;
        out += ordered_json(key).dump();
        out += ':';
        append_json(out, item);
      }
      out += '}';
      return;
    }
    default: out += value.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
  }
}
}  // namespace

std::string to_json_line(const ordered_json& value) {
  std::string out;
  append_json(out, value);
  return out;
}

#define COLLISION_LAB_SCHEMA(T, Value)                                         \
  template geo::Vec3<T> read_point<T>(const Value&, const std::string&);       \
  template geo::Vec2<T> read_point_2d<T>(const Value&, const std::string&);    \
  template T read_number<T>(const Value&, const std::string&);                 \
  template geo::AnyShape<T> read_shape<T>(const Value&, const std::string&);
COLLISION_LAB_SCHEMA(float, json)
COLLISION_LAB_SCHEMA(double, json)
COLLISION_LAB_SCHEMA(float, FlatValue)
COLLISION_LAB_SCHEMA(double, FlatValue)
#undef COLLISION_LAB_SCHEMA
template const json& read_field(const json&, const char*, const std::string&);
template const FlatValue& read_field(const FlatValue&, const char*, const std::string&);

}  // namespace query
