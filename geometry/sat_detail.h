#pragma once
// Private helpers shared by sat.cpp and sat_shapes.cpp: the size-relative parallel test.
#include "geometry/accurate_cross.h"
#include "geometry/vec.h"

#include <cmath>
#include <limits>
#include <vector>

namespace geo::sat_detail {

// The sine of the angle under which two directions count as parallel.
template <typename T>
constexpr T parallel_sine() { return T(64) * std::numeric_limits<T>::epsilon(); }

// |u x v|² <= sin²·|u|²|v|²: true for a zero vector too.
template <typename T>
bool nearly_parallel(const Vec3<T>& u, const Vec3<T>& v) {
  const Vec3<T> c = detail::accurate_cross(u, v);
  const T sine = parallel_sine<T>();
  return glm::dot(c, c) <= sine * sine * glm::dot(u, u) * glm::dot(v, v);
}

// Adds `direction` unless it is zero or parallel to one already in the list.
template <typename T>
bool add_unless_parallel(std::vector<Vec3<T>>& list, const Vec3<T>& direction) {
  if (glm::dot(direction, direction) == T(0)) return false;
  for (const auto& existing : list) {
    if (nearly_parallel(existing, direction)) return false;
  }
  list.push_back(direction);
  return true;
}

}  // namespace geo::sat_detail
