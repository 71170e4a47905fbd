#pragma once
// The convex hull of A − B's vertex differences, which GJK's diagram draws around its
// simplex: a polyhedron, or the polygon (segment, point) the differences span when flat.
#include "collision_lab/shapes.h"
#include "render/debug_draw.h"

#include <array>
#include <vector>

namespace kit {

struct MinkowskiHull {
  std::vector<glm::dvec3> vertices;         // every one of them a vertex difference
  std::vector<std::array<int, 2>> edges;    // into vertices
  std::vector<std::vector<int>> faces;      // a polyhedron's; a flat hull's one polygon
  // The hull as half-spaces N·X <= d (unit N): a flat hull adds its plane from both sides,
  // a segment its ends and two pairs of planes through it.
  std::vector<geo::Plane<double>> planes;
};

MinkowskiHull minkowski_hull(const std::vector<glm::dvec3>& differences);

// Faintly filled faces and thin edges, the diagram's origin at `origin`; a solid hull with
// the depth cue (hidden edges dashed).
void draw_minkowski_hull(DebugDraw& draw, const MinkowskiHull& hull, const glm::dvec3& origin, Color color);

}  // namespace kit
