#include "collision_lab/result.h"

namespace geo {

const char* to_string(QueryError error) {
  switch (error) {
    case QueryError::None: return "none";
    case QueryError::NonFiniteInput: return "non-finite input (NaN or infinity)";
    case QueryError::InvalidShape: return "invalid shape";
  }
  return "unknown error";
}

namespace {
const char* const kAxisNames[3] = {"x", "y", "z"};

std::string signed_axis(int axis, int plus) { return std::string(plus ? "+" : "-") + kAxisNames[axis]; }

std::string box_feature_name(FeatureRef feature) {
  switch (feature.kind) {
    case Feature::Inside: return "inside";
    case Feature::Face: return "face " + signed_axis(feature.index / 2, feature.index % 2);
    case Feature::Vertex:
      return "vertex " + signed_axis(0, feature.index & 1) + signed_axis(1, feature.index >> 1 & 1) +
             signed_axis(2, feature.index >> 2 & 1);
    case Feature::Edge: {
      const int along = feature.index / 4, j = feature.index % 4;
      const int first = (along + 1) % 3, second = (along + 2) % 3;
      // Name the two fixed axes in x, y, z order, so the edge along y reads "+x-z".
      std::string a = signed_axis(first, j & 1), b = signed_axis(second, j >> 1 & 1);
      return "edge " + (first < second ? a + b : b + a);
    }
  }
  return "unknown";
}
}  // namespace

std::string feature_name(ShapeKind shape, FeatureRef feature) {
  static const char* const kTriangleVertices[3] = {"a", "b", "c"};
  static const char* const kTriangleEdges[3] = {"ab", "bc", "ca"};
  const int i = feature.index;
  switch (shape) {
    case ShapeKind::Aabb:
    case ShapeKind::Obb: return box_feature_name(feature);
    case ShapeKind::Triangle:
      if (feature.kind == Feature::Vertex && i >= 0 && i < 3) return std::string("vertex ") + kTriangleVertices[i];
      if (feature.kind == Feature::Edge && i >= 0 && i < 3) return std::string("edge ") + kTriangleEdges[i];
      break;
    case ShapeKind::Segment:
      if (feature.kind == Feature::Vertex) return i == 0 ? "vertex a" : "vertex b";
      if (feature.kind == Feature::Edge) return "interior";
      break;
    case ShapeKind::Ray:
      if (feature.kind == Feature::Vertex) return "origin";
      if (feature.kind == Feature::Edge) return "interior";
      break;
    case ShapeKind::Line: return "line";
    case ShapeKind::Point: return "point";
    case ShapeKind::Sphere:
      if (feature.kind == Feature::Face) return "surface";
      break;
    case ShapeKind::Plane: return "plane";
    case ShapeKind::Polygon:
    case ShapeKind::Polyhedron: break;
  }
  switch (feature.kind) {
    case Feature::Inside: return "inside";
    case Feature::Vertex: return "vertex " + std::to_string(i);
    case Feature::Edge: return "edge " + std::to_string(i);
    case Feature::Face: return shape == ShapeKind::Triangle ? "face" : "face " + std::to_string(i);
  }
  return "unknown";
}

}  // namespace geo
