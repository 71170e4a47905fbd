// EPA penetration depth: from GJK's final simplex (grown to a tetrahedron around the
// origin), expand a polytope inside A - B toward the face of A - B nearest the origin.
#include "collision_lab/epa.h"

#include "collision_lab/gjk.h"
#include "gjk_simplex.h"

#include <algorithm>
#include <limits>

namespace geo {
namespace {

template <typename T> constexpr T kTolerance = T(64) * std::numeric_limits<T>::epsilon();
constexpr int kMaxEpaIterations = 128;

template <typename T>
MinkowskiVertex<T> support_difference(const ConvexShape<T>& a, const ConvexShape<T>& b, const Vec3<T>& n) {
  return minkowski(support(a, n), support(b, -n));
}

template <typename T>
struct Face {
  std::array<int, 3> v{};
  Vec3<T> normal{0};  // unit, outward; zero for a face too thin to have one
  T distance = std::numeric_limits<T>::infinity();  // signed, of the origin's side
  bool alive = true;
};

// Room in place for the polytopes of ordinary runs; a larger one moves to the heap.
constexpr std::size_t kPlacedVertices = 64, kPlacedFaces = 256;

template <typename T>
using Ring = SmallList<MinkowskiVertex<T>, kPlacedVertices>;

template <typename T>
struct Polytope {
  Ring<T> vertices;
  SmallList<Face<T>, kPlacedFaces> faces;
  T size = 0;  // the largest |w|: the scale of every tolerance

