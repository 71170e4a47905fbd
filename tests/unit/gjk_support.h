#pragma once
// Oracle support for GJK and EPA: shapes as long-double polytopes (vertices, edges,
// faces), the brute-force distance over every feature pair with an exact separating-axis
// overlap test, the exhaustive penetration depth over candidate axes, and seeded random
// shape pairs in the placement families of issue 4.
#include "geometry/gjk.h"
#include "geometry/polyhedron.h"
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

// ---- Shapes and their motions ----

using M3 = glm::mat<3, 3, double, glm::defaultp>;

inline M3 rotation(const V& axis, double angle) {
  const V u = glm::normalize(axis);
  const double c = std::cos(angle), s = std::sin(angle);
  const M3 k(0, u.z, -u.y, -u.z, 0, u.x, u.y, -u.x, 0);  // cross-product matrix (column-major)
  return M3(1.0) + k * s + k * k * (1 - c);
}
inline M3 random_rotation(oracle::Rng& rng) { return rotation(rng.unit(), rng.uniform(0, 6.283185307179586)); }

// p -> R p + t on every point of the shape (an AABB only moves).
inline Shape transformed(const Shape& shape, const M3& r, const V& t) {
  Shape out = shape;
  auto map = [&](const V& p) { return r * p + t; };
  if (auto* p = std::get_if<V>(&out)) *p = map(*p);
  if (auto* s = std::get_if<geo::Segment<double>>(&out)) { s->a = map(s->a); s->b = map(s->b); }
  if (auto* tri = std::get_if<geo::Triangle<double>>(&out)) { tri->a = map(tri->a); tri->b = map(tri->b); tri->c = map(tri->c); }
  if (auto* box = std::get_if<geo::Aabb<double>>(&out)) { box->min += t; box->max += t; }
  if (auto* obb = std::get_if<geo::Obb<double>>(&out)) {
    obb->center = map(obb->center);
    for (auto& axis : obb->axes) axis = r * axis;
  }
  if (auto* sphere = std::get_if<geo::Sphere<double>>(&out)) sphere->center = map(sphere->center);
  if (auto* hull = std::get_if<geo::ConvexPolyhedron<double>>(&out)) {
    for (auto& v : hull->vertices) v = map(v);
    for (std::size_t f = 0; f < hull->faces.size(); ++f) {
      auto& plane = hull->face_planes[f];
      plane.normal = glm::normalize(r * plane.normal);
      plane.d = glm::dot(plane.normal, hull->vertices[hull->faces[f][0]]);
    }
  }
  return out;
}
inline Shape translated(const Shape& shape, const V& t) { return transformed(shape, M3(1.0), t); }

template <typename T, typename S> geo::Vec3<T> cast(const geo::Vec3<S>& v) { return geo::Vec3<T>(v); }
template <typename T, typename S> geo::Segment<T> cast(const geo::Segment<S>& s) { return {cast<T>(s.a), cast<T>(s.b)}; }
template <typename T, typename S> geo::Triangle<T> cast(const geo::Triangle<S>& t) { return {cast<T>(t.a), cast<T>(t.b), cast<T>(t.c)}; }
template <typename T, typename S> geo::Aabb<T> cast(const geo::Aabb<S>& b) { return {cast<T>(b.min), cast<T>(b.max)}; }
template <typename T, typename S> geo::Obb<T> cast(const geo::Obb<S>& b) {
  return {cast<T>(b.center), {cast<T>(b.axes[0]), cast<T>(b.axes[1]), cast<T>(b.axes[2])}, cast<T>(b.half_extents)};
}
template <typename T, typename S> geo::Sphere<T> cast(const geo::Sphere<S>& s) { return {cast<T>(s.center), T(s.radius)}; }
template <typename T, typename S> geo::ConvexPolygon<T> cast(const geo::ConvexPolygon<S>& p) {
  geo::ConvexPolygon<T> out;
  for (const auto& v : p.vertices) out.vertices.push_back(geo::Vec2<T>(v));
  return out;
}
template <typename T, typename S> geo::ConvexPolyhedron<T> cast(const geo::ConvexPolyhedron<S>& s) {
  geo::ConvexPolyhedron<T> h;
  for (const auto& v : s.vertices) h.vertices.push_back(cast<T>(v));
  h.faces = s.faces;
  h.edges = s.edges;
  for (const auto& p : s.face_planes) h.face_planes.push_back({cast<T>(p.normal), T(p.d)});
  return h;
}
template <typename T, typename S> geo::ConvexShape<T> cast(const geo::ConvexShape<S>& shape) {
  return std::visit([](const auto& s) -> geo::ConvexShape<T> { return cast<T>(s); }, shape);
}

