// From quickhull's triangles to the hull's polygon faces: coplanar neighbours merge,
// vertices in the middle of an edge or inside a face go, planes are refitted.
#include "geometry/hull_faces.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace geo::hull_detail {
namespace {

// Region growing from the largest triangles: a neighbour joins when its orientation
// agrees and all its corners lie within the tolerance of the seed's plane. Testing
// against the seed, not the last face joined, keeps a curved surface from drifting in.
template <typename T>
std::vector<int> coplanar_groups(const TriangleMesh<T>& mesh, int& group_count) {
  const auto& faces = mesh.faces;
  std::vector<int> order, group(faces.size(), -1);
  std::vector<T> area(faces.size(), 0);
  for (int f = 0; f < static_cast<int>(faces.size()); ++f) {
    if (!faces[f].alive) continue;
    const auto& v = faces[f].v;
    area[f] = glm::length(glm::cross(mesh.points[v[1]] - mesh.points[v[0]], mesh.points[v[2]] - mesh.points[v[0]]));
    order.push_back(f);
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return area[a] > area[b]; });
  group_count = 0;
  for (int seed : order) {
    if (group[seed] >= 0) continue;
    const int g = group_count++;
    const auto& plane = faces[seed];
    std::vector<int> stack{seed};
    group[seed] = g;
    while (!stack.empty()) {
      const int f = stack.back();
      stack.pop_back();
      for (int neighbor : faces[f].neighbor) {
        if (group[neighbor] >= 0) continue;
        const auto& other = faces[neighbor];
        bool coplanar = glm::dot(other.normal, plane.normal) > 0 || other.normal == Vec3<T>(0);
        for (int corner : other.v) {
          coplanar = coplanar && std::abs(glm::dot(plane.normal, mesh.points[corner]) - plane.offset) <= mesh.tolerance;
        }
        if (!coplanar) continue;
        group[neighbor] = g;
        stack.push_back(neighbor);
      }
    }
  }
  return group;
}

// The boundary of each group as one counter-clockwise loop of vertex indices.
template <typename T>
bool group_loops(const TriangleMesh<T>& mesh, const std::vector<int>& group, int group_count,
                 std::vector<std::vector<int>>& loops) {
  std::vector<std::map<int, int>> next(group_count);
  for (int f = 0; f < static_cast<int>(mesh.faces.size()); ++f) {
    if (!mesh.faces[f].alive) continue;
    const auto& face = mesh.faces[f];
    for (int k = 0; k < 3; ++k) {
      if (group[face.neighbor[k]] == group[f]) continue;
      if (!next[group[f]].emplace(face.v[k], face.v[(k + 1) % 3]).second) return false;
    }
  }
  loops.assign(group_count, {});
  for (int g = 0; g < group_count; ++g) {
    auto& loop = loops[g];
    if (next[g].empty()) return false;
    loop.push_back(next[g].begin()->first);
    for (;;) {
      const auto step = next[g].find(loop.back());
      if (step == next[g].end()) return false;
      if (step->second == loop.front()) break;
      loop.push_back(step->second);
      if (loop.size() > next[g].size()) return false;
    }
    if (loop.size() != next[g].size()) return false;  // a second loop: not a disc
  }
  return true;
}

// A vertex is straight in a loop when it lies within the tolerance of the segment
// joining its neighbours (a point on an edge of the hull, or a collinear corner).
template <typename T>
bool straight(const std::vector<Vec3<T>>& points, int prev, int here, int next, T tolerance) {
  const Vec3<T> chord = points[next] - points[prev], to_here = points[here] - points[prev];
  const T length = glm::length(chord);
  if (!(length > 0)) return false;
  const T off_line = glm::length(glm::cross(chord, to_here)) / length;
  return off_line <= tolerance && glm::dot(to_here, points[next] - points[here]) > 0;
}

