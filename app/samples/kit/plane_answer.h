#pragma once
// The closest point on a plane a sample builds from its points (through A and B, through
// A, B and C): the plane samples answer signed_distance lines on it.
#include "geometry/closest_point.h"
#include "geometry/plane.h"
#include "query/query_lines.h"

namespace kit {

// On the plane as the query tool reads it from the line, so the shown numbers are the
// tool's to the bit; the builder's error when there is no plane (the answered line fails too).
inline geo::PlaneClosestPoint<double> closest_on_built_plane(const geo::PlaneResult<double>& built,
                                                            const glm::dvec3& p) {
  if (!built.ok()) return geo::failed<geo::PlaneClosestPoint<double>>(built.error);
  return geo::closest_point(query::read_back(built.plane).value_or(built.plane), p);
}

}  // namespace kit
