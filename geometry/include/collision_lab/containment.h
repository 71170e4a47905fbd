#pragma once
// Point containment for boxes and spheres. Shapes are closed: the boundary is inside,
// within a tolerance relative to the shape's size. Implemented in containment.cpp.
// Triangles, polygons and polyhedra have theirs beside their closest-point queries.
// A bool has no room for an error: a shape or point that shape_check.h refuses is never
// inside (false), so ask shape_problem first where "outside" and "refused" differ.
#include "collision_lab/shapes.h"

namespace geo {

template <typename T> bool contains(const Aabb<T>& box, const Vec3<T>& p);
template <typename T> bool contains(const Obb<T>& box, const Vec3<T>& p);
template <typename T> bool contains(const Sphere<T>& sphere, const Vec3<T>& p);

}  // namespace geo