// Removes, from every loop at once, each vertex that is straight in all loops holding it,
// so neighbouring faces keep sharing their edges.
template <typename T>
void drop_straight_vertices(const TriangleMesh<T>& mesh, std::vector<std::vector<int>>& loops) {
  for (bool removed = true; removed;) {
    removed = false;
    std::map<int, std::pair<int, int>> uses;  // vertex -> (loops holding it, loops where it is straight)
    for (const auto& loop : loops) {
      const std::size_t n = loop.size();
      for (std::size_t k = 0; k < n; ++k) {
        auto& use = uses[loop[k]];
        ++use.first;
        if (straight(mesh.points, loop[(k + n - 1) % n], loop[k], loop[(k + 1) % n], mesh.tolerance)) ++use.second;
      }
    }
    std::set<int> doomed;
    for (const auto& [vertex, use] : uses) {
      if (use.first == use.second) doomed.insert(vertex);
    }
    // One at a time: removing a vertex changes whether its neighbours are straight.
    if (doomed.empty()) break;
    const int vertex = *doomed.begin();
    for (auto& loop : loops) std::erase(loop, vertex);
    removed = true;
  }
}

template <typename T>
Plane<T> fitted_plane(const std::vector<Vec3<T>>& input, const std::vector<int>& loop) {
  // Newell's area vector, summed around the first vertex so large offsets cancel exactly,
  // in long double: a long thin face's normal loses (length / width) * epsilon.
  using W = glm::vec<3, long double, glm::defaultp>;
  const W origin(input[loop[0]]);
  W area(0);
  for (std::size_t k = 1; k + 1 < loop.size(); ++k) {
    area += glm::cross(W(input[loop[k]]) - origin, W(input[loop[k + 1]]) - origin);
  }
  const long double length = glm::length(area);
  const W normal = length > 0 ? area / length : W(0);
  long double offset = 0;
  for (int v : loop) offset += glm::dot(normal, W(input[v]));
  Plane<T> plane;
  plane.normal = Vec3<T>(normal);
  plane.d = static_cast<T>(offset / static_cast<long double>(loop.size()));
  return plane;
}

}  // namespace

template <typename T>
bool polygon_faces(const TriangleMesh<T>& mesh, const std::vector<Vec3<T>>& input, ConvexPolyhedron<T>& hull,
                   std::string& message) {
  int group_count = 0;
  const std::vector<int> group = coplanar_groups(mesh, group_count);
  std::vector<std::vector<int>> loops;
  if (!group_loops(mesh, group, group_count, loops)) {
    message = "hull construction failed: a merged face is not a disc (rounding trouble)";
    return false;
  }
  drop_straight_vertices(mesh, loops);

  // Keep only the vertices the faces use, renumbered in input order.
  std::map<int, int> renumber;
  for (const auto& loop : loops) {
    if (loop.size() < 3) {
      message = "hull construction failed: a face lost its area (rounding trouble)";
      return false;
    }
    for (int v : loop) renumber.emplace(v, 0);
  }
  for (auto& [point, index] : renumber) {
    index = static_cast<int>(hull.vertices.size());
    hull.vertices.push_back(input[point]);
  }
  std::set<std::pair<int, int>> directed;
  for (const auto& loop : loops) {
    std::vector<int> face;
    for (int v : loop) face.push_back(renumber.at(v));
    for (std::size_t k = 0; k < face.size(); ++k) {
      const int a = face[k], b = face[(k + 1) % face.size()];
      if (!directed.emplace(a, b).second) {
        message = "hull construction failed: an edge is used twice in one direction";
        return false;
      }
      if (a < b) hull.edges.push_back({a, b});
    }
    hull.face_planes.push_back(fitted_plane(hull.vertices, face));
    hull.faces.push_back(std::move(face));
  }
  for (const auto& [a, b] : directed) {
    if (!directed.contains({b, a})) {
      message = "hull construction failed: the surface is not closed";
      return false;
    }
  }
  std::sort(hull.edges.begin(), hull.edges.end());
  const auto euler = static_cast<long>(hull.vertices.size()) - static_cast<long>(hull.edges.size()) +
                     static_cast<long>(hull.faces.size());
  if (euler != 2) {
    message = "hull construction failed: V - E + F = " + std::to_string(euler);
    return false;
  }
  return true;
}

template bool polygon_faces(const TriangleMesh<float>&, const std::vector<Vec3<float>>&, ConvexPolyhedron<float>&,
                            std::string&);
template bool polygon_faces(const TriangleMesh<double>&, const std::vector<Vec3<double>>&, ConvexPolyhedron<double>&,
                            std::string&);

}  // namespace geo::hull_detail
