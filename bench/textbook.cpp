#include "textbook.h"

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

namespace textbook {
namespace {

using Corners = std::array<V3, 3>;

Corners corners(const geo::Triangle<double>& t) { return {t.a, t.b, t.c}; }

// Where segment pq crosses triangle abc (normal n, not normalized), if it does: the plane
// crossing, then the crossing point on the inner side of all three edges. A segment in
// the triangle's plane never crosses here; the edge and end point queries find it.
bool segment_crosses(const V3& p, const V3& q, const Corners& t, const V3& n, V3& crossing) {
  const double p_side = glm::dot(n, p - t[0]), q_side = glm::dot(n, q - t[0]);
  if ((p_side > 0 && q_side > 0) || (p_side < 0 && q_side < 0) || p_side == q_side) return false;
  const V3 x = p + (p_side / (p_side - q_side)) * (q - p);
  for (int i = 0; i < 3; ++i) {
    const V3& from = t[i];
    const V3& to = t[(i + 1) % 3];
    if (glm::dot(glm::cross(to - from, x - from), n) < 0) return false;
  }
  crossing = x;
  return true;
}

void keep_closer(PointPair& best, const PointPair& candidate) {
  if (candidate.distance_squared < best.distance_squared) best = candidate;
}

PointPair point_to_triangle(const V3& p, const Corners& t) {
  const V3 q = closest_pt_point_triangle(p, t[0], t[1], t[2]);
  const V3 gap = p - q;
  return {p, q, glm::dot(gap, gap)};
}

PointPair swapped(const PointPair& pair) { return {pair.on_second, pair.on_first, pair.distance_squared}; }

// No crossing: the closest pair has a segment end point or lies on a triangle edge.
PointPair segment_triangle_apart(const V3& p, const V3& q, const Corners& t) {
  PointPair best = point_to_triangle(p, t);
  keep_closer(best, point_to_triangle(q, t));
  for (int i = 0; i < 3; ++i) keep_closer(best, closest_pt_segment_segment(p, q, t[i], t[(i + 1) % 3]));
  return best;
}

}  // namespace

PointPair closest_pt_segment_triangle(const geo::Segment<double>& segment, const geo::Triangle<double>& triangle) {
  const Corners t = corners(triangle);
  const V3 n = glm::cross(t[1] - t[0], t[2] - t[0]);
  V3 crossing;
  if (segment_crosses(segment.a, segment.b, t, n, crossing)) return {crossing, crossing, 0};
  return segment_triangle_apart(segment.a, segment.b, t);
}

// Two triangles meet when an edge of one crosses the other (or, in one plane, when edges
// cross or a vertex lies inside, which the distance queries find as 0). Apart, the
// closest pair is on two edges or a vertex and the other triangle.
PointPair closest_pt_triangle_triangle(const geo::Triangle<double>& a, const geo::Triangle<double>& b) {
  const Corners ta = corners(a), tb = corners(b);
  const V3 na = glm::cross(ta[1] - ta[0], ta[2] - ta[0]), nb = glm::cross(tb[1] - tb[0], tb[2] - tb[0]);
  V3 crossing;
  for (int i = 0; i < 3; ++i) {
    if (segment_crosses(ta[i], ta[(i + 1) % 3], tb, nb, crossing)) return {crossing, crossing, 0};
    if (segment_crosses(tb[i], tb[(i + 1) % 3], ta, na, crossing)) return {crossing, crossing, 0};
  }
  PointPair best = point_to_triangle(ta[0], tb);
  for (int i = 0; i < 3; ++i) {
    if (i > 0) keep_closer(best, point_to_triangle(ta[i], tb));
    keep_closer(best, swapped(point_to_triangle(tb[i], ta)));
    for (int j = 0; j < 3; ++j) {
      keep_closer(best, closest_pt_segment_segment(ta[i], ta[(i + 1) % 3], tb[j], tb[(j + 1) % 3]));
    }
  }
  return best;
}

// RTCD 4.4.1: B's axes and the centre offset in A's frame, then the 15 axes (A's 3, B's 3,
// the 9 cross products), each a comparison of the projected centre distance with the sum
// of the projected radii. The epsilon added to |R| keeps a near-zero cross product of two
// near-parallel edges from reporting a false separation (rounding in double is ~1e-16).
bool obb_obb_overlap(const geo::Obb<double>& a, const geo::Obb<double>& b) {
  constexpr double kParallelEpsilon = 1e-9;
  double r[3][3], abs_r[3][3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      r[i][j] = glm::dot(a.axes[i], b.axes[j]);
      abs_r[i][j] = std::abs(r[i][j]) + kParallelEpsilon;
    }
  }
  const V3 offset = b.center - a.center;
  const double t[3] = {glm::dot(offset, a.axes[0]), glm::dot(offset, a.axes[1]), glm::dot(offset, a.axes[2])};
  const V3& ea = a.half_extents;
  const V3& eb = b.half_extents;

