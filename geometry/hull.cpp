// make_convex_hull: quickhull with a size-relative tolerance. Points within the
// tolerance of the current hull are treated as on it and never become vertices, so
// duplicates and points on faces or edges disappear; coplanar triangles are merged
// into polygon faces afterwards (hull_faces.cpp).
#include "geometry/hull.h"

#include "geometry/hull_faces.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace geo {
namespace hull_detail {
namespace {

// Unit normal of triangle abc (counter-clockwise) from its two shortest edges: the
// cross product at the vertex opposite the longest edge is the best conditioned.
template <typename T>
Vec3<T> triangle_normal(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c) {
  const T ab = glm::dot(b - a, b - a), bc = glm::dot(c - b, c - b), ca = glm::dot(a - c, a - c);
  Vec3<T> n;
  if (ab >= bc && ab >= ca) n = glm::cross(a - c, b - c);
  else if (bc >= ca) n = glm::cross(b - a, c - a);
  else n = glm::cross(c - b, a - b);
  const T length = glm::length(n);
  return length > 0 ? n / length : Vec3<T>(0);
}

template <typename T>
T height(const TriangleFace<T>& face, const Vec3<T>& p) { return glm::dot(face.normal, p) - face.offset; }

template <typename T>
void set_plane(TriangleMesh<T>& mesh, TriangleFace<T>& face) {
  const auto& a = mesh.points[face.v[0]];
  const auto& b = mesh.points[face.v[1]];
  const auto& c = mesh.points[face.v[2]];
  face.normal = triangle_normal(a, b, c);
  face.offset = (glm::dot(face.normal, a) + glm::dot(face.normal, b) + glm::dot(face.normal, c)) / T(3);
}

// Gives each point to the face it is farthest above, if it is above any by more than
// the tolerance; points on or inside the hull are dropped for good.
template <typename T>
void assign_outside(TriangleMesh<T>& mesh, const std::vector<int>& points, const std::vector<int>& candidates) {
  for (int p : points) {
    int best_face = -1;
    T best = mesh.tolerance;
    for (int f : candidates) {
      const T h = height(mesh.faces[f], mesh.points[p]);
      if (h > best) { best = h; best_face = f; }
    }
    if (best_face >= 0) mesh.faces[best_face].outside.push_back(p);
  }
}

template <typename T>
bool initial_simplex(TriangleMesh<T>& mesh, std::array<int, 4>& corners, std::string& message) {
  const auto& pts = mesh.points;
  const int n = static_cast<int>(pts.size());
  const std::string all = "all " + std::to_string(n) + " points ";
  // The two extreme points along the widest axis.
  Vec3<T> lo = pts[0], hi = pts[0];
  for (const auto& p : pts) { lo = glm::min(lo, p); hi = glm::max(hi, p); }
  const Vec3<T> extent = hi - lo;
  const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
  int i0 = 0, i1 = 0;
  for (int i = 0; i < n; ++i) {
    if (pts[i][axis] < pts[i0][axis]) i0 = i;
    if (pts[i][axis] > pts[i1][axis]) i1 = i;
  }
  const T length = glm::length(pts[i1] - pts[i0]);
  if (!(length > mesh.tolerance)) { message = all + "coincide"; return false; }
  // The point farthest from their line, then the one farthest from that plane.
  const Vec3<T> along = (pts[i1] - pts[i0]) / length;
  int i2 = -1;
  T best = mesh.tolerance;
  for (int i = 0; i < n; ++i) {
    const T d = glm::length(glm::cross(pts[i] - pts[i0], along));
    if (d > best) { best = d; i2 = i; }
  }
  if (i2 < 0) { message = all + "are collinear"; return false; }
  // Flat needs a wider margin than "on a plane": a set barely thicker than the
  // tolerance would leave every face ambiguous when coplanar faces are merged.
  const Vec3<T> normal = triangle_normal(pts[i0], pts[i1], pts[i2]);
  int i3 = -1;
  best = T(8) * mesh.tolerance;
  for (int i = 0; i < n; ++i) {
    const T d = std::abs(glm::dot(normal, pts[i] - pts[i0]));
    if (d > best) { best = d; i3 = i; }
  }
  if (i3 < 0) { message = all + "are coplanar"; return false; }
  corners = {i0, i1, i2, i3};
  return true;
}

template <typename T>
void link_neighbours(TriangleMesh<T>& mesh) {
  std::map<std::pair<int, int>, int> by_edge;
  for (int f = 0; f < static_cast<int>(mesh.faces.size()); ++f) {
    for (int k = 0; k < 3; ++k) by_edge[{mesh.faces[f].v[k], mesh.faces[f].v[(k + 1) % 3]}] = f;
  }
  for (auto& face : mesh.faces) {
    for (int k = 0; k < 3; ++k) face.neighbor[k] = by_edge.at({face.v[(k + 1) % 3], face.v[k]});
  }
}

// Adds point `eye` seen from face `start`. Returns false, leaving the mesh untouched,
// when rounding makes the visible region something other than a disc.
template <typename T>
bool add_point(TriangleMesh<T>& mesh, int start, int eye) {
  const Vec3<T> p = mesh.points[eye];
  std::vector<int> visible{start}, stack{start};
  std::vector<char> seen(mesh.faces.size(), 0);
  seen[start] = 1;
  struct HorizonEdge { int from, to, outer; };
  std::vector<HorizonEdge> horizon;
  while (!stack.empty()) {
    const int f = stack.back();
    stack.pop_back();
    for (int k = 0; k < 3; ++k) {
      const int g = mesh.faces[f].neighbor[k];
      if (seen[g] == 1) continue;
      if (height(mesh.faces[g], p) > mesh.tolerance) {
        seen[g] = 1;
        visible.push_back(g);
        stack.push_back(g);
      }
    }
  }
  for (int f : visible) {
    for (int k = 0; k < 3; ++k) {
      const int g = mesh.faces[f].neighbor[k];
      if (seen[g] != 1) horizon.push_back({mesh.faces[f].v[k], mesh.faces[f].v[(k + 1) % 3], g});
    }
  }
  // Order the horizon into one loop; any vertex met twice means it is not a disc.
  std::map<int, int> starting_at;
  for (int h = 0; h < static_cast<int>(horizon.size()); ++h) {
    if (!starting_at.emplace(horizon[h].from, h).second) return false;
  }
  std::vector<int> loop{0};
  while (static_cast<int>(loop.size()) <= static_cast<int>(horizon.size())) {
    const auto next = starting_at.find(horizon[loop.back()].to);
    if (next == starting_at.end()) return false;
    if (next->second == 0) break;
    loop.push_back(next->second);
  }
  if (loop.size() != horizon.size()) return false;

  // One new face per horizon edge, fanned around the eye.
  std::vector<int> orphans, created;
  for (int f : visible) {
    for (int q : mesh.faces[f].outside) if (q != eye) orphans.push_back(q);
    mesh.faces[f].outside.clear();
    mesh.faces[f].alive = false;
  }
  const int first = static_cast<int>(mesh.faces.size());
  const int count = static_cast<int>(loop.size());
  for (int i = 0; i < count; ++i) {
    const HorizonEdge& edge = horizon[loop[i]];
    TriangleFace<T> face;
    face.v = {edge.from, edge.to, eye};
    face.neighbor = {edge.outer, first + (i + 1) % count, first + (i + count - 1) % count};
    set_plane(mesh, face);
    auto& outer = mesh.faces[edge.outer];
    for (int k = 0; k < 3; ++k) {
      if (outer.v[k] == edge.to && outer.v[(k + 1) % 3] == edge.from) outer.neighbor[k] = first + i;
    }
    mesh.faces.push_back(std::move(face));
    created.push_back(first + i);
  }
  assign_outside(mesh, orphans, created);
  return true;
}

}  // namespace
}  // namespace hull_detail

