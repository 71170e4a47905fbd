#include "app/samples/kit/minkowski_hull.h"

#include "app/samples/kit/hull_2d.h"
#include "collision_lab/hull.h"

#include <algorithm>
#include <cmath>

namespace kit {

namespace {

// Two unit vectors perpendicular to `n` and to each other.
void basis(const glm::dvec3& n, glm::dvec3& u, glm::dvec3& v) {
  u = glm::normalize(std::abs(n.x) < 0.6 ? glm::cross(n, glm::dvec3(1, 0, 0)) : glm::cross(n, glm::dvec3(0, 1, 0)));
  v = glm::cross(n, u);
}

void add_slab(MinkowskiHull& hull, const glm::dvec3& n, const std::vector<glm::dvec3>& points) {
  double low = glm::dot(n, points.front()), high = low;
  for (const auto& p : points) low = std::min(low, glm::dot(n, p)), high = std::max(high, glm::dot(n, p));
  hull.planes.push_back({n, high});
  hull.planes.push_back({-n, -low});
}

// The differences are flat (or collinear, or one point): the polygon they span in their plane.
MinkowskiHull flat_hull(const std::vector<glm::dvec3>& points) {
  MinkowskiHull hull;
  const glm::dvec3 origin = points.front();
  glm::dvec3 far = origin;  // the point farthest from the first: the polygon's first direction
  for (const auto& p : points) {
    if (glm::length(p - origin) > glm::length(far - origin)) far = p;
  }
  if (far == origin) {
    hull.vertices = {origin};
    for (const glm::dvec3 n : {glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)}) add_slab(hull, n, points);
    return hull;
  }
  const glm::dvec3 u = glm::normalize(far - origin);
  glm::dvec3 w(0);  // the largest part of any point off the line
  for (const auto& p : points) {
    const glm::dvec3 off = (p - origin) - u * glm::dot(p - origin, u);
    if (glm::length(off) > glm::length(w)) w = off;
  }
  const double size = glm::length(far - origin);
  if (!(glm::length(w) > 1e-12 * size)) {  // collinear: a segment
    std::vector<double> along;
    for (const auto& p : points) along.push_back(glm::dot(p - origin, u));
    const auto [low, high] = std::minmax_element(along.begin(), along.end());
    hull.vertices = {points[static_cast<std::size_t>(low - along.begin())], points[static_cast<std::size_t>(high - along.begin())]};
    hull.edges = {{0, 1}};
    glm::dvec3 p, q;
    basis(u, p, q);
    for (const glm::dvec3& n : {u, p, q}) add_slab(hull, n, points);
    return hull;
  }
  const glm::dvec3 v = glm::normalize(w), normal = glm::cross(u, v);
  std::vector<glm::dvec2> flat;
  for (const auto& p : points) flat.emplace_back(glm::dot(p - origin, u), glm::dot(p - origin, v));
  const auto ring = convex_hull_2d(flat);
  std::vector<int> face;
  for (const auto& corner : ring) {
    const auto at = std::find(flat.begin(), flat.end(), corner) - flat.begin();
    face.push_back(static_cast<int>(hull.vertices.size()));
    hull.vertices.push_back(points[static_cast<std::size_t>(at)]);
  }
  const int count = static_cast<int>(face.size());
  for (int i = 0; i < count; ++i) {
    const int j = (i + 1) % count;
    hull.edges.push_back({i, j});
    const glm::dvec3 a = hull.vertices[static_cast<std::size_t>(i)], b = hull.vertices[static_cast<std::size_t>(j)];
    const glm::dvec3 out = glm::normalize(glm::cross(b - a, normal));  // counter-clockwise about the normal
    hull.planes.push_back({out, glm::dot(out, a)});
  }
  hull.faces = {face};
  add_slab(hull, normal, points);
  return hull;
}

}  // namespace

MinkowskiHull minkowski_hull(const std::vector<glm::dvec3>& differences) {
  if (differences.empty()) return {};
  const auto built = geo::make_convex_hull(differences);
  if (!built.ok()) return flat_hull(differences);
  MinkowskiHull hull;
  hull.vertices = built.hull.vertices;
  hull.edges = built.hull.edges;
  hull.faces = built.hull.faces;
  hull.planes = built.hull.face_planes;
  return hull;
}

void draw_minkowski_hull(DebugDraw& draw, const MinkowskiHull& hull, const glm::dvec3& origin, Color color) {
  std::vector<glm::dvec3> shifted;
  for (const auto& v : hull.vertices) shifted.push_back(origin + v);
  if (hull.faces.size() > 1) {  // a solid: with the depth cue, as the shapes above it
    draw.solid_convex({shifted, hull.faces, hull.edges}, color.with_alpha(0.07f));
    draw.wire_convex({shifted, hull.faces, hull.edges}, color.with_alpha(0.7f), 1.5f);
    return;
  }
  std::vector<glm::dvec3> corners;
  for (const auto& face : hull.faces) {
    corners.clear();
    for (int i : face) corners.push_back(origin + hull.vertices[static_cast<std::size_t>(i)]);
    draw.polygon(corners, color.with_alpha(0.07f));
  }
  for (const auto& edge : hull.edges) {
    draw.line(origin + hull.vertices[static_cast<std::size_t>(edge[0])], origin + hull.vertices[static_cast<std::size_t>(edge[1])],
              color.with_alpha(0.6f), 1.5f);
  }
}

}  // namespace kit
