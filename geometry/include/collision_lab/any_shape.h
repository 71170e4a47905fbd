#pragma once
// Any one of the shapes, for code that handles shapes generically: the query mode and
// the sample state.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <concepts>
#include <variant>

namespace geo {

template <typename T>
using AnyShape = std::variant<Line<T>, Ray<T>, Segment<T>, Plane<T>, Aabb<T>, Obb<T>, Sphere<T>,
                              Triangle<T>, ConvexPolygon<T>, ConvexPolyhedron<T>>;

// One of the shapes AnyShape<T> holds, or AnyShape<T> itself.
template <typename Shape, typename Variant>
inline constexpr bool kHeldBy = false;
template <typename Shape, typename... Shapes>
inline constexpr bool kHeldBy<Shape, std::variant<Shapes...>> = (std::same_as<Shape, Shapes> || ...);
template <typename Shape, typename T>
concept ShapeOrAny = kHeldBy<Shape, AnyShape<T>> || std::same_as<Shape, AnyShape<T>>;

template <typename T> ShapeKind shape_kind(const Line<T>&) { return ShapeKind::Line; }
template <typename T> ShapeKind shape_kind(const Ray<T>&) { return ShapeKind::Ray; }
template <typename T> ShapeKind shape_kind(const Segment<T>&) { return ShapeKind::Segment; }
template <typename T> ShapeKind shape_kind(const Plane<T>&) { return ShapeKind::Plane; }
template <typename T> ShapeKind shape_kind(const Aabb<T>&) { return ShapeKind::Aabb; }
template <typename T> ShapeKind shape_kind(const Obb<T>&) { return ShapeKind::Obb; }
template <typename T> ShapeKind shape_kind(const Sphere<T>&) { return ShapeKind::Sphere; }
template <typename T> ShapeKind shape_kind(const Triangle<T>&) { return ShapeKind::Triangle; }
template <typename T> ShapeKind shape_kind(const ConvexPolygon<T>&) { return ShapeKind::Polygon; }
template <typename T> ShapeKind shape_kind(const ConvexPolyhedron<T>&) { return ShapeKind::Polyhedron; }
template <typename T> ShapeKind shape_kind(const AnyShape<T>& shape) {
  return std::visit([](const auto& s) { return shape_kind(s); }, shape);
}

// The type names of the query mode's JSON schema: "segment", "aabb", "polyhedron", ...
const char* shape_type_name(ShapeKind kind);

}  // namespace geo
