#pragma once
// GJK distance and EPA penetration depth between convex shapes, through support
// functions, recording every iteration so the UI can step through a run.
// Implemented in support.cpp (support functions), gjk.cpp and epa.cpp.
#include "geometry/result.h"
#include "geometry/shapes.h"

#include <utility>
#include <variant>
#include <vector>

namespace geo {

// A convex shape GJK can take: a point, segment, triangle, polygon (in z = 0),
// polyhedron, AABB, OBB or sphere.
template <typename T>
using ConvexShape = std::variant<Vec3<T>, Segment<T>, Triangle<T>, ConvexPolygon<T>, ConvexPolyhedron<T>,
                                 Aabb<T>, Obb<T>, Sphere<T>>;

template <typename T>
struct SupportPoint {
  Vec3<T> point{0};
  int vertex = -1;  // which vertex of the shape (-1 for a sphere's surface point)
};
// The point of `shape` farthest along `direction` (ties broken by the lowest vertex index).
template <typename T> SupportPoint<T> support(const ConvexShape<T>& shape, const Vec3<T>& direction);
// Vertex `index` of the shape, numbered as support() numbers them (vertex -1 when there
// is no such vertex; a sphere has none, a point has vertex 0).
template <typename T> SupportPoint<T> shape_vertex(const ConvexShape<T>& shape, int index);
// NonFiniteInput for a NaN or infinity anywhere; InvalidShape for a negative radius or
// half-extent, a polygon or polyhedron without vertices, or a polyhedron without faces.
template <typename T> QueryError validate_shape(const ConvexShape<T>& shape);

// A vertex of the Minkowski difference A - B and the shape vertices it came from.
template <typename T>
struct MinkowskiVertex {
  Vec3<T> w{0};            // a - b
  Vec3<T> a{0}, b{0};
  int vertex_a = -1, vertex_b = -1;
};

template <typename T>
struct GjkIteration {
  std::vector<MinkowskiVertex<T>> simplex;  // after reduction to the sub-simplex closest to the origin
  Vec3<T> closest{0};     // the point of the simplex closest to the origin
  Vec3<T> direction{0};   // the next search direction (-closest)
  T lower_bound = 0;      // the distance can be no less than this (from the support plane)
  std::vector<T> weights;  // barycentric weights of `closest` on the simplex vertices
};

enum class GjkTermination {
  Converged,      // the support point no longer improves the distance (within tolerance)
  Overlap,        // the simplex contains the origin: the shapes overlap (or touch)
  MaxIterations,  // a safety net; the answer is the best found
  NoProgress,     // a repeated support point (numerical end of progress)
};

template <typename T>
struct GjkResult {
  bool overlap = false;
  Vec3<T> a_point{0}, b_point{0};  // closest points (equal witness points when overlapping)
  T distance = 0, distance_squared = 0;
  std::vector<GjkIteration<T>> iterations;
  int iteration_count = 0;  // support evaluations in the main loop (the cache saves these)
  GjkTermination termination = GjkTermination::Converged;
  // The final simplex of the shapes' cores and the weights that give the closest points.
  std::vector<MinkowskiVertex<T>> simplex;
  std::vector<T> weights;
  T lower_bound = 0;  // the best lower bound on the core distance the run proved
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

// Frame-to-frame coherence: the last final simplex's vertex indices seed the next run.
struct GjkCache {
  std::vector<std::pair<int, int>> simplex;  // (vertex of A, vertex of B)
  bool valid = false;
};

struct GjkOptions {
  bool record_iterations = true;
  GjkCache* cache = nullptr;
  int max_iterations = 64;
};

// Spheres are run exactly: GJK works on the centre as a point (the core) and the radius
// is subtracted afterwards, so the iterations shown are those of the cores. Every other
// shape is a polytope, so GJK ends in finitely many steps: when the support point no
// longer lowers |v|² by a relative 64 ulp, or repeats a simplex vertex. Overlap means
// a distance of at most 64 ulp of the Minkowski difference's size (touching overlaps).
template <typename T>
GjkResult<T> gjk_distance(const ConvexShape<T>& a, const ConvexShape<T>& b, const GjkOptions& options = {});

template <typename T>
struct EpaStep {
  std::vector<Vec3<T>> vertices;               // the expanding polytope
  std::vector<std::array<int, 3>> faces;
  int closest_face = -1;                       // the face nearest the origin, expanded next
  T closest_distance = 0;
};

template <typename T>
struct EpaResult {
  Vec3<T> axis{0};   // unit, from A to B: moving B by depth * axis separates them
  T depth = 0;
  Vec3<T> a_point{0}, b_point{0};  // the deepest points of A in B and of B in A
  std::vector<EpaStep<T>> steps;
  int iteration_count = 0;
  bool converged = false;
  bool overlap = false;  // false: the shapes are apart, depth 0 and axis from A's closest point to B's
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

// Penetration depth of overlapping shapes (depth 0 when they only touch). The depth
// reported is the support of A - B along the final axis, so moving B by depth * axis
// always separates. Spheres: exact, the depth of the cores plus the radii (or the radii
// minus the distance when only the spheres overlap). A flat Minkowski difference (e.g.
// two polygons in z = 0) has depth 0 along its normal.
template <typename T>
EpaResult<T> epa_penetration(const ConvexShape<T>& a, const ConvexShape<T>& b, bool record_steps = true);

}  // namespace geo
