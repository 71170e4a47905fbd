#pragma once
// What the Separating Axis Test (sat.h) answers: its verdict, the axes it tests (in a
// trace the caller passes), and the options and cache it takes.
#include "collision_lab/result.h"
#include "collision_lab/vec.h"

#include <vector>

namespace geo {

// FaceA, FaceB, EdgeEdge: the classic axes. The rest only appear when both shapes are flat
// (triangle, segment, point, a box with a zero extent), whose pair may lie in one plane:
// SideA / SideB: A's / B's plane normal x an edge (of A when index_a >= 0, else edge index_b
// of B); Pair: axes of two shapes without a plane (segments, points): their common plane
// normal, its in-plane normals, their common direction, the perpendicular between them.
enum class AxisSource { FaceA, FaceB, EdgeEdge, SideA, SideB, Pair };

template <typename T>
struct SatAxis {
  Vec3<T> axis{0};             // unit length
  AxisSource source = AxisSource::FaceA;
  int index_a = -1, index_b = -1;  // face i of A / face j of B / edge i of A x edge j of B
  T a_min = 0, a_max = 0;      // A's projection onto the axis
  T b_min = 0, b_max = 0;      // B's projection
  T gap = 0;                   // > 0: separated by this much along the axis; <= 0: -overlap
  bool separating() const { return gap > 0; }
};

template <typename T>
struct [[nodiscard]] SatResult {
  bool overlap = false;  // closed shapes: touching (gap 0) overlaps with depth 0
  int axis_tests = 0;
  int first_separating = -1;     // index into the tested order of the early-out axis, or -1
  SatAxis<T> first_separating_axis;  // that axis (when first_separating >= 0), also without a trace
  // Separated: the axis with the largest gap among those tested, pointing from A to B, and
  // that gap; with stop_at_separation that is the first separating axis and its gap.
  // Overlapping: the axis of least overlap (the minimum translation), pointing from A to B;
  // moving B by depth * axis separates them.
  Vec3<T> axis{0};
  T separation = 0;
  T depth = 0;
  // Face axes alone would have reported an overlap that an edge x edge axis refutes.
  bool face_axes_would_be_wrong = false;
  QueryError error = QueryError::None;
  bool ok() const { return error == QueryError::None; }
};

// Per-pair frame-to-frame coherence: the last separating axis is tried first.
struct SatCache {
  AxisSource source = AxisSource::FaceA;
  int index_a = -1, index_b = -1;
  bool valid = false;  // a Pair axis is never cached (it is derived from the whole pair)
};

// Every axis a run tested, in order, for the UI; apart from SatResult so that a run
// without one allocates nothing. A run given a trace clears it first.
template <typename T>
struct SatTrace {
  std::vector<SatAxis<T>> axes;
};

struct SatOptions {
  bool stop_at_separation = false;  // early-out at the first separating axis
  SatCache* cache = nullptr;
};

}  // namespace geo
