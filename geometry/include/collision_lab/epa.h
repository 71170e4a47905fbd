#pragma once
// EPA penetration depth between convex shapes, recording every expansion step in a trace
// when given one so the UI can step through a run; without a trace a run allocates
// nothing unless its polytope outgrows the room kept in place. Implemented in epa.cpp.
#include "collision_lab/result.h"
#include "collision_lab/support.h"

#include <array>
#include <vector>

namespace geo {

template <typename T>
struct EpaStep {
  std::vector<Vec3<T>> vertices;               // the expanding polytope
  std::vector<std::array<int, 3>> faces;
  int closest_face = -1;                       // the face nearest the origin, expanded next
  T closest_distance = 0;
};

template <typename T>
struct [[nodiscard]] EpaResult {
  Vec3<T> axis{0};   // unit, from A to B: moving B by depth * axis separates them
  T depth = 0;
  Vec3<T> a_point{0}, b_point{0};  // the deepest points of A in B and of B in A
  int iteration_count = 0;
  bool converged = false;
  bool overlap = false;  // false: the shapes are apart, depth 0 and axis from A's closest point to B's
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

// Every expansion step of a run, for the UI's step-through; apart from EpaResult so that
// a run without one allocates nothing. A run given a trace clears it first.
template <typename T>
struct EpaTrace {
  std::vector<EpaStep<T>> steps;
};

// Penetration depth of overlapping shapes (depth 0 when they only touch). The depth
// reported is the support of A - B along the final axis, so moving B by depth * axis
// always separates. Spheres: exact, the depth of the cores plus the radii (or the radii
// minus the distance when only the spheres overlap). A flat Minkowski difference (e.g.
// two polygons in z = 0) is expanded in its plane: the depth is the least translation
// within the plane (no steps are recorded for it); a segment or point has depth 0.
template <typename T>
EpaResult<T> epa_penetration(const ConvexShape<T>& a, const ConvexShape<T>& b, EpaTrace<T>* trace = nullptr);

}  // namespace geo
