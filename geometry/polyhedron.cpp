// Queries on a convex polyhedron: containment by face planes and the closest point.
#include "geometry/polyhedron.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace geo {
namespace {

template <typename T>
bool finite_input(const ConvexPolyhedron<T>& hull, const Vec3<T>& p) {
  if (!all_finite(p)) return false;
  for (const auto& v : hull.vertices) if (!all_finite(v)) return false;
  for (const auto& plane : hull.face_planes) if (!all_finite(plane.normal) || !std::isfinite(plane.d)) return false;
  return true;
}

template <typename T>
bool well_formed(const ConvexPolyhedron<T>& hull) {
  if (hull.faces.empty() || hull.faces.size() != hull.face_planes.size()) return false;
  const int n = static_cast<int>(hull.vertices.size());
  for (const auto& face : hull.faces) {
    if (face.empty()) return false;
    for (int v : face) if (v < 0 || v >= n) return false;
  }
  for (const auto& edge : hull.edges) {
    if (edge[0] < 0 || edge[0] >= n || edge[1] < 0 || edge[1] >= n) return false;
  }
  return true;
}

// N_i·P − D_i, measured from the face's first vertex so that a hull far from the origin
// does not lose the distance to cancellation.
template <typename T>
T face_distance(const ConvexPolyhedron<T>& hull, std::size_t face, const Vec3<T>& p) {
  return glm::dot(hull.face_planes[face].normal, p - hull.vertices[hull.faces[face][0]]);
}

// Slack for the boundary: it grows with the hull's size and its distance from the origin.
template <typename T>
T hull_tolerance(const ConvexPolyhedron<T>& hull) {
  Vec3<T> lo = hull.vertices[0], hi = hull.vertices[0];
  for (const auto& v : hull.vertices) { lo = glm::min(lo, v); hi = glm::max(hi, v); }
  const T magnitude = std::max({std::abs(lo.x), std::abs(lo.y), std::abs(lo.z), std::abs(hi.x), std::abs(hi.y),
                                std::abs(hi.z)});
  return T(64) * std::numeric_limits<T>::epsilon() * (glm::length(hi - lo) + magnitude);
}

// Whether q, already in the plane of the face, lies inside the face polygon: on the
// inner side of every edge, whose in-plane outward normal is edge × N.
template <typename T>
bool inside_face(const ConvexPolyhedron<T>& hull, std::size_t face, const Vec3<T>& q) {
  const auto& loop = hull.faces[face];
  const Vec3<T>& normal = hull.face_planes[face].normal;
  for (std::size_t k = 0; k < loop.size(); ++k) {
    const Vec3<T>& a = hull.vertices[loop[k]];
    const Vec3<T>& b = hull.vertices[loop[(k + 1) % loop.size()]];
    if (glm::dot(glm::cross(b - a, normal), q - a) > 0) return false;
  }
  return true;
}

}  // namespace

template <typename T>
PolyhedronContainment<T> contains(const ConvexPolyhedron<T>& hull, const Vec3<T>& p) {
  PolyhedronContainment<T> result;
  if (!finite_input(hull, p)) {
    result.error = QueryError::NonFiniteInput;
    return result;
  }
  if (!well_formed(hull)) {
    result.error = QueryError::InvalidShape;
    return result;
  }
  result.tolerance = hull_tolerance(hull);
  result.face_distances.resize(hull.faces.size());
  for (std::size_t i = 0; i < hull.faces.size(); ++i) {
    result.face_distances[i] = face_distance(hull, i, p);
    if (result.first_separating_face < 0 && result.face_distances[i] > result.tolerance) {
      result.first_separating_face = static_cast<int>(i);
    }
  }
  result.inside = result.first_separating_face < 0;
  return result;
}

template <typename T>
PolyhedronClosestPoint<T> closest_point(const ConvexPolyhedron<T>& hull, const Vec3<T>& p) {
  PolyhedronClosestPoint<T> result;
  if (!finite_input(hull, p)) {
    result.error = QueryError::NonFiniteInput;
    return result;
  }
  if (!well_formed(hull)) {
    result.error = QueryError::InvalidShape;
    return result;
  }
  const std::size_t faces = hull.faces.size();
  result.face_distances.resize(faces);
  bool inside = true;
  for (std::size_t i = 0; i < faces; ++i) {
    result.face_distances[i] = face_distance(hull, i, p);
    if (result.face_distances[i] > 0) inside = false;
  }
  if (inside) {
    result.point = p;
    result.feature = {Feature::Inside, 0};
    set_distance(result, p);
    return result;
  }
  // The nearest face interior among the faces P is above (its projection must land in
  // the face: the face farthest away is not always the nearest), then every edge.
  T best = std::numeric_limits<T>::infinity();
  for (std::size_t i = 0; i < faces; ++i) {
    const T distance = result.face_distances[i];
    if (!(distance > 0) || distance >= best) continue;
    const Vec3<T> projected = p - hull.face_planes[i].normal * distance;
    if (!inside_face(hull, i, projected)) continue;
    best = distance;
    result.point = projected;
    result.feature = {Feature::Face, static_cast<int>(i)};
  }
  best *= best;
  for (std::size_t i = 0; i < hull.edges.size(); ++i) {
    const int ia = hull.edges[i][0], ib = hull.edges[i][1];
    const Vec3<T>& a = hull.vertices[ia];
    const Vec3<T>& b = hull.vertices[ib];
    const Vec3<T> edge = b - a, to_p = p - a;
    const T length_squared = glm::dot(edge, edge);
    const T along = glm::dot(to_p, edge);
    T t = 0;  // the clamped root of the segment's parameter
    if (length_squared > 0 && along > 0) t = along >= length_squared ? T(1) : along / length_squared;
    const Vec3<T> offset = to_p - edge * t;
    const T distance_squared = glm::dot(offset, offset);
    if (!(distance_squared < best)) continue;
    best = distance_squared;
    if (t == 0) {
      result.point = a;
      result.feature = {Feature::Vertex, ia};
    } else if (t == T(1)) {
      result.point = b;
      result.feature = {Feature::Vertex, ib};
    } else {
      result.point = a + edge * t;
      result.feature = {Feature::Edge, static_cast<int>(i)};
    }
  }
  // A hull without edges (hand-made) still has vertices: fall back to the nearest one.
  if (hull.edges.empty() && result.feature.kind == Feature::Inside) {
    for (std::size_t i = 0; i < hull.vertices.size(); ++i) {
      const Vec3<T> offset = p - hull.vertices[i];
      if (glm::dot(offset, offset) < best) {
        best = glm::dot(offset, offset);
        result.point = hull.vertices[i];
        result.feature = {Feature::Vertex, static_cast<int>(i)};
      }
    }
  }
  set_distance(result, p);
  return result;
}

template PolyhedronContainment<float> contains(const ConvexPolyhedron<float>&, const Vec3<float>&);
template PolyhedronContainment<double> contains(const ConvexPolyhedron<double>&, const Vec3<double>&);
template PolyhedronClosestPoint<float> closest_point(const ConvexPolyhedron<float>&, const Vec3<float>&);
template PolyhedronClosestPoint<double> closest_point(const ConvexPolyhedron<double>&, const Vec3<double>&);

}  // namespace geo
