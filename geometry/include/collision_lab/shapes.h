#pragma once
// The shapes of Collision Lab: plain structs, templated on the scalar. 2D shapes live
// in the z = 0 plane, except the convex polygon, which is 2D by definition.
#include "collision_lab/vec.h"

#include <array>
#include <vector>

namespace geo {

template <typename T>
struct Line {  // origin + s * direction, s in (-inf, inf)
  Vec3<T> origin{0};
  Vec3<T> direction{1, 0, 0};
};

template <typename T>
struct Ray {  // origin + t * direction, t >= 0
  Vec3<T> origin{0};
  Vec3<T> direction{1, 0, 0};
};

template <typename T>
struct Segment {  // a + t * (b - a), t in [0, 1]
  Vec3<T> a{0};
  Vec3<T> b{1, 0, 0};
};

template <typename T>
struct Plane {  // the points X with dot(normal, X) == d; normal is unit length
  Vec3<T> normal{0, 0, 1};
  T d = 0;
};

template <typename T>
struct Aabb {
  Vec3<T> min{-1};
  Vec3<T> max{1};
};

template <typename T>
struct Obb {
  Vec3<T> center{0};
  // Orthonormal within kObbAxisTolerance (1e-6, shape_check.h), or the queries refuse the box.
  std::array<Vec3<T>, 3> axes{Vec3<T>(1, 0, 0), Vec3<T>(0, 1, 0), Vec3<T>(0, 0, 1)};
  Vec3<T> half_extents{1};
};

template <typename T>
struct Sphere {  // a circle in 2D
  Vec3<T> center{0};
  T radius = 1;
};

template <typename T>
struct Triangle {
  Vec3<T> a{0};
  Vec3<T> b{1, 0, 0};
  Vec3<T> c{0, 1, 0};
};

// A convex polygon in the plane, counter-clockwise (make_convex_polygon orders it).
template <typename T>
struct ConvexPolygon {
  std::vector<Vec2<T>> vertices;
};

// A convex polyhedron: the convex hull of a point set (build it with make_convex_hull).
template <typename T>
struct ConvexPolyhedron {
  std::vector<Vec3<T>> vertices;              // hull vertices only
  std::vector<std::vector<int>> faces;        // vertex indices, counter-clockwise seen from outside
  std::vector<Plane<T>> face_planes;          // outward unit normals, one per face
  std::vector<std::array<int, 2>> edges;      // each hull edge once
};

}  // namespace geo