// ---- References that know about spheres (a centre point plus a radius) ----

inline L radius_of(const Shape& s) {
  const auto* sphere = std::get_if<geo::Sphere<double>>(&s);
  return sphere ? L(sphere->radius) : L(0);
}
inline LPolytope core_polytope(const Shape& s) {
  if (const auto* sphere = std::get_if<geo::Sphere<double>>(&s)) return to_polytope(Shape(sphere->center));
  return to_polytope(s);
}
// The distance between the shapes (zero when they overlap) and its closest pair.
inline LPair shape_distance(const Shape& a, const Shape& b) {
  LPair core = reference_distance(core_polytope(a), core_polytope(b));
  const L ra = radius_of(a), rb = radius_of(b);
  if (ra + rb == 0) return core;
  if (core.distance <= ra + rb) return {0, core.a, core.a};
  const LVec3 n = (core.b - core.a) / core.distance;
  return {core.distance - ra - rb, core.a + n * ra, core.b - n * rb};
}
// The penetration depth, or a negative number when the shapes are apart.
inline L shape_depth(const Shape& a, const Shape& b) {
  const LPolytope pa = core_polytope(a), pb = core_polytope(b);
  const L radii = radius_of(a) + radius_of(b);
  if (radii == 0) {  // polytopes: one pass over the axes decides overlap and finds the depth
    L depth = std::numeric_limits<L>::infinity();
    for (const auto& n : candidate_axes(pa, pb, true)) {
      const L max_a = extent(pa, n, true), min_a = extent(pa, n, false);
      const L max_b = extent(pb, n, true), min_b = extent(pb, n, false);
      if (min_b > max_a || min_a > max_b) return -1;
      depth = std::min({depth, max_a - min_b, max_b - min_a});
    }
    if (depth != std::numeric_limits<L>::infinity()) return depth;
  }
  const LPair core = reference_distance(pa, pb);
  if (core.distance == 0) return reference_depth(pa, pb) + radii;
  return core.distance <= radii ? radii - core.distance : L(-1);
}
// How far p is from the shape (zero inside a solid).
inline L distance_to(const Shape& s, const LVec3& p) {
  if (const auto* sphere = std::get_if<geo::Sphere<double>>(&s)) {
    return std::max(L(0), glm::length(p - oracle::to_long(sphere->center)) - L(sphere->radius));
  }
  const LPolytope poly = to_polytope(s);
  if (poly.solid) {
    bool inside = true;
    for (std::size_t f = 0; f < poly.faces.size() && inside; ++f) {
      if (glm::dot(poly.normals[f], p - poly.vertices[poly.faces[f][0]]) > 0) inside = false;
    }
    if (inside) return 0;
  }
  L best = std::numeric_limits<L>::infinity();
  for (const auto& v : poly.vertices) best = std::min(best, glm::length(p - v));
  for (const auto& e : poly.edges) best = std::min(best, glm::length(p - on_segment(poly.vertices[e[0]], poly.vertices[e[1]], p)));
  for (std::size_t f = 0; f < poly.faces.size(); ++f) best = std::min(best, glm::length(p - on_face(poly, f, p)));
  return best;
}
// The size of a shape: its bounding box diagonal (a sphere's diameter).
inline double shape_size(const Shape& s) {
  if (const auto* sphere = std::get_if<geo::Sphere<double>>(&s)) return 2 * std::sqrt(3.0) * sphere->radius;
  const LPolytope poly = to_polytope(s);
  LVec3 lo = poly.vertices[0], hi = poly.vertices[0];
  for (const auto& v : poly.vertices) { lo = glm::min(lo, v); hi = glm::max(hi, v); }
  return static_cast<double>(glm::length(hi - lo));
}

