#pragma once
// The Separating Axis Test between two prepared polyhedra when no axis is to be recorded:
// the answer of sat.cpp's test, axis for axis and bit for bit, with less work per axis.
// Implemented in sat_quick.cpp.
#include "collision_lab/sat_result.h"
#include "collision_lab/sat_shapes.h"

namespace geo::sat_detail {

// Answers into `result` (all but `overlap` and what follows from it) and returns true
// when it applies: both shapes polyhedra as sat_shape prepared them and unchanged since,
// no cached axis, coordinates far inside the range of T; false leaves `result` as it was.
// `faces_separate`: a face axis separates. Called only without a trace.
template <typename T>
bool quick_polyhedra(const SatShape<T>& a, const SatShape<T>& b, const SatOptions& options, SatResult<T>& result,
                     bool& faces_separate);

}  // namespace geo::sat_detail
