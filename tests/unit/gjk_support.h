#pragma once
// Oracle support for GJK and EPA: shape motions, casts between precisions, references that
// know about spheres, and seeded random shape pairs in the placement families of issue 4.
// The long-double polytope reference itself is in gjk_reference.h.
#include "collision_lab/hull.h"
#include "tests/unit/gjk_reference.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

namespace gjk_oracle {
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
