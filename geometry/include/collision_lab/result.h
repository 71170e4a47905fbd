#pragma once
// What every query answers besides the point: which feature of the shape is closest,
// and whether the input could be used at all.
#include "collision_lab/vec.h"

#include <limits>
#include <string>
#include <type_traits>

namespace geo {

// Non-finite or invalid input is refused, never propagated: a result with an error holds
// quiet NaN in every number it answers (see refuse), so it cannot pass for an answer.
// shape_check.h states what each shape must be, and says why one is refused.
enum class QueryError {
  None,
  NonFiniteInput,  // a NaN or an infinity in a point, direction, extent or radius
  InvalidShape,    // e.g. a negative radius or half-extent, or too few points for a hull
};

const char* to_string(QueryError error);

// What a query of two inputs reports: a non-finite input before an invalid shape.
inline QueryError pair_error(QueryError a, QueryError b) {
  if (a == QueryError::NonFiniteInput || b == QueryError::NonFiniteInput) return QueryError::NonFiniteInput;
  return a != QueryError::None ? a : b;
}

enum class ShapeKind { Point, Line, Ray, Segment, Plane, Aabb, Obb, Sphere, Triangle, Polygon, Polyhedron };

// The feature of a shape a closest point lies on. `index` says which one:
// - segment: Vertex 0 = a, Vertex 1 = b, Edge 0 = its interior; ray: Vertex 0 = origin, Edge 0;
//   line: Edge 0; plane: Face 0; point: Vertex 0
// - triangle: Vertex 0..2 = a, b, c; Edge 0..2 = ab, bc, ca; Face 0
// - box (AABB, OBB), in the box's own axes: Face 2k + s is the face normal to axis k on side s
//   (s = 0: minus, 1: plus); Vertex i has the sign of axis k in bit k (0: minus, 1: plus);
//   Edge 4k + j runs along axis k, with bit 0 of j the sign on axis (k+1)%3 and bit 1 on (k+2)%3
// - sphere: Face 0 = the surface
// - polygon: Vertex i, Edge i (from vertex i to i + 1); polyhedron: Vertex i, Edge i, Face i
// Inside means the point lies inside a solid and is its own closest point.
enum class Feature { Inside, Vertex, Edge, Face };

struct FeatureRef {
  Feature kind = Feature::Inside;
  int index = 0;
  bool operator==(const FeatureRef&) const = default;
};

// A short readable name: "vertex a", "edge bc", "face +x", "edge +x-z", "inside", "edge 3".
std::string feature_name(ShapeKind shape, FeatureRef feature);

// The fields every closest-point answer has.
template <typename T, int N = 3>
struct [[nodiscard]] ClosestPointResult {
  glm::vec<N, T, glm::defaultp> point{0};  // the closest point on the shape
  T distance = 0;
  T distance_squared = 0;
  FeatureRef feature;
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

namespace detail {
template <typename Field>
void set_nan(Field& field) {
  if constexpr (std::is_floating_point_v<Field>) field = std::numeric_limits<Field>::quiet_NaN();
  else field = Field(std::numeric_limits<typename Field::value_type>::quiet_NaN());  // a glm vector
}

// Every floating-point answer field, found by name, so that no result type is missed.
template <typename Result>
void set_answers_nan(Result& r) {
  if constexpr (requires { r.point; }) set_nan(r.point);
  if constexpr (requires { r.distance; }) set_nan(r.distance);
  if constexpr (requires { r.distance_squared; }) set_nan(r.distance_squared);
  if constexpr (requires { r.a_point; }) set_nan(r.a_point);
  if constexpr (requires { r.b_point; }) set_nan(r.b_point);
  if constexpr (requires { r.t_raw; }) set_nan(r.t_raw);
  if constexpr (requires { r.t; }) set_nan(r.t);
  if constexpr (requires { r.s_raw; }) set_nan(r.s_raw);
  if constexpr (requires { r.s; }) set_nan(r.s);
  if constexpr (requires { r.dot_start; }) set_nan(r.dot_start);
  if constexpr (requires { r.dot_end; }) set_nan(r.dot_end);
  if constexpr (requires { r.signed_distance; }) set_nan(r.signed_distance);
  if constexpr (requires { r.center_distance; }) set_nan(r.center_distance);
  if constexpr (requires { r.local; }) set_nan(r.local);
  if constexpr (requires { r.local_clamped; }) set_nan(r.local_clamped);
  if constexpr (requires { r.barycentric; }) set_nan(r.barycentric);
  if constexpr (requires { r.d1; }) {  // a triangle's region tests
    for (auto* f : {&r.d1, &r.d2, &r.d3, &r.d4, &r.d5, &r.d6, &r.va, &r.vb, &r.vc}) set_nan(*f);
  }
  if constexpr (requires { r.axis; }) set_nan(r.axis);
  if constexpr (requires { r.separation; }) set_nan(r.separation);
  if constexpr (requires { r.depth; }) set_nan(r.depth);
  if constexpr (requires { r.lower_bound; }) set_nan(r.lower_bound);
  if constexpr (requires { r.tolerance; }) set_nan(r.tolerance);
  if constexpr (requires { r.gap; }) {  // a SAT axis
    for (auto* f : {&r.a_min, &r.a_max, &r.b_min, &r.b_max, &r.gap}) set_nan(*f);
  }
  if constexpr (requires { r.first_separating_axis; }) set_answers_nan(r.first_separating_axis);
  if constexpr (requires { r.plane.normal; }) {  // a builder's plane
    set_nan(r.plane.normal);
    set_nan(r.plane.d);
  }
}
}  // namespace detail

// Marks `result` refused: `error` set, every floating-point answer quiet NaN.
template <typename Result>
void refuse(Result& result, QueryError error) {
  result.error = error;
  detail::set_answers_nan(result);
}

// A refused result of any answer type with an `error` field (see refuse).
template <typename Result>
Result failed(QueryError error) {
  Result result;
  refuse(result, error);
  return result;
}

// Fills distance and distance_squared from the query point and result.point.
template <typename T, int N>
void set_distance(ClosestPointResult<T, N>& result, const glm::vec<N, T, glm::defaultp>& query) {
  const auto delta = query - result.point;
  result.distance_squared = glm::dot(delta, delta);
  result.distance = std::sqrt(result.distance_squared);
}

}  // namespace geo
