#pragma once
// The long-double GJK/EPA reference: shapes as polytopes (vertices, edges, faces), the
// brute-force distance over every feature pair with an exact separating-axis overlap
// test, and the exhaustive penetration depth over candidate axes.
#include "collision_lab/gjk.h"
#include "collision_lab/polyhedron.h"
#include "tests/unit/oracle_support.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace gjk_oracle {

using oracle::LVec3;
using V = geo::Vec3<double>;
using Shape = geo::ConvexShape<double>;
using L = long double;

// A convex shape as a long-double polytope. Solid: it has volume (faces all around).
struct LPolytope {
  std::vector<LVec3> vertices;
  std::vector<std::array<int, 2>> edges;
  std::vector<std::vector<int>> faces;  // loops, counter-clockwise seen from outside for solids
  std::vector<LVec3> normals;           // unit, per face (Newell's method)
  bool solid = false;
};

inline LVec3 newell_normal(const std::vector<LVec3>& v, const std::vector<int>& loop) {
  LVec3 n(0);
  for (std::size_t k = 0; k < loop.size(); ++k) {
    const LVec3& p = v[loop[k]];
    const LVec3& q = v[loop[(k + 1) % loop.size()]];
    n += LVec3((p.y - q.y) * (p.z + q.z), (p.z - q.z) * (p.x + q.x), (p.x - q.x) * (p.y + q.y));
  }
  const L length = glm::length(n);
  return length > 0 ? n / length : LVec3(0);
}

inline void add_face(LPolytope& p, std::vector<int> loop) {
  p.normals.push_back(newell_normal(p.vertices, loop));
  p.faces.push_back(std::move(loop));
}

// Box vertices as support() numbers them (bit k: sign on axis k), computed in long double.
inline LPolytope box_polytope(const std::array<LVec3, 8>& corner) {
  LPolytope p;
  p.vertices.assign(corner.begin(), corner.end());
  for (int i = 0; i < 8; ++i) {
    for (int k = 0; k < 3; ++k) if (!(i & (1 << k))) p.edges.push_back({i, i | (1 << k)});
  }
  // Counter-clockwise from outside for a right-handed box.
  add_face(p, {0, 4, 6, 2}); add_face(p, {1, 3, 7, 5});  // -x, +x
  add_face(p, {0, 1, 5, 4}); add_face(p, {2, 6, 7, 3});  // -y, +y
  add_face(p, {0, 2, 3, 1}); add_face(p, {4, 5, 7, 6});  // -z, +z
  p.solid = true;
  return p;
}

inline LPolytope to_polytope(const Shape& shape) {
  LPolytope p;
  if (const auto* point = std::get_if<V>(&shape)) {
    p.vertices = {oracle::to_long(*point)};
  } else if (const auto* s = std::get_if<geo::Segment<double>>(&shape)) {
    p.vertices = {oracle::to_long(s->a), oracle::to_long(s->b)};
    p.edges = {{0, 1}};
  } else if (const auto* t = std::get_if<geo::Triangle<double>>(&shape)) {
    p.vertices = {oracle::to_long(t->a), oracle::to_long(t->b), oracle::to_long(t->c)};
    p.edges = {{0, 1}, {1, 2}, {2, 0}};
    add_face(p, {0, 1, 2});
  } else if (const auto* box = std::get_if<geo::Aabb<double>>(&shape)) {
    std::array<LVec3, 8> c;
    for (int i = 0; i < 8; ++i) {
      c[i] = LVec3((i & 1) ? box->max.x : box->min.x, (i & 2) ? box->max.y : box->min.y, (i & 4) ? box->max.z : box->min.z);
    }
    p = box_polytope(c);
  } else if (const auto* obb = std::get_if<geo::Obb<double>>(&shape)) {
    std::array<LVec3, 8> c;
    for (int i = 0; i < 8; ++i) {
      c[i] = oracle::to_long(obb->center);
      for (int k = 0; k < 3; ++k) {
        c[i] += oracle::to_long(obb->axes[k]) * ((i >> k) & 1 ? L(obb->half_extents[k]) : -L(obb->half_extents[k]));
      }
    }
    p = box_polytope(c);
    // A left-handed frame turns the faces inside out: only the normals' signs matter here.
    if (glm::dot(glm::cross(obb->axes[0], obb->axes[1]), obb->axes[2]) < 0) for (auto& n : p.normals) n = -n;
  } else if (const auto* hull = std::get_if<geo::ConvexPolyhedron<double>>(&shape)) {
    for (const auto& v : hull->vertices) p.vertices.push_back(oracle::to_long(v));
    p.edges = hull->edges;
    for (const auto& f : hull->faces) add_face(p, f);
    p.solid = true;
  }
  return p;
}

// Closest pair of points between two features, in long double.
struct LPair {
  L distance = std::numeric_limits<L>::infinity();
  LVec3 a{0}, b{0};
};
inline void keep(LPair& best, const LVec3& a, const LVec3& b) {
  const L d = glm::length(a - b);
  if (d < best.distance) best = {d, a, b};
}

inline LVec3 on_segment(const LVec3& a, const LVec3& b, const LVec3& p) {
  const LVec3 d = b - a;
  const L dd = glm::dot(d, d);
  if (dd == 0) return a;
  return a + d * std::clamp(glm::dot(p - a, d) / dd, L(0), L(1));
}

