#pragma once
// What every query answers besides the point: which feature of the shape is closest,
// and whether the input could be used at all.
#include "collision_lab/vec.h"

#include <string>

namespace geo {

// Non-finite input is rejected, never propagated: a result with an error holds zeros.
enum class QueryError {
  None,
  NonFiniteInput,  // a NaN or an infinity in a point, direction, extent or radius
  InvalidShape,    // e.g. a negative radius or half-extent, or too few points for a hull
};

const char* to_string(QueryError error);

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
struct ClosestPointResult {
  glm::vec<N, T, glm::defaultp> point{0};  // the closest point on the shape
  T distance = 0;
  T distance_squared = 0;
  FeatureRef feature;
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

// A default result (zeros) that reports `error`: any answer type with an `error` field.
template <typename Result>
Result failed(QueryError error) {
  Result result;
  result.error = error;
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
