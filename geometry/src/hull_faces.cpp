// From quickhull's triangles to the hull's polygon faces: coplanar neighbours merge,
// vertices in the middle of an edge or inside a face go, planes are refitted.
#include "hull_faces.h"

#include "accurate_cross.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

namespace geo::hull_detail {
namespace {

// Whether the triangles on either side of edge ab (opposite corners p and q) could lie
// within the tolerance of one plane: tetrahedron abpq is then at most twice the
// tolerance wide (allowing twice that again for rounding). Its width is six times its
// volume over the largest cross product of two of its faces' or opposite edges' sides.
template <typename T>
bool could_be_coplanar(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& p, const Vec3<T>& q, T tolerance) {
  const Vec3<T> ab = b - a, ap = p - a, aq = q - a, bp = p - b, bq = q - b, pq = q - p;
  auto squared = [](const Vec3<T>& v) { return glm::dot(v, v); };
  const T volume6 = std::abs(glm::dot(glm::cross(ab, ap), aq));
  const T widest_squared = std::max({squared(glm::cross(ab, ap)), squared(glm::cross(ab, aq)),
                                     squared(glm::cross(ap, aq)), squared(glm::cross(bp, bq)),
                                     squared(glm::cross(ab, pq)), squared(glm::cross(ap, bq)),
                                     squared(glm::cross(aq, bp))});
  return volume6 <= T(4) * tolerance * std::sqrt(widest_squared);
}

// Region growing from the largest triangles: a neighbour joins when its orientation
// agrees and all its corners lie within the tolerance of the seed's plane. Testing
// against the seed, not the last face joined, keeps a curved surface from drifting in.
// A triangle no neighbour could share a plane with is a group of its own at once, so a
// curved surface (a million points on a sphere) skips the sort and the random walk.
template <typename T>
std::vector<int> coplanar_groups(const TriangleMesh<T>& mesh, int& group_count) {
  const auto& faces = mesh.faces;
  std::vector<int> group(faces.size(), -1), alive;
  std::vector<char> may_merge(faces.size(), 0);
  for (int f = 0; f < static_cast<int>(faces.size()); ++f) {
    if (!faces[f].alive) continue;
    alive.push_back(f);
    const auto& v = faces[f].v;
    for (int k = 0; k < 3; ++k) {
      const int g = faces[f].neighbor[k];
      if (g < f) continue;
      const auto& w = faces[g].v;
      const int a = v[k], b = v[(k + 1) % 3], p = v[(k + 2) % 3], q = w[0] + w[1] + w[2] - a - b;
      if (could_be_coplanar(mesh.points[a], mesh.points[b], mesh.points[p], mesh.points[q], mesh.tolerance)) {
        may_merge[f] = may_merge[g] = 1;
      }
    }
  }
  group_count = 0;
  std::vector<std::pair<T, int>> by_area;  // (-area, face): the largest first, ties by index
  for (int f : alive) {
    if (!may_merge[f]) {
      group[f] = group_count++;
      continue;
    }
    const auto& v = faces[f].v;
    by_area.push_back({-glm::length(glm::cross(mesh.points[v[1]] - mesh.points[v[0]], mesh.points[v[2]] - mesh.points[v[0]])), f});
  }
  std::sort(by_area.begin(), by_area.end());
  std::vector<int> stack;
  for (const auto& [minus_area, seed] : by_area) {
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
  // Renumber the groups by their first corner in the points' spatial order (a counting
  // sort), so the faces come out near their neighbours rather than by size.
  std::vector<int> lowest(group_count, static_cast<int>(mesh.points.size()));
  for (int f : alive) {
    for (int v : faces[f].v) lowest[group[f]] = std::min(lowest[group[f]], v);
  }
  std::vector<int> first(mesh.points.size() + 1, 0), renamed(group_count);
  for (int g = 0; g < group_count; ++g) ++first[lowest[g]];
  for (std::size_t v = 1; v < first.size(); ++v) first[v] += first[v - 1];
  for (int g = group_count - 1; g >= 0; --g) renamed[g] = --first[lowest[g]];
  for (int f : alive) group[f] = renamed[group[f]];
  return group;
}

// Polygon loops stored back to back: loop g is vertices[first[g]] .. vertices[first[g + 1] - 1].
struct Loops {
  std::vector<int> first{0};
  std::vector<int> vertices;
  int count() const { return static_cast<int>(first.size()) - 1; }
};

// The boundary of each group as one counter-clockwise loop of vertex indices, starting
// at the vertex first in the input.
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
      if (mesh.input_index[from] < mesh.input_index[start]) start = from;
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
// neighbour earlier in the input, then looks again.
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
      auto earlier = [&](int other) { return doomed[other] && mesh.input_index[other] < mesh.input_index[here]; };
      if (doomed[here] && (earlier(prev) || earlier(next))) straight_in[here] = -1;
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

// The plane of a face whose corners are `loop` in the input and in `scaled` (the input
// scaled as the mesh is, where no product over- or underflows).
template <typename T>
Plane<T> fitted_plane(const std::vector<Vec3<T>>& input, const std::vector<Vec3<T>>& scaled, std::span<const int> loop) {
  // Newell's area vector as a fan around the first vertex, each triangle's cross product
  // from its exact corners: a plain one, even in long double, tilts a sliver face (a side
  // a millionth of the others) enough to leave its own corners off the plane.
  using W = glm::vec<3, long double, glm::defaultp>;
  Vec3<T> fan(0);
  for (std::size_t k = 1; k + 1 < loop.size(); ++k) {
    fan += detail::accurate_triangle_cross(scaled[loop[0]], scaled[loop[k]], scaled[loop[k + 1]]);
  }
  const W area(fan);
  const long double length = glm::length(area);
  const W normal = length > 0 ? area / length : W(0);
  long double offset = 0;
  for (int v : loop) offset += glm::dot(normal, W(input[v]));
  Plane<T> plane;
  plane.normal = Vec3<T>(normal);
  plane.d = static_cast<T>(offset / static_cast<long double>(loop.size()));
  return plane;
}

// Checks that the loops close up, every directed edge used once and its reverse by
// another loop, and lists each edge once (in mesh points).
inline bool closed_surface(const Loops& loops, int point_count, std::vector<std::array<int, 2>>& edges,
                           std::string& message) {
  std::vector<int> first(point_count + 1, 0);
  for (int v : loops.vertices) ++first[v + 1];
  for (int v = 0; v < point_count; ++v) first[v + 1] += first[v];
  std::vector<int> heads(first.back()), fill(first.begin(), first.end() - 1);
  for (int g = 0; g < loops.count(); ++g) {
    const int begin = loops.first[g], n = loops.first[g + 1] - begin;
    for (int k = 0; k < n; ++k) heads[fill[loops.vertices[begin + k]]++] = loops.vertices[begin + (k + 1) % n];
  }
  auto out_of = [&](int v) { return std::span<int>(heads.data() + first[v], heads.data() + first[v + 1]); };
  for (int v = 0; v < point_count; ++v) {
    const auto out = out_of(v);
    std::sort(out.begin(), out.end());
    if (std::adjacent_find(out.begin(), out.end()) != out.end()) {
      message = "hull construction failed: an edge is used twice in one direction";
      return false;
    }
  }
  for (int a = 0; a < point_count; ++a) {
    for (int b : out_of(a)) {
      const auto back = out_of(b);
      if (!std::binary_search(back.begin(), back.end(), a)) {
        message = "hull construction failed: the surface is not closed";
        return false;
      }
      if (a < b) edges.push_back({a, b});
    }
  }
  return true;
}

// The edges as (lower, higher) hull vertex index pairs, sorted: a counting sort on the
// lower end, then a sort of each (short) run.
inline void sorted_edges(const std::vector<std::array<int, 2>>& mesh_edges, const std::vector<int>& renumber,
                         int vertex_count, std::vector<std::array<int, 2>>& edges) {
  std::vector<int> first(vertex_count + 1, 0);
  for (const auto& [a, b] : mesh_edges) ++first[std::min(renumber[a], renumber[b]) + 1];
  for (int v = 0; v < vertex_count; ++v) first[v + 1] += first[v];
  std::vector<int> fill(first.begin(), first.end() - 1);
  edges.resize(mesh_edges.size());
  for (const auto& [a, b] : mesh_edges) {
    const int low = std::min(renumber[a], renumber[b]), high = std::max(renumber[a], renumber[b]);
    edges[fill[low]++] = {low, high};
  }
  for (int v = 0; v < vertex_count; ++v) std::sort(edges.begin() + first[v], edges.begin() + first[v + 1]);
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

  for (int g = 0; g < loops.count(); ++g) {
    if (loops.first[g + 1] - loops.first[g] < 3) {
      message = "hull construction failed: a face lost its area (rounding trouble)";
      return false;
    }
  }
  const int point_count = static_cast<int>(mesh.points.size());
  std::vector<std::array<int, 2>> mesh_edges;
  if (!closed_surface(loops, point_count, mesh_edges, message)) return false;

  // Keep only the vertices the faces use, renumbered in input order.
  std::vector<int> renumber(point_count, -1), used_at(input.size(), -1);  // used_at: per input point, its mesh point
  for (int v : loops.vertices) used_at[mesh.input_index[v]] = v;
  for (std::size_t point = 0; point < input.size(); ++point) {
    if (used_at[point] < 0) continue;
    renumber[used_at[point]] = static_cast<int>(hull.vertices.size());
    hull.vertices.push_back(input[point]);
  }
  // The planes are fitted to the input's coordinates, read in the mesh's spatial order.
  std::vector<Vec3<T>> ordered(point_count), scaled(point_count);
  for (int v = 0; v < point_count; ++v) {
    ordered[v] = input[mesh.input_index[v]];
    scaled[v] = mesh.scaled(ordered[v]);
  }
  hull.faces.reserve(loops.count());
  hull.face_planes.reserve(loops.count());
  for (int g = 0; g < loops.count(); ++g) {
    const std::span<const int> loop(loops.vertices.data() + loops.first[g], loops.vertices.data() + loops.first[g + 1]);
    std::vector<int> face(loop.size());
    for (std::size_t k = 0; k < loop.size(); ++k) face[k] = renumber[loop[k]];
    hull.face_planes.push_back(fitted_plane(ordered, scaled, loop));
    hull.faces.push_back(std::move(face));
  }
  sorted_edges(mesh_edges, renumber, static_cast<int>(hull.vertices.size()), hull.edges);
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
