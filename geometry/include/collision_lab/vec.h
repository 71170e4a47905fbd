#pragma once
// Vector types of the geometry library: GLM vectors templated on the scalar, so every
// query runs in float and in double.
#include <glm/glm.hpp>

#include <cmath>
#include <limits>

namespace geo {

template <typename T>
using Vec2 = glm::vec<2, T, glm::defaultp>;
template <typename T>
using Vec3 = glm::vec<3, T, glm::defaultp>;

// Without a branch per coordinate, so that checking a long list of vectors
// (ok &= all_finite(v)) stays cheap. A NaN fails the comparison.
template <typename T>
bool finite_value(T x) { return std::abs(x) <= std::numeric_limits<T>::max(); }

template <int N, typename T>
bool all_finite(const glm::vec<N, T, glm::defaultp>& v) {
  bool ok = true;
  for (int i = 0; i < N; ++i) ok &= finite_value(v[i]);
  return ok;
}

}  // namespace geo
