// The point of a simplex closest to the origin, by clamped roots on edges, signed areas
// on triangles and signed volumes on tetrahedra. Every division is by a quantity
// checked against the simplex's own size first.
#include "gjk_simplex.h"

#include <algorithm>
#include <limits>

namespace geo {
namespace {

template <typename T> using Points = std::array<Vec3<T>, 4>;

// How thin a triangle or tetrahedron may be, relative to its longest edge, before it is
// solved as its edges or faces: below this its normal is mostly rounding noise.
template <typename T> constexpr T kFlat = T(16) * std::numeric_limits<T>::epsilon();

template <typename T>
SimplexClosest<T> vertex_closest(const Points<T>& w, int i) {
  SimplexClosest<T> c;
  c.point = w[i];
  c.distance_squared = glm::dot(w[i], w[i]);
  c.weights[i] = 1;
  return c;
}

template <typename T>
SimplexClosest<T> segment_closest(const Points<T>& w, int i, int j) {
  const Vec3<T> d = w[j] - w[i];
  const T length_squared = glm::dot(d, d);
  const T along = -glm::dot(w[i], d);
  if (!(along > 0)) return vertex_closest(w, i);  // also a zero-length segment
  if (along >= length_squared) return vertex_closest(w, j);
  const T t = along / length_squared;  // 0 < along < length_squared
  SimplexClosest<T> c;
  c.point = w[i] + d * t;
  c.distance_squared = glm::dot(c.point, c.point);
  c.weights[i] = T(1) - t;
  c.weights[j] = t;
  return c;
}

template <typename T>
SimplexClosest<T> nearer(const SimplexClosest<T>& x, const SimplexClosest<T>& y) {
  return y.distance_squared < x.distance_squared ? y : x;
}

template <typename T>
SimplexClosest<T> triangle_closest(const Points<T>& w, int i, int j, int k) {
  // Start at the vertex opposite the longest edge, so the normal comes from the two
  // shortest edges (cyclic order keeps the orientation).
  const T ij = glm::dot(w[j] - w[i], w[j] - w[i]), jk = glm::dot(w[k] - w[j], w[k] - w[j]),
          ki = glm::dot(w[i] - w[k], w[i] - w[k]);
  const T longest = std::max({ij, jk, ki});
  if (ij == longest) { std::swap(i, k); std::swap(j, k); }   // (i, j, k) -> (k, i, j): apex k
  else if (ki == longest) { std::swap(i, j); std::swap(j, k); }  // (i, j, k) -> (j, k, i): apex j
  const Vec3<T>& a = w[i];
  const Vec3<T> e1 = w[j] - a, e2 = w[k] - a;
  const Vec3<T> n = glm::cross(e1, e2);
  const T nn = glm::dot(n, n);
  const T flat = kFlat<T> * longest;
  if (nn > flat * flat) {
    // Barycentrics of the origin's projection, as signed areas: p = a + s e1 + t e2.
    const T s = glm::dot(n, glm::cross(e2, a)), t = glm::dot(n, glm::cross(a, e1));
    if (s > 0 && t > 0 && s + t < nn) {
      SimplexClosest<T> c;
      c.point = n * (glm::dot(n, a) / nn);
      c.distance_squared = glm::dot(c.point, c.point);
      c.weights[i] = (nn - s - t) / nn;
      c.weights[j] = s / nn;
      c.weights[k] = t / nn;
      return c;
    }
  }
  return nearer(nearer(segment_closest(w, i, j), segment_closest(w, j, k)), segment_closest(w, k, i));
}

// |y| × |z| with every product added: the permanent whose rounding bounds x · (y × z)'s.
template <typename T>
Vec3<T> permanent_cross(const Vec3<T>& y, const Vec3<T>& z) {
  const Vec3<T> a = glm::abs(y), b = glm::abs(z);
  return {a.y * b.z + a.z * b.y, a.z * b.x + a.x * b.z, a.x * b.y + a.y * b.x};
}

template <typename T>
SimplexClosest<T> tetrahedron_closest(const Points<T>& w) {
  const Vec3<T> e1 = w[1] - w[0], e2 = w[2] - w[0], e3 = w[3] - w[0];
  const T volume = glm::dot(e1, glm::cross(e2, e3));
  T longest = 0;
  for (int p = 0; p < 4; ++p) {
    for (int q = p + 1; q < 4; ++q) longest = std::max(longest, glm::dot(w[q] - w[p], w[q] - w[p]));
  }
  const T flat = kFlat<T> * longest * std::sqrt(longest);
  const int faces[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};  // face opposite vertex p
  if (std::abs(volume) > flat) {
    // Signed volumes with the origin in place of each vertex, each the triple product of
    // the face opposite it: all of the volume's sign means the origin is inside. A part
    // within its rounding bound has no sign (the origin is next to that face's plane in a
    // nearly flat tetrahedron), so that face is solved as a triangle instead.
    std::array<T, 4> part, bound;
    const T sign = volume > 0 ? T(1) : T(-1);
    bool inside = true;
    for (int p = 0; p < 4; ++p) {
      const Vec3<T>& x = w[faces[p][0]];
      const Vec3<T>& y = w[faces[p][1]];
      const Vec3<T>& z = w[faces[p][2]];
      part[p] = glm::dot(x, glm::cross(y, z));
      bound[p] = T(8) * std::numeric_limits<T>::epsilon() * glm::dot(glm::abs(x), permanent_cross(y, z));
      inside = inside && (part[p] * sign > bound[p] || (bound[p] == 0 && part[p] == 0));
    }
    if (inside) {
      SimplexClosest<T> c;
      c.contains_origin = true;
      const T total = part[0] + part[1] + part[2] + part[3];  // == volume up to rounding, same sign
      for (int p = 0; p < 4; ++p) c.weights[p] = part[p] / total;
      return c;
    }
    // The closest point lies on a face the origin sees, or may see.
    SimplexClosest<T> best;
    best.distance_squared = std::numeric_limits<T>::infinity();
    for (int p = 0; p < 4; ++p) {
      if (!(part[p] * sign > bound[p])) best = nearer(best, triangle_closest(w, faces[p][0], faces[p][1], faces[p][2]));
    }
    return best;
  }
  SimplexClosest<T> best = triangle_closest(w, 1, 2, 3);
  for (int p = 1; p < 4; ++p) best = nearer(best, triangle_closest(w, faces[p][0], faces[p][1], faces[p][2]));
  return best;
}

template <typename T>
Vec3<T> combination(const Points<T>& w, int count, const std::array<T, 4>& weights) {
  Vec3<T> sum(0);
  for (int i = 0; i < count; ++i) sum += w[i] * weights[i];
  return sum;
}

// The change of weights (summing to 0) that moves their combination by `d`, as
// coordinates of d along the edges from point 0 (in the simplex's plane for a triangle,
// along its line for a segment); false when the simplex has no such basis.
template <typename T>
bool weight_step(const Points<T>& w, int count, const Vec3<T>& d, std::array<T, 4>& step) {
  const Vec3<T> e1 = w[1] - w[0];
  step = {};
  if (count == 2) {
    const T length_squared = glm::dot(e1, e1);
    if (!(length_squared > 0)) return false;
    step[1] = glm::dot(d, e1) / length_squared;
  } else if (count == 3) {
    const Vec3<T> e2 = w[2] - w[0];
    const Vec3<T> n = glm::cross(e1, e2);
    const T nn = glm::dot(n, n);
    if (!(nn > 0)) return false;
    step[1] = glm::dot(glm::cross(d, e2), n) / nn;
    step[2] = glm::dot(glm::cross(e1, d), n) / nn;
  } else {
    const Vec3<T> e2 = w[2] - w[0], e3 = w[3] - w[0];
    const T volume = glm::dot(e1, glm::cross(e2, e3));
    if (!(volume != 0)) return false;
    step[1] = glm::dot(d, glm::cross(e2, e3)) / volume;
    step[2] = glm::dot(e1, glm::cross(d, e3)) / volume;
    step[3] = glm::dot(e1, glm::cross(e2, d)) / volume;
  }
  step[0] = -(step[1] + step[2] + step[3]);
  return true;
}

}  // namespace

template <typename T>
void refine_origin_weights(const std::array<Vec3<T>, 4>& points, int count, std::array<T, 4>& weights) {
  for (int pass = 0; pass < 3; ++pass) {
    // The vertices in use: a weight clamped to 0 leaves the face the origin lies on.
    Points<T> used;
    std::array<int, 4> index{};
    int n = 0;
    for (int i = 0; i < count; ++i) {
      if (weights[i] > 0) { index[n] = i; used[n++] = points[i]; }
    }
    const Vec3<T> residual = combination(points, count, weights);
    std::array<T, 4> step;
    if (n < 2 || !weight_step(used, n, -residual, step)) return;
    std::array<T, 4> refined{};
    T total = 0;
    for (int k = 0; k < n; ++k) total += refined[index[k]] = std::max(T(0), weights[index[k]] + step[k]);
    if (!(total > 0)) return;
    for (int i = 0; i < count; ++i) refined[i] /= total;
    const Vec3<T> left = combination(points, count, refined);
    if (!(glm::dot(left, left) < glm::dot(residual, residual))) return;
    weights = refined;
  }
}

template <typename T>
SimplexClosest<T> closest_to_origin(const std::array<Vec3<T>, 4>& points, int count) {
  switch (count) {
    case 1: return vertex_closest(points, 0);
    case 2: return segment_closest(points, 0, 1);
    case 3: return triangle_closest(points, 0, 1, 2);
    default: return tetrahedron_closest(points);
  }
}

template SimplexClosest<float> closest_to_origin(const std::array<Vec3<float>, 4>&, int);
template SimplexClosest<double> closest_to_origin(const std::array<Vec3<double>, 4>&, int);
template void refine_origin_weights(const std::array<Vec3<float>, 4>&, int, std::array<float, 4>&);
template void refine_origin_weights(const std::array<Vec3<double>, 4>&, int, std::array<double, 4>&);

}  // namespace geo
