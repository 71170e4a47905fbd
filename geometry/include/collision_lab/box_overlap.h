#pragma once
// The Separating Axis Test between two boxes (AABB or OBB) by the classic 15 axes, worked
// from the rotation matrix between their frames instead of from their corners. The
// answer is the generic test's (sat.h) with stop_at_separation and no axis record: the
// same axes in the same order and count, the first separating one ending the test, and
// overlapping boxes measured on every axis for the least overlap. Boxes it does not take
// as they are (a zero extent, axes orthonormal only to more than rounding, bad input) go
// to the generic test. Implemented in box_overlap.cpp.
#include "collision_lab/sat.h"

namespace geo {

template <typename T> SatResult<T> box_overlap(const Obb<T>& a, const Obb<T>& b);
template <typename T> SatResult<T> box_overlap(const Obb<T>& a, const Aabb<T>& b);
template <typename T> SatResult<T> box_overlap(const Aabb<T>& a, const Obb<T>& b);
template <typename T> SatResult<T> box_overlap(const Aabb<T>& a, const Aabb<T>& b);

// The same answer, bit for bit, without box_overlap's shortcuts: every axis tested one by
// one and its gap worked out, each face axis made unit twice. For the tests.
template <typename T> SatResult<T> box_overlap_step_by_step(const Obb<T>& a, const Obb<T>& b);

}  // namespace geo
