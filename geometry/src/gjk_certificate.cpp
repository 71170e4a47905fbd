// The certificate is computed in long double: a float or double product is exact there
// but for the last bits, so the bound below covers its rounding. The projections are
// found in T first, and only the few vertices that may hold a maximum are worked out in
// long double.
#include "gjk_certificate.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace geo {
namespace {

using Wide = long double;
template <typename T> Wide wide_dot(const Vec3<T>& x, const Vec3<T>& y) {
  return Wide(x.x) * Wide(y.x) + Wide(x.y) * Wide(y.y) + Wide(x.z) * Wide(y.z);
}

// The largest of values offered one by one, and whether they all were finite.
template <typename T>
struct Leader {
  T value = -std::numeric_limits<T>::infinity();
  bool finite = true;
  void offer(T x) {
    finite &= std::abs(x) <= std::numeric_limits<T>::max();
    value = x > value ? x : value;
  }
  void merge(const Leader& other) {
    finite &= other.finite;
    value = std::max(value, other.value);
  }
};

// The largest projection of a hull's vertices on `axis` and the largest magnitude of the
// terms summed, in Wide; false when a projection in T overflows. A product in T is off
// by a few eps of the largest magnitude, so only the vertices within that bound of a
// maximum in T can hold the maximum in Wide (a few: a face's or an edge's vertices when
// the axis is normal to it). The first kKept projections are kept for the second pass.
template <typename T>
bool wide_hull_support(std::span<const Vec3<T>> points, const Vec3<T>& axis, std::pair<Wide, Wide>& out) {
  constexpr std::size_t kKept = 64;
  std::array<T, kKept> kept_reach, kept_size;
  const Vec3<T> abs_axis = glm::abs(axis);
  const auto reach_at = [&](std::size_t i) { return i < kKept ? kept_reach[i] : glm::dot(axis, points[i]); };
  const auto size_at = [&](std::size_t i) { return i < kKept ? kept_size[i] : glm::dot(abs_axis, glm::abs(points[i])); };
  // Two leaders of each, on alternate vertices: two independent chains of maxima.
  std::array<Leader<T>, 2> reach, size;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const T r = glm::dot(axis, points[i]), s = glm::dot(abs_axis, glm::abs(points[i]));
    if (i < kKept) {
      kept_reach[i] = r;
      kept_size[i] = s;
    }
    reach[i & 1].offer(r);
    size[i & 1].offer(s);
  }
  reach[0].merge(reach[1]);
  size[0].merge(size[1]);
  const T slack = T(8) * std::numeric_limits<T>::epsilon() * size[0].value + T(8) * std::numeric_limits<T>::denorm_min();
  if (!(reach[0].finite && size[0].finite && std::isfinite(slack) && !points.empty())) return false;
  Wide best = -std::numeric_limits<Wide>::infinity(), magnitude = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (reach_at(i) >= reach[0].value - slack) best = std::max(best, wide_dot(axis, points[i]));
    if (size_at(i) >= size[0].value - slack) magnitude = std::max(magnitude, wide_dot(abs_axis, glm::abs(points[i])));
  }
  out = {best, magnitude};
  return true;
}

// The largest projection of a vertex on `axis`, over every vertex (support() picks by
// products rounded to T), and the largest magnitude of the terms summed.
template <typename T>
std::pair<Wide, Wide> wide_support(const ConvexShape<T>& shape, const Vec3<T>& axis) {
  std::pair<Wide, Wide> hull_support;
  if (const auto* hull = std::get_if<ConvexPolyhedron<T>>(&shape)) {
    if (wide_hull_support<T>(hull->vertices, axis, hull_support)) return hull_support;
  }
  const Vec3<T> abs_axis = glm::abs(axis);
  Wide best = -std::numeric_limits<Wide>::infinity(), magnitude = 0;
  for (int i = 0;; ++i) {
    const SupportPoint<T> p = shape_vertex(shape, i);
    if (p.vertex < 0) break;
    best = std::max(best, wide_dot(axis, p.point));
    magnitude = std::max(magnitude, wide_dot(abs_axis, glm::abs(p.point)));
  }
  return {best, magnitude};
}

}  // namespace

template <typename T>
T support_gap(const ConvexShape<T>& a, const ConvexShape<T>& b, const Vec3<T>& axis, Wide radii) {
  const auto [reach_a, magnitude_a] = wide_support(a, axis);
  const auto [reach_b, magnitude_b] = wide_support(b, -axis);
  const Wide length = std::sqrt(wide_dot(axis, axis));
  const Wide rounding = Wide(8) * std::numeric_limits<Wide>::epsilon() * (magnitude_a + magnitude_b + radii * length);
  const Wide gap = (-reach_b - reach_a - radii * length - rounding) / length;
  T rounded = static_cast<T>(gap);
  if (Wide(rounded) > gap) rounded = std::nextafter(rounded, -std::numeric_limits<T>::infinity());
  return rounded;
}

template float support_gap(const ConvexShape<float>&, const ConvexShape<float>&, const Vec3<float>&, Wide);
template double support_gap(const ConvexShape<double>&, const ConvexShape<double>&, const Vec3<double>&, Wide);

}  // namespace geo
