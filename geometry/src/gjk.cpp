// GJK distance between convex shapes: the sub-simplex of the Minkowski difference
// A - B closest to the origin, refined by support points until they stop helping.
#include "collision_lab/gjk.h"

#include "gjk_certificate.h"
#include "gjk_simplex.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

namespace geo {
namespace {

// Relative tolerance of termination and of touching: 64 ulp.
template <typename T> constexpr T kTolerance = T(64) * std::numeric_limits<T>::epsilon();


template <typename T>
struct Simplex {
  std::array<MinkowskiVertex<T>, 4> vertices;
  std::array<T, 4> weights{};
  int count = 0;
  Vec3<T> closest{0};
  T distance_squared = 0;
  bool contains_origin = false;

  Simplex() = default;
  Simplex(const Simplex& other) { *this = other; }
  // Copies only the vertices in use: whole copies were a measurable share of a run.
  Simplex& operator=(const Simplex& other) {
    std::copy_n(other.vertices.begin(), other.count, vertices.begin());
    std::copy_n(other.weights.begin(), other.count, weights.begin());
    count = other.count;
    closest = other.closest;
    distance_squared = other.distance_squared;
    contains_origin = other.contains_origin;
    return *this;
  }

  bool has(const MinkowskiVertex<T>& m) const {
    for (int i = 0; i < count; ++i) {
      if (vertices[i].vertex_a == m.vertex_a && vertices[i].vertex_b == m.vertex_b) return true;
    }
    return false;
  }
  // Solves for the closest point and keeps only the vertices it needs.
  void reduce() {
    std::array<Vec3<T>, 4> w;
    for (int i = 0; i < count; ++i) w[i] = vertices[i].w;
    const SimplexClosest<T> solved = closest_to_origin(w, count);
    closest = solved.point;
    distance_squared = solved.distance_squared;
    contains_origin = solved.contains_origin;
    int kept = 0;
    for (int i = 0; i < count; ++i) {
      if (solved.weights[i] > 0) {
        vertices[kept] = vertices[i];
        weights[kept++] = solved.weights[i];
      }
    }
    count = kept;
  }
  Vec3<T> point_a() const {
    Vec3<T> p(0);
    for (int i = 0; i < count; ++i) p += vertices[i].a * weights[i];
    return p;
  }
  Vec3<T> point_b() const {
    Vec3<T> p(0);
    for (int i = 0; i < count; ++i) p += vertices[i].b * weights[i];
    return p;
  }
};

template <typename T>
struct SeenSupport {
  int vertex_a, vertex_b;
  T best_distance_squared;  // the best |v|² when it was last the support point
};

template <typename T>
void record(GjkTrace<T>& trace, const Simplex<T>& simplex, T lower_bound) {
  GjkIteration<T> it;
  it.simplex.assign(simplex.vertices.begin(), simplex.vertices.begin() + simplex.count);
  it.weights.assign(simplex.weights.begin(), simplex.weights.begin() + simplex.count);
  it.closest = simplex.closest;
  it.direction = -simplex.closest;
  it.lower_bound = lower_bound;
  trace.iterations.push_back(std::move(it));
}

// Seeds the simplex from the cache's vertex pairs, re-evaluated on the current shapes.
template <typename T>
bool seed_from_cache(Simplex<T>& simplex, const GjkCache& cache, const ConvexShape<T>& a, const ConvexShape<T>& b) {
  if (!cache.valid || cache.simplex.empty() || cache.simplex.size() > 4) return false;
  simplex.count = 0;
  for (const auto& [ia, ib] : cache.simplex) {
    const SupportPoint<T> pa = shape_vertex(a, ia), pb = shape_vertex(b, ib);
    if (pa.vertex < 0 || pb.vertex < 0) return false;
    const MinkowskiVertex<T> m = minkowski(pa, pb);
    if (!simplex.has(m)) simplex.vertices[simplex.count++] = m;
  }
  return true;
}

// The direction from A to B the final simplex gives. The closest point of an edge is
// perpendicular to it: v's rounding along the edge (of the size of the shapes, not of v)
// is removed, or a tiny v would tilt the axis by eps * size / |v|.
template <typename T>
Vec3<T> gap_direction(const Simplex<T>& simplex) {
  Vec3<T> v = -simplex.closest;
  if (simplex.count == 2) {
    const Vec3<T> edge = simplex.vertices[1].w - simplex.vertices[0].w;
    const T edge_squared = glm::dot(edge, edge);
    if (edge_squared > 0) v -= edge * (glm::dot(v, edge) / edge_squared);
  }
  const T length = glm::length(v);
  return length > 0 ? v / length : Vec3<T>(0);
}

// How far inside the final simplex the origin is: its least distance to a face of a
// solid tetrahedron, or to an end of a triangle or segment that holds it exactly; else 0.
template <typename T>
T inner_margin(const Simplex<T>& simplex) {
  const auto& v = simplex.vertices;
  const int n = simplex.count;
  if (!((n == 4 && simplex.contains_origin) || ((n == 2 || n == 3) && simplex.distance_squared == 0))) return 0;
  if (n == 2) return std::min(simplex.weights[0], simplex.weights[1]) * glm::length(v[1].w - v[0].w);
  // The measure of the simplex over that of the facet opposite vertex k is its height
  // there (up to the same constant), and the origin's weight k is its share of it.
  const T measure = n == 4 ? std::abs(glm::dot(v[1].w - v[0].w, glm::cross(v[2].w - v[0].w, v[3].w - v[0].w)))
                           : glm::length(glm::cross(v[1].w - v[0].w, v[2].w - v[0].w));
  T margin = std::numeric_limits<T>::infinity();
  for (int k = 0; k < n; ++k) {
    const Vec3<T>& p = v[(k + 1) % n].w;
    const Vec3<T>& q = v[(k + 2) % n].w;
    const T facet = n == 4 ? glm::length(glm::cross(q - p, v[(k + 3) % n].w - p)) : glm::length(q - p);
    if (!(facet > 0)) return 0;
    margin = std::min(margin, simplex.weights[k] * measure / facet);
  }
  return margin;
}

}  // namespace

template <typename T>
GjkResult<T> gjk_distance(const ConvexShape<T>& a, const ConvexShape<T>& b, const GjkOptions& options,
                          GjkTrace<T>* trace) {
  if (trace) trace->iterations.clear();
  GjkResult<T> result;
  const QueryError error_a = validate_shape(a), error_b = validate_shape(b);
  if (error_a != QueryError::None || error_b != QueryError::None) {
    refuse(result, pair_error(error_a, error_b));
    if (options.cache) options.cache->valid = false;
    return result;
  }
  const Core<T> core_a(a), core_b(b);
  const ConvexShape<T>& shape_a = *core_a.shape;
  const ConvexShape<T>& shape_b = *core_b.shape;

  Simplex<T> simplex;
  if (!(options.cache && seed_from_cache(simplex, *options.cache, shape_a, shape_b))) {
    simplex.count = 1;
    simplex.vertices[0] = minkowski(shape_vertex(shape_a, 0), shape_vertex(shape_b, 0));
  }
  T size_squared = 0;  // the largest |w|² seen: the scale of the tolerances
  for (int i = 0; i < simplex.count; ++i) size_squared = std::max(size_squared, glm::dot(simplex.vertices[i].w, simplex.vertices[i].w));
  simplex.reduce();
  T lower_bound = 0;
  if (trace) record(*trace, simplex, lower_bound);
  Simplex<T> best = simplex;
  SmallList<SeenSupport<T>, 64> history;  // max_iterations entries at most: in place by default

  Simplex<T> next;
  const T tolerance = kTolerance<T>;
  result.termination = GjkTermination::MaxIterations;
  for (int iteration = 0; iteration < options.max_iterations; ++iteration) {
    if (simplex.contains_origin || simplex.distance_squared <= tolerance * tolerance * size_squared) {
      result.termination = GjkTermination::Overlap;
      break;
    }
    const Vec3<T> v = simplex.closest;
    const T vv = simplex.distance_squared;
    const MinkowskiVertex<T> w = minkowski(support(shape_a, -v), support(shape_b, v));
    ++result.iteration_count;
    size_squared = std::max(size_squared, glm::dot(w.w, w.w));
    const T vw = glm::dot(v, w.w);
    if (vw > 0) lower_bound = std::max(lower_bound, vw / std::sqrt(vv));
    if (vv - vw <= tolerance * vv) {  // the support plane is as far as v: v is the answer
      result.termination = GjkTermination::Converged;
      break;
    }
    // A support point already in the simplex, or seen before with no strict gain since
    // (steps within rounding could otherwise cycle), ends the run.
    const auto seen = std::find_if(history.begin(), history.end(), [&](const SeenSupport<T>& h) {
      return h.vertex_a == w.vertex_a && h.vertex_b == w.vertex_b;
    });
    if (simplex.has(w) || (seen != history.end() && !(best.distance_squared < seen->best_distance_squared))) {
      result.termination = GjkTermination::NoProgress;
      break;
    }
    if (seen != history.end()) seen->best_distance_squared = best.distance_squared;
    else history.push_back({w.vertex_a, w.vertex_b, best.distance_squared});
    next = simplex;
    next.vertices[next.count++] = w;
    next.reduce();
    // A step may gain less than rounding (nearly parallel faces: the new vertex gets a
    // tiny weight) and still lead the next support point somewhere better, so only a
    // step that is worse beyond rounding ends the run; the answer is the best simplex.
    // A step that gains (the usual one) needs no square roots: sqrt is monotone.
    const auto worse_beyond_rounding = [&] {
      T reach_squared = 0;
      for (int i = 0; i < next.count; ++i) reach_squared = std::max(reach_squared, glm::dot(next.vertices[i].w, next.vertices[i].w));
      return std::sqrt(next.distance_squared) > std::sqrt(vv) + tolerance * std::sqrt(reach_squared);
    };
    if (!next.contains_origin && !(next.distance_squared <= vv) && worse_beyond_rounding()) {
      result.termination = GjkTermination::NoProgress;
      break;
    }
    simplex = next;
    if (simplex.contains_origin || simplex.distance_squared < best.distance_squared) best = simplex;
    if (trace) record(*trace, simplex, lower_bound);
  }
  // The run ends on its best simplex: record it again if a later step was no better.
  if (trace && !best.contains_origin && best.distance_squared < simplex.distance_squared) {
    record(*trace, best, lower_bound);
  }
  simplex = best;
  if (result.termination == GjkTermination::MaxIterations &&
      (simplex.contains_origin || simplex.distance_squared <= tolerance * tolerance * size_squared)) {
    result.termination = GjkTermination::Overlap;
  }

  if (result.termination == GjkTermination::Overlap) {
    // The cores' points are the same point only as far as the weights combine to the origin.
    std::array<Vec3<T>, 4> w;
    for (int i = 0; i < simplex.count; ++i) w[i] = simplex.vertices[i].w;
    refine_origin_weights(w, simplex.count, simplex.weights);
  }
  result.simplex.assign(simplex.vertices.begin(), simplex.vertices.begin() + simplex.count);
  result.weights.assign(simplex.weights.begin(), simplex.weights.begin() + simplex.count);
  result.lower_bound = lower_bound;
  if (options.cache) {
    options.cache->simplex.clear();
    for (const auto& m : result.simplex) options.cache->simplex.push_back({m.vertex_a, m.vertex_b});
    options.cache->valid = true;
  }

  const Vec3<T> point_a = simplex.point_a(), point_b = simplex.point_b();
  const T core_distance = result.termination == GjkTermination::Overlap ? T(0) : std::sqrt(simplex.distance_squared);
  const T radii = core_a.radius + core_b.radius;
  const T touching = tolerance * (std::sqrt(size_squared) + radii);
  if (core_distance <= radii + touching) {
    // Overlap (or touch) of the shapes. Their witness: a common point, on the segment
    // between the cores' points where the two balls' overlap is centred.
    result.overlap = true;
    result.certain = inner_margin(simplex) > touching || std::sqrt(simplex.distance_squared) + touching < radii;
    result.termination = GjkTermination::Overlap;
    Vec3<T> witness = point_a;
    if (core_distance > 0 && radii > 0) {
      const T t = std::clamp((core_a.radius + (core_distance - core_b.radius)) / (T(2) * core_distance), T(0), T(1));
      witness = point_a + (point_b - point_a) * t;
    }
    result.a_point = result.b_point = witness;
    result.distance = result.distance_squared = 0;
    return result;
  }
  // Apart: the cores' closest points, pushed out by the radii along the axis between them.
  const Vec3<T> axis = -simplex.closest / core_distance;  // from A to B; core_distance > radii >= 0
  result.a_point = point_a + axis * core_a.radius;
  result.b_point = point_b - axis * core_b.radius;
  result.distance = core_distance - radii;
  result.distance_squared = result.distance * result.distance;
  result.axis = gap_direction(simplex);
  const T gap = support_gap(shape_a, shape_b, result.axis, static_cast<long double>(core_a.radius) + static_cast<long double>(core_b.radius));
  result.separation = std::min(result.distance, gap);
  result.certain = gap > 0 && result.separation > 0;  // a NaN gap (a zero axis) certifies nothing
  return result;
}

template GjkResult<float> gjk_distance(const ConvexShape<float>&, const ConvexShape<float>&, const GjkOptions&,
                                       GjkTrace<float>*);
template GjkResult<double> gjk_distance(const ConvexShape<double>&, const ConvexShape<double>&, const GjkOptions&,
                                        GjkTrace<double>*);

}  // namespace geo
