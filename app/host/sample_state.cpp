#include "app/host/sample_state.h"

#include "collision_lab/query/shape_json.h"
#include "collision_lab/polygon.h"
#include "collision_lab/hull.h"

#include <algorithm>
#include <cmath>
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

void check_vertex_count(const json& shape, const std::string& where) {
  if (shape.is_object() && shape.contains("vertices") && shape["vertices"].is_array() &&
      shape["vertices"].size() > kMaxStateVertices) {
    throw JsonInputError(where + ".vertices: " + std::to_string(shape["vertices"].size()) +
                         " vertices; the app shows at most " + std::to_string(kMaxStateVertices) +
                         " (collision-lab-query takes up to " + std::to_string(query::kMaxShapeVertices) + ")");
  }
}

SampleState read_state(const json& value, const SampleState& current) {
  SampleState state = current;
  if (value.contains("shapes")) {
    const json& shapes = value["shapes"];
    if (!shapes.is_object()) throw JsonInputError("shapes: expected an object of named shapes");
    for (auto& named : state.shapes) {
      if (!shapes.contains(named.name)) continue;  // shapes not given keep their value
      const json& given = shapes[named.name];
      check_vertex_count(given, "shapes." + named.name);
      auto shape = read_shape<double>(given, "shapes." + named.name);
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

void add(std::vector<Handle>& out, std::string label, const glm::dvec3& at, std::function<bool(const glm::dvec3&)> move,
         std::function<std::string()> refusal = nullptr) {
  out.push_back({std::move(label), at, std::move(move), std::move(refusal)});
}

// A vertex handle, whose move rebuilds the shape and may be refused with a reason.
template <typename Move>
void add_vertex(std::vector<Handle>& out, std::string label, const glm::dvec3& at, Move move) {
  auto why = std::make_shared<std::string>();
  add(out, std::move(label), at, [move, why](const glm::dvec3& p) { return move(p, *why); }, [why] { return *why; });
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
            // The drag follows the vertex by position: a polygon turned clockwise is renumbered.
            add_vertex(out, name + "[" + std::to_string(i) + "]", glm::dvec3(s.vertices[i], 0),
                       [&s, i](const glm::dvec3& p, std::string& why) { return move_polygon_vertex(s, i, glm::dvec2(p), why); });
          }
        } else if constexpr (std::is_same_v<S, geo::ConvexPolyhedron<double>>) {
          for (std::size_t i = 0; i < s.vertices.size(); ++i) {
            add_vertex(out, name + "[" + std::to_string(i) + "]", s.vertices[i],
                       [&s, i](const glm::dvec3& p, std::string& why) { return move_hull_vertex(s, i, p, why); });
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

namespace {
// Vertex `index` of `shape` moved to `to` and the shape rebuilt by `build`, whose result
// holds it in `rebuilt`; refused (with `why`) when the build fails or drops a vertex.
template <typename Shape, typename Vertex, typename Build>
bool move_vertex(Shape& shape, std::size_t index, const Vertex& to, std::string& why,
                 Build (*build)(const std::vector<Vertex>&), Shape Build::*rebuilt, const char* dropped) {
  if (index >= shape.vertices.size()) return false;
  auto moved = shape.vertices;
  moved[index] = to;
  Build built = build(moved);
  if (!built.ok() || (built.*rebuilt).vertices.size() != moved.size()) {
    why = built.ok() ? dropped : built.message;
    return false;
  }
  shape = std::move(built.*rebuilt);  // a polygon is counter-clockwise again; a hull keeps the vertex order
  return true;
}
}  // namespace

bool move_polygon_vertex(geo::ConvexPolygon<double>& polygon, std::size_t index, const glm::dvec2& to, std::string& why) {
  return move_vertex(polygon, index, to, why, &geo::make_convex_polygon<double>, &geo::PolygonBuild<double>::polygon,
                     "a vertex would be dropped (in line with its neighbours, or on another)");
}

bool move_hull_vertex(geo::ConvexPolyhedron<double>& hull, std::size_t index, const glm::dvec3& to, std::string& why) {
  return move_vertex(hull, index, to, why, &geo::make_convex_hull<double>, &geo::HullBuild<double>::hull,
                     "a vertex would fall inside the hull and be dropped");
}

namespace {
// v turned about z, or about y, by the angle whose cosine and sine are c and s.
glm::dvec3 turned_about_z(const glm::dvec3& v, double c, double s) { return {c * v.x - s * v.y, s * v.x + c * v.y, v.z}; }
glm::dvec3 turned_about_y(const glm::dvec3& v, double c, double s) { return {c * v.x + s * v.z, v.y, c * v.z - s * v.x}; }
}  // namespace

glm::dvec3 euler_degrees(const std::array<glm::dvec3, 3>& axes) {
  const glm::dvec3& x = axes[0];
  const glm::dvec3 z = glm::dot(glm::cross(x, axes[1]), axes[2]) < 0 ? -axes[2] : axes[2];
  // The x axis is Rz(yaw) Ry(pitch) (1, 0, 0) = (cos p cos y, cos p sin y, -sin p).
  const double pitch = std::atan2(-x.z, std::hypot(x.x, x.y));
  const double yaw = std::atan2(x.y, x.x);
  // Roll from what is left of y and z once yaw and pitch are undone, (0, cos r, sin r) and
  // (0, -sin r, cos r): near gimbal lock yaw is poorly determined, and roll absorbs its error.
  const double cy = std::cos(yaw), sy = std::sin(yaw), cp = std::cos(pitch), sp = std::sin(pitch);
  const glm::dvec3 y_left = turned_about_y(turned_about_z(axes[1], cy, -sy), cp, -sp);
  const glm::dvec3 z_left = turned_about_y(turned_about_z(z, cy, -sy), cp, -sp);
  const double roll = std::atan2(y_left.z - z_left.y, y_left.y + z_left.z);
  return glm::degrees(glm::dvec3(yaw, pitch, roll));
}

std::array<glm::dvec3, 3> axes_from_euler_degrees(const glm::dvec3& yaw_pitch_roll) {
  const glm::dvec3 r = glm::radians(yaw_pitch_roll);
  const double cy = std::cos(r.x), sy = std::sin(r.x), cp = std::cos(r.y), sp = std::sin(r.y);
  const double cr = std::cos(r.z), sr = std::sin(r.z);
  auto turned = [&](const glm::dvec3& v) { return turned_about_z(turned_about_y(v, cp, sp), cy, sy); };
  return {turned({1, 0, 0}), turned({0, cr, sr}), turned({0, -sr, cr})};
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
