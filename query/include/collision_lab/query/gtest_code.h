#pragma once
// C++ source text for the GoogleTest emitter: literals that read back as the same value,
// and the statements that build a query line's shapes with the geometry API.
#include "collision_lab/any_shape.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace query {

// "double" or "float".
template <typename T> const char* cpp_scalar();

// The shortest literal that reads back as exactly `value`: "2.0", "-0.0", "0.1", "1e-07";
// a float's has the suffix f ("1.5f"), so that it is read as a float, not rounded twice.
// Infinities are std::numeric_limits<T>::infinity() (NaN has no literal: test it with isnan).
template <typename T> std::string cpp_number(T value);
// "{x, y, z}" and "{x, y}", for a brace initializer.
template <typename T> std::string cpp_vector(const geo::Vec3<T>& v);
template <typename T> std::string cpp_vector(const geo::Vec2<T>& v);
// A quoted, escaped string literal.
std::string cpp_string(const std::string& text);
// "geo::ShapeKind::Segment".
std::string cpp_shape_kind(geo::ShapeKind kind);

// A test name from a line's id: its letters and digits in CamelCase ("sphere-box" is
// "SphereBox", 7 is "Id7"); "Line<N>" when the id has none.
std::string cpp_test_name(const nlohmann::json& id, int line_number);

// The statements that declare `name` as the shape the query tool reads from `field` (a
// request's "shape", "a", "b" or "plane"): polygons and polyhedra are built from the
// field's vertices with make_convex_polygon and make_convex_hull, as the tool builds them.
template <typename T>
std::vector<std::string> declare_shape(const geo::AnyShape<T>& shape, const nlohmann::json& field,
                                       const std::string& name);

}  // namespace query
