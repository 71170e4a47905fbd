// Queries on a convex polyhedron: containment by face planes and the closest point.
#include "collision_lab/polyhedron.h"

#include "closest_point_detail.h"
#include "polyhedron_frame.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

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
  const detail::PolyhedronAnswer<T> answer =
      detail::outside_answer(detail::make_polyhedron_frame(hull), p, std::span<const T>(result.face_distances), {});
  result.point = answer.point;
  result.feature = answer.feature;
  set_distance(result, p);
  return result;
}

template PolyhedronContainment<float> contains(const ConvexPolyhedron<float>&, const Vec3<float>&);
template PolyhedronContainment<double> contains(const ConvexPolyhedron<double>&, const Vec3<double>&);
template PolyhedronClosestPoint<float> closest_point(const ConvexPolyhedron<float>&, const Vec3<float>&);
template PolyhedronClosestPoint<double> closest_point(const ConvexPolyhedron<double>&, const Vec3<double>&);

}  // namespace geo
