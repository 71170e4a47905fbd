#pragma once
// The baseline the named benchmarks are compared with: plain textbook formulas in the
// style of Ericson, Real-Time Collision Detection (chapters 4.4 and 5), in double, as a
// competent engineer writes them for speed: no input checks, no care for degenerate
// shapes beyond the book's own, no error bounds. The small point queries are inline,
// as they would be in a game engine's header; the composed ones are in textbook.cpp.
#include "collision_lab/shapes.h"

#include <algorithm>
#include <vector>

namespace textbook {

using V3 = glm::dvec3;

// The closest points of two shapes, on the first and on the second.
struct PointPair {
  V3 on_first{0}, on_second{0};
  double distance_squared = 0;
};

// A closest point on a simplex (segment or triangle) and the vertices that span the
// feature it lies on: bit i for vertex i. GJK keeps just those vertices.
struct SimplexPoint {
  V3 point{0};
  unsigned vertices = 0;
};

// Segment ab: project onto the line, clamp the parameter to [0, 1]; the division happens
// only in the interior case.
inline SimplexPoint closest_on_segment(const V3& p, const V3& a, const V3& b) {
  const V3 ab = b - a;
  const double along = glm::dot(p - a, ab);
  if (along <= 0) return {a, 1u};
  const double length_squared = glm::dot(ab, ab);
  if (along >= length_squared) return {b, 2u};
  return {a + (along / length_squared) * ab, 3u};
}

// Triangle abc by Voronoi regions: the three vertex regions, the three edge regions, and
// the face, each decided by the signs of a few dot products (RTCD 5.1.5).
inline SimplexPoint closest_on_triangle(const V3& p, const V3& a, const V3& b, const V3& c) {
  const V3 ab = b - a, ac = c - a;
  const V3 from_a = p - a;
  const double ab_a = glm::dot(ab, from_a), ac_a = glm::dot(ac, from_a);
  if (ab_a <= 0 && ac_a <= 0) return {a, 1u};

  const V3 from_b = p - b;
  const double ab_b = glm::dot(ab, from_b), ac_b = glm::dot(ac, from_b);
  if (ab_b >= 0 && ac_b <= ab_b) return {b, 2u};

  const double weight_c = ab_a * ac_b - ab_b * ac_a;  // unnormalized barycentric of c
  if (weight_c <= 0 && ab_a >= 0 && ab_b <= 0) return {a + (ab_a / (ab_a - ab_b)) * ab, 3u};

  const V3 from_c = p - c;
  const double ab_c = glm::dot(ab, from_c), ac_c = glm::dot(ac, from_c);
  if (ac_c >= 0 && ab_c <= ac_c) return {c, 4u};

  const double weight_b = ab_c * ac_a - ab_a * ac_c;
  if (weight_b <= 0 && ac_a >= 0 && ac_c <= 0) return {a + (ac_a / (ac_a - ac_c)) * ac, 5u};

  const double weight_a = ab_b * ac_c - ab_c * ac_b;
  const double toward_c_on_bc = ac_b - ab_b, toward_b_on_bc = ab_c - ac_c;
  if (weight_a <= 0 && toward_c_on_bc >= 0 && toward_b_on_bc >= 0) {
    return {b + (toward_c_on_bc / (toward_c_on_bc + toward_b_on_bc)) * (c - b), 6u};
  }

  const double scale = 1 / (weight_a + weight_b + weight_c);
  return {a + ab * (weight_b * scale) + ac * (weight_c * scale), 7u};
}

inline V3 closest_pt_point_segment(const V3& p, const V3& a, const V3& b) { return closest_on_segment(p, a, b).point; }

inline V3 closest_pt_point_triangle(const V3& p, const V3& a, const V3& b, const V3& c) {
  return closest_on_triangle(p, a, b, c).point;
}

// Box: the offset's coordinate along each axis, clamped to the half-extent.
inline V3 closest_pt_point_obb(const V3& p, const geo::Obb<double>& box) {
  const V3 offset = p - box.center;
  V3 result = box.center;
  for (int k = 0; k < 3; ++k) {
    const double along = std::clamp(glm::dot(offset, box.axes[k]), -box.half_extents[k], box.half_extents[k]);
    result += along * box.axes[k];
  }
  return result;
}

// Segments p1q1 and p2q2 (RTCD 5.1.9): the unconstrained minimiser on the first segment,
// clamped, then the second's parameter from it, clamped, and the first's recomputed when
// that clamped. The book's epsilon decides when a segment is a point.
inline PointPair closest_pt_segment_segment(const V3& p1, const V3& q1, const V3& p2, const V3& q2) {
  constexpr double kPointLength2 = 1e-18;
  const V3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double len1 = glm::dot(d1, d1), len2 = glm::dot(d2, d2), r_d2 = glm::dot(d2, r);
  double s = 0, t = 0;
  if (len1 <= kPointLength2 && len2 <= kPointLength2) {
    // both points: s = t = 0
  } else if (len1 <= kPointLength2) {
    t = std::clamp(r_d2 / len2, 0.0, 1.0);
  } else {
    const double r_d1 = glm::dot(d1, r);
    if (len2 <= kPointLength2) {
      s = std::clamp(-r_d1 / len1, 0.0, 1.0);
    } else {
      const double d1_d2 = glm::dot(d1, d2);
      const double denominator = len1 * len2 - d1_d2 * d1_d2;  // zero when parallel: start at s = 0
      if (denominator != 0) s = std::clamp((d1_d2 * r_d2 - r_d1 * len2) / denominator, 0.0, 1.0);
      t = (d1_d2 * s + r_d2) / len2;
      if (t < 0) {
        t = 0;
        s = std::clamp(-r_d1 / len1, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = std::clamp((d1_d2 - r_d1) / len1, 0.0, 1.0);
      }
    }
  }
  const V3 on_first = p1 + s * d1, on_second = p2 + t * d2;
  const V3 gap = on_first - on_second;
  return {on_first, on_second, glm::dot(gap, gap)};
}

// Composed queries (textbook.cpp).
PointPair closest_pt_segment_triangle(const geo::Segment<double>& segment, const geo::Triangle<double>& triangle);
PointPair closest_pt_triangle_triangle(const geo::Triangle<double>& a, const geo::Triangle<double>& b);
bool obb_obb_overlap(const geo::Obb<double>& a, const geo::Obb<double>& b);

// A hull prepared for SAT once, outside any timed loop: face planes, and each edge with
// its two faces' normals (its arc on the Gauss map).
struct SatHull {
  struct Face {
    V3 normal;
    double offset;  // dot(normal, X) == offset on the face
  };
  struct Edge {
    V3 start, direction, normal_a, normal_b;
  };
  std::vector<V3> vertices;
  std::vector<Face> faces;
  std::vector<Edge> edges;
  V3 centroid{0};
};
SatHull make_sat_hull(const geo::ConvexPolyhedron<double>& hull);
// Face axes of both, then the edge pairs that make a face of the Minkowski difference
// (Gregorius, GDC 2013); stops at the first separating axis.
bool hull_hull_overlap(const SatHull& a, const SatHull& b);

// GJK distance (RTCD 9.5) between the convex hulls of two vertex sets, the support by
// scanning the vertices; 0 when they overlap.
double gjk_distance(const std::vector<V3>& a, const std::vector<V3>& b);

}  // namespace textbook
