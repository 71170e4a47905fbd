#include "render/depth_cue.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <unordered_map>

namespace {

// Newell's normal, which holds for any planar polygon (and averages a slightly bent one).
glm::dvec3 polygon_normal(std::span<const glm::dvec3> vertices, const std::vector<int>& face) {
  glm::dvec3 normal(0);
  for (std::size_t i = 0; i < face.size(); ++i) {
    const glm::dvec3& a = vertices[static_cast<std::size_t>(face[i])];
    const glm::dvec3& b = vertices[static_cast<std::size_t>(face[(i + 1) % face.size()])];
    normal += glm::dvec3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y));
  }
  return normal;
}

glm::dvec3 face_centre(std::span<const glm::dvec3> vertices, const std::vector<int>& face) {
  glm::dvec3 sum(0);
  for (int index : face) sum += vertices[static_cast<std::size_t>(index)];
  return face.empty() ? sum : sum / static_cast<double>(face.size());
}

bool valid_index(std::span<const glm::dvec3> vertices, int index) {
  return index >= 0 && static_cast<std::size_t>(index) < vertices.size();
}

// The side from `a` to `b`, either way round.
std::uint64_t side_key(int a, int b) {
  const auto low = static_cast<std::uint32_t>(std::min(a, b)), high = static_cast<std::uint32_t>(std::max(a, b));
  return (std::uint64_t{high} << 32) | low;
}

}  // namespace

FacingSplit classify_facing(const ConvexMesh& mesh, const ViewInfo& view) {
  FacingSplit split;
  split.face_front.assign(mesh.faces.size(), true);
  split.face_normals.assign(mesh.faces.size(), glm::dvec3(0));
  glm::dvec3 solid_centre(0);
  for (const auto& v : mesh.vertices) solid_centre += v;
  if (!mesh.vertices.empty()) solid_centre /= static_cast<double>(mesh.vertices.size());

  double extent = 0;
  for (const auto& v : mesh.vertices) extent = std::max(extent, glm::length(v - solid_centre));

  for (std::size_t f = 0; f < mesh.faces.size(); ++f) {
    // A face whose outward side cannot be told (too small, bad indices, a flat solid)
    // counts as front: it must never hide an edge.
    const auto& face = mesh.faces[f];
    bool usable = face.size() >= 3;
    for (int index : face) usable = usable && valid_index(mesh.vertices, index);
    if (!usable) continue;
    glm::dvec3 normal = polygon_normal(mesh.vertices, face);
    const double length = glm::length(normal);
    if (!(length > 0) || !std::isfinite(length)) continue;
    normal /= length;
    const glm::dvec3 centre = face_centre(mesh.vertices, face);
    // Outward whatever the winding: a convex solid's centre lies behind each of its faces.
    const double height = glm::dot(normal, centre - solid_centre);
    if (!(std::abs(height) > 1e-9 * extent)) continue;
    if (height < 0) normal = -normal;
    split.face_normals[f] = normal;
    const glm::dvec3 to_eye = view.orthographic ? -view.forward : view.eye - centre;
    // Relative, so a face seen exactly edge-on stays "away" despite rounding.
    split.face_front[f] = glm::dot(normal, to_eye) > 1e-9 * glm::length(to_eye);
  }

  // Each side of each face counted once per face, so that an edge finds the faces it bounds
  // in one look-up: a 4,096-vertex hull has 12,000 edges and 8,000 faces.
  struct SideFaces {
    int met = 0, away = 0;
    std::size_t last_face = static_cast<std::size_t>(-1);
  };
  std::unordered_map<std::uint64_t, SideFaces> sides;
  sides.reserve(2 * mesh.edges.size());
  for (std::size_t f = 0; f < mesh.faces.size(); ++f) {
    const auto& face = mesh.faces[f];
    for (std::size_t i = 0; i < face.size(); ++i) {
      SideFaces& side = sides[side_key(face[i], face[(i + 1) % face.size()])];
      if (side.last_face == f) continue;
      side.last_face = f;
      ++side.met;
      if (!split.face_front[f]) ++side.away;
    }
  }
  split.edge_hidden.assign(mesh.edges.size(), false);
  for (std::size_t e = 0; e < mesh.edges.size(); ++e) {
    const auto found = sides.find(side_key(mesh.edges[e][0], mesh.edges[e][1]));
    if (found == sides.end()) continue;
    split.edge_hidden[e] = found->second.met >= 2 && found->second.away == found->second.met;
  }
  return split;
}
