#pragma once
// Private to the hull: the triangle mesh quickhull grows (hull_conflicts.cpp) and its
// conversion into merged polygon faces (hull_faces.cpp). Not part of the library's API.
#include "collision_lab/shapes.h"

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
  // The points above this face not yet on the hull (a list threaded through the
  // grower's per-point links, hull_conflicts.cpp) and the farthest of those more than
  // the tolerance above, the next eye (-1: none).
  int outside_head = -1;
  int farthest = -1;
  T farthest_height = 0;
  int visited = -1;               // the growth step that last found it visible
  bool alive = true;
};

template <typename T>
struct TriangleMesh {
  // Every input point, moved near the origin and scaled by a power of two (two factors,
  // each within T's range) that brings the largest coordinate near 1, in spatial order.
  std::vector<Vec3<T>> points;
  std::vector<int> input_index;        // per point: its index in the input
  std::vector<TriangleFace<T>> faces;  // a dead face's slot may be reused by a later face
  T tolerance = 0;                     // how far off a plane still counts as on it, scaled
  std::array<T, 2> scale{1, 1};
  Vec3<T> scaled(const Vec3<T>& p) const { return p * scale[0] * scale[1]; }  // exact
};

// Merges coplanar triangles into polygons, drops vertices that lie on an edge or
// inside a face, and fills `hull` with the input points they stand for.
template <typename T>
bool polygon_faces(const TriangleMesh<T>& mesh, const std::vector<Vec3<T>>& input, ConvexPolyhedron<T>& hull,
                   std::string& message);

}  // namespace geo::hull_detail
