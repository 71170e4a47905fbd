// From quickhull's triangles to the hull's polygon faces: coplanar neighbours merge,
// vertices in the middle of an edge or inside a face go, planes are refitted.
#include "geometry/hull_faces.h"

#include <algorithm>
#include <array>

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
  std::sort(order.begin(), order.end(), [&](int a, int b) { return area[a] > area[b] || (area[a] == area[b] && a < b); });
  group_count = 0;
  std::vector<int> stack;
  for (int seed : order) {
    if (group[seed] >= 0) continue;
    const int g = group_count++;
    const auto& plane = faces[seed];
    stack.assign(1, seed);
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

// Polygon loops stored back to back: loop g is vertices[first[g]] .. vertices[first[g + 1] - 1].
struct Loops {
  std::vector<int> first{0};
  std::vector<int> vertices;
  int count() const { return static_cast<int>(first.size()) - 1; }
};

// The boundary of each group as one counter-clockwise loop of vertex indices, starting
// at its lowest vertex.
template <typename T>
bool group_loops(const TriangleMesh<T>& mesh, const std::vector<int>& group, int group_count, Loops& loops) {
  const auto& faces = mesh.faces;
  auto boundary = [&](int f, int k) { return group[faces[f].neighbor[k]] != group[f]; };
  loops.first.assign(group_count + 1, 0);
  for (int f = 0; f < static_cast<int>(faces.size()); ++f) {
    if (!faces[f].alive) continue;
    for (int k = 0; k < 3; ++k) loops.first[group[f] + 1] += boundary(f, k) ? 1 : 0;
  }
  for (int g = 0; g < group_count; ++g) loops.first[g + 1] += loops.first[g];
  // Each group's boundary edges, sorted into its own range by group.
  std::vector<std::array<int, 2>> edges(loops.first.back());
  std::vector<int> fill(loops.first.begin(), loops.first.end() - 1);
  for (int f = 0; f < static_cast<int>(faces.size()); ++f) {
    if (!faces[f].alive) continue;
    for (int k = 0; k < 3; ++k) {
      if (boundary(f, k)) edges[fill[group[f]]++] = {faces[f].v[k], faces[f].v[(k + 1) % 3]};
    }
  }
  std::vector<int> owner(mesh.points.size(), -1), next(mesh.points.size(), -1);
  loops.vertices.resize(edges.size());
  for (int g = 0; g < group_count; ++g) {
    const int begin = loops.first[g], end = loops.first[g + 1];
    if (begin == end) return false;
    int start = edges[begin][0];
    for (int e = begin; e < end; ++e) {
      const auto [from, to] = edges[e];
      if (owner[from] == g) return false;  // a vertex starting two boundary edges: not a disc
      owner[from] = g;
      next[from] = to;
      start = std::min(start, from);
    }
    int at = begin, vertex = start;
    do {
      if (at == end || owner[vertex] != g) return false;  // a second loop or an open one
      loops.vertices[at++] = vertex;
      vertex = next[vertex];
    } while (vertex != start);
    if (at != end) return false;
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
// so neighbouring faces keep sharing their edges. Removing a vertex changes whether its
// neighbours are straight, so each round removes only straight vertices with no straight
// neighbour of a lower index, then looks again.
template <typename T>
void drop_straight_vertices(const TriangleMesh<T>& mesh, Loops& loops) {
  const int point_count = static_cast<int>(mesh.points.size());
  std::vector<int> holding(point_count, 0), straight_in(point_count, 0);
  std::vector<char> doomed(point_count, 0);
  auto neighbours = [&](auto&& visit) {  // visit(prev, here, next) for every loop corner
    for (int g = 0; g < loops.count(); ++g) {
      const int begin = loops.first[g], n = loops.first[g + 1] - begin;
      const int* loop = loops.vertices.data() + begin;
      for (int k = 0; k < n; ++k) visit(loop[(k + n - 1) % n], loop[k], loop[(k + 1) % n]);
    }
  };
  for (;;) {
    neighbours([&](int prev, int here, int next) {
      ++holding[here];
      if (straight(mesh.points, prev, here, next, mesh.tolerance)) ++straight_in[here];
    });
    bool any = false;
    for (int v : loops.vertices) {
      doomed[v] = holding[v] == straight_in[v];
      any = any || doomed[v];
    }
    if (!any) break;
    neighbours([&](int prev, int here, int next) {
      if (doomed[here] && ((doomed[prev] && prev < here) || (doomed[next] && next < here))) straight_in[here] = -1;
    });
    std::vector<int> first{0};
    int kept = 0;
    for (int g = 0; g < loops.count(); ++g) {
      for (int at = loops.first[g]; at < loops.first[g + 1]; ++at) {
        const int v = loops.vertices[at];
        if (!doomed[v] || straight_in[v] < 0) loops.vertices[kept++] = v;
      }
      first.push_back(kept);
    }
    loops.vertices.resize(kept);
    loops.first = std::move(first);
    for (int v : loops.vertices) holding[v] = straight_in[v] = doomed[v] = 0;
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

// Checks that the faces close up, every directed edge used once and its reverse by
// another face, and lists each edge once, sorted.
template <typename T>
bool closed_surface(ConvexPolyhedron<T>& hull, std::string& message) {
  const int vertex_count = static_cast<int>(hull.vertices.size());
  std::vector<int> first(vertex_count + 1, 0);
  for (const auto& face : hull.faces) {
    for (int v : face) ++first[v + 1];
  }
  for (int v = 0; v < vertex_count; ++v) first[v + 1] += first[v];
  std::vector<int> heads(first.back()), fill(first.begin(), first.end() - 1);
  for (const auto& face : hull.faces) {
    for (std::size_t k = 0; k < face.size(); ++k) heads[fill[face[k]]++] = face[(k + 1) % face.size()];
  }
  for (int v = 0; v < vertex_count; ++v) {
    std::sort(heads.begin() + first[v], heads.begin() + first[v + 1]);
    if (std::adjacent_find(heads.begin() + first[v], heads.begin() + first[v + 1]) != heads.begin() + first[v + 1]) {
      message = "hull construction failed: an edge is used twice in one direction";
      return false;
    }
  }
  for (int a = 0; a < vertex_count; ++a) {
    for (int at = first[a]; at < first[a + 1]; ++at) {
      const int b = heads[at];
      if (!std::binary_search(heads.begin() + first[b], heads.begin() + first[b + 1], a)) {
        message = "hull construction failed: the surface is not closed";
        return false;
      }
      if (a < b) hull.edges.push_back({a, b});
    }
  }
  return true;
}

}  // namespace

template <typename T>
bool polygon_faces(const TriangleMesh<T>& mesh, const std::vector<Vec3<T>>& input, ConvexPolyhedron<T>& hull,
                   std::string& message) {
  int group_count = 0;
  const std::vector<int> group = coplanar_groups(mesh, group_count);
  Loops loops;
  if (!group_loops(mesh, group, group_count, loops)) {
    message = "hull construction failed: a merged face is not a disc (rounding trouble)";
    return false;
  }
  drop_straight_vertices(mesh, loops);

  // Keep only the vertices the faces use, renumbered in input order.
  std::vector<int> renumber(input.size(), -1);
  for (int g = 0; g < loops.count(); ++g) {
    if (loops.first[g + 1] - loops.first[g] < 3) {
      message = "hull construction failed: a face lost its area (rounding trouble)";
      return false;
    }
  }
  for (int v : loops.vertices) renumber[v] = 0;
  for (std::size_t point = 0; point < input.size(); ++point) {
    if (renumber[point] < 0) continue;
    renumber[point] = static_cast<int>(hull.vertices.size());
    hull.vertices.push_back(input[point]);
  }
  hull.faces.reserve(loops.count());
  hull.face_planes.reserve(loops.count());
  for (int g = 0; g < loops.count(); ++g) {
    std::vector<int> face;
    face.reserve(loops.first[g + 1] - loops.first[g]);
    for (int at = loops.first[g]; at < loops.first[g + 1]; ++at) face.push_back(renumber[loops.vertices[at]]);
    hull.face_planes.push_back(fitted_plane(hull.vertices, face));
    hull.faces.push_back(std::move(face));
  }
  if (!closed_surface(hull, message)) return false;
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
