// Queries on a convex polyhedron: containment by face planes and the closest point.
#include "collision_lab/polyhedron.h"

#include "closest_point_detail.h"
#include "collision_lab/shape_check.h"
#include "polyhedron_frame.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

namespace geo {
namespace {

// What both queries start with: the input's error, or else N_i·P − D_i for every face in
// `distances`, measured from the face's first vertex so that a hull far from the origin
// does not lose the distance to cancellation.
template <typename T>
QueryError measure(const ConvexPolyhedron<T>& hull, const Vec3<T>& p, std::vector<T>& distances) {
  distances.clear();
  const QueryError error = all_finite(p) ? shape_error(hull) : QueryError::NonFiniteInput;
  if (error != QueryError::None) return error;
  distances.resize(hull.faces.size());
  for (std::size_t i = 0; i < hull.faces.size(); ++i) {
    distances[i] = glm::dot(hull.face_planes[i].normal, p - hull.vertices[hull.faces[i][0]]);
  }
  return QueryError::None;
}

}  // namespace

template <typename T>
PolyhedronContainment<T> contains(const ConvexPolyhedron<T>& hull, const Vec3<T>& p, PolyhedronTrace<T>* trace) {
  std::vector<T> untraced;  // without a trace the distances last only as long as the query
  std::vector<T>& distances = trace ? trace->face_distances : untraced;
  if (const QueryError error = measure(hull, p, distances); error != QueryError::None) {
    return failed<PolyhedronContainment<T>>(error);
  }
  PolyhedronContainment<T> result;
  detail::answer_containment(result, distances, result.first_separating_face, detail::bounds_tolerance(hull.vertices));
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
PolyhedronClosestPoint<T> closest_point(const ConvexPolyhedron<T>& hull, const Vec3<T>& p, PolyhedronTrace<T>* trace) {
  std::vector<T> untraced;
  std::vector<T>& distances = trace ? trace->face_distances : untraced;
  if (const QueryError error = measure(hull, p, distances); error != QueryError::None) {
    return failed<PolyhedronClosestPoint<T>>(error);
  }
  PolyhedronClosestPoint<T> result;
  if (detail::answer_if_inside(result, distances, p)) return result;
  const detail::PolyhedronAnswer<T> answer =
      detail::outside_answer(detail::make_polyhedron_frame(hull), p, std::span<const T>(distances), {});
  result.point = answer.point;
  result.feature = answer.feature;
  set_distance(result, p);
  return result;
}

#define GEO_INSTANTIATE_POLYHEDRON_QUERIES(T)                                                                  \
  template PolyhedronContainment<T> contains(const ConvexPolyhedron<T>&, const Vec3<T>&, PolyhedronTrace<T>*); \
  template PolyhedronClosestPoint<T> closest_point(const ConvexPolyhedron<T>&, const Vec3<T>&, PolyhedronTrace<T>*);

GEO_INSTANTIATE_POLYHEDRON_QUERIES(float)
GEO_INSTANTIATE_POLYHEDRON_QUERIES(double)
#undef GEO_INSTANTIATE_POLYHEDRON_QUERIES

}  // namespace geo