// ---- Random pairs ----

enum class PairKind { BoxBox, HullHull, TriangleBox, SegmentHull, PointHull, SphereBox, SphereSphere };
inline const char* pair_name(PairKind kind) {
  switch (kind) {
    case PairKind::BoxBox: return "box-box";
    case PairKind::HullHull: return "hull-hull";
    case PairKind::TriangleBox: return "triangle-box";
    case PairKind::SegmentHull: return "segment-hull";
    case PairKind::PointHull: return "point-hull";
    case PairKind::SphereBox: return "sphere-box";
    case PairKind::SphereSphere: return "sphere-sphere";
  }
  return "?";
}
constexpr PairKind kAllPairs[] = {PairKind::BoxBox,      PairKind::HullHull,  PairKind::TriangleBox, PairKind::SegmentHull,
                                  PairKind::PointHull,   PairKind::SphereBox, PairKind::SphereSphere};

// Where B goes relative to A. Tiny and huge offset use one of the first five at random.
enum class Placement { FarApart, NearlyTouching, Deep, Parallel, TinyRotation, Tiny, HugeOffset };
inline const char* placement_name(Placement p) {
  switch (p) {
    case Placement::FarApart: return "far apart";
    case Placement::NearlyTouching: return "nearly touching";
    case Placement::Deep: return "deep";
    case Placement::Parallel: return "parallel faces/edges";
    case Placement::TinyRotation: return "tiny rotation";
    case Placement::Tiny: return "tiny (1e-6)";
    case Placement::HugeOffset: return "huge offset (1e6)";
  }
  return "?";
}
constexpr Placement kAllPlacements[] = {Placement::FarApart, Placement::NearlyTouching, Placement::Deep, Placement::Parallel,
                                        Placement::TinyRotation, Placement::Tiny, Placement::HugeOffset};

inline geo::Obb<double> random_obb(oracle::Rng& rng, double s, const M3& frame) {
  geo::Obb<double> obb;
  for (int k = 0; k < 3; ++k) obb.axes[k] = frame[k];
  obb.half_extents = V(rng.uniform(0.4, 1), rng.uniform(0.4, 1), rng.uniform(0.4, 1)) * s;
  return obb;
}
// Hulls of 5..10 random points in the unit cube, and their point reflections (every
// face has a parallel twin), built once: each case rotates and scales one.
struct HullPool {
  std::vector<geo::ConvexPolyhedron<double>> hulls, reflected;
};
inline const HullPool& hull_pool() {
  static const HullPool pool = [] {
    HullPool out;
    oracle::Rng rng(0x4011);
    while (out.hulls.size() < 256) {
      std::vector<V> points;
      const int count = rng.integer(5, 10);
      for (int i = 0; i < count; ++i) points.push_back(rng.in_cube(1));
      auto build = geo::make_convex_hull(points);
      if (!build.ok()) continue;
      std::vector<V> mirrored;
      for (const auto& v : build.hull.vertices) mirrored.push_back(-v);
      out.hulls.push_back(build.hull);
      out.reflected.push_back(geo::make_convex_hull(mirrored).hull);
    }
    return out;
  }();
  return pool;
}
inline std::size_t random_hull_index(oracle::Rng& rng) {
  return static_cast<std::size_t>(rng.integer(0, static_cast<int>(hull_pool().hulls.size()) - 1));
}
inline geo::ConvexPolyhedron<double> placed_hull(const geo::ConvexPolyhedron<double>& hull, const M3& linear) {
  return std::get<geo::ConvexPolyhedron<double>>(transformed(hull, linear, V(0)));
}
inline geo::ConvexPolyhedron<double> random_hull(oracle::Rng& rng, double s) {
  return placed_hull(hull_pool().hulls[random_hull_index(rng)], random_rotation(rng) * s);
}

inline V random_vertex_centre(const Shape& s) {
  const LPolytope p = core_polytope(s);
  LVec3 c(0);
  for (const auto& v : p.vertices) c += v;
  return V(c / static_cast<L>(p.vertices.size()));
}

struct Pair {
  Shape a, b;
  double size = 1;  // the larger shape's size
  bool tilted = false;  // nearly parallel faces (tiny rotation, also inside tiny / huge offset)
};