  void add_vertex(const MinkowskiVertex<T>& m) {
    vertices.push_back(m);
    size = std::max(size, glm::length(m.w));
  }
  bool has(const MinkowskiVertex<T>& m) const {
    return std::any_of(vertices.begin(), vertices.end(),
                       [&](const auto& v) { return v.vertex_a == m.vertex_a && v.vertex_b == m.vertex_b; });
  }
  // The face (i, j, k), counter-clockwise seen from outside; its normal is taken at the
  // vertex opposite the longest edge, from the two shortest edges.
  void add_face(int i, int j, int k) {
    Face<T> face;
    face.v = {i, j, k};
    const Vec3<T> p[3] = {vertices[i].w, vertices[j].w, vertices[k].w};
    T longest = 0;
    int apex = 0;
    for (int e = 0; e < 3; ++e) {
      const Vec3<T> edge = p[(e + 2) % 3] - p[(e + 1) % 3];  // the edge opposite vertex e
      if (glm::dot(edge, edge) > longest) { longest = glm::dot(edge, edge); apex = e; }
    }
    const Vec3<T>& o = p[apex];
    const Vec3<T> n = glm::cross(p[(apex + 1) % 3] - o, p[(apex + 2) % 3] - o);
    const T length = glm::length(n);
    if (length > kTolerance<T> * longest) {
      face.normal = n / length;
      face.distance = glm::dot(face.normal, o);
    }
    faces.push_back(face);
  }
};

// The direction least aligned with d among the coordinate axes, made perpendicular to d.
template <typename T>
Vec3<T> perpendicular(const Vec3<T>& d) {
  const Vec3<T> m = glm::abs(d);
  const Vec3<T> axis = m.x <= m.y && m.x <= m.z ? Vec3<T>(1, 0, 0) : m.y <= m.z ? Vec3<T>(0, 1, 0) : Vec3<T>(0, 0, 1);
  return glm::normalize(glm::cross(d, axis));
}

// The unit normal of a triangle from its two shortest edges, or zero if it has none.
template <typename T>
Vec3<T> triangle_normal(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c) {
  const Vec3<T> ab = b - a, bc = c - b, ca = a - c;
  const T lab = glm::dot(ab, ab), lbc = glm::dot(bc, bc), lca = glm::dot(ca, ca);
  const T longest = std::max({lab, lbc, lca});
  const Vec3<T> n = lab == longest ? glm::cross(bc, ca) : lbc == longest ? glm::cross(ca, ab) : glm::cross(ab, bc);
  const T length = glm::length(n);
  return length > kTolerance<T> * longest ? n / length : Vec3<T>(0);
}

// Grows GJK's simplex to a solid tetrahedron with support points, one dimension at a
// time. Where A - B has no extent in some direction (it is a point, a segment or flat),
// returns false and sets `flat_axis` to a direction along which it is zero thick.
template <typename T>
bool grow_to_tetrahedron(Polytope<T>& poly, const ConvexShape<T>& a, const ConvexShape<T>& b, Vec3<T>& flat_axis) {
  auto& v = poly.vertices;
  auto tolerance = [&] { return kTolerance<T> * poly.size; };
  if (v.size() == 1) {
    flat_axis = Vec3<T>(1, 0, 0);
    for (int k = 0; k < 6; ++k) {
      Vec3<T> d(0);
      d[k / 2] = k % 2 ? T(-1) : T(1);
      const MinkowskiVertex<T> m = support_difference(a, b, d);
      if (glm::length(m.w - v[0].w) > tolerance()) { poly.add_vertex(m); break; }
    }
    if (v.size() == 1) return false;
  }
  if (v.size() == 2) {
    const Vec3<T> d = glm::normalize(v[1].w - v[0].w);
    const Vec3<T> u = perpendicular(d), u2 = glm::cross(d, u);
    flat_axis = u;
    MinkowskiVertex<T> best;
    T best_offset = 0;
    for (int k = 0; k < 6; ++k) {  // six directions around the segment, 60 degrees apart
      const T angle = T(1.0471975511965976) * T(k);
      const MinkowskiVertex<T> m = support_difference(a, b, u * std::cos(angle) + u2 * std::sin(angle));
      const Vec3<T> off = m.w - v[0].w;
      const T offset = glm::length(off - d * glm::dot(off, d));
      if (offset > best_offset) { best_offset = offset; best = m; }
    }
    if (!(best_offset > tolerance())) return false;
    poly.add_vertex(best);
  }
  if (v.size() == 3) {
    Vec3<T> n = triangle_normal(v[0].w, v[1].w, v[2].w);
    if (n == Vec3<T>(0)) n = perpendicular(v[1].w - v[0].w);  // collinear within rounding
    flat_axis = n;
    const MinkowskiVertex<T> up = support_difference(a, b, n), down = support_difference(a, b, -n);
    const T above = glm::dot(n, up.w - v[0].w), below = -glm::dot(n, down.w - v[0].w);
    if (std::max(above, below) <= tolerance()) return false;
    poly.add_vertex(above >= below ? up : down);
  }
  return true;
}

template <typename T>
void record(EpaTrace<T>& trace, const Polytope<T>& poly, std::size_t closest) {
  EpaStep<T> step;
  for (const auto& m : poly.vertices) step.vertices.push_back(m.w);
  for (std::size_t f = 0; f < poly.faces.size(); ++f) {
    if (!poly.faces[f].alive) continue;
    if (f == closest) step.closest_face = static_cast<int>(step.faces.size());
    step.faces.push_back(poly.faces[f].v);
  }
  step.closest_distance = poly.faces[closest].distance;
  trace.steps.push_back(std::move(step));
}

// Replaces the faces `w` sees by a fan from `w` to their horizon.
template <typename T>
void expand(Polytope<T>& poly, std::size_t seen_face, T tolerance) {
  const int w = static_cast<int>(poly.vertices.size()) - 1;
  const Vec3<T>& p = poly.vertices[static_cast<std::size_t>(w)].w;
  SmallList<std::array<int, 2>, kPlacedVertices> edges;
  for (std::size_t f = 0; f < poly.faces.size(); ++f) {
    Face<T>& face = poly.faces[f];
    if (!face.alive) continue;
    const bool visible =
        f == seen_face || (face.normal != Vec3<T>(0) && glm::dot(face.normal, p - poly.vertices[face.v[0]].w) > tolerance);
    if (!visible) continue;
    face.alive = false;
    for (int e = 0; e < 3; ++e) {
      const std::array<int, 2> edge = {face.v[e], face.v[(e + 1) % 3]};
      // An edge two visible faces share is interior: it appears once each way.
      auto twin = std::find(edges.begin(), edges.end(), std::array<int, 2>{edge[1], edge[0]});
      if (twin != edges.end()) edges.erase(twin);
      else edges.push_back(edge);
    }
  }
  for (const auto& edge : edges) poly.add_face(edge[0], edge[1], w);
}

template <typename T>
struct CoreDepth {
  T depth = 0;
  Vec3<T> axis{1, 0, 0};
  Vec3<T> a_point{0}, b_point{0};
};

// EPA in the plane of a flat A - B (normal `normal`): a polygon inside A - B, from its
// supports in eight directions of the plane (in counter-clockwise order about the normal),
// expanded at the edge nearest the origin. The least support along an edge normal is the
// in-plane depth, so moving B by it separates the shapes within their plane.
template <typename T>
CoreDepth<T> planar_depth(const ConvexShape<T>& a, const ConvexShape<T>& b, const Vec3<T>& normal, T size,
                          EpaResult<T>& result) {
  CoreDepth<T> out;
  const Vec3<T> u = perpendicular(normal), u2 = glm::cross(normal, u);
  Ring<T> ring;
  for (int k = 0; k < 8; ++k) {
    const T angle = T(0.7853981633974483) * T(k);
    const MinkowskiVertex<T> m = support_difference(a, b, u * std::cos(angle) + u2 * std::sin(angle));
    const bool repeated = !ring.empty() && (ring.back().w == m.w || (k == 7 && ring.front().w == m.w));
    if (!repeated) ring.push_back(m);
  }
  out.a_point = out.b_point = ring[0].a;
  if (ring.size() < 3) {  // A - B is a segment in this plane: no in-plane depth to find
    out.axis = normal;
    result.converged = true;
    return out;
  }
  T best_reach = std::numeric_limits<T>::infinity();
  std::size_t best_edge = 0;
  for (int iteration = 0; iteration < kMaxEpaIterations; ++iteration) {
    ++result.iteration_count;
    std::size_t nearest = ring.size();
    T nearest_distance = std::numeric_limits<T>::infinity();
    Vec3<T> outward(0);
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const Vec3<T> edge = ring[(i + 1) % ring.size()].w - ring[i].w;
      const T length = glm::length(edge);
      if (!(length > 0)) continue;
      const Vec3<T> n = glm::cross(edge, normal) / length;
      const T distance = glm::dot(n, ring[i].w);
      if (distance < nearest_distance) { nearest_distance = distance; nearest = i; outward = n; }
    }
    if (nearest == ring.size()) break;
    const MinkowskiVertex<T> m = support_difference(a, b, outward);
    const T reach = glm::dot(outward, m.w);
    if (reach < best_reach) { best_reach = reach; best_edge = nearest; out.axis = outward; }
    const bool known = std::any_of(ring.begin(), ring.end(), [&](const auto& v) { return v.w == m.w; });
    if (reach - nearest_distance <= kTolerance<T> * size || known) {
      result.converged = true;
      break;
    }
    ring.insert(ring.begin() + static_cast<std::ptrdiff_t>(nearest + 1), m);
    if (best_edge > nearest) ++best_edge;
  }
  out.depth = std::max(T(0), best_reach);
  // The witnesses: the weights of the origin's projection onto the edge.
  const MinkowskiVertex<T>& p = ring[best_edge];
  const MinkowskiVertex<T>& q = ring[(best_edge + 1) % ring.size()];
  const SimplexClosest<T> on_edge = closest_to_origin(std::array<Vec3<T>, 4>{p.w, q.w, Vec3<T>(0), Vec3<T>(0)}, 2);
  out.a_point = p.a * on_edge.weights[0] + q.a * on_edge.weights[1];
  out.b_point = p.b * on_edge.weights[0] + q.b * on_edge.weights[1];
  return out;
}

// EPA on the cores, which overlap; `simplex` is GJK's final simplex.
template <typename T>
CoreDepth<T> core_depth(const ConvexShape<T>& a, const ConvexShape<T>& b, const FixedList<MinkowskiVertex<T>, 4>& simplex,
                        EpaTrace<T>* trace, EpaResult<T>& result) {
  CoreDepth<T> out;
  Polytope<T> poly;
  for (const auto& m : simplex) poly.add_vertex(m);
  out.a_point = out.b_point = simplex[0].a;
  Vec3<T> flat_axis(1, 0, 0);
  if (!grow_to_tetrahedron(poly, a, b, flat_axis)) {
    if (poly.vertices.size() == 3) return planar_depth(a, b, flat_axis, poly.size, result);
    // A - B is a point or a segment: zero thick along flat_axis, so the depth is zero;
    // take the sign along which A - B reaches least (zero both ways up to rounding).
    const T up = glm::dot(flat_axis, support_difference(a, b, flat_axis).w);
    const T down = glm::dot(-flat_axis, support_difference(a, b, -flat_axis).w);
    out.axis = up <= down ? flat_axis : -flat_axis;
    out.depth = 0;
    result.converged = true;
    return out;
  }
  auto& v = poly.vertices;
  const Vec3<T> e1 = v[1].w - v[0].w, e2 = v[2].w - v[0].w, e3 = v[3].w - v[0].w;
  if (glm::dot(e1, glm::cross(e2, e3)) < 0) std::swap(v[1], v[2]);
  poly.add_face(0, 2, 1);
  poly.add_face(0, 1, 3);
  poly.add_face(0, 3, 2);
  poly.add_face(1, 2, 3);

  std::size_t best = 0;
  T best_support = std::numeric_limits<T>::infinity();
  for (int iteration = 0; iteration < kMaxEpaIterations; ++iteration) {
    std::size_t closest = poly.faces.size();
    for (std::size_t f = 0; f < poly.faces.size(); ++f) {
      const auto& face = poly.faces[f];
      if (face.alive && face.normal != Vec3<T>(0) && (closest == poly.faces.size() || face.distance < poly.faces[closest].distance)) {
        closest = f;
      }
    }
    if (closest == poly.faces.size()) break;  // every face thin: keep the best so far
    if (trace) record(*trace, poly, closest);
    ++result.iteration_count;
    const Face<T> face = poly.faces[closest];
    const MinkowskiVertex<T> m = support_difference(a, b, face.normal);
    poly.size = std::max(poly.size, glm::length(m.w));
    const T reach = glm::dot(face.normal, m.w);  // A - B reaches no farther along the normal
    if (reach < best_support) { best_support = reach; best = closest; }
    const T tolerance = kTolerance<T> * poly.size;
    // Every reach is an upper bound on the depth that separates; the least one is kept
    // (with the origin on the boundary, rounding can make a later face a worse one).
    if (reach - face.distance <= tolerance || poly.has(m)) {
      result.converged = true;
      break;
    }
    poly.add_vertex(m);
    expand(poly, closest, tolerance);
  }

  const Face<T>& face = poly.faces[best];
  out.axis = face.normal;
  out.depth = std::max(T(0), best_support);
  // The witnesses: the weights of the origin's projection onto the face.
  const std::array<Vec3<T>, 4> w = {v[face.v[0]].w, v[face.v[1]].w, v[face.v[2]].w, Vec3<T>(0)};
  const SimplexClosest<T> on_face = closest_to_origin(w, 3);
  out.a_point = out.b_point = Vec3<T>(0);
  for (int k = 0; k < 3; ++k) {
    out.a_point += v[face.v[k]].a * on_face.weights[k];
    out.b_point += v[face.v[k]].b * on_face.weights[k];
  }
  return out;
}

}  // namespace

