// The operations of the query mode: each reads its fields, runs the geometry query at
// scalar T, and answers with the result and the numbers that explain it.
#include "app/query_mode.h"
#include "app/query_overlap.h"
#include "app/shape_json.h"

#include "geometry/closest_point.h"
#include "geometry/containment.h"
#include "geometry/linear_pairs.h"
#include "geometry/plane.h"
#include "geometry/polygon.h"
#include "geometry/polyhedron.h"
#include "geometry/triangle.h"
#include "geometry/triangle_pairs.h"

using nlohmann::json;
using nlohmann::ordered_json;

namespace {
template <typename T> ordered_json vec(const geo::Vec3<T>& v) { return point_json(geo::Vec3<double>(v)); }
template <typename T> ordered_json vec(const geo::Vec2<T>& v) { return point_json(geo::Vec2<double>(v)); }
template <typename T> ordered_json numbers(const std::vector<T>& values) {
  ordered_json out = ordered_json::array();
  for (T v : values) out.push_back(double(v));
  return out;
}

const char* side_name(geo::PlaneSide side) {
  return side == geo::PlaneSide::Above ? "above" : side == geo::PlaneSide::Below ? "below" : "on";
}

// Answers the common fields of a closest-point result, or throws its error.
template <typename T, int N>
ordered_json closest_point_fields(const geo::ClosestPointResult<T, N>& r, geo::ShapeKind kind) {
  if (!r.ok()) throw JsonInputError(std::string("shape: ") + geo::to_string(r.error));
  ordered_json out;
  out["point"] = vec(r.point);
  out["distance"] = double(r.distance);
  out["distance_squared"] = double(r.distance_squared);
  out["feature"] = geo::feature_name(kind, r.feature);
  return out;
}

template <typename T>
ordered_json closest_point_answer(const geo::AnyShape<T>& shape, const json& request) {
  const geo::Vec3<T> p = read_point<T>(read_field(request, "point", ""), "point");
  const geo::ShapeKind kind = geo::shape_kind(shape);
  return std::visit(
      [&](const auto& s) -> ordered_json {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, geo::ConvexPolygon<T>>) {
          const geo::Vec2<T> p2 = read_point_2d<T>(request["point"], "point");
          auto r = geo::closest_point(s, p2);
          ordered_json out = closest_point_fields(r, kind);
          out["inside"] = r.feature.kind == geo::Feature::Inside;
          out["edge_distances"] = numbers(r.edge_distances);
          return out;
        } else {
          auto r = geo::closest_point(s, p);
          ordered_json out = closest_point_fields(r, kind);
          if constexpr (std::is_same_v<S, geo::Line<T>> || std::is_same_v<S, geo::Ray<T>> ||
                        std::is_same_v<S, geo::Segment<T>>) {
            out["t"] = double(r.t);
            out["t_raw"] = double(r.t_raw);
            out["dot_start"] = double(r.dot_start);
            if constexpr (std::is_same_v<S, geo::Segment<T>>) out["dot_end"] = double(r.dot_end);
            out["degenerate"] = r.degenerate;
          } else if constexpr (std::is_same_v<S, geo::Plane<T>>) {
            out["signed_distance"] = double(r.signed_distance);
            out["side"] = side_name(r.side);
          } else if constexpr (std::is_same_v<S, geo::Aabb<T>> || std::is_same_v<S, geo::Obb<T>>) {
            out["inside"] = r.feature.kind == geo::Feature::Inside;
            out["local"] = vec(r.local);
            out["local_clamped"] = vec(r.local_clamped);
          } else if constexpr (std::is_same_v<S, geo::Sphere<T>>) {
            out["inside"] = r.feature.kind == geo::Feature::Inside;
            out["center_distance"] = double(r.center_distance);
          } else if constexpr (std::is_same_v<S, geo::Triangle<T>>) {
            out["barycentric"] = vec(r.barycentric);
            out["region_dots"] = ordered_json{{"d1", double(r.d1)}, {"d2", double(r.d2)}, {"d3", double(r.d3)},
                                              {"d4", double(r.d4)}, {"d5", double(r.d5)}, {"d6", double(r.d6)},
                                              {"va", double(r.va)}, {"vb", double(r.vb)}, {"vc", double(r.vc)}};
            out["degenerate"] = r.degenerate;
          } else if constexpr (std::is_same_v<S, geo::ConvexPolyhedron<T>>) {
            out["inside"] = r.feature.kind == geo::Feature::Inside;
            out["face_distances"] = numbers(r.face_distances);
          }
          return out;
        }
      },
      shape);
}