// A and B near the origin, B aligned with A where the kind allows (parallel faces or
// edges), then turned by `tilt` radians.
inline Pair make_shapes(PairKind kind, oracle::Rng& rng, double s, bool aligned, double tilt) {
  Pair p;
  const M3 frame = random_rotation(rng);
  const M3 turn = tilt > 0 ? rotation(rng.unit(), tilt) : M3(1.0);
  switch (kind) {
    case PairKind::BoxBox: {
      const bool axis_aligned = rng.integer(0, 3) == 0;
      if (axis_aligned && (aligned || rng.integer(0, 1) == 0)) {
        const V h = V(rng.uniform(0.4, 1), rng.uniform(0.4, 1), rng.uniform(0.4, 1)) * s;
        p.a = geo::Aabb<double>{-h, h};
      } else {
        p.a = random_obb(rng, s, frame);
      }
      const M3 frame_b = aligned ? (axis_aligned ? M3(1.0) : frame) : random_rotation(rng);
      if (axis_aligned && aligned && tilt == 0) {
        const V h = V(rng.uniform(0.4, 1), rng.uniform(0.4, 1), rng.uniform(0.4, 1)) * s;
        p.b = geo::Aabb<double>{-h, h};
      } else {
        p.b = random_obb(rng, s, turn * frame_b);
      }
      break;
    }
    case PairKind::HullHull: {
      const std::size_t index = random_hull_index(rng);
      const M3 linear = frame * s;
      p.a = placed_hull(hull_pool().hulls[index], linear);
      if (aligned) {  // the point reflection of A: every face has a parallel twin
        p.b = placed_hull(hull_pool().reflected[index], turn * linear * rng.uniform(0.6, 1.4));
      } else {
        p.b = random_hull(rng, s);
      }
      break;
    }
    case PairKind::TriangleBox: {
      const auto box = random_obb(rng, s, frame);
      p.b = box;
      if (aligned) {  // in a plane parallel to a box face, one edge along a box edge
        const V u = box.axes[0], v = box.axes[1];
        const V a = u * rng.uniform(-s, s) + v * rng.uniform(-s, s);
        const V b = a + u * s * rng.uniform(0.5, 2) * (rng.integer(0, 1) ? 1.0 : -1.0);
        const V c = a + u * rng.uniform(-s, s) + v * s * rng.uniform(0.5, 1.5) * (rng.integer(0, 1) ? 1.0 : -1.0);
        p.a = geo::Triangle<double>{turn * a, turn * b, turn * c};
      } else {
        geo::Triangle<double> t;
        do { t = {rng.in_cube(s), rng.in_cube(s), rng.in_cube(s)}; } while (glm::length(glm::cross(t.b - t.a, t.c - t.a)) < 0.2 * s * s);
        p.a = t;
      }
      break;
    }
    case PairKind::SegmentHull: {
      const auto hull = random_hull(rng, s);
      p.b = hull;
      V d = rng.unit();
      if (aligned) {
        const auto& e = hull.edges[static_cast<std::size_t>(rng.integer(0, static_cast<int>(hull.edges.size()) - 1))];
        d = turn * glm::normalize(hull.vertices[e[1]] - hull.vertices[e[0]]);
      }
      const V centre = rng.in_cube(0.2 * s);
      const double half = s * rng.uniform(0.25, 1);
      p.a = geo::Segment<double>{centre - d * half, centre + d * half};
      break;
    }
    case PairKind::PointHull: p.a = rng.in_cube(0.1 * s); p.b = random_hull(rng, s); break;
    case PairKind::SphereBox: p.a = geo::Sphere<double>{rng.in_cube(0.1 * s), s * rng.uniform(0.3, 1)}; p.b = random_obb(rng, s, frame); break;
    case PairKind::SphereSphere:
      p.a = geo::Sphere<double>{V(0), s * rng.uniform(0.3, 1)};
      p.b = geo::Sphere<double>{rng.in_cube(0.1 * s), s * rng.uniform(0.3, 1)};
      break;
  }
  p.size = std::max(shape_size(p.a), shape_size(p.b));
  return p;
}

