#pragma once
// Vector types of the geometry library: GLM vectors templated on the scalar, so every
// query runs in float and in double.
#include <glm/glm.hpp>

#include <cmath>

namespace geo {

template <typename T>
using Vec2 = glm::vec<2, T, glm::defaultp>;
template <typename T>
using Vec3 = glm::vec<3, T, glm::defaultp>;

template <int N, typename T>
bool all_finite(const glm::vec<N, T, glm::defaultp>& v) {
  for (int i = 0; i < N; ++i) {
    if (!std::isfinite(v[i])) return false;
  }
  return true;
}

}  // namespace geo
