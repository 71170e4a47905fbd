// Shapes as the Separating Axis Test sees them: vertices, unit face normals and edge
// directions, parallel duplicates removed; flat shapes carry their plane normal, and
// polyhedra their edges' arcs on the Gauss map.
#include "collision_lab/sat_shapes.h"

#include "collision_lab/shape_check.h"

#include "sat_detail.h"
#include "sat_walk.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace geo {
namespace {

using sat_detail::nearly_parallel;
using sat_detail::ParallelSet;

template <typename T>
Vec3<T> unit(const Vec3<T>& v) {
  return v / std::sqrt(glm::dot(v, v));
}

// A shape from its corners and the directions of its three axes: a box, flat when an
// extent is zero (its plane normal then is that axis, when only one is zero).
template <typename T>
SatShape<T> box_shape(const Vec3<T>& center, const std::array<Vec3<T>, 3>& axes, const Vec3<T>& half) {
  SatShape<T> shape;
  for (int i = 0; i < 8; ++i) {
    Vec3<T> corner = center;
    for (int k = 0; k < 3; ++k) corner += axes[k] * ((i >> k) & 1 ? half[k] : -half[k]);
    shape.vertices.push_back(corner);
  }
  ParallelSet<T> faces, edges;
  int zero_extents = 0;
  for (int k = 0; k < 3; ++k) {
    faces.add(unit(axes[k]));
    if (half[k] > T(0)) {
      edges.add(axes[k]);
    } else {
      ++zero_extents;
      shape.plane_normal = unit(axes[k]);
    }
  }
  shape.face_normals = faces.directions();
  shape.edge_directions = edges.directions();
  shape.flat = zero_extents > 0;
  if (zero_extents != 1) shape.plane_normal = Vec3<T>(0);
  return shape;
}

// Each hull edge with the two faces that meet at it, found from the face loops (which walk
// every edge once each way); `direction` maps hull edge i to its edge direction. Empty when
// the loops do not pair up one for one with the edges, or two faces meeting at an edge have
// parallel normals (a flat hull): SAT then pairs every edge direction instead. `normals`
// receives each face's unit normal, which the arcs index.
template <typename T>
std::vector<SatEdgeArc<T>> edge_arcs(const ConvexPolyhedron<T>& hull, const std::vector<int>& direction, std::vector<Vec3<T>>& normals) {
  const auto key = [](int u, int v) {
    return static_cast<std::uint64_t>(std::min(u, v)) << 32 | static_cast<std::uint32_t>(std::max(u, v));
  };
  std::vector<std::pair<std::uint64_t, int>> sides, edges;  // (edge key, face) and (edge key, hull edge)
  for (std::size_t f = 0; f < hull.faces.size(); ++f) {
    const auto& loop = hull.faces[f];
    const Vec3<T>& normal = hull.face_planes[f].normal;
    if (loop.size() < 3 || !(glm::dot(normal, normal) > T(0))) return {};
    normals.push_back(unit(normal));
    for (std::size_t k = 0; k < loop.size(); ++k) sides.push_back({key(loop[k], loop[(k + 1) % loop.size()]), static_cast<int>(f)});
  }
  for (std::size_t i = 0; i < hull.edges.size(); ++i) edges.push_back({key(hull.edges[i][0], hull.edges[i][1]), static_cast<int>(i)});
  if (sides.size() != 2 * edges.size()) return {};
  std::sort(sides.begin(), sides.end());
  std::sort(edges.begin(), edges.end());
  std::vector<SatEdgeArc<T>> arcs;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const auto& first = sides[2 * i];
    const auto& second = sides[2 * i + 1];
    if (first.first != edges[i].first || second.first != edges[i].first || first.second == second.second) return {};
    if (i > 0 && edges[i - 1].first == edges[i].first) return {};
    const Vec3<T>& n1 = normals[static_cast<std::size_t>(first.second)];
    const Vec3<T>& n2 = normals[static_cast<std::size_t>(second.second)];
    if (nearly_parallel(n1, n2)) return {};
    const int index = direction[static_cast<std::size_t>(edges[i].second)];
    if (index >= 0) arcs.push_back({index, first.second, second.second, n1, n2, detail::accurate_cross(n1, n2)});  // a zero-length edge has no axis
  }
  return arcs;
}

