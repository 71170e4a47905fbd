#pragma once
// The shapes the GJK sample offers (a box, a sphere, a polyhedron, a triangle, a segment),
// and their vertices as GJK numbers them.
#include "collision_lab/hull.h"
#include "collision_lab/shapes.h"
#include "collision_lab/query/overlap_operations.h"

#include <cmath>
#include <variant>
#include <vector>

namespace kit::gjk_shapes {

enum Kind { kBox, kSphere, kPolyhedron, kTriangle, kSegment };
inline const char* const kKindNames[] = {"box", "sphere", "polyhedron", "triangle", "segment"};

inline geo::AnyShape<double> make_shape(Kind kind, const glm::dvec3& c) {
  switch (kind) {
    case kBox: {
      geo::Obb<double> box;
      const double cs = std::cos(0.4), sn = std::sin(0.4);
      box.center = c;
      box.axes = {glm::dvec3(cs, sn, 0), glm::dvec3(-sn, cs, 0), glm::dvec3(0, 0, 1)};
      box.half_extents = {1, 0.7, 0.8};
      return box;
    }
    case kSphere: return geo::Sphere<double>{c, 1};
    case kPolyhedron:
      return geo::make_convex_hull(std::vector<glm::dvec3>{c + glm::dvec3(1.2, 0, 0), c + glm::dvec3(-0.6, 1, 0.3),
                                                           c + glm::dvec3(-0.6, -1, 0.4), c + glm::dvec3(0, 0.2, 1.3),
                                                           c + glm::dvec3(0.1, -0.1, -1.1), c + glm::dvec3(-0.9, 0.1, -0.4)})
          .hull;
    case kTriangle: return geo::Triangle<double>{c + glm::dvec3(-0.4, -1, -0.8), c + glm::dvec3(0.6, 1.2, -0.3), c + glm::dvec3(0, -0.2, 1.2)};
    case kSegment: return geo::Segment<double>{c + glm::dvec3(-0.3, -1.2, -0.6), c + glm::dvec3(0.4, 1.1, 0.7)};
  }
  return geo::Sphere<double>{c, 1};
}

// Every kind this sample takes is bounded (state_problem refuses the others), so it converts.
inline geo::ConvexShape<double> convex(const geo::AnyShape<double>& any) { return *query::as_convex(any); }

inline int kind_of(const geo::AnyShape<double>& any) {
  switch (geo::shape_kind(any)) {
    case geo::ShapeKind::Obb: return kBox;
    case geo::ShapeKind::Sphere: return kSphere;
    case geo::ShapeKind::Polyhedron: return kPolyhedron;
    case geo::ShapeKind::Triangle: return kTriangle;
    case geo::ShapeKind::Segment: return kSegment;
    default: return -1;  // a kind a scene gave (an aabb, a polygon): the combo shows none
  }
}

}  // namespace kit::gjk_shapes
