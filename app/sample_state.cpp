#include "app/sample_state.h"

#include "query/shape_json.h"
#include "geometry/polygon.h"
#include "geometry/hull.h"

#include <algorithm>
#include <limits>

using nlohmann::json;
using nlohmann::ordered_json;
using query::JsonInputError;
using query::point_json;
using query::read_point;
using query::read_shape;
using query::shape_json;

ordered_json state_json(const SampleState& state) {
  ordered_json out;
  out["shapes"] = ordered_json::object();
  for (const auto& named : state.shapes) out["shapes"][named.name] = shape_json(named.shape);
  out["points"] = ordered_json::object();
  for (const auto& named : state.points) out["points"][named.name] = point_json(named.position);
  return out;
}

SampleState read_state(const json& value, const SampleState& current) {
  SampleState state = current;
  if (value.contains("shapes")) {
    const json& shapes = value["shapes"];
    if (!shapes.is_object()) throw JsonInputError("shapes: expected an object of named shapes");
    for (auto& named : state.shapes) {
      if (!shapes.contains(named.name)) continue;  // shapes not given keep their value
      auto shape = read_shape<double>(shapes[named.name], "shapes." + named.name);
      if (!named.any_type && shape.index() != named.shape.index()) {
        throw JsonInputError("shapes." + named.name + ".type: expected \"" +
                             geo::shape_type_name(geo::shape_kind(named.shape)) + "\"");
      }
      named.shape = std::move(shape);
    }
  }
  if (value.contains("points")) {
    const json& points = value["points"];
    if (!points.is_object()) throw JsonInputError("points: expected an object of named points");
    for (auto& named : state.points) {
      if (points.contains(named.name)) named.position = read_point<double>(points[named.name], "points." + named.name);
    }
  }
  return state;
}

namespace {
using geo::Vec3;

void add(std::vector<Handle>& out, std::string label, const glm::dvec3& at, std::function<bool(const glm::dvec3&)> move) {
  out.push_back({std::move(label), at, std::move(move)});
}

// Rotates the box so that axis `k` points at `tip` and sets its half-extent to reach it;
// the other axes are re-orthogonalised (Gram-Schmidt), keeping the next axis as close as can be.
bool aim_box_axis(geo::Obb<double>& box, int k, const glm::dvec3& tip) {
  const glm::dvec3 offset = tip - box.center;
  const double length = glm::length(offset);
  if (!(length > 1e-9 * (1 + glm::length(box.center)))) return false;
  glm::dvec3 axis = offset / length;
  const int next = (k + 1) % 3, last = (k + 2) % 3;
  glm::dvec3 second = box.axes[next] - axis * glm::dot(box.axes[next], axis);
  if (glm::length(second) < 1e-6) second = box.axes[last] - axis * glm::dot(box.axes[last], axis);
  second = glm::normalize(second);
  box.axes[k] = axis;
  box.axes[next] = second;
  box.axes[last] = glm::cross(axis, second);
  box.half_extents[k] = length;
  return true;
}

void shape_handles(std::vector<Handle>& out, const std::string& name, geo::AnyShape<double>& any) {
  std::visit(
      [&](auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, geo::Line<double>> || std::is_same_v<S, geo::Ray<double>>) {
          add(out, name + ".origin", s.origin, [&s](const glm::dvec3& p) { s.origin = p; return true; });
          add(out, name + ".direction", s.origin + s.direction, [&s](const glm::dvec3& p) {
            if (p == s.origin) return false;
            s.direction = p - s.origin;
            return true;
          });
        } else if constexpr (std::is_same_v<S, geo::Segment<double>>) {
          add(out, name + ".a", s.a, [&s](const glm::dvec3& p) { s.a = p; return true; });
          add(out, name + ".b", s.b, [&s](const glm::dvec3& p) { s.b = p; return true; });
        } else if constexpr (std::is_same_v<S, geo::Triangle<double>>) {
          add(out, name + ".a", s.a, [&s](const glm::dvec3& p) { s.a = p; return true; });
          add(out, name + ".b", s.b, [&s](const glm::dvec3& p) { s.b = p; return true; });
          add(out, name + ".c", s.c, [&s](const glm::dvec3& p) { s.c = p; return true; });
        } else if constexpr (std::is_same_v<S, geo::Plane<double>>) {
          const glm::dvec3 on_plane = s.normal * s.d;
          add(out, name + ".point", on_plane, [&s](const glm::dvec3& p) { s.d = glm::dot(s.normal, p); return true; });
          add(out, name + ".normal", on_plane + s.normal * 2.0, [&s](const glm::dvec3& tip) {
            const glm::dvec3 base = s.normal * s.d, offset = tip - base;
            if (glm::length(offset) < 1e-9) return false;
            s.normal = glm::normalize(offset);
            s.d = glm::dot(s.normal, base);
            return true;
          });
        } else if constexpr (std::is_same_v<S, geo::Aabb<double>>) {
          add(out, name + ".center", (s.min + s.max) * 0.5, [&s](const glm::dvec3& p) {
            const glm::dvec3 half = (s.max - s.min) * 0.5;
            s.min = p - half;
            s.max = p + half;
            return true;
          });
          add(out, name + ".min", s.min, [&s](const glm::dvec3& p) {
            s.min = glm::min(p, s.max);
            return true;
          });
          add(out, name + ".max", s.max, [&s](const glm::dvec3& p) {
            s.max = glm::max(p, s.min);
            return true;
          });
        } else if constexpr (std::is_same_v<S, geo::Obb<double>>) {
          add(out, name + ".center", s.center, [&s](const glm::dvec3& p) { s.center = p; return true; });
          add(out, name + ".x", s.center + s.axes[0] * s.half_extents[0],
              [&s](const glm::dvec3& p) { return aim_box_axis(s, 0, p); });
          add(out, name + ".y", s.center + s.axes[1] * s.half_extents[1],
              [&s](const glm::dvec3& p) { return aim_box_axis(s, 1, p); });
        } else if constexpr (std::is_same_v<S, geo::Sphere<double>>) {
          add(out, name + ".center", s.center, [&s](const glm::dvec3& p) { s.center = p; return true; });
          add(out, name + ".radius", s.center + glm::dvec3(s.radius, 0, 0), [&s](const glm::dvec3& p) {
            s.radius = glm::length(p - s.center);
            return true;
          });
        } else if constexpr (std::is_same_v<S, geo::ConvexPolygon<double>>) {
          for (std::size_t i = 0; i < s.vertices.size(); ++i) {
            add(out, name + "[" + std::to_string(i) + "]", glm::dvec3(s.vertices[i], 0), [&s, i](const glm::dvec3& p) {
              auto moved = s.vertices;
              moved[i] = glm::dvec2(p);
              auto built = geo::make_convex_polygon(moved);
              // Refused when it would stop being convex or swallow a vertex: the previous shape stays.
              if (!built.ok() || built.polygon.vertices.size() != moved.size()) return false;
              s = built.polygon;  // counter-clockwise again; the drag follows the vertex by position
              return true;
            });
          }
        } else if constexpr (std::is_same_v<S, geo::ConvexPolyhedron<double>>) {
          for (std::size_t i = 0; i < s.vertices.size(); ++i) {
            add(out, name + "[" + std::to_string(i) + "]", s.vertices[i], [&s, i](const glm::dvec3& p) {
              auto moved = s.vertices;
              moved[i] = p;
              auto built = geo::make_convex_hull(moved);
              if (!built.ok()) return false;  // a flat hull is refused; the previous shape stays
              s = built.hull;
              return true;
            });
          }
        }
      },
      any);
}
}  // namespace

