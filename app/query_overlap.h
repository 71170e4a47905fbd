#pragma once
// Overlap and convex-pair operations of the query mode (query_overlap.cpp).
#include "geometry/any_shape.h"

#include <nlohmann/json.hpp>

#include <optional>

// {"op":"overlap","a":S,"b":S,"method":"sat"|"gjk"}: SAT where it applies, else GJK/EPA.
template <typename T> nlohmann::ordered_json overlap_answer(const nlohmann::json& request);

// Closest points of two bounded convex shapes through GJK (EPA depth when they overlap);
// nullopt when either shape is unbounded (line, ray, plane).
template <typename T>
std::optional<nlohmann::ordered_json> gjk_closest_points_answer(const geo::AnyShape<T>& a, const geo::AnyShape<T>& b);