template <typename T>
EpaResult<T> epa_penetration(const ConvexShape<T>& a, const ConvexShape<T>& b, EpaTrace<T>* trace) {
  if (trace) trace->steps.clear();
  EpaResult<T> result;
  const QueryError error_a = validate_shape(a), error_b = validate_shape(b);
  if (error_a != QueryError::None || error_b != QueryError::None) {
    refuse(result, pair_error(error_a, error_b));
    return result;
  }
  const Core<T> core_a(a), core_b(b);
  const GjkResult<T> gjk = gjk_distance(*core_a.shape, *core_b.shape);
  const T radii = core_a.radius + core_b.radius;

  CoreDepth<T> core;
  if (gjk.overlap) {
    core = core_depth(*core_a.shape, *core_b.shape, gjk.simplex, trace, result);
  } else {
    // The cores are apart: only the balls around them can overlap.
    const Vec3<T> gap = gjk.b_point - gjk.a_point;
    const T distance = glm::length(gap);
    core.axis = distance > 0 ? gap / distance : Vec3<T>(1, 0, 0);
    core.depth = -distance;
    core.a_point = gjk.a_point;
    core.b_point = gjk.b_point;
    result.converged = true;
  }
  result.overlap = core.depth + radii >= 0;
  result.axis = core.axis;
  result.depth = std::max(T(0), core.depth + radii);
  result.a_point = core.a_point + core.axis * core_a.radius;
  result.b_point = core.b_point - core.axis * core_b.radius;
  return result;
}

template EpaResult<float> epa_penetration(const ConvexShape<float>&, const ConvexShape<float>&, EpaTrace<float>*);
template EpaResult<double> epa_penetration(const ConvexShape<double>&, const ConvexShape<double>&, EpaTrace<double>*);

}  // namespace geo
