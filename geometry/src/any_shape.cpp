#include "collision_lab/any_shape.h"

namespace geo {

const char* shape_type_name(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Point: return "point";
    case ShapeKind::Line: return "line";
    case ShapeKind::Ray: return "ray";
    case ShapeKind::Segment: return "segment";
    case ShapeKind::Plane: return "plane";
    case ShapeKind::Aabb: return "aabb";
    case ShapeKind::Obb: return "obb";
    case ShapeKind::Sphere: return "sphere";
    case ShapeKind::Triangle: return "triangle";
    case ShapeKind::Polygon: return "polygon";
    case ShapeKind::Polyhedron: return "polyhedron";
  }
  return "unknown";
}

}  // namespace geo