std::vector<Handle> collect_handles(SampleState& state) {
  std::vector<Handle> handles;
  for (auto& named : state.points) {
    add(handles, named.name, named.position, [&named](const glm::dvec3& p) { named.position = p; return true; });
  }
  for (auto& named : state.shapes) shape_handles(handles, named.name, named.shape);
  return handles;
}

int vertex_handle_index(const std::string& label, const std::string& shape) {
  const std::string prefix = shape + "[";
  if (label.size() <= prefix.size() + 1 || label.rfind(prefix, 0) != 0 || label.back() != ']') return -1;
  const std::string digits = label.substr(prefix.size(), label.size() - prefix.size() - 1);
  if (digits.size() > 6 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return -1;
  }
  return std::stoi(digits);
}

bool add_hull_vertex(geo::ConvexPolyhedron<double>& hull, const glm::dvec3& at) {
  auto points = hull.vertices;
  points.push_back(at);
  auto built = geo::make_convex_hull(points);
  if (!built.ok()) return false;
  const auto& vertices = built.hull.vertices;
  if (std::find(vertices.begin(), vertices.end(), at) == vertices.end()) return false;  // inside: nothing to add
  hull = std::move(built.hull);
  return true;
}

bool remove_hull_vertex(geo::ConvexPolyhedron<double>& hull, int index) {
  auto points = hull.vertices;
  if (index < 0 || static_cast<std::size_t>(index) >= points.size() || points.size() <= 4) return false;
  points.erase(points.begin() + index);
  auto built = geo::make_convex_hull(points);
  if (!built.ok()) return false;  // the rest would be flat: keep the shape as it is
  hull = std::move(built.hull);
  return true;
}

void state_bounds(const SampleState& state, glm::dvec3& min, glm::dvec3& max) {
  min = glm::dvec3(std::numeric_limits<double>::infinity());
  max = -min;
  auto grow = [&](const glm::dvec3& p) {
    min = glm::min(min, p);
    max = glm::max(max, p);
  };
  for (const auto& named : state.points) grow(named.position);
  for (const auto& named : state.shapes) {
    std::visit(
        [&](const auto& s) {
          using S = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<S, geo::Line<double>> || std::is_same_v<S, geo::Ray<double>>) {
            grow(s.origin);
            grow(s.origin + s.direction);
          } else if constexpr (std::is_same_v<S, geo::Segment<double>>) {
            grow(s.a);
            grow(s.b);
          } else if constexpr (std::is_same_v<S, geo::Triangle<double>>) {
            grow(s.a);
            grow(s.b);
            grow(s.c);
          } else if constexpr (std::is_same_v<S, geo::Plane<double>>) {
            grow(s.normal * s.d);
          } else if constexpr (std::is_same_v<S, geo::Aabb<double>>) {
            grow(s.min);
            grow(s.max);
          } else if constexpr (std::is_same_v<S, geo::Obb<double>>) {
            for (int corner = 0; corner < 8; ++corner) {
              glm::dvec3 p = s.center;
              for (int k = 0; k < 3; ++k) p += s.axes[k] * s.half_extents[k] * ((corner >> k & 1) ? 1.0 : -1.0);
              grow(p);
            }
          } else if constexpr (std::is_same_v<S, geo::Sphere<double>>) {
            grow(s.center - glm::dvec3(s.radius));
            grow(s.center + glm::dvec3(s.radius));
          } else if constexpr (std::is_same_v<S, geo::ConvexPolygon<double>>) {
            for (const auto& v : s.vertices) grow(glm::dvec3(v, 0));
          } else {
            for (const auto& v : s.vertices) grow(v);
          }
        },
        named.shape);
  }
  if (!(min.x <= max.x)) min = max = glm::dvec3(0);
}
