// Queries on a convex polyhedron: containment by face planes and the closest point.
#include "geometry/polyhedron.h"

#include "geometry/closest_point_detail.h"
#include "geometry/segment_math.h"

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

// What both queries start with: the input's error, or else N_i·P − D_i for every face,
// measured from the face's first vertex so that a hull far from the origin does not lose
// the distance to cancellation.
template <typename Result, typename T>
Result measured(const ConvexPolyhedron<T>& hull, const Vec3<T>& p) {
  if (!finite_input(hull, p)) return failed<Result>(QueryError::NonFiniteInput);
  if (!well_formed(hull)) return failed<Result>(QueryError::InvalidShape);
  Result result;
  result.face_distances.resize(hull.faces.size());
  for (std::size_t i = 0; i < hull.faces.size(); ++i) {
    result.face_distances[i] = glm::dot(hull.face_planes[i].normal, p - hull.vertices[hull.faces[i][0]]);
  }
  return result;
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
  PolyhedronContainment<T> result = measured<PolyhedronContainment<T>>(hull, p);
  if (!result.ok()) return result;
  detail::answer_containment(result, result.face_distances, result.first_separating_face,
                             detail::bounds_tolerance(hull.vertices));
  const auto& distances = result.face_distances;
  const auto farthest = std::max_element(distances.begin(), distances.end());
  if (result.inside && farthest != distances.end() && *farthest > 0) {
    // Outside a face plane by less than the tolerance: next to a sliver's face, whose
    // normal barely leans, that can still be far from the solid, so the distance decides.
    const auto nearest = closest_point(hull, p);
    if (nearest.ok() && nearest.distance > result.tolerance) {
      result.inside = false;
      result.first_separating_face = static_cast<int>(farthest - distances.begin());
    }
  }
  return result;
}

template <typename T>
PolyhedronClosestPoint<T> closest_point(const ConvexPolyhedron<T>& hull, const Vec3<T>& p) {
  PolyhedronClosestPoint<T> result = measured<PolyhedronClosestPoint<T>>(hull, p);
  if (!result.ok()) return result;
  if (detail::answer_if_inside(result, result.face_distances, p)) return result;
  // The nearest face interior (its projection must land in the face: the face farthest
  // away is not always the nearest), then every edge. Every candidate is a point of the
  // hull, so faces P is just below count too: next to two nearly coplanar faces, P may be
  // above one by rounding and project into the other.
  T best = std::numeric_limits<T>::infinity();
  for (std::size_t i = 0; i < hull.faces.size(); ++i) {
    const T distance = result.face_distances[i];
    if (!(std::abs(distance) < best)) continue;
    const Vec3<T> projected = p - hull.face_planes[i].normal * distance;
    if (!inside_face(hull, i, projected)) continue;
    best = std::abs(distance);
    result.point = projected;
    result.feature = {Feature::Face, static_cast<int>(i)};
  }
  best *= best;
  for (std::size_t i = 0; i < hull.edges.size(); ++i) {
    const int ia = hull.edges[i][0], ib = hull.edges[i][1];
    const Vec3<T>& a = hull.vertices[ia];
    const Vec3<T>& b = hull.vertices[ib];
    const Vec3<T> edge = b - a;
    const detail::SegmentNearest<T> nearest = detail::nearest_on_segment(edge, p - a);
    if (!(nearest.distance_squared < best)) continue;
    best = nearest.distance_squared;
    const T t = nearest.t;
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