// The hull's edges as each vertex's neighbours, when they can make a closed convex surface:
// every vertex on three edges or more, Euler's V - E + F = 2, faces paired at every edge
// (`paired`, as edge_arcs found). Only for hulls large enough that a scan costs more.
template <typename T>
SatVertexGraph<T> vertex_graph(const ConvexPolyhedron<T>& hull, bool paired) {
  constexpr std::size_t kWalkFrom = 256;
  SatVertexGraph<T> graph;
  const std::size_t count = hull.vertices.size();
  if (!paired || count < kWalkFrom || count + hull.faces.size() != hull.edges.size() + 2) return graph;
  std::vector<int> degree(count + 1, 0);
  for (const auto& edge : hull.edges) {
    for (int end : edge) {
      if (end < 0 || static_cast<std::size_t>(end) >= count || edge[0] == edge[1]) return graph;
      ++degree[static_cast<std::size_t>(end) + 1];
    }
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (degree[i + 1] < 3) return graph;
    degree[i + 1] += degree[i];
  }
  graph.neighbours.resize(2 * hull.edges.size());
  std::vector<int> fill(degree.begin(), degree.end() - 1);
  for (const auto& edge : hull.edges) {
    graph.neighbours[static_cast<std::size_t>(fill[static_cast<std::size_t>(edge[0])]++)] = edge[1];
    graph.neighbours[static_cast<std::size_t>(fill[static_cast<std::size_t>(edge[1])]++)] = edge[0];
  }
  graph.start = std::move(degree);
  // The builder's tolerance (hull.cpp), four times over for its merged faces; the box's
  // diagonal bounded by twice its longest side, which cannot overflow.
  Vec3<T> lo = hull.vertices[0], hi = lo;
  for (const auto& v : hull.vertices) { lo = glm::min(lo, v); hi = glm::max(hi, v); }
  const T magnitude = std::max({std::abs(lo.x), std::abs(lo.y), std::abs(lo.z), std::abs(hi.x), std::abs(hi.y), std::abs(hi.z)});
  const T side = std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
  graph.flatness = T(256) * std::numeric_limits<T>::epsilon() * (T(2) * side + magnitude);
  return graph;
}

// The prepared face axes and extents, projected as sat.cpp's test projects; a large hull's
// extremes by walks (sat_walk.h), its axes taken in an order where each walk is short.
template <typename T>
void prepare(SatShape<T>& shape) {
  SatPrepared<T>& out = shape.prepared;
  for (const auto& v : shape.vertices) {
    out.relative.push_back(v - shape.vertices[0]);
    out.extent = std::max({out.extent, std::abs(out.relative.back().x), std::abs(out.relative.back().y),
                           std::abs(out.relative.back().z)});
  }
  out.normals = shape.face_normals;
  for (const auto& normal : shape.face_normals) {
    out.axes.push_back(glm::dot(normal, normal) > T(0) ? sat_detail::unit_axis(normal) : Vec3<T>(0));
  }
  out.low.resize(out.axes.size());
  out.high.resize(out.axes.size());
  sat_detail::ExtremeWalk<T> walk(shape.graph, out.relative.data(), out.relative.size(), out.extent);
  if (!walk.usable()) {
    for (std::size_t f = 0; f < out.axes.size(); ++f) {
      T lo = glm::dot(out.axes[f], out.relative[0]), hi = lo;
      for (const auto& v : out.relative) {
        const T value = glm::dot(out.axes[f], v);
        lo = std::min(lo, value);
        hi = std::max(hi, value);
      }
      out.low[f] = lo;
      out.high[f] = hi;
    }
    return;
  }
  sat_detail::walk_in_line_order<T>(out.axes, [&](std::size_t f, int& towards, int& away) {
    const Vec3<T>& axis = out.axes[f];
    towards = walk.extreme(axis, true, towards);
    away = walk.extreme(axis, false, away);
    out.high[f] = glm::dot(axis, out.relative[static_cast<std::size_t>(towards)]);
    out.low[f] = glm::dot(axis, out.relative[static_cast<std::size_t>(away)]);
  });
}

}  // namespace