template <typename T>
HullBuild<T> make_convex_hull(const std::vector<Vec3<T>>& input) {
  using namespace hull_detail;
  HullBuild<T> build;
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (!all_finite(input[i])) {
      build.error = QueryError::NonFiniteInput;
      build.message = "point " + std::to_string(i) + " is not finite";
      return build;
    }
  }
  build.error = QueryError::InvalidShape;
  const int n = static_cast<int>(input.size());
  if (n < 4) {
    build.message = "need at least 4 points, got " + std::to_string(n);
    return build;
  }
  // Work near the origin (the box centre), where the differences are exact; the slack
  // still grows with the distance from the origin, which the input's rounding does too.
  Vec3<T> lo = input[0], hi = input[0];
  for (const auto& p : input) { lo = glm::min(lo, p); hi = glm::max(hi, p); }
  const Vec3<T> centre = (lo + hi) * T(0.5);
  const T magnitude = std::max({std::abs(lo.x), std::abs(lo.y), std::abs(lo.z), std::abs(hi.x), std::abs(hi.y),
                                std::abs(hi.z)});
  TriangleMesh<T> mesh;
  mesh.tolerance = T(64) * std::numeric_limits<T>::epsilon() * (glm::length(hi - lo) + magnitude);
  for (const auto& p : input) mesh.points.push_back(p - centre);

  std::array<int, 4> c{};
  if (!initial_simplex(mesh, c, build.message)) return build;
  const std::array<std::array<int, 4>, 4> tetra{{{c[0], c[1], c[2], c[3]},
                                                 {c[0], c[3], c[1], c[2]},
                                                 {c[1], c[3], c[2], c[0]},
                                                 {c[2], c[3], c[0], c[1]}}};
  for (const auto& t : tetra) {  // t[3] is the corner opposite the face: keep it below
    TriangleFace<T> face;
    face.v = {t[0], t[1], t[2]};
    set_plane(mesh, face);
    if (height(face, mesh.points[t[3]]) > 0) {
      std::swap(face.v[1], face.v[2]);
      set_plane(mesh, face);
    }
    mesh.faces.push_back(std::move(face));
  }
  link_neighbours(mesh);
  std::vector<int> rest;
  for (int i = 0; i < n; ++i) {
    if (std::find(c.begin(), c.end(), i) == c.end()) rest.push_back(i);
  }
  assign_outside(mesh, rest, {0, 1, 2, 3});

  // Quickhull: repeatedly add the point farthest above some face.
  for (std::size_t f = 0; f < mesh.faces.size(); ++f) {
    while (mesh.faces[f].alive && !mesh.faces[f].outside.empty()) {
      auto& outside = mesh.faces[f].outside;
      auto farthest = std::max_element(outside.begin(), outside.end(), [&](int a, int b) {
        return height(mesh.faces[f], mesh.points[a]) < height(mesh.faces[f], mesh.points[b]);
      });
      const int eye = *farthest;
      outside.erase(farthest);
      add_point(mesh, static_cast<int>(f), eye);  // a point rounding will not let in is dropped
    }
  }
  if (!polygon_faces(mesh, input, build.hull, build.message)) {
    build.hull = {};
    return build;
  }
  build.error = QueryError::None;
  return build;
}

template HullBuild<float> make_convex_hull(const std::vector<Vec3<float>>&);
template HullBuild<double> make_convex_hull(const std::vector<Vec3<double>>&);

}  // namespace geo
