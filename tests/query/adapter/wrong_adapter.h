#pragma once
// The adapter over Collision Lab's library with one classic bug: the closest point on a
// segment is the projection onto its line, never clamped to the segment. The tests
// emitted with it must fail for the points beyond either end, and only for those.
#include "library_adapter.h"

namespace collision_lab_adapter {

template <typename T>
ClosestPoint<geo::Vec3<T>> closest_point(const geo::Segment<T>& segment, const geo::Vec3<T>& point) {
  const geo::Vec3<T> direction = segment.b - segment.a;
  const T t = glm::dot(point - segment.a, direction) / glm::dot(direction, direction);  // the bug: no clamp to [0, 1]
  const geo::Vec3<T> on_line = segment.a + t * direction;
  return {on_line, glm::length(point - on_line)};
}

}  // namespace collision_lab_adapter
