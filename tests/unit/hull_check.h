#pragma once
// A valid-hull check for large clouds, without the O(points x faces) test: Euler, a closed
// oriented surface of input points, planar convex faces, and every input point inside.
#include "collision_lab/shapes.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace hull_check {

using V = geo::Vec3<double>;
using Hull = geo::ConvexPolyhedron<double>;

inline double scale_of(const std::vector<V>& points) {
  V lo = points[0], hi = points[0];
  for (const auto& p : points) { lo = glm::min(lo, p); hi = glm::max(hi, p); }
  return glm::length(hi - lo) + std::max(glm::length(lo), glm::length(hi));
}

// The faces whose cone seen from `centre` may hold a direction, bucketed on a grid over
// the unit cube of directions: a point outside a convex hull lies beyond the face its
// ray from the centre leaves through, so checking the faces of its bucket is enough.
class DirectionBuckets {
 public:
  DirectionBuckets(const Hull& hull, const V& centre) : centre_(centre) {
    cells_ = std::clamp(static_cast<int>(std::sqrt(static_cast<double>(hull.faces.size()) / 2)), 4, 256);
    first_.assign(static_cast<std::size_t>(cells_) * cells_ * cells_ + 1, 0);
    for (int pass = 0; pass < 2; ++pass) {  // count, then fill
      std::vector<int> fill(first_.begin(), first_.end() - 1);
      std::vector<V> directions;
      for (int f = 0; f < static_cast<int>(hull.faces.size()); ++f) {
        directions.clear();
        V mean(0);
        for (int v : hull.faces[f]) mean += directions.emplace_back(glm::normalize(hull.vertices[v] - centre));
        mean = glm::normalize(mean);
        double radius = 0;  // the cap around `mean` holding the face's cone
        for (const auto& d : directions) radius = std::max(radius, glm::length(d - mean));
        const bool everywhere = radius >= 1.4;  // near a hemisphere: bucket it in every cell
        const auto lo = everywhere ? std::array<int, 3>{0, 0, 0} : cell_of(mean - V(radius));
        const auto hi = everywhere ? std::array<int, 3>{cells_ - 1, cells_ - 1, cells_ - 1} : cell_of(mean + V(radius));
        for (int x = lo[0]; x <= hi[0]; ++x)
          for (int y = lo[1]; y <= hi[1]; ++y)
            for (int z = lo[2]; z <= hi[2]; ++z) {
              const std::size_t cell = index({x, y, z});
              if (pass == 0) ++first_[cell + 1];
              else faces_[fill[cell]++] = f;
            }
      }
      if (pass == 0) {
        for (std::size_t c = 1; c < first_.size(); ++c) first_[c] += first_[c - 1];
        faces_.resize(static_cast<std::size_t>(first_.back()));
      }
    }
  }

  template <typename Visit>
  void for_faces_towards(const V& p, Visit&& visit) const {
    const V offset = p - centre_;
    if (glm::length(offset) == 0) return;
    const std::size_t cell = index(cell_of(glm::normalize(offset)));
    for (int at = first_[cell]; at < first_[cell + 1]; ++at) visit(faces_[at]);
  }

 private:
  std::array<int, 3> cell_of(const V& d) const {
    std::array<int, 3> cell;
    for (int k = 0; k < 3; ++k) cell[k] = std::clamp(static_cast<int>((d[k] + 1) * 0.5 * cells_), 0, cells_ - 1);
    return cell;
  }
  std::size_t index(const std::array<int, 3>& c) const {
    return (static_cast<std::size_t>(c[0]) * cells_ + c[1]) * cells_ + c[2];
  }

  V centre_;
  int cells_ = 4;
  std::vector<int> first_;
  std::vector<int> faces_;
};