// Slides B along the closest direction until the gap is `gap` (negative: it overlaps by
// about -gap along that direction). Exact in exact arithmetic: the slab between the
// closest points stays the separating slab.
inline void slide_to_gap(Pair& p, double gap) {
  const LPair closest = shape_distance(p.a, p.b);
  if (!(closest.distance > 0)) return;
  const LVec3 n = (closest.b - closest.a) / closest.distance;
  p.b = translated(p.b, V(-n * (closest.distance - L(gap))));
}

// A random pair of `kind` in `placement`; `overlapping` asks for overlap (EPA) in the
// placements that would otherwise leave a gap.
inline Pair random_pair(PairKind kind, Placement placement, oracle::Rng& rng, bool overlapping) {
  double scale = 1;
  V offset(0);
  if (placement == Placement::Tiny || placement == Placement::HugeOffset) {
    if (placement == Placement::Tiny) scale = 1e-6;
    else offset = rng.unit() * 1e6;
    placement = static_cast<Placement>(rng.integer(overlapping ? 1 : 0, 4));
  }
  const double s = scale * rng.uniform(0.5, 5);
  const bool aligned = placement == Placement::Parallel || placement == Placement::TinyRotation;
  const double tilt = placement == Placement::TinyRotation ? std::pow(10.0, rng.uniform(-9, -4)) : 0;
  Pair p = make_shapes(kind, rng, s, aligned, tilt);
  p.tilted = tilt > 0;
  if (placement == Placement::FarApart && !overlapping) {
    p.b = translated(p.b, rng.unit() * s * rng.uniform(4, 10));
  } else if (placement == Placement::Deep) {
    p.b = translated(p.b, random_vertex_centre(p.a) - random_vertex_centre(p.b) + rng.in_cube(0.2 * s));
  } else {
    // Out along a random direction (a face normal of A for parallel boxes), then slide back.
    V direction = rng.unit();
    if (aligned && kind == PairKind::BoxBox) {
      const LPolytope pa = to_polytope(p.a);
      direction = V(pa.normals[static_cast<std::size_t>(rng.integer(0, 5))]);
    }
    p.b = translated(p.b, direction * 4.0 * s);
    const double gap = p.size * std::pow(10.0, rng.uniform(-9, -2));
    slide_to_gap(p, overlapping ? -p.size * std::pow(10.0, rng.uniform(-9, -0.5)) : gap);
  }
  if (offset != V(0)) {
    p.a = translated(p.a, offset);
    p.b = translated(p.b, offset);
  }
  return p;
}

// The worst relative error per (pair, placement), with bounds of the caller's choice.
class PairErrorTable {
 public:
  // `tilted_bound` applies to tiny rotations (also those drawn inside the tiny and huge
  // offset placements): nearly parallel faces at a tiny gap, where GJK's search direction is only known to eps * size / gap radians.
  PairErrorTable(std::string query, double bound, double tilted_bound)
      : query_(std::move(query)), bound_(bound), tilted_bound_(tilted_bound) {}
  void record(PairKind kind, Placement placement, double error, bool tilted) {
    auto& split = tilted ? tilted_worst_[{kind, placement}] : untilted_worst_[{kind, placement}];
    split = std::max(split, error);
    auto& worst = worst_[{kind, placement}];
    worst.first = std::max(worst.first, error);
    ++worst.second;
  }
  ~PairErrorTable() {
    for (const auto& [key, worst] : worst_) {
      std::printf("[oracle] %-22s %-13s %-21s cases %5d  worst relative error %.3e\n", query_.c_str(),
                  pair_name(key.first), placement_name(key.second), worst.second, worst.first);
      EXPECT_LE(untilted_worst_[key], bound_) << query_ << " " << pair_name(key.first) << " " << placement_name(key.second);
      EXPECT_LE(tilted_worst_[key], tilted_bound_) << query_ << " " << pair_name(key.first) << " " << placement_name(key.second);
    }
  }

 private:
  std::string query_;
  double bound_, tilted_bound_;
  std::map<std::pair<PairKind, Placement>, std::pair<double, int>> worst_;
  std::map<std::pair<PairKind, Placement>, double> tilted_worst_, untilted_worst_;
};

}  // namespace gjk_oracle
