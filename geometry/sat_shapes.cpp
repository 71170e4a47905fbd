// Shapes as the Separating Axis Test sees them: vertices, unit face normals and edge
// directions, parallel duplicates removed; flat shapes carry their plane normal.
#include "geometry/sat_shapes.h"

#include "geometry/sat_detail.h"

#include <algorithm>

namespace geo {
namespace {

using sat_detail::add_unless_parallel;
using sat_detail::nearly_parallel;

template <typename T>
Vec3<T> unit(const Vec3<T>& v) {
  return v / std::sqrt(glm::dot(v, v));
}

// A shape from its corners and the directions of its three axes: a box, flat when an
// extent is zero (its plane normal then is that axis, when only one is zero).
template <typename T>
SatShape<T> box_shape(const Vec3<T>& center, const std::array<Vec3<T>, 3>& axes, const Vec3<T>& half) {
  SatShape<T> shape;
  for (int i = 0; i < 8; ++i) {
    Vec3<T> corner = center;
    for (int k = 0; k < 3; ++k) corner += axes[k] * ((i >> k) & 1 ? half[k] : -half[k]);
    shape.vertices.push_back(corner);
  }
  int zero_extents = 0;
  for (int k = 0; k < 3; ++k) {
    add_unless_parallel(shape.face_normals, unit(axes[k]));
    if (half[k] > T(0)) {
      add_unless_parallel(shape.edge_directions, axes[k]);
    } else {
      ++zero_extents;
      shape.plane_normal = unit(axes[k]);
    }
  }
  shape.flat = zero_extents > 0;
  if (zero_extents != 1) shape.plane_normal = Vec3<T>(0);
  return shape;
}

}  // namespace

template <typename T>
SatShape<T> sat_shape(const ConvexPolyhedron<T>& hull) {
  for (const auto& v : hull.vertices) if (!all_finite(v)) return failed<SatShape<T>>(QueryError::NonFiniteInput);
  for (const auto& p : hull.face_planes) {
    if (!all_finite(p.normal) || !std::isfinite(p.d)) return failed<SatShape<T>>(QueryError::NonFiniteInput);
  }
  if (hull.faces.empty() || hull.face_planes.size() != hull.faces.size() || hull.vertices.empty()) {
    return failed<SatShape<T>>(QueryError::InvalidShape);
  }
  const int n = static_cast<int>(hull.vertices.size());
  for (const auto& edge : hull.edges) {
    if (edge[0] < 0 || edge[0] >= n || edge[1] < 0 || edge[1] >= n) {
      return failed<SatShape<T>>(QueryError::InvalidShape);
    }
  }
  SatShape<T> shape;
  shape.vertices = hull.vertices;
  for (const auto& plane : hull.face_planes) {  // opposite faces give one axis
    if (glm::dot(plane.normal, plane.normal) > T(0)) add_unless_parallel(shape.face_normals, unit(plane.normal));
  }
  for (const auto& edge : hull.edges) add_unless_parallel(shape.edge_directions, hull.vertices[edge[1]] - hull.vertices[edge[0]]);
  return shape;
}

template <typename T>
SatShape<T> sat_shape(const Obb<T>& box) {
  if (!all_finite(box.center) || !all_finite(box.half_extents)) return failed<SatShape<T>>(QueryError::NonFiniteInput);
  for (const auto& axis : box.axes) if (!all_finite(axis)) return failed<SatShape<T>>(QueryError::NonFiniteInput);
  for (int k = 0; k < 3; ++k) {
    if (box.half_extents[k] < T(0) || glm::dot(box.axes[k], box.axes[k]) == T(0)) {
      return failed<SatShape<T>>(QueryError::InvalidShape);
    }
  }
  return box_shape(box.center, box.axes, box.half_extents);
}

template <typename T>
SatShape<T> sat_shape(const Aabb<T>& box) {
  if (!all_finite(box.min) || !all_finite(box.max)) return failed<SatShape<T>>(QueryError::NonFiniteInput);
  for (int k = 0; k < 3; ++k) if (box.max[k] < box.min[k]) return failed<SatShape<T>>(QueryError::InvalidShape);
  // Corners straight from min and max (no centre ± half rounding): touching boxes touch exactly.
  SatShape<T> shape = box_shape(Vec3<T>(0), {Vec3<T>(1, 0, 0), Vec3<T>(0, 1, 0), Vec3<T>(0, 0, 1)},
                                (box.max - box.min) * T(0.5));
  for (int i = 0; i < 8; ++i) {
    for (int k = 0; k < 3; ++k) shape.vertices[i][k] = (i >> k) & 1 ? box.max[k] : box.min[k];
  }
  return shape;
}

template <typename T>
SatShape<T> sat_shape(const Triangle<T>& triangle) {
  if (!all_finite(triangle.a) || !all_finite(triangle.b) || !all_finite(triangle.c)) {
    return failed<SatShape<T>>(QueryError::NonFiniteInput);
  }
  SatShape<T> shape;
  shape.flat = true;
  shape.vertices = {triangle.a, triangle.b, triangle.c};
  std::array<Vec3<T>, 3> edges{triangle.b - triangle.a, triangle.c - triangle.b, triangle.a - triangle.c};
  std::sort(edges.begin(), edges.end(), [](const Vec3<T>& u, const Vec3<T>& v) { return glm::dot(u, u) < glm::dot(v, v); });
  // The normal from the two shortest edges; collinear or repeated vertices make a segment or a point.
  if (!nearly_parallel(edges[0], edges[1])) {
    const Vec3<T> normal = detail::accurate_cross(edges[0], edges[1]);
    shape.plane_normal = unit(normal);
    shape.face_normals.push_back(shape.plane_normal);
    add_unless_parallel(shape.edge_directions, triangle.b - triangle.a);
    add_unless_parallel(shape.edge_directions, triangle.c - triangle.b);
    add_unless_parallel(shape.edge_directions, triangle.a - triangle.c);
  } else {
    add_unless_parallel(shape.edge_directions, edges[2]);  // the longest carries the direction best
  }
  return shape;
}

template <typename T>
SatShape<T> sat_shape(const Segment<T>& segment) {
  if (!all_finite(segment.a) || !all_finite(segment.b)) return failed<SatShape<T>>(QueryError::NonFiniteInput);
  SatShape<T> shape;
  shape.flat = true;
  shape.vertices = {segment.a, segment.b};
  add_unless_parallel(shape.edge_directions, segment.b - segment.a);  // none when zero length: a point
  return shape;
}

template SatShape<float> sat_shape(const ConvexPolyhedron<float>&);
template SatShape<double> sat_shape(const ConvexPolyhedron<double>&);
template SatShape<float> sat_shape(const Obb<float>&);
template SatShape<double> sat_shape(const Obb<double>&);
template SatShape<float> sat_shape(const Aabb<float>&);
template SatShape<double> sat_shape(const Aabb<double>&);
template SatShape<float> sat_shape(const Triangle<float>&);
template SatShape<double> sat_shape(const Triangle<double>&);
template SatShape<float> sat_shape(const Segment<float>&);
template SatShape<double> sat_shape(const Segment<double>&);

}  // namespace geo