template <typename T>
ordered_json pair_fields(const geo::ClosestPointsResult<T>& r, geo::ShapeKind a, geo::ShapeKind b) {
  if (!r.ok()) throw JsonInputError(std::string("a, b: ") + geo::to_string(r.error));
  ordered_json out;
  out["a_point"] = vec(r.a_point);
  out["b_point"] = vec(r.b_point);
  out["distance"] = double(r.distance);
  out["distance_squared"] = double(r.distance_squared);
  out["a_feature"] = geo::feature_name(a, r.a_feature);
  out["b_feature"] = geo::feature_name(b, r.b_feature);
  return out;
}

template <typename T>
ordered_json closest_points_answer(const geo::AnyShape<T>& a, const geo::AnyShape<T>& b) {
  const geo::ShapeKind ka = geo::shape_kind(a), kb = geo::shape_kind(b);
  return std::visit(
      [&](const auto& sa, const auto& sb) -> ordered_json {
        if constexpr (requires { geo::closest_points(sa, sb); }) {
          auto r = geo::closest_points(sa, sb);
          ordered_json out = pair_fields(r, ka, kb);
          if constexpr (requires { r.parallel; }) {
            out["s"] = double(r.s);
            out["s_raw"] = double(r.s_raw);
            out["t"] = double(r.t);
            out["t_raw"] = double(r.t_raw);
            out["parallel"] = r.parallel;
          } else {
            out["intersecting"] = r.intersecting;
          }
          return out;
        } else if (auto convex = gjk_closest_points_answer(a, b)) {
          return *convex;
        } else {
          throw JsonInputError(std::string("closest_points between ") + geo::shape_type_name(ka) + " and " +
                               geo::shape_type_name(kb) +
                               " is not supported (any pair of line, ray and segment, or of bounded convex shapes)");
        }
      },
      a, b);
}

template <typename T>
ordered_json contains_answer(const geo::AnyShape<T>& shape, const json& request) {
  const json& point = read_field(request, "point", "");
  return std::visit(
      [&](const auto& s) -> ordered_json {
        using S = std::decay_t<decltype(s)>;
        ordered_json out;
        if constexpr (std::is_same_v<S, geo::ConvexPolygon<T>>) {
          auto r = geo::contains(s, read_point_2d<T>(point, "point"));
          out["inside"] = r.inside;
          out["edge_distances"] = numbers(r.edge_distances);
          if (r.first_separating_edge >= 0) out["separating_edge"] = r.first_separating_edge;
        } else if constexpr (std::is_same_v<S, geo::ConvexPolyhedron<T>>) {
          auto r = geo::contains(s, read_point<T>(point, "point"));
          out["inside"] = r.inside;
          out["face_distances"] = numbers(r.face_distances);
          if (r.first_separating_face >= 0) out["separating_face"] = r.first_separating_face;
        } else if constexpr (std::is_same_v<S, geo::Triangle<T>>) {
          out["inside"] = geo::contains(s, read_point_2d<T>(point, "point"));
        } else if constexpr (requires { geo::contains(s, geo::Vec3<T>()); }) {
          out["inside"] = geo::contains(s, read_point<T>(point, "point"));
        } else {
          throw JsonInputError(std::string("shape: contains is defined for aabb, obb, sphere, triangle (2D), "
                                           "polygon and polyhedron, not ") +
                               geo::shape_type_name(geo::shape_kind(shape)));
        }
        return out;
      },
      shape);
}

template <typename T>
ordered_json signed_distance_answer(const json& request) {
  const auto shape = read_shape<T>(read_field(request, "plane", ""), "plane");
  const auto* plane = std::get_if<geo::Plane<T>>(&shape);
  if (!plane) throw JsonInputError("plane: expected a shape of type \"plane\"");
  const geo::Vec3<T> p = read_point<T>(read_field(request, "point", ""), "point");
  auto r = geo::closest_point(*plane, p);
  if (!r.ok()) throw JsonInputError(std::string("plane: ") + geo::to_string(r.error));
  ordered_json out;
  out["distance"] = double(r.signed_distance);
  out["side"] = side_name(r.side);
  out["point"] = vec(r.point);
  return out;
}
}  // namespace

template <typename T>
ordered_json run_operation(const std::string& op, const json& request) {
  if (op == "closest_point") {
    return closest_point_answer(read_shape<T>(read_field(request, "shape", ""), "shape"), request);
  }
  if (op == "closest_points") {
    return closest_points_answer(read_shape<T>(read_field(request, "a", ""), "a"),
                                 read_shape<T>(read_field(request, "b", ""), "b"));
  }
  if (op == "signed_distance") return signed_distance_answer<T>(request);
  if (op == "overlap") return overlap_answer<T>(request);
  if (op == "contains") {
    return contains_answer(read_shape<T>(read_field(request, "shape", ""), "shape"), request);
  }
  throw JsonInputError("op: unknown operation \"" + op +
                       "\" (expected closest_point, closest_points, signed_distance, contains or overlap)");
}

template ordered_json run_operation<float>(const std::string&, const json&);
template ordered_json run_operation<double>(const std::string&, const json&);