  for (int i = 0; i < 3; ++i) {
    const double rb = eb[0] * abs_r[i][0] + eb[1] * abs_r[i][1] + eb[2] * abs_r[i][2];
    if (std::abs(t[i]) > ea[i] + rb) return false;
  }
  for (int j = 0; j < 3; ++j) {
    const double ra = ea[0] * abs_r[0][j] + ea[1] * abs_r[1][j] + ea[2] * abs_r[2][j];
    const double along = t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j];
    if (std::abs(along) > ra + eb[j]) return false;
  }
  // A_i x B_j: only the two other axes of each box contribute to its radius.
  constexpr int kNext[3] = {1, 2, 0}, kAfter[3] = {2, 0, 1};
  for (int i = 0; i < 3; ++i) {
    const int i1 = kNext[i], i2 = kAfter[i];
    for (int j = 0; j < 3; ++j) {
      const int j1 = kNext[j], j2 = kAfter[j];
      const double ra = ea[i1] * abs_r[i2][j] + ea[i2] * abs_r[i1][j];
      const double rb = eb[j1] * abs_r[i][j2] + eb[j2] * abs_r[i][j1];
      if (std::abs(t[i2] * r[i1][j] - t[i1] * r[i2][j]) > ra + rb) return false;
    }
  }
  return true;
}

SatHull make_sat_hull(const geo::ConvexPolyhedron<double>& hull) {
  SatHull out;
  out.vertices = hull.vertices;
  for (const auto& v : hull.vertices) out.centroid += v;
  out.centroid /= static_cast<double>(hull.vertices.size());
  // Each edge is walked once by each of its two faces, in opposite directions.
  std::map<std::pair<int, int>, int> face_of_directed_edge;
  for (std::size_t f = 0; f < hull.faces.size(); ++f) {
    const auto& loop = hull.faces[f];
    out.faces.push_back({hull.face_planes[f].normal, hull.face_planes[f].d});
    for (std::size_t k = 0; k < loop.size(); ++k) {
      face_of_directed_edge[{loop[k], loop[(k + 1) % loop.size()]}] = static_cast<int>(f);
    }
  }
  for (const auto& [edge, face] : face_of_directed_edge) {
    if (edge.first > edge.second) continue;
    const int twin = face_of_directed_edge.at({edge.second, edge.first});
    const V3& start = hull.vertices[edge.first];
    out.edges.push_back({start, hull.vertices[edge.second] - start, out.faces[face].normal, out.faces[twin].normal});
  }
  return out;
}

namespace {

// The largest signed distance of `other` from a face plane of `hull`: > 0 separates.
bool a_face_separates(const SatHull& hull, const SatHull& other) {
  for (const auto& face : hull.faces) {
    double nearest = std::numeric_limits<double>::max();
    for (const auto& v : other.vertices) nearest = std::min(nearest, glm::dot(face.normal, v));
    if (nearest - face.offset > 0) return true;
  }
  return false;
}

// The arcs a-b (edge of A) and c-d (edge of B, normals negated) cross on the Gauss map:
// the edges' cross product is a face normal of the Minkowski difference.
bool arcs_cross(const V3& a, const V3& b, const V3& c, const V3& d) {
  const V3 b_x_a = glm::cross(b, a), d_x_c = glm::cross(d, c);
  const double c_ba = glm::dot(c, b_x_a), d_ba = glm::dot(d, b_x_a);
  const double a_dc = glm::dot(a, d_x_c), b_dc = glm::dot(b, d_x_c);
  return c_ba * d_ba < 0 && a_dc * b_dc < 0 && c_ba * b_dc > 0;
}

}  // namespace

