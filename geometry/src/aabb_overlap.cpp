// A triangle or a segment against an AABB: each axis projects the two or three points
// (taken relative to the box's centre) and the box's radius along it.
#include "collision_lab/aabb_overlap.h"

#include "sat_detail.h"

#include <algorithm>
#include <array>
#include <limits>

namespace geo {
namespace {

using sat_detail::AxisProjection;
using sat_detail::nearly_parallel;
using sat_detail::unit_axis;

// The triangle's or segment's points and its SAT axes as sat_shape forms them.
template <typename T>
struct PointShape {
  std::array<Vec3<T>, 3> points{};
  int count = 0;
  std::array<Vec3<T>, 3> edges{};
  int edge_count = 0;
  Vec3<T> normal{0};  // unit; zero for a segment
};

// False for a triangle whose sides are parallel to rounding (a segment or point to SAT).
template <typename T>
bool shape_of(const Triangle<T>& triangle, PointShape<T>& shape) {
  shape.points = {triangle.a, triangle.b, triangle.c};
  shape.count = 3;
  shape.edges = {triangle.b - triangle.a, triangle.c - triangle.b, triangle.a - triangle.c};
  shape.edge_count = 3;
  for (int i = 0; i < 3; ++i) {
    if (nearly_parallel(shape.edges[i], shape.edges[(i + 1) % 3])) return false;
  }
  std::array<Vec3<T>, 3> by_length = shape.edges;
  std::sort(by_length.begin(), by_length.end(), [](const Vec3<T>& u, const Vec3<T>& v) { return glm::dot(u, u) < glm::dot(v, v); });
  shape.normal = unit_axis(unit_axis(detail::accurate_cross(by_length[0], by_length[1])));
  return true;
}

template <typename T>
bool shape_of(const Segment<T>& segment, PointShape<T>& shape) {
  shape.points = {segment.a, segment.b, segment.b};
  shape.count = 2;
  shape.edges[0] = segment.b - segment.a;
  shape.edge_count = 1;
  return glm::dot(shape.edges[0], shape.edges[0]) > T(0);
}

template <typename T>
class PointsAndBox {
 public:
  PointsAndBox(const PointShape<T>& shape, const Vec3<T>& center, const Vec3<T>& half, bool box_first)
      : shape_(shape), center_(center), half_(half), box_first_(box_first) {
    T extent = 0;
    for (int i = 0; i < shape.count; ++i) {
      relative_[i] = shape.points[i] - center;
      extent = std::max({extent, std::abs(relative_[i].x), std::abs(relative_[i].y), std::abs(relative_[i].z)});
    }
    tally_.tolerance = T(16) * std::numeric_limits<T>::epsilon() * (extent + std::max({half.x, half.y, half.z}));
  }

  bool takes() const {
    for (int i = 0; i < shape_.count; ++i) if (!all_finite(relative_[i])) return false;
    return all_finite(center_) && all_finite(half_) && half_.x > T(0) && half_.y > T(0) && half_.z > T(0);
  }

  SatResult<T> run() {
    const AxisSource first = AxisSource::FaceA, second = AxisSource::FaceB;
    if (box_first_) {
      if (!box_faces(first) && !normal(second)) edges();
    } else {
      if (!normal(first) && !box_faces(second)) edges();
    }
    return sat_detail::tally_result(tally_, kept_axis_, kept_);
  }

 private:
  bool has_normal() const { return glm::dot(shape_.normal, shape_.normal) > T(0); }

  static Vec3<T> basis(int k) {
    Vec3<T> e(0);
    e[k] = 1;
    return e;
  }

  bool box_faces(AxisSource source) {
    for (int k = 0; k < 3; ++k) {
      if (!box_first_ && has_normal() && nearly_parallel(basis(k), shape_.normal)) continue;  // the normal tested it
      if (test(basis(k), source, box_first_ ? k : -1, box_first_ ? -1 : k)) return true;
    }
    return false;
  }

  bool normal(AxisSource source) {
    if (!has_normal()) return false;
    if (box_first_) {
      for (int k = 0; k < 3; ++k) if (nearly_parallel(basis(k), shape_.normal)) return false;
    }
    return test(shape_.normal, source, box_first_ ? -1 : 0, box_first_ ? 0 : -1);
  }

