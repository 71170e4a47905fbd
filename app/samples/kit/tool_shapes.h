#pragma once
// Shapes as the query tool reads them from a sample's query lines: a sample computes its
// answer on these, so that its numbers are the tool's to the bit.
#include "collision_lab/closest_point.h"
#include "collision_lab/plane.h"
#include "collision_lab/query/query_lines.h"

#include <vector>

namespace kit {

// The closest point on a plane a sample builds from its points (through A and B, through
// A, B and C), on the plane as the tool reads it; the builder's error when there is no
// plane (the answered line fails too).
inline geo::PlaneClosestPoint<double> closest_on_built_plane(const geo::PlaneResult<double>& built,
                                                            const glm::dvec3& p) {
  if (!built.ok()) return geo::failed<geo::PlaneClosestPoint<double>>(built.error);
  return geo::closest_point(query::read_back(built.plane).value_or(built.plane), p);
}

// A hull as the tool reads it: rebuilt from its vertices, which can number merged faces
// differently. Kept until the vertices change, since update() runs every frame.
class ToolHull {
 public:
  const geo::ConvexPolyhedron<double>& update(const geo::ConvexPolyhedron<double>& hull) {
    if (!read_ || hull.vertices != read_from_) {
      read_from_ = hull.vertices;
      hull_ = query::read_back(hull).value_or(hull);
      read_ = true;
    }
    return hull_;
  }
  const geo::ConvexPolyhedron<double>& hull() const { return hull_; }

 private:
  std::vector<glm::dvec3> read_from_;
  geo::ConvexPolyhedron<double> hull_;
  bool read_ = false;
};

}  // namespace kit
