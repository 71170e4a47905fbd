#pragma once
// The depth cue of a convex solid's wireframe: which faces turn towards the eye and which
// edges lie behind the solid. Pure math (no GL), so it is unit-tested; DebugDraw and the
// samples draw hidden edges dashed and faint and shade only the front faces.
#include "render/view.h"

#include <array>
#include <span>
#include <vector>

// A convex solid as its vertices, its faces (vertex indices around each face, either
// winding) and its edges (pairs of vertex indices, each once).
struct ConvexMesh {
  std::span<const glm::dvec3> vertices;
  std::span<const std::vector<int>> faces;
  std::span<const std::array<int, 2>> edges;
};

struct FacingSplit {
  std::vector<bool> face_front;   // per face: turned towards the eye
  std::vector<bool> edge_hidden;  // per edge: both faces meeting there turn away
  std::vector<glm::dvec3> face_normals;  // per face: outward unit normal (zero when degenerate)
};

// A face seen exactly edge-on counts as turned away. A face whose outward side cannot be
// told (degenerate, a flat solid) counts as front, and an edge with fewer than two faces is
// never hidden: an edge is only hidden when the solid surely stands in front of it.
FacingSplit classify_facing(const ConvexMesh& mesh, const ViewInfo& view);
