#include "collision_lab/query/gtest_code.h"

#include "collision_lab/query/shape_json.h"
#include "collision_lab/number_chars.h"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace query {

using nlohmann::json;

template <typename T> const char* cpp_scalar() { return std::is_same_v<T, float> ? "float" : "double"; }

template <typename T> std::string cpp_number(T value) {
  if (std::isinf(value)) {
    return std::string(value < 0 ? "-" : "") + "std::numeric_limits<" + cpp_scalar<T>() + ">::infinity()";
  }
  char buffer[64];
  const auto end = geo::write_shortest(buffer, value);
  std::string text(buffer, end);
  // "2" and "-0" would be integers; a floating literal needs a point or an exponent.
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  if constexpr (std::is_same_v<T, float>) text += 'f';
  return text;
}

template <typename T> std::string cpp_vector(const geo::Vec3<T>& v) {
  return "{" + cpp_number(v.x) + ", " + cpp_number(v.y) + ", " + cpp_number(v.z) + "}";
}

template <typename T> std::string cpp_vector(const geo::Vec2<T>& v) {
  return "{" + cpp_number(v.x) + ", " + cpp_number(v.y) + "}";
}

std::string cpp_string(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\%03o", static_cast<unsigned>(c));  // octal ends after 3 digits
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

namespace {
// "segment" -> "Segment": the enumerator and, but for the two convex ones, the struct name.
std::string capitalized(const char* name) {
  std::string text = name;
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

template <typename T, typename S> std::string cpp_type(const S& shape) {
  const geo::ShapeKind kind = geo::shape_kind(shape);
  const bool convex = kind == geo::ShapeKind::Polygon || kind == geo::ShapeKind::Polyhedron;
  return std::string("geo::") + (convex ? "Convex" : "") + capitalized(geo::shape_type_name(kind)) + "<" +
         cpp_scalar<T>() + ">";
}

// Designated initializers in the struct's member order: ".a = {0.0, 0.0, 0.0}, .b = ...".
std::string fields(std::initializer_list<std::pair<const char*, std::string>> values) {
  std::string text;
  for (const auto& [member, value] : values) {
    text += std::string(text.empty() ? "" : ", ") + "." + member + " = " + value;
  }
  return text;
}

// The vertex list as the tool reads it, and the build that makes the shape from it.
template <typename T, typename Point>
std::vector<std::string> build_from_vertices(const json& field, const std::string& name, const char* builder,
                                             const char* member, const std::string& type) {
  const json& vertices = field.at("vertices");
  std::string list;
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const std::string where = name + ".vertices[" + std::to_string(i) + "]";
    Point p;
    if constexpr (Point::length() == 2) {
      p = read_point_2d<T>(vertices[i], where);
    } else {
      p = read_point<T>(vertices[i], where);
    }
    list += std::string(i ? ", " : "") + cpp_vector(p);
  }
  const std::string built = name + "_built";
  return {"const auto " + built + " = geo::" + builder + "(std::vector<geo::Vec" + std::to_string(Point::length()) +
              "<" + cpp_scalar<T>() + ">>{" + list + "});",
          "ASSERT_TRUE(" + built + ".ok()) << " + built + ".message;",
          "const " + type + "& " + name + " = " + built + "." + member + ";"};
}
}  // namespace

std::string cpp_shape_kind(geo::ShapeKind kind) { return "geo::ShapeKind::" + capitalized(geo::shape_type_name(kind)); }

std::string cpp_test_name(const json& id, int line_number) {
  const std::string text = id.is_string() ? id.get<std::string>() : id.is_number() ? id.dump() : "";
  std::string name;
  bool word_start = true;
  for (const char c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      word_start = true;
      continue;
    }
    name += word_start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    word_start = false;
  }
  if (name.empty()) return "Line" + std::to_string(line_number);
  return std::isdigit(static_cast<unsigned char>(name[0])) ? "Id" + name : name;
}

template <typename T>
std::vector<std::string> declare_shape(const geo::AnyShape<T>& shape, const json& field, const std::string& name) {
  return std::visit(
      [&](const auto& s) -> std::vector<std::string> {
        using S = std::decay_t<decltype(s)>;
        const std::string type = cpp_type<T>(s);
        auto declared = [&](const std::string& initializers) {
          return std::vector<std::string>{"const " + type + " " + name + "{" + initializers + "};"};
        };
        if constexpr (std::is_same_v<S, geo::Line<T>> || std::is_same_v<S, geo::Ray<T>>) {
          return declared(fields({{"origin", cpp_vector(s.origin)}, {"direction", cpp_vector(s.direction)}}));
        } else if constexpr (std::is_same_v<S, geo::Segment<T>>) {
          return declared(fields({{"a", cpp_vector(s.a)}, {"b", cpp_vector(s.b)}}));
        } else if constexpr (std::is_same_v<S, geo::Plane<T>>) {  // the unit normal the tool made
          return declared(fields({{"normal", cpp_vector(s.normal)}, {"d", cpp_number(s.d)}}));
        } else if constexpr (std::is_same_v<S, geo::Aabb<T>>) {
          return declared(fields({{"min", cpp_vector(s.min)}, {"max", cpp_vector(s.max)}}));
        } else if constexpr (std::is_same_v<S, geo::Obb<T>>) {
          const std::string axes =
              "{{" + cpp_vector(s.axes[0]) + ", " + cpp_vector(s.axes[1]) + ", " + cpp_vector(s.axes[2]) + "}}";
          return declared(fields(
              {{"center", cpp_vector(s.center)}, {"axes", axes}, {"half_extents", cpp_vector(s.half_extents)}}));
        } else if constexpr (std::is_same_v<S, geo::Sphere<T>>) {
          return declared(fields({{"center", cpp_vector(s.center)}, {"radius", cpp_number(s.radius)}}));
        } else if constexpr (std::is_same_v<S, geo::Triangle<T>>) {
          return declared(fields({{"a", cpp_vector(s.a)}, {"b", cpp_vector(s.b)}, {"c", cpp_vector(s.c)}}));
        } else if constexpr (std::is_same_v<S, geo::ConvexPolygon<T>>) {
          return build_from_vertices<T, geo::Vec2<T>>(field, name, "make_convex_polygon", "polygon", type);
        } else {
          return build_from_vertices<T, geo::Vec3<T>>(field, name, "make_convex_hull", "hull", type);
        }
      },
      shape);
}

#define COLLISION_LAB_GTEST_CODE(T)                                                                   \
  template const char* cpp_scalar<T>();                                                               \
  template std::string cpp_number(T);                                                                 \
  template std::string cpp_vector(const geo::Vec3<T>&);                                               \
  template std::string cpp_vector(const geo::Vec2<T>&);                                               \
  template std::vector<std::string> declare_shape(const geo::AnyShape<T>&, const json&, const std::string&);
COLLISION_LAB_GTEST_CODE(float)
COLLISION_LAB_GTEST_CODE(double)
#undef COLLISION_LAB_GTEST_CODE

}  // namespace query
