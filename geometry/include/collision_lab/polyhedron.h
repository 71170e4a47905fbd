#pragma once
// Queries on convex polyhedra (built with make_convex_hull, hull.h): containment by face
// planes and the closest point. Implemented in polyhedron.cpp.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <vector>

namespace geo {

// The distance of every face, for the UI; apart from the results so that they hold no heap
// memory. A query given a trace clears it first (and leaves it empty when it refuses the
// input).
template <typename T>
struct PolyhedronTrace {
  std::vector<T> face_distances;  // N_i·P − D_i per face (positive: outside that face)
};

template <typename T>
struct [[nodiscard]] PolyhedronContainment {
  bool inside = false;
  int first_separating_face = -1;  // the first face with P outside, or the farthest one, or -1
  T tolerance = 0;                      // the size-relative slack a boundary point is allowed
  QueryError error = QueryError::None;  // NonFiniteInput, or InvalidShape without faces
  bool ok() const { return error == QueryError::None; }
};
template <typename T>
PolyhedronContainment<T> contains(const ConvexPolyhedron<T>& hull, const Vec3<T>& p,
                                  PolyhedronTrace<T>* trace = nullptr);

template <typename T>
struct [[nodiscard]] PolyhedronClosestPoint : ClosestPointResult<T> {};
template <typename T>
PolyhedronClosestPoint<T> closest_point(const ConvexPolyhedron<T>& hull, const Vec3<T>& p,
                                        PolyhedronTrace<T>* trace = nullptr);

}  // namespace geo
