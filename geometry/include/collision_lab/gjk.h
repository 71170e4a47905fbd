#pragma once
// GJK distance between convex shapes, through their support functions, recording every
// iteration in a trace when given one so the UI can step through a run; without a trace
// a run allocates nothing. Implemented in gjk.cpp.
#include "collision_lab/result.h"
#include "collision_lab/small_list.h"
#include "collision_lab/support.h"

#include <array>
#include <vector>

namespace geo {

template <typename T>
struct GjkIteration {
  FixedList<MinkowskiVertex<T>, 4> simplex;  // after reduction to the sub-simplex closest to the origin
  Vec3<T> closest{0};     // the point of the simplex closest to the origin
  Vec3<T> direction{0};   // the next search direction (-closest)
  T lower_bound = 0;      // the distance can be no less than this (from the support plane)
  FixedList<T, 4> weights;  // barycentric weights of `closest` on the simplex vertices
};

enum class GjkTermination {
  Converged,      // the support point no longer improves the distance (within tolerance)
  Overlap,        // the simplex contains the origin: the shapes overlap (or touch)
  MaxIterations,  // a safety net; the answer is the best found
  NoProgress,     // a repeated support point (numerical end of progress)
};

template <typename T>
struct [[nodiscard]] GjkResult {
  bool overlap = false;
  Vec3<T> a_point{0}, b_point{0};  // closest points (equal witness points when overlapping)
  T distance = 0, distance_squared = 0;
  // Apart: a unit axis from A to B, and the gap along it measured from the support
  // functions (A's farthest point against B's nearest), so it never exceeds the true gap
  // along the axis; at most `distance`.
  Vec3<T> axis{0};
  T separation = 0;
  // False when rounding may have decided the verdict: a gap too thin for the axis to
  // separate the supports, or an overlap only within the touching tolerance.
  bool certain = true;
  int iteration_count = 0;  // support evaluations in the main loop (the cache saves these)
  GjkTermination termination = GjkTermination::Converged;
  // The final simplex of the shapes' cores and the weights that give the closest points.
  FixedList<MinkowskiVertex<T>, 4> simplex;
  FixedList<T, 4> weights;
  T lower_bound = 0;  // the best lower bound on the core distance the run proved
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

// Frame-to-frame coherence: the last final simplex's vertex indices seed the next run.
struct GjkCache {
  FixedList<std::array<int, 2>, 4> simplex;  // (vertex of A, vertex of B)
  bool valid = false;
};

// Every iteration of a run, for the UI's step-through; apart from GjkResult so that a
// run without one allocates nothing. A run given a trace clears it first.
template <typename T>
struct GjkTrace {
  std::vector<GjkIteration<T>> iterations;
};

struct GjkOptions {
  GjkCache* cache = nullptr;
  int max_iterations = 64;
};

// Spheres are run exactly: GJK works on the centre as a point (the core) and the radius
// is subtracted afterwards, so the iterations shown are those of the cores. Every other
// shape is a polytope, so GJK ends in finitely many steps: when the support point no
// longer lowers |v|² by a relative 64 ulp, or repeats a simplex vertex. Overlap means
// a distance of at most 64 ulp of the Minkowski difference's size (touching overlaps).
// The verdict is certain when an axis separates the supports by more than rounding, or
// the final simplex holds the origin by more than the touching tolerance.
template <typename T>
GjkResult<T> gjk_distance(const ConvexShape<T>& a, const ConvexShape<T>& b, const GjkOptions& options = {},
                          GjkTrace<T>* trace = nullptr);

}  // namespace geo
