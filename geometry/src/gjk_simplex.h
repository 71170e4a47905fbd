#pragma once
// What GJK and EPA share: the sub-simplex solver, the point of a simplex (1 to 4 points)
// closest to the origin with its barycentric weights (in gjk_simplex.cpp), and the
// shapes' cores (inline below).
#include "collision_lab/support.h"
#include "collision_lab/vec.h"

#include <array>

namespace geo {

template <typename T>
struct SimplexClosest {
  Vec3<T> point{0};
  T distance_squared = 0;
  std::array<T, 4> weights{};    // per input point; zero off the closest sub-simplex
  bool contains_origin = false;  // a solid tetrahedron with the origin inside or on it
};

// Degenerate simplices (repeated points, collinear triangles, flat tetrahedra, measured
// against the simplex's own size) are solved as the lower-dimensional shape they are.
template <typename T>
SimplexClosest<T> closest_to_origin(const std::array<Vec3<T>, 4>& points, int count);

// Weights of a simplex whose convex combination is the origin, corrected by steps of
// iterative refinement against their residual sum: signed volumes of a thin simplex carry
// an error of rounding times its condition, which moves the combination far from the
// origin. Kept convex; a step that does not shrink the residual is dropped.
template <typename T>
void refine_origin_weights(const std::array<Vec3<T>, 4>& points, int count, std::array<T, 4>& weights);

// GJK and EPA run on cores: a sphere's core is its centre (its radius is added back
// exactly afterwards); every other shape is its own core. Do not copy a Core.
template <typename T>
struct Core {
  ConvexShape<T> centre;
  const ConvexShape<T>* shape = nullptr;
  T radius = 0;
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;
  explicit Core(const ConvexShape<T>& s) : centre(Vec3<T>(0)), shape(&s) {
    if (const auto* sphere = std::get_if<Sphere<T>>(&s)) {
      centre = sphere->center;
      shape = &centre;
      radius = sphere->radius;
    }
  }
};

template <typename T>
MinkowskiVertex<T> minkowski(const SupportPoint<T>& a, const SupportPoint<T>& b) {
  return {a.point - b.point, a.point, b.point, a.vertex, b.vertex};
}

}  // namespace geo
