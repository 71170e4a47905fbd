#pragma once
// The Separating Axis Test for convex shapes, recording every axis it tests in a trace
// when given one, so the UI can show the projected intervals. 2D: polygon vs polygon by the edge normals
// of both. 3D: the face normals of A, then of B, then the cross products of edge directions
// of A and B (face axes alone miss edge-edge separation): for two polyhedra only the edge
// pairs whose Gauss-map arcs cross (the pairs that make a face of the Minkowski difference,
// the only edge axes that can separate), for other shapes every pair.
// Implemented in sat.cpp; the 3D input, SatShape, is in sat_shapes.h, the answer in
// sat_result.h.
#include "collision_lab/sat_result.h"
#include "collision_lab/sat_shapes.h"
#include "collision_lab/shapes.h"

namespace geo {

// A cache hit (the cached axis still separates) ends the test after that one axis, even
// without stop_at_separation: `axis` and `separation` are then the cached axis's.
template <typename T>
SatResult<T> sat_overlap(const SatShape<T>& a, const SatShape<T>& b, const SatOptions& options = {},
                         SatTrace<T>* trace = nullptr);

// 2D polygons: the edge normals of A, then of B (the z of every axis is 0).
template <typename T>
SatResult<T> sat_overlap(const ConvexPolygon<T>& a, const ConvexPolygon<T>& b, const SatOptions& options = {},
                         SatTrace<T>* trace = nullptr);

// The test as the query tool runs it without a trace: to the first separating axis, with
// no record.
template <typename A, typename B>
auto sat_overlap_early_out(const A& a, const B& b) {
  SatOptions options;
  options.stop_at_separation = true;
  return sat_overlap(sat_shape(a), sat_shape(b), options);
}

}  // namespace geo
