#include "query/operations.h"

#include "query/answers.h"
#include "query/message_text.h"
#include "query/overlap_operations.h"
#include "query/query_scale.h"
#include "query/shape_json.h"

#include "geometry/containment.h"
#include "geometry/linear_pairs.h"
#include "geometry/plane.h"

namespace query {

using nlohmann::json;

namespace {
template <typename T>
ordered_json closest_point_operation(const geo::AnyShape<T>& shape, const json& request) {
  const geo::Vec3<T> p = read_point<T>(read_field(request, "point", ""), "point");
  const geo::ShapeKind kind = geo::shape_kind(shape);
  return std::visit(
      [&](const auto& s) -> ordered_json {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, geo::ConvexPolygon<T>>) {
          return closest_point_answer(geo::closest_point(s, read_point_2d<T>(request["point"], "point")));
        } else if constexpr (requires { closest_point_answer(geo::closest_point(s, p)); }) {
          return closest_point_answer(geo::closest_point(s, p));
        } else {
          return closest_point_answer(geo::closest_point(s, p), kind);  // line, ray, segment, boxes
        }
      },
      shape);
}

template <typename T>
ordered_json closest_points_operation(const geo::AnyShape<T>& a, const geo::AnyShape<T>& b) {
  const geo::ShapeKind ka = geo::shape_kind(a), kb = geo::shape_kind(b);
  return std::visit(
      [&](const auto& sa, const auto& sb) -> ordered_json {
        if constexpr (requires { geo::closest_points(sa, sb); }) {
          return closest_points_answer(geo::closest_points(sa, sb), ka, kb);
        } else if (auto convex = convex_closest_points(a, b)) {
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
ordered_json contains_operation(const geo::AnyShape<T>& shape, const json& request) {
  const json& point = read_field(request, "point", "");
  return std::visit(
      [&](const auto& s) -> ordered_json {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, geo::ConvexPolygon<T>> || std::is_same_v<S, geo::Triangle<T>>) {
          return contains_answer(geo::contains(s, read_point_2d<T>(point, "point")));
        } else if constexpr (requires { geo::contains(s, geo::Vec3<T>()); }) {
          return contains_answer(geo::contains(s, read_point<T>(point, "point")));
        } else {
          throw JsonInputError(std::string("shape: contains is defined for aabb, obb, sphere, triangle (2D), "
                                           "polygon and polyhedron, not ") +
                               geo::shape_type_name(geo::shape_kind(shape)));
        }
      },
      shape);
}

template <typename T>
ordered_json signed_distance_operation(const json& request) {
  const auto shape = read_shape<T>(read_field(request, "plane", ""), "plane");
  const auto* plane = std::get_if<geo::Plane<T>>(&shape);
  if (!plane) throw JsonInputError("plane: expected a shape of type \"plane\"");
  const geo::Vec3<T> p = read_point<T>(read_field(request, "point", ""), "point");
  return signed_distance_answer(geo::closest_point(*plane, p));
}

// The operation on the request as given, at whatever scale it is.
template <typename T>
ordered_json run_unscaled(const std::string& op, const json& request) {
  if (op == "closest_point") {
    return closest_point_operation(read_shape<T>(read_field(request, "shape", ""), "shape"), request);
  }
  if (op == "closest_points") {
    return closest_points_operation(read_shape<T>(read_field(request, "a", ""), "a"),
                                    read_shape<T>(read_field(request, "b", ""), "b"));
  }
  if (op == "signed_distance") return signed_distance_operation<T>(request);
  if (op == "overlap") return overlap_operation<T>(request);
  if (op == "contains") {
    return contains_operation(read_shape<T>(read_field(request, "shape", ""), "shape"), request);
  }
  throw JsonInputError("op: unknown operation " + quoted_for_message(op) +
                       " (expected closest_point, closest_points, signed_distance, contains or overlap)");
}

// Messages quote the request's numbers (`got z = 3`): when the field that failed on the
// scaled request fails as written too, its message as written is the one to give.
template <typename T>
void rethrow_as_written(const std::string& op, const json& request, const JsonInputError& scaled_error) {
  try {
    run_unscaled<T>(op, request);
  } catch (const JsonInputError& error) {
    const std::string_view message = error.what(), scaled_message = scaled_error.what();
    if (message.substr(0, message.find(':')) == scaled_message.substr(0, scaled_message.find(':'))) throw;
  }
}
}  // namespace

template <typename T>
ordered_json run_operation(const std::string& op, const json& request) {
  json scaled = request;
  const int exponent = scale_request<T>(scaled);
  ordered_json answer;
  try {
    answer = run_unscaled<T>(op, scaled);
  } catch (const JsonInputError& scaled_error) {
    if (exponent != 0) rethrow_as_written<T>(op, request, scaled_error);
    throw;
  }
  scale_answer(answer, exponent);
  return answer;
}

template ordered_json run_operation<float>(const std::string&, const json&);
template ordered_json run_operation<double>(const std::string&, const json&);

}  // namespace query
