// Queries on a convex polyhedron: containment by face planes and the closest point.
#include "collision_lab/polyhedron.h"

#include "closest_point_detail.h"
#include "collision_lab/shape_check.h"
#include "polyhedron_frame.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

namespace geo {
namespace {

// What both queries start with: the input's error, or else N_i·P − D_i for every face,
// measured from the face's first vertex so that a hull far from the origin does not lose
// the distance to cancellation.
template <typename Result, typename T>
Result measured(const ConvexPolyhedron<T>& hull, const Vec3<T>& p) {
  const QueryError error = all_finite(p) ? shape_error(hull) : QueryError::NonFiniteInput;
  if (error != QueryError::None) return failed<Result>(error);
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
