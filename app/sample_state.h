#pragma once
// A sample's editable state: named shapes and named points, in the query mode's JSON
// schema. Undo/redo, scene files, --dump-state and live reload all go through it.
#include "geometry/any_shape.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

struct NamedShape {
  std::string name;
  geo::AnyShape<double> shape;
};

struct NamedPoint {
  std::string name;
  glm::dvec3 position{0};
};

struct SampleState {
  std::vector<NamedShape> shapes;
  std::vector<NamedPoint> points;

  geo::AnyShape<double>* find_shape(const std::string& name);
  const geo::AnyShape<double>* find_shape(const std::string& name) const;
  glm::dvec3* find_point(const std::string& name);
  const glm::dvec3* find_point(const std::string& name) const;
  template <typename S> S& shape(const std::string& name) { return std::get<S>(*find_shape(name)); }
  template <typename S> const S& shape(const std::string& name) const { return std::get<S>(*find_shape(name)); }
  glm::dvec3& point(const std::string& name) { return *find_point(name); }
  const glm::dvec3& point(const std::string& name) const { return *find_point(name); }
};

// {"shapes": {"name": S, ...}, "points": {"name": P, ...}}
nlohmann::ordered_json state_json(const SampleState& state);
// Reads a state with the same names and shape types as `current` (a scene edit may move
// and resize, not restructure); throws JsonInputError naming the field.
SampleState read_state(const nlohmann::json& value, const SampleState& current);

// The box around every shape and point of the state (unbounded shapes by their defining
// points), for framing the camera.
void state_bounds(const SampleState& state, glm::dvec3& min, glm::dvec3& max);

// A point of the state the user can drag: a query point, a segment end, a box centre...
struct Handle {
  std::string label;                                 // "p", "segment.a", "box.center"
  glm::dvec3 position{0};
  std::function<bool(const glm::dvec3&)> move_to;    // false when the move was refused (e.g. a hull going flat)
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
