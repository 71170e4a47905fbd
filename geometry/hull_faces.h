#pragma once
// Private to the hull: the triangle mesh quickhull grows (hull.cpp) and its conversion
// into merged polygon faces (hull_faces.cpp). Not part of the library's API.
#include "geometry/shapes.h"

#include <array>
#include <string>
#include <vector>

namespace geo::hull_detail {

template <typename T>
struct TriangleFace {
  std::array<int, 3> v{};         // counter-clockwise seen from outside
  std::array<int, 3> neighbor{};  // the face across edge v[k] -> v[k + 1]
  Vec3<T> normal{0};              // unit, outward; zero only if the triangle is degenerate
  T offset = 0;
  std::vector<int> outside;       // points above this face not yet on the hull
  bool alive = true;
};

template <typename T>
struct TriangleMesh {
  std::vector<Vec3<T>> points;  // every input point, moved near the origin
  std::vector<TriangleFace<T>> faces;
  T tolerance = 0;              // how far off a plane still counts as on it
};

// Merges coplanar triangles into polygons, drops vertices that lie on an edge or
// inside a face, and fills `hull` with the input points they stand for.
template <typename T>
bool polygon_faces(const TriangleMesh<T>& mesh, const std::vector<Vec3<T>>& input, ConvexPolyhedron<T>& hull,
                   std::string& message);

}  // namespace geo::hull_detail
