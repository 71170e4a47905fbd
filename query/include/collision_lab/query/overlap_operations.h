#pragma once
// The overlap operation (SAT where it applies, else GJK/EPA) and closest points between
// bounded convex shapes through GJK.
#include "collision_lab/any_shape.h"
#include "collision_lab/gjk.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace query {

// The shape as GJK takes it; nullopt for the unbounded ones (line, ray, plane).
template <typename T> std::optional<geo::ConvexShape<T>> as_convex(const geo::AnyShape<T>& shape);

// {"op":"overlap","a":S,"b":S,"method":"sat"|"gjk","trace":bool}; SAT stops at the first
// separating axis unless "trace" is true.
template <typename T> nlohmann::ordered_json overlap_operation(const nlohmann::json& request);

// GJK's closest points (EPA's deepest points when they overlap); nullopt when either
// shape is unbounded.
template <typename T>
std::optional<nlohmann::ordered_json> convex_closest_points(const geo::AnyShape<T>& a, const geo::AnyShape<T>& b);

}  // namespace query
