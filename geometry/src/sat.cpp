// The Separating Axis Test: the generic 3D test over SatShapes and the 2D polygon test.
// Every axis is projected relative to one origin (A's first vertex), so shapes far from
// the world origin keep their gaps; gaps within a size-relative tolerance of 0 are touching.
#include "collision_lab/sat.h"

#include "collision_lab/shape_check.h"

#include "sat_arcs.h"
#include "sat_quick.h"
#include "sat_tester.h"

#include <algorithm>
#include <limits>

namespace geo {
namespace {

using detail::accurate_cross;
using sat_detail::nearly_parallel;

using sat_detail::AxisTester;
using sat_detail::Points;

// Without a branch per value: a hull's check is a measurable share of a query otherwise.
template <typename T>
bool finite(const SatShape<T>& shape) {
  bool ok = all_finite(shape.plane_normal);
  for (const auto* list : {&shape.vertices, &shape.face_normals, &shape.edge_directions}) {
    for (const auto& v : *list) ok &= all_finite(v);
  }
  return ok;
}

template <typename T>
const Vec3<T>& edge_of(const SatShape<T>& a, const SatShape<T>& b, int index_a, int index_b) {
  return index_a >= 0 ? a.edge_directions[index_a] : b.edge_directions[index_b];
}

// The cached axis, or zero when the cache does not fit this pair (any more).
template <typename T>
Vec3<T> cached_axis(const SatCache& cache, const SatShape<T>& a, const SatShape<T>& b) {
  const auto in = [](int i, std::size_t size) { return i >= 0 && static_cast<std::size_t>(i) < size; };
  const bool edge = in(cache.index_a, a.edge_directions.size()) || in(cache.index_b, b.edge_directions.size());
  switch (cache.source) {
    case AxisSource::FaceA:
      if (in(cache.index_a, a.face_normals.size())) return a.face_normals[cache.index_a];
      break;
    case AxisSource::FaceB:
      if (in(cache.index_b, b.face_normals.size())) return b.face_normals[cache.index_b];
      break;
    case AxisSource::EdgeEdge:
      if (in(cache.index_a, a.edge_directions.size()) && in(cache.index_b, b.edge_directions.size())) {
        return accurate_cross(a.edge_directions[cache.index_a], b.edge_directions[cache.index_b]);
      }
      break;
    case AxisSource::SideA:
      if (edge) return accurate_cross(a.plane_normal, edge_of(a, b, cache.index_a, cache.index_b));
      break;
    case AxisSource::SideB:
      if (edge) return accurate_cross(b.plane_normal, edge_of(a, b, cache.index_a, cache.index_b));
      break;
    case AxisSource::Pair: break;
  }
  return Vec3<T>(0);
}

// Two flat shapes may lie in one plane (or on one line), where the face and edge x edge
// axes no longer bound their Minkowski difference: add the in-plane axes.
template <typename T>
bool test_flat_pair(AxisTester<T>& tester, const SatShape<T>& a, const SatShape<T>& b) {
  const auto sides = [&](const Vec3<T>& normal, AxisSource source) {
    if (glm::dot(normal, normal) == T(0)) return false;
    for (std::size_t i = 0; i < a.edge_directions.size(); ++i) {
      if (tester.test(accurate_cross(normal, a.edge_directions[i]), source, static_cast<int>(i), -1)) return true;
    }
    for (std::size_t j = 0; j < b.edge_directions.size(); ++j) {
      if (tester.test(accurate_cross(normal, b.edge_directions[j]), source, -1, static_cast<int>(j))) return true;
    }
    return false;
  };
  if (sides(a.plane_normal, AxisSource::SideA) || sides(b.plane_normal, AxisSource::SideB)) return true;
  if (glm::dot(a.plane_normal, a.plane_normal) > T(0) || glm::dot(b.plane_normal, b.plane_normal) > T(0)) return false;

  // Segments and points: the longest edge's direction, the plane the edges span (if any)
  // with its in-plane normals, and the perpendicular from A's first vertex to B's.
  SmallList<const Vec3<T>*, 8> edges;  // a flat shape has at most 3 edge directions
  for (const auto& e : a.edge_directions) edges.push_back(&e);
  for (const auto& e : b.edge_directions) edges.push_back(&e);
  Vec3<T> along(0), normal(0);
  for (const auto* e : edges) if (glm::dot(*e, *e) > glm::dot(along, along)) along = *e;
  for (const auto* e : edges) {
    if (nearly_parallel(along, *e)) continue;
    normal = accurate_cross(along, *e);
    break;
  }
  if (tester.test(along, AxisSource::Pair, -1, -1)) return true;
  if (tester.test(normal, AxisSource::Pair, -1, -1)) return true;
  if (glm::dot(normal, normal) > T(0)) {
    for (const auto* e : edges) if (tester.test(accurate_cross(normal, *e), AxisSource::Pair, -1, -1)) return true;
  }
  // The offset from A's first vertex to B's as an exact sum hi + lo: a perpendicular far
  // shorter than the offset keeps its direction (subtracting the along part would not).
  Vec3<T> hi, lo;
  for (int k = 0; k < 3; ++k) {
    const T x = b.vertices[0][k], y = -a.vertices[0][k];
    hi[k] = x + y;
    const T z = hi[k] - x;
    lo[k] = (x - (hi[k] - z)) + (y - z);
  }
  if (glm::dot(along, along) == T(0)) {  // two points: any axis serves when they coincide
    const Vec3<T> offset = hi + lo;
    return tester.test(glm::dot(offset, offset) > T(0) ? offset : Vec3<T>(1, 0, 0), AxisSource::Pair, -1, -1);
  }
  const Vec3<T> normal_to_both = accurate_cross(hi, along) + accurate_cross(lo, along);
  return tester.test(accurate_cross(along, normal_to_both), AxisSource::Pair, -1, -1);
}


// Every axis through AxisTester (a trace, a cached axis, the shapes sat_quick.cpp does
// not take); returns whether a face axis (or the cached one) separates.
template <typename T>
bool test_every_axis(const SatShape<T>& a, const SatShape<T>& b, const SatOptions& options, SatTrace<T>* trace,
                     SatResult<T>& result) {
  AxisTester<T> tester(a.vertices, b.vertices, options, trace, result, sat_detail::graph_fits(a) ? &a.graph : nullptr,
                       sat_detail::graph_fits(b) ? &b.graph : nullptr);
  SatCache* cache = options.cache;
  bool done = false;
  if (cache && cache->valid) {
    done = tester.test(cached_axis(*cache, a, b), cache->source, cache->index_a, cache->index_b);
    done = tester.flush() || done || tester.separated();
  }
  for (std::size_t i = 0; !done && i < a.face_normals.size(); ++i) {
    done = tester.test(a.face_normals[i], AxisSource::FaceA, static_cast<int>(i), -1);
  }
  for (std::size_t j = 0; !done && j < b.face_normals.size(); ++j) {
    done = tester.test(b.face_normals[j], AxisSource::FaceB, -1, static_cast<int>(j));
  }
  done = tester.flush() || done;  // held axes settle before the edges (a big hull's are)
  const bool faces_separate = tester.separated();
  const auto edge_pair = [&](int i, int j) {
    const Vec3<T>& ea = a.edge_directions[static_cast<std::size_t>(i)];
    const Vec3<T>& eb = b.edge_directions[static_cast<std::size_t>(j)];
    if (nearly_parallel(ea, eb)) return false;  // no axis: the faces and the rest cover them
    return tester.test(accurate_cross(ea, eb), AxisSource::EdgeEdge, i, j);
  };
  if (!done) done = sat_detail::visit_edge_pairs(a, b, edge_pair);
  done = tester.flush() || done;
  if (!done && a.flat && b.flat) test_flat_pair(tester, a, b);
  tester.flush();
  return faces_separate;
}

}  // namespace

template <typename T>
SatResult<T> sat_overlap(const SatShape<T>& a, const SatShape<T>& b, const SatOptions& options, SatTrace<T>* trace) {
  if (trace) trace->axes.clear();
  if (a.error != QueryError::None) return failed<SatResult<T>>(a.error);
  if (b.error != QueryError::None) return failed<SatResult<T>>(b.error);
  SatResult<T> result;
  bool faces_separate = false;
  if (trace || !sat_detail::quick_polyhedra(a, b, options, result, faces_separate)) {
    if (!finite(a) || !finite(b)) return failed<SatResult<T>>(QueryError::NonFiniteInput);
    if (a.vertices.empty() || b.vertices.empty()) return failed<SatResult<T>>(QueryError::InvalidShape);
    faces_separate = test_every_axis(a, b, options, trace, result);
  }
  const bool separated = result.first_separating >= 0;
  result.overlap = !separated;
  result.face_axes_would_be_wrong = !faces_separate && separated;  // a cache hit counts as a face pass
  if (result.overlap) result.separation = 0;
  if (SatCache* cache = options.cache) {
    const SatAxis<T>& first = result.first_separating_axis;
    if (separated && first.source != AxisSource::Pair) {
      *cache = {first.source, first.index_a, first.index_b, true};
    } else if (!separated) {
      cache->valid = false;
    }
  }
  return result;
}

template <typename T>
SatResult<T> sat_overlap(const ConvexPolygon<T>& a, const ConvexPolygon<T>& b, const SatOptions& options,
                         SatTrace<T>* trace) {
  if (trace) trace->axes.clear();
  const QueryError error = pair_error(shape_error(a), shape_error(b));
  if (error != QueryError::None) return failed<SatResult<T>>(error);
  Points<T> lifted_a, lifted_b;
  for (const auto& v : a.vertices) lifted_a.push_back(Vec3<T>(v, T(0)));
  for (const auto& v : b.vertices) lifted_b.push_back(Vec3<T>(v, T(0)));

  SatResult<T> result;
  AxisTester<T> tester(lifted_a, lifted_b, options, trace, result);
  const auto edge_normals = [&](const Points<T>& polygon, AxisSource source) {
    for (std::size_t i = 0; i < polygon.size(); ++i) {
      const Vec3<T> edge = polygon[(i + 1) % polygon.size()] - polygon[i];
      const int index = static_cast<int>(i);
      if (tester.test(Vec3<T>(edge.y, -edge.x, T(0)), source, source == AxisSource::FaceA ? index : -1,
                      source == AxisSource::FaceB ? index : -1)) {
        return true;
      }
    }
    return false;
  };
  if (!edge_normals(lifted_a, AxisSource::FaceA)) edge_normals(lifted_b, AxisSource::FaceB);
  result.overlap = !tester.separated();
  if (result.overlap) result.separation = 0;
  return result;
}

template SatResult<float> sat_overlap(const SatShape<float>&, const SatShape<float>&, const SatOptions&, SatTrace<float>*);
template SatResult<double> sat_overlap(const SatShape<double>&, const SatShape<double>&, const SatOptions&,
                                       SatTrace<double>*);
template SatResult<float> sat_overlap(const ConvexPolygon<float>&, const ConvexPolygon<float>&, const SatOptions&,
                                      SatTrace<float>*);
template SatResult<double> sat_overlap(const ConvexPolygon<double>&, const ConvexPolygon<double>&, const SatOptions&,
                                       SatTrace<double>*);

}  // namespace geo
