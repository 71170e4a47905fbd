#pragma once
// Oracle support for the Separating Axis Test: shapes of every kind as one Body, the pair
// families (random, nearly touching, parallel faces, parallel edges, tiny rotation,
// edge-edge, huge offset, tiny), and an independent long-double reference: the distance
// between the two convex hulls by GJK over the vertices, with certified lower and upper bounds.
#include "collision_lab/hull.h"
#include "collision_lab/sat.h"
#include "tests/unit/hull_support.h"
#include "tests/unit/oracle_support.h"

#include <algorithm>
#include <vector>

namespace sat_oracle {

using oracle::LVec3;
using V = geo::Vec3<double>;
using LD = long double;

enum class Kind { Polyhedron, Obb, Aabb, Triangle, Segment };
inline const char* kind_name(Kind kind) {
  constexpr const char* names[] = {"polyhedron", "OBB", "AABB", "triangle", "segment"};
  return names[static_cast<int>(kind)];
}

enum class PairFamily { Random, NearlyTouching, ParallelFaces, ParallelEdges, TinyRotation, EdgeEdge, HugeOffset, Tiny };
constexpr PairFamily kPairFamilies[] = {PairFamily::Random,        PairFamily::NearlyTouching, PairFamily::ParallelFaces,
                                        PairFamily::ParallelEdges, PairFamily::TinyRotation,   PairFamily::EdgeEdge,
                                        PairFamily::HugeOffset,    PairFamily::Tiny};
inline const char* family_name(PairFamily family) {
  constexpr const char* names[] = {"random",       "nearly touching", "parallel faces", "parallel edges",
                                   "tiny rotation", "edge-edge",       "huge offset 1e6", "tiny 1e-6"};
  return names[static_cast<int>(family)];
}

template <typename T>
struct Body {
  Kind kind = Kind::Obb;
  geo::ConvexPolyhedron<T> hull;
  geo::Obb<T> obb;
  geo::Aabb<T> aabb;
  geo::Triangle<T> triangle;
  geo::Segment<T> segment;
};

template <typename T>
geo::SatShape<T> shape_of(const Body<T>& body) {
  switch (body.kind) {
    case Kind::Polyhedron: return geo::sat_shape(body.hull);
    case Kind::Obb: return geo::sat_shape(body.obb);
    case Kind::Aabb: return geo::sat_shape(body.aabb);
    case Kind::Triangle: return geo::sat_shape(body.triangle);
    case Kind::Segment: return geo::sat_shape(body.segment);
  }
  return {};
}

// The body's vertices in long double; a box's corners exactly from its centre, axes and extents.
template <typename T>
std::vector<LVec3> long_vertices(const Body<T>& body) {
  std::vector<LVec3> out;
  switch (body.kind) {
    case Kind::Polyhedron: for (const auto& v : body.hull.vertices) out.push_back(oracle::to_long(v)); break;
    case Kind::Obb:
      for (int i = 0; i < 8; ++i) {
        LVec3 corner = oracle::to_long(body.obb.center);
        for (int k = 0; k < 3; ++k) {
          corner += oracle::to_long(body.obb.axes[k]) * (static_cast<LD>(body.obb.half_extents[k]) * ((i >> k) & 1 ? 1 : -1));
        }
        out.push_back(corner);
      }
      break;
    case Kind::Aabb:
      for (int i = 0; i < 8; ++i) {
        out.push_back(LVec3(i & 1 ? body.aabb.max.x : body.aabb.min.x, i & 2 ? body.aabb.max.y : body.aabb.min.y,
                            i & 4 ? body.aabb.max.z : body.aabb.min.z));
      }
      break;
    case Kind::Triangle: out = {oracle::to_long(body.triangle.a), oracle::to_long(body.triangle.b), oracle::to_long(body.triangle.c)}; break;
    case Kind::Segment: out = {oracle::to_long(body.segment.a), oracle::to_long(body.segment.b)}; break;
  }
  return out;
}

template <typename T>
void translate(Body<T>& body, const geo::Vec3<T>& t) {
  for (auto& v : body.hull.vertices) v += t;
  for (auto& p : body.hull.face_planes) p.d += glm::dot(p.normal, t);
  body.obb.center += t;
  body.aabb.min += t;
  body.aabb.max += t;
  body.triangle.a += t; body.triangle.b += t; body.triangle.c += t;
  body.segment.a += t; body.segment.b += t;
}

template <typename T>
Body<T> convert(const Body<double>& in) {
  Body<T> out;
  out.kind = in.kind;
  for (const auto& v : in.hull.vertices) out.hull.vertices.push_back(geo::Vec3<T>(v));
  for (const auto& p : in.hull.face_planes) out.hull.face_planes.push_back({geo::Vec3<T>(p.normal), static_cast<T>(p.d)});
  out.hull.faces = in.hull.faces;
  out.hull.edges = in.hull.edges;
  out.obb = {geo::Vec3<T>(in.obb.center),
             {geo::Vec3<T>(in.obb.axes[0]), geo::Vec3<T>(in.obb.axes[1]), geo::Vec3<T>(in.obb.axes[2])},
             geo::Vec3<T>(in.obb.half_extents)};
  out.aabb = {geo::Vec3<T>(in.aabb.min), geo::Vec3<T>(in.aabb.max)};
  out.triangle = {geo::Vec3<T>(in.triangle.a), geo::Vec3<T>(in.triangle.b), geo::Vec3<T>(in.triangle.c)};
  out.segment = {geo::Vec3<T>(in.segment.a), geo::Vec3<T>(in.segment.b)};
  return out;
}

// ---- The reference: GJK in long double over the vertices of A - B --------------------

// The point of the affine hull of the simplex points idx nearest the origin, as weights;
// false when those points are (nearly) affinely dependent.
inline bool affine_weights(const std::vector<LVec3>& s, const int* idx, int k, LD* weights) {
  if (k == 1) { weights[0] = 1; return true; }
  LD g[3][4] = {};
  const LVec3 p0 = s[idx[0]];
  for (int i = 1; i < k; ++i) {
    for (int j = 1; j < k; ++j) g[i - 1][j - 1] = glm::dot(s[idx[i]] - p0, s[idx[j]] - p0);
    g[i - 1][k - 1] = -glm::dot(s[idx[i]] - p0, p0);
  }
  const int n = k - 1;
  LD largest = 0;
  for (int i = 0; i < n; ++i) largest = std::max(largest, g[i][i]);
  for (int c = 0; c < n; ++c) {  // Gaussian elimination with partial pivoting
    int pivot = c;
    for (int r = c + 1; r < n; ++r) if (std::fabs(g[r][c]) > std::fabs(g[pivot][c])) pivot = r;
    if (std::fabs(g[pivot][c]) <= 1e-14L * largest) return false;  // flat: its faces answer
    for (int j = 0; j <= n; ++j) std::swap(g[c][j], g[pivot][j]);
    for (int r = 0; r < n; ++r) {
      if (r == c) continue;
      const LD f = g[r][c] / g[c][c];
      for (int j = c; j <= n; ++j) g[r][j] -= f * g[c][j];
    }
  }
  LD sum = 0;
  for (int i = 0; i < n; ++i) { weights[i + 1] = g[i][n] / g[i][i]; sum += weights[i + 1]; }
  weights[0] = 1 - sum;
  return true;
}

// The point of conv(simplex) nearest the origin (the newest point, last, is always kept);
// the simplex shrinks to the points that carry it.
inline LVec3 closest_on_simplex(std::vector<LVec3>& s) {
  const int n = static_cast<int>(s.size());
  LD best = INFINITY;
  LVec3 best_point(0);
  int best_mask = 1 << (n - 1);
  for (int mask = 1 << (n - 1); mask < (1 << n); ++mask) {
    int idx[4], k = 0;
    for (int i = 0; i < n; ++i) if ((mask >> i) & 1) idx[k++] = i;
    LD w[4];
    if (!affine_weights(s, idx, k, w)) continue;
    bool inside = true;
    for (int i = 0; i < k; ++i) inside = inside && w[i] >= 0;
    if (!inside) continue;
    LVec3 p(0);
    for (int i = 0; i < k; ++i) p += s[idx[i]] * w[i];
    if (glm::dot(p, p) < best) { best = glm::dot(p, p); best_point = p; best_mask = mask; }
  }
  std::vector<LVec3> kept;
  for (int i = 0; i < n; ++i) if ((best_mask >> i) & 1) kept.push_back(s[i]);
  s = kept;
  return best_point;
}

struct Reference {
  LD lower = 0, upper = 0;  // the distance between the hulls lies in [lower, upper]
};

inline Reference reference_distance(std::vector<LVec3> a, std::vector<LVec3> b) {
  const LVec3 origin = a[0];  // exact in long double: keeps huge offsets out of the sums
  for (auto& v : a) v -= origin;
  for (auto& v : b) v -= origin;
  const auto support = [&](const LVec3& d) {  // the vertex of A - B minimizing d·x
    LVec3 pa = a[0], pb = b[0];
    for (const auto& v : a) if (glm::dot(v, d) < glm::dot(pa, d)) pa = v;
    for (const auto& v : b) if (glm::dot(v, d) > glm::dot(pb, d)) pb = v;
    return pa - pb;
  };
  LD size = 0;
  for (const auto* list : {&a, &b}) for (const auto& v : *list) size = std::max(size, glm::length(v));
  std::vector<LVec3> simplex{a[0] - b[0]};
  LVec3 v = simplex[0];
  Reference ref;
  for (int iteration = 0; iteration < 200; ++iteration) {
    const LD vv = glm::dot(v, v);
    if (vv <= (1e-17L * size) * (1e-17L * size)) break;
    const LVec3 w = support(v);
    const LD vw = glm::dot(v, w);
    ref.lower = std::max(ref.lower, vw / std::sqrt(vv));
    if (vv - vw <= 1e-16L * vv) break;
    if (std::find(simplex.begin(), simplex.end(), w) != simplex.end()) break;
    simplex.push_back(w);
    v = closest_on_simplex(simplex);
    if (simplex.size() == 4) break;  // a tetrahedron holds the origin
  }
  ref.upper = glm::length(v);
  if (ref.upper > 0) ref.lower = std::max(ref.lower, glm::dot(v, support(v)) / ref.upper);  // for the final v too
  ref.lower = std::min(ref.lower, ref.upper);
  return ref;
}

template <typename T>
Reference reference_distance(const Body<T>& a, const Body<T>& b) {
  return reference_distance(long_vertices(a), long_vertices(b));
}

// ---- Generators --------------------------------------------------------------------

using hull_oracle::Frame;

inline Frame identity_frame() { return {V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}; }

inline V rotate(const V& v, const V& axis, double angle) {  // Rodrigues, axis unit
  return v * std::cos(angle) + glm::cross(axis, v) * std::sin(angle) + axis * glm::dot(axis, v) * (1 - std::cos(angle));
}
inline Frame rotate(const Frame& f, const V& axis, double angle) {
  return {rotate(f.u, axis, angle), rotate(f.v, axis, angle), rotate(f.w, axis, angle)};
}

inline Body<double> box_body(Kind kind, const Frame& frame, const V& center, const V& half) {
  Body<double> body;
  body.kind = kind;
  body.obb = {center, {frame.u, frame.v, frame.w}, half};
  body.aabb = {center - half, center + half};
  if (kind == Kind::Polyhedron) {
    std::vector<V> corners;
    for (int i = 0; i < 8; ++i) corners.push_back(center + frame(V(i & 1 ? half.x : -half.x, i & 2 ? half.y : -half.y, i & 4 ? half.z : -half.z)));
    body.hull = geo::make_convex_hull(corners).hull;
  }
  return body;
}

// A body of the kind around `center`, turned by `frame`, of about `size`. `aligned` puts a
// triangle's or segment's first edge along the frame's u (for the parallel-edge families).
inline Body<double> random_body(Kind kind, oracle::Rng& rng, const Frame& frame, const V& center, double size, bool aligned) {
  Body<double> body;
  body.kind = kind;
  switch (kind) {
    case Kind::Obb:
    case Kind::Aabb: {
      V half(size * rng.uniform(0.2, 1), size * rng.uniform(0.2, 1), size * rng.uniform(0.2, 1));
      if (rng.integer(0, 19) == 0) half[rng.integer(0, 2)] = 0;  // a flat box now and then
      return box_body(kind, kind == Kind::Aabb ? identity_frame() : frame, center, half);
    }
    case Kind::Polyhedron: {
      if (rng.integer(0, 1) == 0 || aligned) {
        return box_body(kind, frame, center, V(size * rng.uniform(0.2, 1), size * rng.uniform(0.2, 1), size * rng.uniform(0.2, 1)));
      }
      for (;;) {
        std::vector<V> points;
        for (int i = rng.integer(4, 7); i > 0; --i) points.push_back(center + frame(rng.in_cube(size)));
        auto build = geo::make_convex_hull(points);
        if (build.ok()) { body.hull = build.hull; return body; }
      }
    }
    case Kind::Triangle: {
      static constexpr oracle::Family variety[] = {oracle::Family::WellShaped, oracle::Family::WellShaped, oracle::Family::WellShaped,
                                                   oracle::Family::Sliver, oracle::Family::Needle, oracle::Family::NearDegenerate};
      auto t = oracle::random_triangle(variety[rng.integer(0, 5)], rng, oracle::Placement{size, V(0)}, true);
      if (aligned) t.b = t.a + V(glm::length(t.b - t.a), 0, 0);
      body.triangle = {center + frame(t.a), center + frame(t.b), center + frame(t.c)};
      return body;
    }
    case Kind::Segment: {
      static constexpr oracle::Family variety[] = {oracle::Family::WellShaped, oracle::Family::WellShaped, oracle::Family::WellShaped,
                                                   oracle::Family::Sliver, oracle::Family::Needle, oracle::Family::NearDegenerate};
      auto s = oracle::random_segment(variety[rng.integer(0, 5)], rng, oracle::Placement{size, V(0)});
      if (aligned) s.b = s.a + V(glm::length(s.b - s.a), 0, 0);
      body.segment = {center + frame(s.a), center + frame(s.b)};
      return body;
    }
  }
  return body;
}

inline V centroid(const Body<double>& body) {
  LVec3 sum(0);
  const auto vertices = long_vertices(body);
  for (const auto& v : vertices) sum += v;
  sum /= static_cast<LD>(vertices.size());
  return V(static_cast<double>(sum.x), static_cast<double>(sum.y), static_cast<double>(sum.z));
}

inline double scale_of(const Body<double>& a, const Body<double>& b) {
  auto all = long_vertices(a);
  const auto more = long_vertices(b);
  all.insert(all.end(), more.begin(), more.end());
  LVec3 lo = all[0], hi = all[0];
  for (const auto& v : all) { lo = glm::min(lo, v); hi = glm::max(hi, v); }
  return static_cast<double>(glm::length(hi - lo));
}

// The translation t along u at which B + t·u just touches A, from B's centroid on A's
// (overlapping) outward, by bisection on the SAT's answer. The reference judges the result.
inline double touching_translation(const Body<double>& a, Body<double> b, const V& u, double reach) {
  translate(b, centroid(a) - centroid(b));
  const auto sa = shape_of(a);
  const auto sb = shape_of(b);
  geo::SatOptions options;
  options.stop_at_separation = true;
  auto moved = sb;
  const auto overlap = [&](double t) {
    for (std::size_t i = 0; i < sb.vertices.size(); ++i) moved.vertices[i] = sb.vertices[i] + u * t;
    return geo::sat_overlap(sa, moved, options).overlap;
  };
  double lo = 0, hi = reach;
  while (overlap(hi)) hi *= 2;
  for (int i = 0; i < 64 && hi - lo > 1e-14 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (overlap(mid) ? lo : hi) = mid;
  }
  return hi;
}

}  // namespace sat_oracle
