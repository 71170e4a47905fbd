#pragma once
// The Separating Axis Test between a triangle or a segment and an AABB, by the 13 axes of
// a triangle (the box's face normals, the triangle's normal, its edges x the box's axes)
// or the 6 of a segment, projected straight from the few points. The answer is the
// generic test's (sat.h) with stop_at_separation and no axis record: the same axes in
// the same order and count, so the order of the two shapes matters as it does there.
// What it does not take as it is (a flat box, a degenerate triangle or segment, bad
// input) goes to the generic test. Implemented in aabb_overlap.cpp.
#include "collision_lab/sat.h"

namespace geo {

template <typename T> SatResult<T> aabb_overlap(const Triangle<T>& a, const Aabb<T>& b);
template <typename T> SatResult<T> aabb_overlap(const Aabb<T>& a, const Triangle<T>& b);
template <typename T> SatResult<T> aabb_overlap(const Segment<T>& a, const Aabb<T>& b);
template <typename T> SatResult<T> aabb_overlap(const Aabb<T>& a, const Segment<T>& b);

}  // namespace geo