// The point of face `f` nearest p: the projection if it falls inside, else on an edge.
inline LVec3 on_face(const LPolytope& poly, std::size_t f, const LVec3& p) {
  const auto& loop = poly.faces[f];
  const LVec3& n = poly.normals[f];
  const LVec3 q = p - n * glm::dot(n, p - poly.vertices[loop[0]]);
  bool inside = n != LVec3(0);
  for (std::size_t k = 0; k < loop.size() && inside; ++k) {
    const LVec3& a = poly.vertices[loop[k]];
    const LVec3& b = poly.vertices[loop[(k + 1) % loop.size()]];
    if (glm::dot(glm::cross(b - a, q - a), n) < 0) inside = false;
  }
  if (inside) return q;
  LVec3 best = poly.vertices[loop[0]];
  for (std::size_t k = 0; k < loop.size(); ++k) {
    const LVec3 c = on_segment(poly.vertices[loop[k]], poly.vertices[loop[(k + 1) % loop.size()]], p);
    if (glm::length(c - p) < glm::length(best - p)) best = c;
  }
  return best;
}

inline LPair segment_segment(const LVec3& p0, const LVec3& p1, const LVec3& q0, const LVec3& q1) {
  LPair best;
  keep(best, p0, on_segment(q0, q1, p0));
  keep(best, p1, on_segment(q0, q1, p1));
  keep(best, on_segment(p0, p1, q0), q0);
  keep(best, on_segment(p0, p1, q1), q1);
  const LVec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const L a = glm::dot(d1, d1), e = glm::dot(d2, d2), b = glm::dot(d1, d2), c = glm::dot(d1, r), f = glm::dot(d2, r);
  const L det = a * e - b * b;
  if (det > L(1e-24) * a * e) {  // interior-interior stationary point
    const L s = (b * f - c * e) / det, t = (a * f - b * c) / det;
    if (s > 0 && s < 1 && t > 0 && t < 1) keep(best, p0 + d1 * s, q0 + d2 * t);
  }
  return best;
}

// Whether some candidate axis separates A and B (strictly): face normals, edge crosses,
// and the edge-perpendiculars a face-less pair needs.
inline std::vector<LVec3> candidate_axes(const LPolytope& a, const LPolytope& b, bool normalized) {
  std::vector<LVec3> axes = a.normals;
  axes.insert(axes.end(), b.normals.begin(), b.normals.end());
  for (const auto& ea : a.edges) {
    for (const auto& eb : b.edges) {
      const LVec3 n = glm::cross(a.vertices[ea[1]] - a.vertices[ea[0]], b.vertices[eb[1]] - b.vertices[eb[0]]);
      if (n != LVec3(0)) axes.push_back(normalized ? n / glm::length(n) : n);
    }
  }
  return axes;
}
inline L extent(const LPolytope& p, const LVec3& n, bool maximum) {
  L best = glm::dot(p.vertices[0], n);
  for (const auto& v : p.vertices) best = maximum ? std::max(best, glm::dot(v, n)) : std::min(best, glm::dot(v, n));
  return best;
}

// The long-double reference: the closest pair over every feature pair, or zero (and no
// pair) when no candidate axis separates the shapes.
inline LPair reference_distance(const LPolytope& a, const LPolytope& b) {
  LPair best;
  for (std::size_t f = 0; f < b.faces.size(); ++f) for (const auto& v : a.vertices) keep(best, v, on_face(b, f, v));
  for (std::size_t f = 0; f < a.faces.size(); ++f) for (const auto& v : b.vertices) keep(best, on_face(a, f, v), v);
  for (const auto& ea : a.edges) {
    for (const auto& eb : b.edges) {
      const LPair p = segment_segment(a.vertices[ea[0]], a.vertices[ea[1]], b.vertices[eb[0]], b.vertices[eb[1]]);
      if (p.distance < best.distance) best = p;
    }
  }
  if (a.edges.empty() || b.edges.empty()) {
    for (const auto& v : a.vertices) for (const auto& w : b.vertices) keep(best, v, w);
    for (const auto& v : a.vertices) for (const auto& e : b.edges) keep(best, v, on_segment(b.vertices[e[0]], b.vertices[e[1]], v));
    for (const auto& v : b.vertices) for (const auto& e : a.edges) keep(best, on_segment(a.vertices[e[0]], a.vertices[e[1]], v), v);
  }
  // Separated along the closest pair's own direction? Then the pair is the answer.
  if (best.distance > 0) {
    const LVec3 n = (best.b - best.a) / best.distance;
    if (extent(b, n, false) > extent(a, n, true)) return best;
  }
  for (const auto& n : candidate_axes(a, b, false)) {  // separation needs no unit axes
    if (extent(b, n, false) > extent(a, n, true) || extent(a, n, false) > extent(b, n, true)) return best;
  }
  return {0, best.a, best.a};  // nothing separates: they overlap or touch
}

// Exhaustive penetration depth: the least distance B must move along a candidate axis.
inline L reference_depth(const LPolytope& a, const LPolytope& b) {
  L best = std::numeric_limits<L>::infinity();
  for (const auto& n : candidate_axes(a, b, true)) {
    best = std::min({best, extent(a, n, true) - extent(b, n, false), extent(b, n, true) - extent(a, n, false)});
  }
  return best == std::numeric_limits<L>::infinity() ? 0 : std::max(L(0), best);
}

}  // namespace gjk_oracle
