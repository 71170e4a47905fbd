#include "collision_lab/query/operations.h"

#include "collision_lab/query/answers.h"
#include "collision_lab/query/known_keys.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/overlap_operations.h"
#include "collision_lab/query/query_scale.h"
#include "collision_lab/query/shape_json.h"

#include "collision_lab/containment.h"
#include "collision_lab/linear_pairs.h"
#include "collision_lab/plane.h"

namespace query {

using nlohmann::json;

namespace {
template <typename T, typename Value>
void closest_point_operation(const geo::AnyShape<T>& shape, const Value& request, AnswerFields& out) {
  const geo::Vec3<T> p = read_point<T>(read_field(request, "point", ""), "point");
  const geo::ShapeKind kind = geo::shape_kind(shape);
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, geo::ConvexPolygon<T>>) {
          geo::PolygonTrace<T> trace;  // the answer lists every edge's distance
          const auto result = geo::closest_point(s, read_point_2d<T>(request["point"], "point"), &trace);
          closest_point_answer(out, result, trace);
        } else if constexpr (std::is_same_v<S, geo::ConvexPolyhedron<T>>) {
          geo::PolyhedronTrace<T> trace;
          const auto result = geo::closest_point(s, p, &trace);
          closest_point_answer(out, result, trace);
        } else if constexpr (requires { closest_point_answer(out, geo::closest_point(s, p)); }) {
          closest_point_answer(out, geo::closest_point(s, p));
        } else {
          closest_point_answer(out, geo::closest_point(s, p), kind);  // line, ray, segment, boxes
        }
      },
      shape);
}

template <typename T>
void closest_points_operation(const geo::AnyShape<T>& a, const geo::AnyShape<T>& b, AnswerFields& out) {
  const geo::ShapeKind ka = geo::shape_kind(a), kb = geo::shape_kind(b);
  std::visit(
      [&](const auto& sa, const auto& sb) {
        if constexpr (requires { geo::closest_points(sa, sb); }) {
          closest_points_answer(out, geo::closest_points(sa, sb), ka, kb);
        } else if (auto convex = convex_closest_points(a, b)) {
          out.fields(*convex);
        } else {
          throw JsonInputError(std::string("closest_points between ") + geo::shape_type_name(ka) + " and " +
                               geo::shape_type_name(kb) +
                               " is not supported (any pair of line, ray and segment, or of bounded convex shapes)");
        }
      },
      a, b);
}

template <typename T, typename Value>
void contains_operation(const geo::AnyShape<T>& shape, const Value& request, AnswerFields& out) {
  const Value& point = read_field(request, "point", "");
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, geo::ConvexPolygon<T>>) {
          geo::PolygonTrace<T> trace;  // the answer lists every edge's distance
          const auto result = geo::contains(s, read_point_2d<T>(point, "point"), &trace);
          contains_answer(out, result, trace);
        } else if constexpr (std::is_same_v<S, geo::Triangle<T>>) {
          contains_answer(out, geo::contains(s, read_point_2d<T>(point, "point")));
        } else if constexpr (std::is_same_v<S, geo::ConvexPolyhedron<T>>) {
          geo::PolyhedronTrace<T> trace;
          const auto result = geo::contains(s, read_point<T>(point, "point"), &trace);
          contains_answer(out, result, trace);
        } else if constexpr (requires { geo::contains(s, geo::Vec3<T>()); }) {
          contains_answer(out, geo::contains(s, read_point<T>(point, "point")));
        } else {
          throw JsonInputError(std::string("shape: contains is defined for aabb, obb, sphere, triangle (2D), "
                                           "polygon and polyhedron, not ") +
                               geo::shape_type_name(geo::shape_kind(shape)));
        }
      },
      shape);
}

template <typename T, typename Value>
void signed_distance_operation(const Value& request, AnswerFields& out) {
  const auto shape = read_shape<T>(read_field(request, "plane", ""), "plane");
  const auto* plane = std::get_if<geo::Plane<T>>(&shape);
  if (!plane) {
    throw JsonInputError("plane: expected a shape of type \"plane\", got " + std::string(geo::shape_type_name(geo::shape_kind(shape))));
  }
  const geo::Vec3<T> p = read_point<T>(read_field(request, "point", ""), "point");
  signed_distance_answer(out, geo::closest_point(*plane, p));
}

// The operation on the request as given, at whatever scale it is.
template <typename T, typename Value>
void run_unscaled(const std::string& op, const Value& request, AnswerFields& out) {
  refuse_unknown_line_keys(request, op);
  if (op == "closest_point") {
    return closest_point_operation(read_shape<T>(read_field(request, "shape", ""), "shape"), request, out);
  }
  if (op == "closest_points") {
    return closest_points_operation(read_shape<T>(read_field(request, "a", ""), "a"),
                                    read_shape<T>(read_field(request, "b", ""), "b"), out);
  }
  if (op == "signed_distance") return signed_distance_operation<T>(request, out);
  if (op == "overlap") {
    if constexpr (std::is_same_v<Value, json>) {
      return out.fields(overlap_operation<T>(request));
    } else {
      throw NeedsJsonPath();  // the overlap operation reads nlohmann's values only
    }
  }
  if (op == "contains") {
    return contains_operation(read_shape<T>(read_field(request, "shape", ""), "shape"), request, out);
  }
  throw JsonInputError("op: unknown operation " + quoted_for_message(op) +
                       " (expected closest_point, closest_points, signed_distance, contains or overlap)");
}

// Messages quote the request's numbers (`got z = 3`): when the field that failed on the
// scaled request fails as written too, its message as written is the one to give.
template <typename T>
void rethrow_as_written(const std::string& op, const json& request, const JsonInputError& scaled_error) {
  try {
    JsonFields ignored;
    run_unscaled<T>(op, request, ignored);
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
  JsonFields fields;
  try {
    run_unscaled<T>(op, scaled, fields);
  } catch (const JsonInputError& scaled_error) {
    if (exponent != 0) rethrow_as_written<T>(op, request, scaled_error);
    throw;
  }
  ordered_json answer = fields.take();
  scale_answer(answer, exponent);
  return answer;
}

template <typename T>
void answer_into_line(const std::string& op, FlatValue& request, std::string& line) {
  LineFields fields(line, scale_request<T>(request));
  run_unscaled<T>(op, request, fields);
}

template ordered_json run_operation<float>(const std::string&, const json&);
template ordered_json run_operation<double>(const std::string&, const json&);
template void answer_into_line<float>(const std::string&, FlatValue&, std::string&);
template void answer_into_line<double>(const std::string&, FlatValue&, std::string&);

}  // namespace query