  // Box axis k x an edge is zero along k: it is parallel to another box axis when one of
  // its other two components vanishes, and to the normal when the triangle's plane holds
  // axis k; either was tested before.
  void edges() {
    const T sine_squared = sat_detail::parallel_sine<T>() * sat_detail::parallel_sine<T>();
    const int outer = box_first_ ? 3 : shape_.edge_count, inner = box_first_ ? shape_.edge_count : 3;
    for (int i = 0; i < outer; ++i) {
      for (int j = 0; j < inner; ++j) {
        const int k = box_first_ ? i : j;
        const Vec3<T>& edge = shape_.edges[box_first_ ? j : i];
        const Vec3<T> direction = box_first_ ? detail::accurate_cross(basis(k), edge) : detail::accurate_cross(edge, basis(k));
        const T length_squared = glm::dot(direction, direction);
        if (length_squared <= sine_squared * glm::dot(edge, edge)) continue;  // the edge runs along axis k
        const T along_1 = direction[(k + 1) % 3], along_2 = direction[(k + 2) % 3];
        if (along_1 * along_1 <= sine_squared * length_squared || along_2 * along_2 <= sine_squared * length_squared) continue;
        if (has_normal() && nearly_parallel(direction, shape_.normal)) continue;
        if (test(unit_axis(direction), AxisSource::EdgeEdge, i, j)) return;
      }
    }
  }

  bool test(const Vec3<T>& axis, AxisSource source, int i, int j) {
    T low = glm::dot(axis, relative_[0]), high = low;
    for (int p = 1; p < shape_.count; ++p) {
      const T value = glm::dot(axis, relative_[p]);
      low = std::min(low, value);
      high = std::max(high, value);
    }
    const T radius = half_.x * std::abs(axis.x) + half_.y * std::abs(axis.y) + half_.z * std::abs(axis.z);
    const T origin = glm::dot(axis, center_);
    const AxisProjection<T> p = box_first_ ? AxisProjection<T>{-radius, radius, low, high, origin}
                                           : AxisProjection<T>{low, high, -radius, radius, origin};
    const bool separates = tally_.add(std::max(p.b_min - p.a_max, p.a_min - p.b_max), source, i, j);
    if (tally_.kept_last) {
      kept_axis_ = axis;
      kept_ = p;
    }
    return separates;
  }

  const PointShape<T>& shape_;
  Vec3<T> center_, half_;
  bool box_first_;
  std::array<Vec3<T>, 3> relative_{};
  sat_detail::AxisTally<T> tally_;
  Vec3<T> kept_axis_{0};
  AxisProjection<T> kept_;
};

template <typename T, typename S>
SatResult<T> points_and_box(const S& shape, const Aabb<T>& box, bool box_first) {
  PointShape<T> points;
  const bool flat_enough = all_finite(box.min) && all_finite(box.max) && shape_of(shape, points);
  if (flat_enough) {
    PointsAndBox<T> test(points, (box.min + box.max) * T(0.5), (box.max - box.min) * T(0.5), box_first);
    if (test.takes()) return test.run();
  }
  return box_first ? sat_overlap_early_out(box, shape) : sat_overlap_early_out(shape, box);
}

}  // namespace

template <typename T>
SatResult<T> aabb_overlap(const Triangle<T>& a, const Aabb<T>& b) {
  return points_and_box(a, b, false);
}

template <typename T>
SatResult<T> aabb_overlap(const Aabb<T>& a, const Triangle<T>& b) {
  return points_and_box(b, a, true);
}

template <typename T>
SatResult<T> aabb_overlap(const Segment<T>& a, const Aabb<T>& b) {
  return points_and_box(a, b, false);
}

template <typename T>
SatResult<T> aabb_overlap(const Aabb<T>& a, const Segment<T>& b) {
  return points_and_box(b, a, true);
}

#define COLLISION_LAB_AABB_OVERLAP(T)                                        \
  template SatResult<T> aabb_overlap(const Triangle<T>&, const Aabb<T>&);   \
  template SatResult<T> aabb_overlap(const Aabb<T>&, const Triangle<T>&);   \
  template SatResult<T> aabb_overlap(const Segment<T>&, const Aabb<T>&);    \
  template SatResult<T> aabb_overlap(const Aabb<T>&, const Segment<T>&);
COLLISION_LAB_AABB_OVERLAP(float)
COLLISION_LAB_AABB_OVERLAP(double)
#undef COLLISION_LAB_AABB_OVERLAP

}  // namespace geo
