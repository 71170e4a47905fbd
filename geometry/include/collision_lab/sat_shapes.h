#pragma once
// Convex shapes as the Separating Axis Test sees them: vertices, unit face normals and
// edge directions, parallel duplicates removed, and a polyhedron's edges on its Gauss map.
// Implemented in sat_shapes.cpp.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <vector>

namespace geo {

// A polyhedron's edge on its Gauss map (the sphere of outward normals): the arc between
// the unit normals of the two faces that meet at it. Two edges' cross product is a face
// normal of the Minkowski difference only when their arcs cross (one of them negated).
template <typename T>
struct SatEdgeArc {
  int direction = -1;                // the edge's index in edge_directions
  int face_a = -1, face_b = -1;      // the two faces' indices in face_units
  Vec3<T> normal_a{0}, normal_b{0};  // the two faces' unit normals
  Vec3<T> arc_plane{0};              // normal_a x normal_b: the arc's great circle
};

// What sat_shape works out once for a polyhedron so that each test of two need not
// (sat_quick.cpp): its face axes, unit as the test makes them, and its extent along each
// relative to its first vertex. Used only while `relative` and `normals` still match the
// shape's vertices and face normals bit for bit; a shape changed since is tested the long way.
template <typename T>
struct SatPrepared {
  std::vector<Vec3<T>> relative;  // vertices - vertices[0]
  std::vector<Vec3<T>> normals;   // face_normals as prepared
  std::vector<Vec3<T>> axes;      // each face normal made unit; zero when it has no length
  std::vector<T> low, high;       // relative projected onto each axis
  T extent = 0;                   // the largest |coordinate| of relative
};

// A large hull's vertices joined by its edges, so that the extreme vertex along an axis is
// found by a walk (sat_walk.h) instead of a pass over every vertex. Used only while the
// vertices are those prepared; empty for small hulls and for edges that do not make a
// closed surface (the test then scans).
template <typename T>
struct SatVertexGraph {
  std::vector<int> start;       // vertex i's neighbours are neighbours[start[i] .. start[i + 1])
  std::vector<int> neighbours;
  T flatness = 0;  // how far a vertex may sit from a convex position: the hull builder's tolerance
};

// A convex shape as SAT sees it: its vertices, outward face normals and edge directions.
template <typename T>
struct [[nodiscard]] SatShape {
  std::vector<Vec3<T>> vertices;
  std::vector<Vec3<T>> face_normals;   // unit; a triangle has one (both sides project alike)
  std::vector<Vec3<T>> edge_directions;  // not normalized; parallel duplicates removed
  // Every edge of a polyhedron with its arc; empty for other shapes (or a hull whose face
  // loops do not pair up), whose edge directions are then paired all with all.
  std::vector<SatEdgeArc<T>> edge_arcs;
  std::vector<Vec3<T>> face_units;  // each hull face's unit normal (the arcs' ends), with edge_arcs
  bool flat = false;          // no volume: triangle, segment, point, box with a zero extent
  Vec3<T> plane_normal{0};    // unit normal when flat and two-dimensional, else zero
  QueryError error = QueryError::None;  // set by sat_shape; sat_overlap reports it
  SatPrepared<T> prepared;  // polyhedra only
  SatVertexGraph<T> graph;   // large polyhedra only
};

template <typename T> SatShape<T> sat_shape(const ConvexPolyhedron<T>& hull);
template <typename T> SatShape<T> sat_shape(const Obb<T>& box);
template <typename T> SatShape<T> sat_shape(const Aabb<T>& box);
template <typename T> SatShape<T> sat_shape(const Triangle<T>& triangle);
template <typename T> SatShape<T> sat_shape(const Segment<T>& segment);

}  // namespace geo