// Empty when `hull` is a valid convex hull of `input`, else the first problem found.
inline std::string hull_problem(const Hull& hull, const std::vector<V>& input) {
  const double tolerance = 1e-12 * scale_of(input);
  const long v = static_cast<long>(hull.vertices.size()), e = static_cast<long>(hull.edges.size()),
             f = static_cast<long>(hull.faces.size());
  if (v - e + f != 2) return "V - E + F = " + std::to_string(v - e + f);
  if (hull.face_planes.size() != hull.faces.size()) return "a face without a plane";
  std::vector<V> sorted = input;
  auto lexicographic = [](const V& a, const V& b) { return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z); };
  std::sort(sorted.begin(), sorted.end(), lexicographic);
  for (const auto& vertex : hull.vertices) {
    if (!std::binary_search(sorted.begin(), sorted.end(), vertex, lexicographic)) return "a vertex is no input point";
  }
  // Every directed edge once, its reverse in the face across: one oriented closed surface.
  // Sorted by (from, to) and, for the reverses, by (to, from), the two lists pair up.
  struct HalfEdge {
    std::uint64_t key;
    int face;
    bool operator<(const HalfEdge& other) const { return key < other.key; }
  };
  auto key = [](int a, int b) { return static_cast<std::uint64_t>(a) << 32 | static_cast<std::uint32_t>(b); };
  std::vector<HalfEdge> along, against;
  for (int i = 0; i < f; ++i) {
    const auto& face = hull.faces[i];
    if (face.size() < 3) return "face " + std::to_string(i) + " has fewer than 3 vertices";
    for (std::size_t k = 0; k < face.size(); ++k) {
      const int a = face[k], b = face[(k + 1) % face.size()];
      along.push_back({key(a, b), i});
      against.push_back({key(b, a), i});
    }
  }
  if (static_cast<long>(along.size()) != 2 * e) return "the faces do not use each edge twice";
  std::sort(along.begin(), along.end());
  std::sort(against.begin(), against.end());
  V centre(0);
  for (const auto& vertex : hull.vertices) centre += vertex / static_cast<double>(v);
  for (int i = 0; i < f; ++i) {
    const auto& face = hull.faces[i];
    const auto& plane = hull.face_planes[i];
    if (std::abs(glm::length(plane.normal) - 1) > 1e-12) return "face " + std::to_string(i) + ": normal not unit";
    if (glm::dot(plane.normal, centre) - plane.d >= 0) return "face " + std::to_string(i) + " faces inwards";
    // In long double: a face 1e-150 across has cross products below double's range.
    using L = glm::vec<3, long double, glm::defaultp>;
    L area(0);
    for (std::size_t k = 1; k + 1 < face.size(); ++k) {
      area += glm::cross(L(hull.vertices[face[k]] - hull.vertices[face[0]]), L(hull.vertices[face[k + 1]] - hull.vertices[face[0]]));
    }
    if (!(glm::dot(area, L(plane.normal)) > 0)) return "face " + std::to_string(i) + " turns clockwise";
    for (int corner : face) {
      if (std::abs(glm::dot(plane.normal, hull.vertices[corner]) - plane.d) > tolerance) return "a face is not planar";
    }
  }
  for (std::size_t i = 0; i < along.size(); ++i) {
    if (i + 1 < along.size() && along[i].key == along[i + 1].key) return "an edge is used twice in one direction";
    if (along[i].key != against[i].key) return "an edge without a reverse";
    const auto& plane = hull.face_planes[along[i].face];
    for (int corner : hull.faces[against[i].face]) {  // convex across every edge
      if (glm::dot(plane.normal, hull.vertices[corner]) - plane.d > tolerance) return "a concave edge";
    }
  }
  const DirectionBuckets buckets(hull, centre);
  for (std::size_t i = 0; i < input.size(); ++i) {
    std::string problem;
    buckets.for_faces_towards(input[i], [&](int face) {
      const auto& plane = hull.face_planes[face];
      if (problem.empty() && glm::dot(plane.normal, input[i]) - plane.d > tolerance) {
        problem = "point " + std::to_string(i) + " is outside face " + std::to_string(face);
      }
    });
    if (!problem.empty()) return problem;
  }
  return "";
}

}  // namespace hull_check