template <typename T>
SatShape<T> sat_shape(const ConvexPolyhedron<T>& hull) {
  if (const QueryError error = shape_error(hull); error != QueryError::None) return failed<SatShape<T>>(error);
  SatShape<T> shape;
  shape.vertices = hull.vertices;
  ParallelSet<T> faces, edges;
  for (const auto& plane : hull.face_planes) {  // opposite faces give one axis
    if (glm::dot(plane.normal, plane.normal) > T(0)) faces.add(unit(plane.normal));
  }
  std::vector<int> direction;
  for (const auto& edge : hull.edges) direction.push_back(edges.add(hull.vertices[edge[1]] - hull.vertices[edge[0]]));
  shape.face_normals = faces.directions();
  shape.edge_directions = edges.directions();
  shape.edge_arcs = edge_arcs(hull, direction, shape.face_units);
  if (shape.edge_arcs.empty()) shape.face_units.clear();
  shape.graph = vertex_graph(hull, !shape.edge_arcs.empty());
  prepare(shape);
  return shape;
}

template <typename T>
SatShape<T> sat_shape(const Obb<T>& box) {
  if (const QueryError error = shape_error(box); error != QueryError::None) return failed<SatShape<T>>(error);
  return box_shape(box.center, box.axes, box.half_extents);
}

template <typename T>
SatShape<T> sat_shape(const Aabb<T>& box) {
  if (const QueryError error = shape_error(box); error != QueryError::None) return failed<SatShape<T>>(error);
  // Corners straight from min and max (no centre ± half rounding): touching boxes touch exactly.
  SatShape<T> shape = box_shape(Vec3<T>(0), {Vec3<T>(1, 0, 0), Vec3<T>(0, 1, 0), Vec3<T>(0, 0, 1)},
                                (box.max - box.min) * T(0.5));
  for (int i = 0; i < 8; ++i) {
    for (int k = 0; k < 3; ++k) shape.vertices[i][k] = (i >> k) & 1 ? box.max[k] : box.min[k];
  }
  return shape;
}

template <typename T>
SatShape<T> sat_shape(const Triangle<T>& triangle) {
  if (!all_finite(triangle.a) || !all_finite(triangle.b) || !all_finite(triangle.c)) {
    return failed<SatShape<T>>(QueryError::NonFiniteInput);
  }
  SatShape<T> shape;
  shape.flat = true;
  shape.vertices = {triangle.a, triangle.b, triangle.c};
  std::array<Vec3<T>, 3> edges{triangle.b - triangle.a, triangle.c - triangle.b, triangle.a - triangle.c};
  std::sort(edges.begin(), edges.end(), [](const Vec3<T>& u, const Vec3<T>& v) { return glm::dot(u, u) < glm::dot(v, v); });
  // The normal from the two shortest edges; collinear or repeated vertices make a segment or a point.
  if (!nearly_parallel(edges[0], edges[1])) {
    const Vec3<T> normal = detail::accurate_cross(edges[0], edges[1]);
    shape.plane_normal = unit(normal);
    shape.face_normals.push_back(shape.plane_normal);
    ParallelSet<T> sides;
    for (const Vec3<T>& side : {triangle.b - triangle.a, triangle.c - triangle.b, triangle.a - triangle.c}) sides.add(side);
    shape.edge_directions = sides.directions();
  } else if (glm::dot(edges[2], edges[2]) > T(0)) {
    shape.edge_directions.push_back(edges[2]);  // the longest carries the direction best
  }
  return shape;
}

template <typename T>
SatShape<T> sat_shape(const Segment<T>& segment) {
  if (!all_finite(segment.a) || !all_finite(segment.b)) return failed<SatShape<T>>(QueryError::NonFiniteInput);
  SatShape<T> shape;
  shape.flat = true;
  shape.vertices = {segment.a, segment.b};
  const Vec3<T> direction = segment.b - segment.a;
  if (glm::dot(direction, direction) > T(0)) shape.edge_directions.push_back(direction);  // none for a point
  return shape;
}

template SatShape<float> sat_shape(const ConvexPolyhedron<float>&);
template SatShape<double> sat_shape(const ConvexPolyhedron<double>&);
template SatShape<float> sat_shape(const Obb<float>&);
template SatShape<double> sat_shape(const Obb<double>&);
template SatShape<float> sat_shape(const Aabb<float>&);
template SatShape<double> sat_shape(const Aabb<double>&);
template SatShape<float> sat_shape(const Triangle<float>&);
template SatShape<double> sat_shape(const Triangle<double>&);
template SatShape<float> sat_shape(const Segment<float>&);
template SatShape<double> sat_shape(const Segment<double>&);

}  // namespace geo
