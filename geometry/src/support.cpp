// Support functions of the convex shapes GJK and EPA take, their vertex numbering, and
// the input checks both queries share.
#include "collision_lab/support.h"

#include "collision_lab/shape_check.h"
#include "shape_rules.h"

#include <cmath>
#include <vector>

namespace geo {
namespace {

// The vertex of a list farthest along `direction`; the lowest index wins a tie.
template <typename T, typename Get>
SupportPoint<T> farthest(int count, const Vec3<T>& direction, Get get) {
  SupportPoint<T> best{get(0), 0};
  T best_dot = glm::dot(best.point, direction);
  for (int i = 1; i < count; ++i) {
    const Vec3<T> p = get(i);
    const T d = glm::dot(p, direction);
    if (d > best_dot) { best_dot = d; best = {p, i}; }
  }
  return best;
}

// Box vertex i has the sign of axis k in bit k (result.h); a zero component takes the minus side.
template <typename T>
Vec3<T> box_corner(const Aabb<T>& box, int i) {
  return {(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y, (i & 4) ? box.max.z : box.min.z};
}
template <typename T>
Vec3<T> box_corner(const Obb<T>& box, int i) {
  Vec3<T> p = box.center;
  for (int k = 0; k < 3; ++k) p += box.axes[k] * ((i >> k) & 1 ? box.half_extents[k] : -box.half_extents[k]);
  return p;
}

template <typename T> Vec3<T> lift(const Vec2<T>& v) { return {v.x, v.y, T(0)}; }

template <typename T>
struct SupportVisitor {
  const Vec3<T>& d;
  SupportPoint<T> operator()(const Vec3<T>& p) const { return {p, 0}; }
  SupportPoint<T> operator()(const Segment<T>& s) const {
    return glm::dot(s.b, d) > glm::dot(s.a, d) ? SupportPoint<T>{s.b, 1} : SupportPoint<T>{s.a, 0};
  }
  SupportPoint<T> operator()(const Triangle<T>& t) const {
    const Vec3<T> v[3] = {t.a, t.b, t.c};
    return farthest<T>(3, d, [&](int i) { return v[i]; });
  }
  SupportPoint<T> operator()(const ConvexPolygon<T>& polygon) const {
    return farthest<T>(static_cast<int>(polygon.vertices.size()), d,
                       [&](int i) { return lift(polygon.vertices[static_cast<std::size_t>(i)]); });
  }
  SupportPoint<T> operator()(const ConvexPolyhedron<T>& hull) const { return farthest_point<T>(hull.vertices, d); }
  SupportPoint<T> operator()(const Aabb<T>& box) const {
    const int i = (d.x > 0 ? 1 : 0) | (d.y > 0 ? 2 : 0) | (d.z > 0 ? 4 : 0);
    return {box_corner(box, i), i};
  }
  SupportPoint<T> operator()(const Obb<T>& box) const {
    int i = 0;
    for (int k = 0; k < 3; ++k) if (glm::dot(box.axes[k], d) > 0) i |= 1 << k;
    return {box_corner(box, i), i};
  }
  SupportPoint<T> operator()(const Sphere<T>& sphere) const {
    // A zero direction has no farthest point: any surface point will do, take +x.
    const T length = glm::length(d);
    const Vec3<T> unit = length > 0 ? d / length : Vec3<T>(1, 0, 0);
    return {sphere.center + unit * sphere.radius, -1};
  }
};

template <typename T>
struct VertexVisitor {
  int i;
  SupportPoint<T> none() const { return {Vec3<T>(0), -1}; }
  SupportPoint<T> operator()(const Vec3<T>& p) const { return i == 0 ? SupportPoint<T>{p, 0} : none(); }
  SupportPoint<T> operator()(const Segment<T>& s) const {
    if (i == 0) return {s.a, 0};
    return i == 1 ? SupportPoint<T>{s.b, 1} : none();
  }
  SupportPoint<T> operator()(const Triangle<T>& t) const {
    if (i < 0 || i > 2) return none();
    return {i == 0 ? t.a : i == 1 ? t.b : t.c, i};
  }
  SupportPoint<T> operator()(const ConvexPolygon<T>& polygon) const {
    if (i < 0 || i >= static_cast<int>(polygon.vertices.size())) return none();
    return {lift(polygon.vertices[static_cast<std::size_t>(i)]), i};
  }
  SupportPoint<T> operator()(const ConvexPolyhedron<T>& hull) const {
    if (i < 0 || i >= static_cast<int>(hull.vertices.size())) return none();
    return {hull.vertices[static_cast<std::size_t>(i)], i};
  }
  SupportPoint<T> operator()(const Aabb<T>& box) const { return i >= 0 && i < 8 ? SupportPoint<T>{box_corner(box, i), i} : none(); }
  SupportPoint<T> operator()(const Obb<T>& box) const { return i >= 0 && i < 8 ? SupportPoint<T>{box_corner(box, i), i} : none(); }
  SupportPoint<T> operator()(const Sphere<T>&) const { return none(); }
};

}  // namespace

template <typename T>
SupportPoint<T> farthest_point(std::span<const Vec3<T>> points, const Vec3<T>& direction) {
  const int count = static_cast<int>(points.size());
  const auto at = [&](int i) { return points[static_cast<std::size_t>(i)]; };
  if (count < 8) return farthest<T>(count, direction, at);
  // Four lanes, each taking every fourth vertex: four independent maxima instead of one
  // chain of dependent comparisons, each updated without a branch. Each lane keeps the
  // lowest index of its maximum, so the lowest index among the lanes' equal maxima is the
  // sequential loop's answer.
  struct Lane {
    T dot;
    int index;
  };
  const auto start = [&](int i) { return Lane{glm::dot(at(i), direction), i}; };
  const auto offer = [&](Lane& lane, int i) {
    const T d = glm::dot(at(i), direction);
    const bool better = d > lane.dot;
    lane.index = better ? i : lane.index;
    lane.dot = better ? d : lane.dot;
  };
  Lane l0 = start(0), l1 = start(1), l2 = start(2), l3 = start(3);
  int i = 4;
  for (; i + 4 <= count; i += 4) {
    offer(l0, i);
    offer(l1, i + 1);
    offer(l2, i + 2);
    offer(l3, i + 3);
  }
  for (; i < count; ++i) offer(l0, i);
  // A lane that started on a NaN (overflowing products) never moved on: the sequential
  // loop says which vertex wins then.
  if (l0.dot != l0.dot || l1.dot != l1.dot || l2.dot != l2.dot || l3.dot != l3.dot) return farthest<T>(count, direction, at);
  const auto higher = [](const Lane& x, const Lane& y) { return x.dot > y.dot || (x.dot == y.dot && x.index < y.index) ? x : y; };
  const Lane best = higher(higher(l0, l1), higher(l2, l3));
  return {at(best.index), best.index};
}

template <typename T>
SupportPoint<T> support(const ConvexShape<T>& shape, const Vec3<T>& direction) {
  return std::visit(SupportVisitor<T>{direction}, shape);
}

template <typename T>
SupportPoint<T> shape_vertex(const ConvexShape<T>& shape, int index) {
  return std::visit(VertexVisitor<T>{index}, shape);
}

template <typename T>
std::string shape_problem(const ConvexShape<T>& shape) {
  return std::visit([](const auto& held) { return shape_problem(held); }, shape);
}

template <typename T>
QueryError validate_shape(const ConvexShape<T>& shape) {
  // Of a polyhedron only the vertices, all support() reads: checking its faces and
  // planes cost more than the query's own reads of the vertices.
  if (const auto* hull = std::get_if<ConvexPolyhedron<T>>(&shape)) return detail::hull_vertices_error(*hull);
  return std::visit([](const auto& held) { return shape_error(held); }, shape);
}

template SupportPoint<float> farthest_point(std::span<const Vec3<float>>, const Vec3<float>&);
template SupportPoint<double> farthest_point(std::span<const Vec3<double>>, const Vec3<double>&);
template SupportPoint<float> support(const ConvexShape<float>&, const Vec3<float>&);
template SupportPoint<double> support(const ConvexShape<double>&, const Vec3<double>&);
template SupportPoint<float> shape_vertex(const ConvexShape<float>&, int);
template SupportPoint<double> shape_vertex(const ConvexShape<double>&, int);
template QueryError validate_shape(const ConvexShape<float>&);
template QueryError validate_shape(const ConvexShape<double>&);
template std::string shape_problem(const ConvexShape<float>&);
template std::string shape_problem(const ConvexShape<double>&);

}  // namespace geo
