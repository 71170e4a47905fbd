#include "collision_lab/query/overlap_operations.h"

#include "collision_lab/query/answers.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/shape_json.h"

#include "collision_lab/aabb_overlap.h"
#include "collision_lab/box_overlap.h"
#include "collision_lab/epa.h"
#include "collision_lab/sat.h"

namespace query {

using nlohmann::json;
using nlohmann::ordered_json;

template <typename T>
std::optional<geo::ConvexShape<T>> as_convex(const geo::AnyShape<T>& shape) {
  return std::visit(
      [](const auto& s) -> std::optional<geo::ConvexShape<T>> {
        if constexpr (std::is_constructible_v<geo::ConvexShape<T>, decltype(s)>) {
          return geo::ConvexShape<T>(s);
        } else {
          return std::nullopt;
        }
      },
      shape);
}

namespace {
// The shapes SAT takes in 3D; polygons only against polygons (in 2D).
template <typename T>
std::optional<geo::SatShape<T>> as_sat_shape(const geo::AnyShape<T>& shape) {
  return std::visit(
      [](const auto& s) -> std::optional<geo::SatShape<T>> {
        if constexpr (requires { geo::sat_shape(s); }) {
          return geo::sat_shape(s);
        } else {
          return std::nullopt;
        }
      },
      shape);
}

// The dedicated tests for two boxes and for a triangle or segment against an AABB: the
// generic test's answer without its trace; nullopt for the other pairs.
template <typename T>
std::optional<geo::SatResult<T>> dedicated_sat(const geo::AnyShape<T>& a, const geo::AnyShape<T>& b) {
  return std::visit(
      [](const auto& sa, const auto& sb) -> std::optional<geo::SatResult<T>> {
        if constexpr (requires { geo::box_overlap(sa, sb); }) {
          return geo::box_overlap(sa, sb);
        } else if constexpr (requires { geo::aabb_overlap(sa, sb); }) {
          return geo::aabb_overlap(sa, sb);
        } else {
          return std::nullopt;
        }
      },
      a, b);
}

// The run the query tool answers with: no trace, no cache, EPA only on overlap.
template <typename T>
std::pair<geo::GjkResult<T>, std::optional<geo::EpaResult<T>>> gjk_with_depth(const geo::ConvexShape<T>& a,
                                                                               const geo::ConvexShape<T>& b) {
  auto distance = geo::gjk_distance(a, b);
  std::optional<geo::EpaResult<T>> depth;
  if (distance.ok() && distance.overlap) depth = geo::epa_penetration(a, b);
  return {std::move(distance), std::move(depth)};
}

// GJK's overlap answer and whether its verdict is certain; nullopt for a shape GJK does not take.
template <typename T>
std::optional<std::pair<ordered_json, bool>> gjk_overlap(const geo::AnyShape<T>& a, const geo::AnyShape<T>& b) {
  auto convex_a = as_convex(a), convex_b = as_convex(b);
  if (!convex_a || !convex_b) return std::nullopt;
  const auto [distance, depth] = gjk_with_depth(*convex_a, *convex_b);
  return std::pair{overlap_answer(distance, depth ? &*depth : nullptr), distance.certain};
}
}  // namespace

template <typename T>
ordered_json overlap_operation(const json& request) {
  const auto a = read_shape<T>(read_field(request, "a", ""), "a");
  const auto b = read_shape<T>(read_field(request, "b", ""), "b");
  std::string method = "sat";
  if (request.contains("method")) {
    if (!request["method"].is_string()) throw JsonInputError("method: expected \"sat\" or \"gjk\"");
    method = request["method"].get<std::string>();
    if (method != "sat" && method != "gjk") {
      throw JsonInputError("method: expected \"sat\" or \"gjk\", got " + quoted_for_message(method));
    }
  }
  // SAT stops at the first separating axis unless "trace" asks for every axis.
  bool trace = false;
  if (request.contains("trace")) {
    if (!request["trace"].is_boolean()) {
      throw JsonInputError("trace: expected true or false, got " + cut_for_message(request["trace"].dump()));
    }
    trace = request["trace"].get<bool>();
  }
  // GJK first when asked for; a verdict it cannot certify goes to SAT where SAT applies.
  const auto gjk = method == "gjk" ? gjk_overlap(a, b) : std::nullopt;
  if (gjk && gjk->second) return gjk->first;
  geo::SatOptions sat_options;
  sat_options.stop_at_separation = !trace;
  if (method == "sat" || gjk) {
    const auto* polygon_a = std::get_if<geo::ConvexPolygon<T>>(&a);
    const auto* polygon_b = std::get_if<geo::ConvexPolygon<T>>(&b);
    if (polygon_a && polygon_b) return overlap_answer(geo::sat_overlap(*polygon_a, *polygon_b, sat_options));
    if (!trace) {
      if (auto dedicated = dedicated_sat(a, b)) return overlap_answer(*dedicated);
    }
    auto sat_a = as_sat_shape(a), sat_b = as_sat_shape(b);
    if (sat_a && sat_b) return overlap_answer(geo::sat_overlap(*sat_a, *sat_b, sat_options));
    // SAT does not apply (a sphere, or a polygon against a 3D shape): GJK answers.
  }
  if (gjk) return gjk->first;
  if (auto answer = gjk_overlap(a, b)) return answer->first;
  throw JsonInputError(std::string("overlap takes bounded convex shapes (segment, triangle, polygon, polyhedron, "
                                   "aabb, obb, sphere), not ") +
                       geo::shape_type_name(geo::shape_kind(as_convex(a) ? b : a)));
}

template <typename T>
std::optional<ordered_json> convex_closest_points(const geo::AnyShape<T>& a, const geo::AnyShape<T>& b) {
  auto convex_a = as_convex(a), convex_b = as_convex(b);
  if (!convex_a || !convex_b) return std::nullopt;
  const auto [distance, depth] = gjk_with_depth(*convex_a, *convex_b);
  return closest_points_answer(distance, depth ? &*depth : nullptr);
}

#define COLLISION_LAB_OVERLAP_OPERATIONS(T)                                                                  \
  template std::optional<geo::ConvexShape<T>> as_convex(const geo::AnyShape<T>&);                           \
  template ordered_json overlap_operation<T>(const json&);                                                  \
  template std::optional<ordered_json> convex_closest_points(const geo::AnyShape<T>&, const geo::AnyShape<T>&);
COLLISION_LAB_OVERLAP_OPERATIONS(float)
COLLISION_LAB_OVERLAP_OPERATIONS(double)
#undef COLLISION_LAB_OVERLAP_OPERATIONS

}  // namespace query
