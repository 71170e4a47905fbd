// The overlap operations of the query mode: SAT where it applies, GJK/EPA for every
// convex pair, and closest points between any two convex shapes through GJK.
#include "app/query_overlap.h"
#include "app/shape_json.h"

#include "geometry/epa.h"
#include "geometry/gjk.h"
#include "geometry/sat.h"

using nlohmann::json;
using nlohmann::ordered_json;

namespace {
template <typename T> ordered_json vec(const geo::Vec3<T>& v) { return point_json(geo::Vec3<double>(v)); }

template <typename T>
std::optional<geo::ConvexShape<T>> as_convex(const geo::AnyShape<T>& shape) {
  return std::visit(
      [](const auto& s) -> std::optional<geo::ConvexShape<T>> {
        if constexpr (std::is_constructible_v<geo::ConvexShape<T>, decltype(s)>) {
          return geo::ConvexShape<T>(s);
        } else {
          return std::nullopt;  // lines, rays and planes are unbounded
        }
      },
      shape);
}

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

std::string axis_source_name(geo::AxisSource source, int a, int b) {
  switch (source) {
    case geo::AxisSource::FaceA: return "face " + std::to_string(a) + " of a";
    case geo::AxisSource::FaceB: return "face " + std::to_string(b) + " of b";
    case geo::AxisSource::EdgeEdge: return "edge " + std::to_string(a) + " of a x edge " + std::to_string(b) + " of b";
    case geo::AxisSource::SideA: return "side of a's plane at edge " + std::to_string(a >= 0 ? a : b);
    case geo::AxisSource::SideB: return "side of b's plane at edge " + std::to_string(b >= 0 ? b : a);
    case geo::AxisSource::Pair: return "axis of the pair";
  }
  return "unknown";
}

template <typename T>
ordered_json sat_answer(const geo::SatResult<T>& r) {
  if (!r.ok()) throw JsonInputError(std::string("a, b: ") + geo::to_string(r.error));
  ordered_json out;
  out["overlap"] = r.overlap;
  out["method"] = "sat";
  out["axis"] = vec(r.axis);
  if (r.overlap) {
    out["depth"] = double(r.depth);
  } else {
    out["separation"] = double(r.separation);
    const auto& first = r.axes.at(static_cast<std::size_t>(r.first_separating));
    out["first_separating_axis"] = axis_source_name(first.source, first.index_a, first.index_b);
  }
  out["axis_tests"] = r.axis_tests;
  out["face_axes_would_be_wrong"] = r.face_axes_would_be_wrong;
  return out;
}

template <typename T>
ordered_json gjk_overlap_answer(const geo::ConvexShape<T>& a, const geo::ConvexShape<T>& b) {
  geo::GjkOptions options;
  options.record_iterations = false;
  auto distance = geo::gjk_distance(a, b, options);
  if (!distance.ok()) throw JsonInputError(std::string("a, b: ") + geo::to_string(distance.error));
  ordered_json out;
  out["overlap"] = distance.overlap;
  out["method"] = "gjk";
  if (!distance.overlap) {
    out["axis"] = vec(glm::normalize(distance.b_point - distance.a_point));
    out["separation"] = double(distance.distance);
    out["gjk_iterations"] = distance.iteration_count;
    return out;
  }
  auto depth = geo::epa_penetration(a, b, false);
  if (!depth.ok()) throw JsonInputError(std::string("a, b: ") + geo::to_string(depth.error));
  out["axis"] = vec(depth.axis);
  out["depth"] = double(depth.depth);
  out["gjk_iterations"] = distance.iteration_count;
  out["epa_iterations"] = depth.iteration_count;
  return out;
}
}  // namespace

template <typename T>
ordered_json overlap_answer(const json& request) {
  const auto a = read_shape<T>(read_field(request, "a", ""), "a");
  const auto b = read_shape<T>(read_field(request, "b", ""), "b");
  std::string method = "sat";
  if (request.contains("method")) {
    if (!request["method"].is_string()) throw JsonInputError("method: expected \"sat\" or \"gjk\"");
    method = request["method"].get<std::string>();
    if (method != "sat" && method != "gjk") {
      throw JsonInputError("method: expected \"sat\" or \"gjk\", got \"" + method + "\"");
    }
  }
  geo::SatOptions sat_options;
  sat_options.record_axes = true;
  if (method == "sat") {
    const auto* polygon_a = std::get_if<geo::ConvexPolygon<T>>(&a);
    const auto* polygon_b = std::get_if<geo::ConvexPolygon<T>>(&b);
    if (polygon_a && polygon_b) return sat_answer(geo::sat_overlap(*polygon_a, *polygon_b, sat_options));
    auto sat_a = as_sat_shape(a), sat_b = as_sat_shape(b);
    if (sat_a && sat_b) return sat_answer(geo::sat_overlap(*sat_a, *sat_b, sat_options));
    // SAT does not apply (a sphere, or a polygon against a 3D shape): GJK answers.
  }
  auto convex_a = as_convex(a), convex_b = as_convex(b);
  if (!convex_a || !convex_b) {
    throw JsonInputError(std::string("overlap takes bounded convex shapes (segment, triangle, polygon, polyhedron, "
                                     "aabb, obb, sphere), not ") +
                         geo::shape_type_name(geo::shape_kind(convex_a ? b : a)));
  }
  return gjk_overlap_answer(*convex_a, *convex_b);
}

template <typename T>
std::optional<ordered_json> gjk_closest_points_answer(const geo::AnyShape<T>& a, const geo::AnyShape<T>& b) {
  auto convex_a = as_convex(a), convex_b = as_convex(b);
  if (!convex_a || !convex_b) return std::nullopt;
  geo::GjkOptions options;
  options.record_iterations = false;
  auto r = geo::gjk_distance(*convex_a, *convex_b, options);
  if (!r.ok()) throw JsonInputError(std::string("a, b: ") + geo::to_string(r.error));
  ordered_json out;
  out["a_point"] = vec(r.a_point);
  out["b_point"] = vec(r.b_point);
  out["distance"] = double(r.distance);
  out["overlap"] = r.overlap;
  if (r.overlap) {
    auto depth = geo::epa_penetration(*convex_a, *convex_b, false);
    if (!depth.ok()) throw JsonInputError(std::string("a, b: ") + geo::to_string(depth.error));
    out["a_point"] = vec(depth.a_point);
    out["b_point"] = vec(depth.b_point);
    out["depth"] = double(depth.depth);
    out["axis"] = vec(depth.axis);
  }
  out["method"] = "gjk";
  out["gjk_iterations"] = r.iteration_count;
  return out;
}

template ordered_json overlap_answer<float>(const json&);
template ordered_json overlap_answer<double>(const json&);
template std::optional<ordered_json> gjk_closest_points_answer<float>(const geo::AnyShape<float>&,
                                                                       const geo::AnyShape<float>&);
template std::optional<ordered_json> gjk_closest_points_answer<double>(const geo::AnyShape<double>&,
                                                                        const geo::AnyShape<double>&);
