#pragma once
// The 2D convex hull the polygon samples take when a vertex is added.
#include <glm/glm.hpp>

#include <algorithm>
#include <vector>

namespace kit {

// Twice the signed area of o, a, b: positive when o → a → b turns counter-clockwise.
inline double cross2(const glm::dvec2& o, const glm::dvec2& a, const glm::dvec2& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

// The convex hull of a point list, counter-clockwise, collinear and repeated points dropped
// (Andrew's monotone chain: sort by x, then build the lower and upper chains).
inline std::vector<glm::dvec2> convex_hull_2d(std::vector<glm::dvec2> points) {
  std::sort(points.begin(), points.end(),
            [](const glm::dvec2& a, const glm::dvec2& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  points.erase(std::unique(points.begin(), points.end()), points.end());
  if (points.size() < 3) return points;
  std::vector<glm::dvec2> hull(2 * points.size());
  std::size_t count = 0;
  for (const auto& p : points) {  // lower chain, left to right
    while (count >= 2 && cross2(hull[count - 2], hull[count - 1], p) <= 0) --count;
    hull[count++] = p;
  }
  const std::size_t lower = count + 1;
  for (std::size_t i = points.size() - 1; i-- > 0;) {  // upper chain, right to left
    while (count >= lower && cross2(hull[count - 2], hull[count - 1], points[i]) <= 0) --count;
    hull[count++] = points[i];
  }
  hull.resize(count - 1);  // the last point repeats the first
  return hull;
}

}  // namespace kit