bool hull_hull_overlap(const SatHull& a, const SatHull& b) {
  if (a_face_separates(a, b) || a_face_separates(b, a)) return false;
  constexpr double kParallel = 1e-9;  // relative |e1 x e2|: parallel edges give no axis
  for (const auto& ea : a.edges) {
    for (const auto& eb : b.edges) {
      if (!arcs_cross(ea.normal_a, ea.normal_b, -eb.normal_a, -eb.normal_b)) continue;
      V3 axis = glm::cross(ea.direction, eb.direction);
      const double length = glm::length(axis);
      if (length < kParallel * std::sqrt(glm::dot(ea.direction, ea.direction) * glm::dot(eb.direction, eb.direction))) {
        continue;
      }
      axis /= length;
      if (glm::dot(axis, ea.start - a.centroid) < 0) axis = -axis;
      // On a Minkowski face both edges support their hulls along the axis.
      if (glm::dot(axis, eb.start - ea.start) > 0) return false;
    }
  }
  return true;
}

namespace {

V3 support(const std::vector<V3>& points, const V3& direction) {
  std::size_t best = 0;
  double best_dot = glm::dot(points[0], direction);
  for (std::size_t i = 1; i < points.size(); ++i) {
    const double d = glm::dot(points[i], direction);
    if (d > best_dot) best_dot = d, best = i;
  }
  return points[best];
}

// Keeps the simplex vertices named by the bits of `mask`, in order.
void keep_vertices(std::array<V3, 4>& simplex, int& size, unsigned mask) {
  int kept = 0;
  for (int i = 0; i < size; ++i) {
    if (mask & (1u << i)) simplex[kept++] = simplex[i];
  }
  size = kept;
}

// The origin's closest point on a tetrahedron: on the faces it lies outside of (opposite
// side to the fourth vertex), the nearest; inside all four, the origin itself (mask 15).
SimplexPoint closest_on_tetrahedron(const std::array<V3, 4>& s) {
  constexpr int kFaces[4][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}};
  SimplexPoint best{V3(0), 15u};
  double best_distance2 = std::numeric_limits<double>::max();
  for (const auto& f : kFaces) {
    const V3 n = glm::cross(s[f[1]] - s[f[0]], s[f[2]] - s[f[0]]);
    const double origin_side = -glm::dot(n, s[f[0]]), other_side = glm::dot(n, s[f[3]] - s[f[0]]);
    if (origin_side * other_side >= 0) continue;
    const SimplexPoint on_face = closest_on_triangle(V3(0), s[f[0]], s[f[1]], s[f[2]]);
    const double d2 = glm::dot(on_face.point, on_face.point);
    if (d2 < best_distance2) {
      best_distance2 = d2;
      best.point = on_face.point;
      best.vertices = 0;
      for (int k = 0; k < 3; ++k) {
        if (on_face.vertices & (1u << k)) best.vertices |= 1u << f[k];
      }
    }
  }
  return best;
}

}  // namespace

double gjk_distance(const std::vector<V3>& a, const std::vector<V3>& b) {
  constexpr double kRelativeTolerance = 1e-12;  // on |v|^2: stop when w gains no more than this
  constexpr int kMaxIterations = 64;
  std::array<V3, 4> simplex;
  int size = 0;
  V3 v = a[0] - b[0];
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    const double v2 = glm::dot(v, v);
    if (v2 == 0) return 0;
    const V3 w = support(a, -v) - support(b, v);
    if (v2 - glm::dot(v, w) <= kRelativeTolerance * v2) break;
    bool repeated = false;
    for (int i = 0; i < size; ++i) repeated |= simplex[i] == w;
    if (repeated) break;
    simplex[size++] = w;
    SimplexPoint closest;
    switch (size) {
      case 1: closest = {w, 1u}; break;
      case 2: closest = closest_on_segment(V3(0), simplex[0], simplex[1]); break;
      case 3: closest = closest_on_triangle(V3(0), simplex[0], simplex[1], simplex[2]); break;
      default: closest = closest_on_tetrahedron(simplex); break;
    }
    if (closest.vertices == 15u) return 0;  // the origin is inside the tetrahedron
    keep_vertices(simplex, size, closest.vertices);
    v = closest.point;
  }
  return glm::length(v);
}

}  // namespace textbook
