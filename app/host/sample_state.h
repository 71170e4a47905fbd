#pragma once
// A sample's editable state: named shapes and named points, in the query schema. A sample
// adds each one once and keeps the typed id it gets back, so reading a shape is checked by
// the compiler and never misses; handles, the panel's fields and --dump-state go by name.
#include "collision_lab/any_shape.h"

#include <nlohmann/json.hpp>

#include <array>
#include <functional>
#include <type_traits>
#include <string>
#include <vector>

struct NamedShape {
  std::string name;
  geo::AnyShape<double> shape;
  bool any_type = false;  // held as any shape: a scene may give it another type
};

struct NamedPoint {
  std::string name;
  glm::dvec3 position{0};
};

// Typed ids into a SampleState: the index of a shape of type S, or of a point.
template <typename S> struct ShapeId { std::size_t index = 0; };
struct PointId { std::size_t index = 0; };

struct SampleState {
  std::vector<NamedShape> shapes;
  std::vector<NamedPoint> points;

  template <typename S> ShapeId<S> add(std::string name, S shape) {
    shapes.push_back({std::move(name), std::move(shape), std::is_same_v<S, geo::AnyShape<double>>});
    return {shapes.size() - 1};
  }
  PointId add(std::string name, const glm::dvec3& position) {
    points.push_back({std::move(name), position});
    return {points.size() - 1};
  }
  // read_state, the handles and the panel change values only, never names or types, so an
  // id from add() names a shape of its type for as long as the sample keeps the shape.
  template <typename S> S& operator[](ShapeId<S> id) { return std::get<S>(shapes[id.index].shape); }
  template <typename S> const S& operator[](ShapeId<S> id) const { return std::get<S>(shapes[id.index].shape); }
  // A shape whose type the sample itself changes (a picker of shape kinds).
  geo::AnyShape<double>& operator[](ShapeId<geo::AnyShape<double>> id) { return shapes[id.index].shape; }
  const geo::AnyShape<double>& operator[](ShapeId<geo::AnyShape<double>> id) const { return shapes[id.index].shape; }
  glm::dvec3& operator[](PointId id) { return points[id.index].position; }
  const glm::dvec3& operator[](PointId id) const { return points[id.index].position; }
  template <typename S> const std::string& name(ShapeId<S> id) const { return shapes[id.index].name; }
  const std::string& name(PointId id) const { return points[id.index].name; }
};

// The most vertices a polygon or polyhedron of a sample may have: each is a handle, a field
// and a label, redrawn every frame.
inline constexpr std::size_t kMaxStateVertices = 4096;

// {"shapes": {"name": S, ...}, "points": {"name": P, ...}}
nlohmann::ordered_json state_json(const SampleState& state);
// Throws query::JsonInputError (at `where`.vertices) for a shape with more vertices than
// kMaxStateVertices: checked on the JSON, before a huge hull is built.
void check_vertex_count(const nlohmann::json& shape, const std::string& where);

// Reads a state with the same names and shape types as `current` (a scene edit may move
// and resize, not restructure; only a shape held as any shape may change type); throws
// query::JsonInputError naming the field.
SampleState read_state(const nlohmann::json& value, const SampleState& current);

// The box around every shape and point of the state (unbounded shapes by their defining
// points), for framing the camera.
void state_bounds(const SampleState& state, glm::dvec3& min, glm::dvec3& max);

// A point of the state the user can drag: a query point, a segment end, a box centre...
struct Handle {
  std::string label;                                 // "p", "segment.a", "box.center"
  glm::dvec3 position{0};
  std::function<bool(const glm::dvec3&)> move_to;    // false when the move was refused (e.g. a hull going flat)
  std::function<std::string()> refusal = nullptr;    // why the last move_to was refused, when it can say
};

// Every handle of every shape and point of the state, in a stable order.
std::vector<Handle> collect_handles(SampleState& state);

// "hull[3]" -> 3 when the label is vertex handle 3 of the shape `shape`; -1 otherwise.
int vertex_handle_index(const std::string& label, const std::string& shape);

// The vertex edits behind double-click and right-click, for every sample with a polyhedron.
// Adds `at` as a vertex of the hull (the hull of the old vertices and it); false, and the
// hull unchanged, when `at` lies inside or on it and so adds nothing.
bool add_hull_vertex(geo::ConvexPolyhedron<double>& hull, const glm::dvec3& at);
// Removes vertex `index`; false, and the hull unchanged, when the index is out of range,
// only 4 vertices are left, or the rest would be flat.
bool remove_hull_vertex(geo::ConvexPolyhedron<double>& hull, int index);

// Vertex `index` moved to `to` and the shape rebuilt. False, with `why` and the shape
// unchanged, when the polygon would stop being convex or the hull would go flat, or when
// either would lose a vertex (swallowed by the others).
bool move_polygon_vertex(geo::ConvexPolygon<double>& polygon, std::size_t index, const glm::dvec2& to, std::string& why);
bool move_hull_vertex(geo::ConvexPolyhedron<double>& hull, std::size_t index, const glm::dvec3& to, std::string& why);

// A box's orientation as intrinsic Z-Y-X Euler angles in degrees, (yaw, pitch, roll): yaw
// about z, then pitch about the turned y, then roll about the twice-turned x, so the axes
// are the columns of Rz(yaw) Ry(pitch) Rx(roll). Left-handed axes are read as the same
// box with its third axis flipped. Pitch lies in [-90, 90]; at +-90 (gimbal lock) yaw is
// whatever the axes' rounding gives and roll makes up the rest.
glm::dvec3 euler_degrees(const std::array<glm::dvec3, 3>& axes);
// The axes of those angles: orthonormal and right-handed to rounding, for any angles.
std::array<glm::dvec3, 3> axes_from_euler_degrees(const glm::dvec3& yaw_pitch_roll);
