#pragma once
// Oracle support for hulls and polyhedra: point clouds of every family (4..30 points)
// and long-double references for face planes and the distance to a convex polyhedron.
#include "collision_lab/shapes.h"
#include "tests/unit/oracle_support.h"

#include <algorithm>
#include <vector>

namespace hull_oracle {

using oracle::Family;
using oracle::LVec3;
using V = geo::Vec3<double>;

struct Cloud {
  std::vector<V> points;
  oracle::Placement at;
};

// A random orthonormal frame, to turn boxes and planes away from the axes.
struct Frame {
  V u, v, w;
  V operator()(const V& p) const { return u * p.x + v * p.y + w * p.z; }
};
inline Frame random_frame(oracle::Rng& rng) {
  const V u = rng.unit();
  const V v = glm::normalize(glm::cross(u, rng.unit()));
  return {u, v, glm::cross(u, v)};
}

inline V in_box(oracle::Rng& rng, const V& half) {
  return {rng.uniform(-half.x, half.x), rng.uniform(-half.y, half.y), rng.uniform(-half.z, half.z)};
}

// A box's corners plus repeats, face centres, points on its edges and faces and inside.
inline std::vector<V> decorated_box(oracle::Rng& rng, const V& half) {
  std::vector<V> corners, points;
  for (int i = 0; i < 8; ++i) corners.push_back({i & 1 ? half.x : -half.x, i & 2 ? half.y : -half.y, i & 4 ? half.z : -half.z});
  points = corners;
  for (int k = rng.integer(0, 4); k > 0; --k) points.push_back(corners[rng.integer(0, 7)]);  // repeats
  for (int k = rng.integer(2, 10); k > 0; --k) {
    V p = in_box(rng, half);
    const int axis = rng.integer(0, 2);
    p[axis] = rng.integer(0, 1) ? half[axis] : -half[axis];  // on a face
    if (rng.integer(0, 1)) {  // on an edge
      const int other = (axis + 1) % 3;
      p[other] = rng.integer(0, 1) ? half[other] : -half[other];
    }
    points.push_back(p);
  }
  points.push_back({0, 0, half.z});  // a face centre
  std::shuffle(points.begin(), points.end(), rng.engine());
  return points;
}

// well-shaped: 4..30 points in a cube; sliver: a flat box (thickness 1e-7..1e-4);
// needle: a long thin box (width 1e-6..1e-3); near-degenerate: decorated boxes,
// clouds with repeated points and points between them, and coplanar sets with one
// point just above the plane (1e-11..1e-8 of the size).
inline Cloud random_cloud(Family family, oracle::Rng& rng) {
  Cloud cloud;
  cloud.at = oracle::placement_for(family, rng);
  const double size = cloud.at.size;
  const Frame frame = random_frame(rng);
  const int count = rng.integer(4, 30);
  std::vector<V> local;
  switch (family) {
    case Family::Sliver: {
      const V half(size, size * rng.uniform(0.3, 1), size * std::pow(10.0, rng.uniform(-7, -4)));
      for (int i = 0; i < count; ++i) local.push_back(in_box(rng, half));
      break;
    }
    case Family::Needle: {
      const double width = size * std::pow(10.0, rng.uniform(-6, -3));
      for (int i = 0; i < count; ++i) local.push_back(in_box(rng, V(size, width, width)));
      break;
    }
    case Family::NearDegenerate:
      switch (rng.integer(0, 2)) {
        case 0: local = decorated_box(rng, V(size, size * rng.uniform(0.2, 1), size * rng.uniform(0.2, 1))); break;
        case 1: {
          for (int i = 0; i < 6; ++i) local.push_back(rng.in_cube(size));
          for (int k = rng.integer(2, 20); k > 0; --k) {
            const V a = local[rng.integer(0, 5)], b = local[rng.integer(0, 5)];
            local.push_back(rng.integer(0, 2) == 0 ? a : a + (b - a) * rng.uniform(0, 1));
          }
          break;
        }
        default: {
          for (int i = 0; i < count; ++i) local.push_back({rng.uniform(-size, size), rng.uniform(-size, size), 0});
          local.push_back({rng.uniform(-size, size) * 0.5, rng.uniform(-size, size) * 0.5,
                           size * std::pow(10.0, rng.uniform(-11, -8))});
          break;
        }
      }
      break;
    default:
      for (int i = 0; i < count; ++i) local.push_back(rng.in_cube(size));
      break;
  }
  for (const auto& p : local) cloud.points.push_back(frame(p) + cloud.at.offset);
  return cloud;
}

template <typename T>
double scale_of(const std::vector<geo::Vec3<T>>& points) {
  V lo(points[0]), hi(points[0]);
  for (const auto& p : points) { lo = glm::min(lo, V(p)); hi = glm::max(hi, V(p)); }
  return glm::length(hi - lo);
}

// A face plane in long double: Newell's normal around the first vertex, offset the mean.
struct LPlane {
  LVec3 normal;
  long double d;
  long double distance(const LVec3& p) const { return glm::dot(normal, p) - d; }
};
template <typename T>
LPlane reference_plane(const geo::ConvexPolyhedron<T>& hull, std::size_t face) {
  const auto& loop = hull.faces[face];
  const LVec3 origin = oracle::to_long(hull.vertices[loop[0]]);
  LVec3 area(0);
  for (std::size_t k = 1; k + 1 < loop.size(); ++k) {
    area += glm::cross(oracle::to_long(hull.vertices[loop[k]]) - origin, oracle::to_long(hull.vertices[loop[k + 1]]) - origin);
  }
  LPlane plane{area / glm::length(area), 0};
  for (int v : loop) plane.d += glm::dot(plane.normal, oracle::to_long(hull.vertices[v]));
  plane.d /= static_cast<long double>(loop.size());
  return plane;
}

inline long double segment_distance(const LVec3& a, const LVec3& b, const LVec3& p) {
  const LVec3 ab = b - a;
  const long double length_squared = glm::dot(ab, ab);
  const long double t = length_squared > 0 ? std::clamp(glm::dot(p - a, ab) / length_squared, 0.0L, 1.0L) : 0.0L;
  return glm::length(p - a - ab * t);
}

// Distance from p to the polyhedron in long double by enumerating every feature:
// zero inside; else each face (projection inside the face), edge and vertex.
template <typename T>
long double reference_distance(const geo::ConvexPolyhedron<T>& hull, const std::vector<LPlane>& planes, const LVec3& p) {
  bool inside = true;
  long double best = INFINITY;
  for (std::size_t f = 0; f < hull.faces.size(); ++f) {
    const long double h = planes[f].distance(p);
    if (h > 0) inside = false;
    const LVec3 q = p - planes[f].normal * h;
    const auto& loop = hull.faces[f];
    bool in_face = true;
    for (std::size_t k = 0; k < loop.size(); ++k) {
      const LVec3 a = oracle::to_long(hull.vertices[loop[k]]), b = oracle::to_long(hull.vertices[loop[(k + 1) % loop.size()]]);
      if (glm::dot(glm::cross(b - a, planes[f].normal), q - a) > 0) in_face = false;
      best = std::min(best, segment_distance(a, b, p));  // every edge, and so every vertex
    }
    if (in_face && h > 0) best = std::min(best, h);
  }
  for (const auto& v : hull.vertices) best = std::min(best, glm::length(p - oracle::to_long(v)));
  return inside ? 0.0L : best;
}

}  // namespace hull_oracle
