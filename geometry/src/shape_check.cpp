// Each shape's rules, written once: a rule finds a problem and hands `report` its kind and
// a function that writes its text, which only shape_problem calls, so shape_error never
// builds a string.
#include "collision_lab/shape_check.h"

#include "collision_lab/polygon.h"
#include "collision_lab/number_chars.h"
#include "shape_rules.h"

#include <cmath>

namespace geo {
namespace {

// The shortest text that reads back as the number, as the query tool writes numbers.
std::string shortest(double number) {
  char text[kShortestNumberChars];
  return std::string(text, write_shortest(text, number));
}

std::string indexed(const std::string& field, std::size_t i) { return field + "[" + std::to_string(i) + "]"; }

auto named(const char* field) {
  return [field] { return std::string(field); };
}

// The first problem's kind, and with kWithText its message.
template <bool kWithText>
struct Report {
  QueryError error = QueryError::None;
  std::string text;
  template <typename Text>
  bool operator()(QueryError kind, Text&& write) {
    error = kind;
    if constexpr (kWithText) text = write();
    return false;
  }
};

// `field` is a function giving the field's name, so the cheap check never builds one.
template <typename T, typename R, typename Field>
bool finite_number(T x, R& report, Field&& field) {
  return finite_value(x) || report(QueryError::NonFiniteInput, [&] { return field() + ": not a finite number"; });
}

template <int N, typename T, typename R, typename Field>
bool finite_point(const glm::vec<N, T, glm::defaultp>& p, R& report, Field&& field) {
  if (all_finite(p)) return true;
  for (int i = 0; i < N; ++i) {
    if (!finite_value(p[i])) {
      return report(QueryError::NonFiniteInput, [&] { return indexed(field(), std::size_t(i)) + ": not a finite number"; });
    }
  }
  return true;
}

template <int N, typename T, typename R>
bool finite_points(const std::vector<glm::vec<N, T, glm::defaultp>>& points, R& report, const char* field) {
  bool ok = true;
  for (const auto& p : points) ok &= all_finite(p);  // no branch per point: hulls are checked per query
  if (ok) return true;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!finite_point(points[i], report, [&] { return indexed(field, i); })) return false;
  }
  return true;
}

template <typename T, typename R>
bool check(const Vec3<T>& p, R& report) { return finite_point(p, report, named("point")); }

template <typename T, typename R>
bool check(const Line<T>& line, R& report) {
  return finite_point(line.origin, report, named("origin")) && finite_point(line.direction, report, named("direction"));
}

template <typename T, typename R>
bool check(const Ray<T>& ray, R& report) {
  return finite_point(ray.origin, report, named("origin")) && finite_point(ray.direction, report, named("direction"));
}

template <typename T, typename R>
bool check(const Segment<T>& segment, R& report) {
  return finite_point(segment.a, report, named("a")) && finite_point(segment.b, report, named("b"));
}

template <typename T, typename R>
bool check(const Triangle<T>& triangle, R& report) {
  return finite_point(triangle.a, report, named("a")) && finite_point(triangle.b, report, named("b")) &&
         finite_point(triangle.c, report, named("c"));
}

template <typename T, typename R>
bool check(const Plane<T>& plane, R& report) {
  if (!finite_point(plane.normal, report, named("normal")) || !finite_number(plane.d, report, named("d"))) return false;
  return plane.normal != Vec3<T>(0) || report(QueryError::InvalidShape, [] { return "normal: must not be zero"; });
}

template <typename T, typename R>
bool check(const Aabb<T>& box, R& report) {
  if (!finite_point(box.min, report, named("min")) || !finite_point(box.max, report, named("max"))) return false;
  for (int i = 0; i < 3; ++i) {
    if (box.min[i] > box.max[i]) {
      return report(QueryError::InvalidShape, [&] { return indexed("min", i) + ": greater than " + indexed("max", i); });
    }
  }
  return true;
}

template <typename T, typename R>
bool check(const Obb<T>& box, R& report) {
  if (!finite_point(box.center, report, named("center"))) return false;
  for (std::size_t i = 0; i < 3; ++i) {
    if (!finite_point(box.axes[i], report, [&] { return indexed("axes", i); })) return false;
  }
  if (!finite_point(box.half_extents, report, named("half_extents"))) return false;
  for (int i = 0; i < 3; ++i) {
    const Vec3<double> axis(box.axes[i]), next(box.axes[(i + 1) % 3]);
    const double length = glm::length(axis);
    if (!(std::abs(length - 1) <= kObbAxisTolerance)) {  // an overflowing length fails too
      return report(QueryError::InvalidShape, [&] {
        return indexed("axes", i) + ": not unit length (length " + shortest(length) + ", tolerance 1e-6)";
      });
    }
    const double dot = glm::dot(axis, next);
    if (!(std::abs(dot) <= kObbAxisTolerance)) {
      return report(QueryError::InvalidShape, [&] {
        const int j = (i + 1) % 3;
        return "axes: axes " + std::to_string(std::min(i, j)) + " and " + std::to_string(std::max(i, j)) +
               " are not orthogonal (dot " + shortest(dot) + ", tolerance 1e-6)";
      });
    }
  }
  for (int i = 0; i < 3; ++i) {
    if (box.half_extents[i] < T(0)) {
      return report(QueryError::InvalidShape, [&] { return indexed("half_extents", i) + ": must not be negative"; });
    }
  }
  return true;
}

template <typename T, typename R>
bool check(const Sphere<T>& sphere, R& report) {
  if (!finite_point(sphere.center, report, named("center")) || !finite_number(sphere.radius, report, named("radius"))) {
    return false;
  }
  return sphere.radius >= T(0) || report(QueryError::InvalidShape, [] { return "radius: must not be negative"; });
}

// Convex as make_convex_polygon decides it, on the vertices as they are, and wound as it
// winds them: counter-clockwise.
template <typename T, typename R>
bool check(const ConvexPolygon<T>& polygon, R& report) {
  const auto& v = polygon.vertices;
  if (!finite_points(v, report, "vertices")) return false;
  const PolygonBuild<T> built = make_convex_polygon(v);
  if (!built.ok()) return report(built.error, [&] { return "vertices: " + built.message; });
  T twice_area = 0;  // relative to the first vertex, as make_convex_polygon measures it
  for (std::size_t k = 1; k + 1 < v.size(); ++k) {
    twice_area += (v[k].x - v[0].x) * (v[k + 1].y - v[0].y) - (v[k].y - v[0].y) * (v[k + 1].x - v[0].x);
  }
  return !(twice_area < T(0)) || report(QueryError::InvalidShape, [] {
    return "vertices: clockwise; a ConvexPolygon runs counter-clockwise (make_convex_polygon orders it)";
  });
}

template <typename T, typename R>
bool check_vertices(const ConvexPolyhedron<T>& hull, R& report) {
  if (!finite_points(hull.vertices, report, "vertices")) return false;
  const std::size_t n = hull.vertices.size();
  return n >= 4 || report(QueryError::InvalidShape, [&] { return "vertices: " + detail::too_few_points(4, n); });
}

template <typename T, typename R>
bool check(const ConvexPolyhedron<T>& hull, R& report) {
  if (!check_vertices(hull, report)) return false;
  for (std::size_t i = 0; i < hull.face_planes.size(); ++i) {
    const Plane<T>& plane = hull.face_planes[i];
    const auto field = [&] { return indexed("face_planes", i); };
    if (!finite_point(plane.normal, report, [&] { return field() + ".normal"; })) return false;
    if (!finite_number(plane.d, report, [&] { return field() + ".d"; })) return false;
  }
  const std::size_t n = hull.vertices.size();
  if (hull.faces.empty()) return report(QueryError::InvalidShape, [] { return "faces: none (make_convex_hull gives them)"; });
  if (hull.faces.size() != hull.face_planes.size()) {
    return report(QueryError::InvalidShape, [&] {
      return "face_planes: " + std::to_string(hull.face_planes.size()) + " planes for " +
             std::to_string(hull.faces.size()) + " faces";
    });
  }
  const auto out_of_range = [&](const std::string& field, int index) {
    return field + ": vertex index " + std::to_string(index) + " out of range (" + std::to_string(n) + " vertices)";
  };
  for (std::size_t i = 0; i < hull.faces.size(); ++i) {
    if (hull.faces[i].empty()) return report(QueryError::InvalidShape, [&] { return indexed("faces", i) + ": empty"; });
    for (int index : hull.faces[i]) {
      if (index < 0 || std::size_t(index) >= n) {
        return report(QueryError::InvalidShape, [&] { return out_of_range(indexed("faces", i), index); });
      }
    }
  }
  for (std::size_t i = 0; i < hull.edges.size(); ++i) {
    for (int index : hull.edges[i]) {
      if (index < 0 || std::size_t(index) >= n) {
        return report(QueryError::InvalidShape, [&] { return out_of_range(indexed("edges", i), index); });
      }
    }
  }
  return true;
}

template <typename Shape>
QueryError error_of(const Shape& shape) {
  Report<false> report;
  check(shape, report);
  return report.error;
}

template <typename Shape>
std::string problem_of(const Shape& shape) {
  Report<true> report;
  check(shape, report);
  return report.text;
}

}  // namespace

template <typename T> QueryError detail::hull_vertices_error(const ConvexPolyhedron<T>& hull) {
  Report<false> report;
  check_vertices(hull, report);
  return report.error;
}

template <typename T> QueryError detail::polygon_error(const ConvexPolygon<T>& polygon) { return error_of(polygon); }

template <typename T> QueryError shape_error(const Vec3<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const Line<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const Ray<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const Segment<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const Plane<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const Aabb<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const Obb<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const Sphere<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const Triangle<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const ConvexPolygon<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const ConvexPolyhedron<T>& s) { return error_of(s); }
template <typename T> QueryError shape_error(const AnyShape<T>& s) {
  return std::visit([](const auto& held) { return error_of(held); }, s);
}

template <typename T> std::string shape_problem(const Vec3<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const Line<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const Ray<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const Segment<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const Plane<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const Aabb<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const Obb<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const Sphere<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const Triangle<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const ConvexPolygon<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const ConvexPolyhedron<T>& s) { return problem_of(s); }
template <typename T> std::string shape_problem(const AnyShape<T>& s) {
  return std::visit([](const auto& held) { return problem_of(held); }, s);
}

#define GEO_INSTANTIATE_SHAPE_CHECK(Shape, T)          \
  template QueryError shape_error(const Shape<T>&);    \
  template std::string shape_problem(const Shape<T>&);
#define GEO_INSTANTIATE_SHAPE_CHECKS(T)                 \
  GEO_INSTANTIATE_SHAPE_CHECK(Vec3, T)                  \
  GEO_INSTANTIATE_SHAPE_CHECK(Line, T)                  \
  GEO_INSTANTIATE_SHAPE_CHECK(Ray, T)                   \
  GEO_INSTANTIATE_SHAPE_CHECK(Segment, T)               \
  GEO_INSTANTIATE_SHAPE_CHECK(Plane, T)                 \
  GEO_INSTANTIATE_SHAPE_CHECK(Aabb, T)                  \
  GEO_INSTANTIATE_SHAPE_CHECK(Obb, T)                   \
  GEO_INSTANTIATE_SHAPE_CHECK(Sphere, T)                \
  GEO_INSTANTIATE_SHAPE_CHECK(Triangle, T)              \
  GEO_INSTANTIATE_SHAPE_CHECK(ConvexPolygon, T)         \
  GEO_INSTANTIATE_SHAPE_CHECK(ConvexPolyhedron, T)      \
  GEO_INSTANTIATE_SHAPE_CHECK(AnyShape, T)
GEO_INSTANTIATE_SHAPE_CHECKS(float)
GEO_INSTANTIATE_SHAPE_CHECKS(double)
template QueryError detail::hull_vertices_error(const ConvexPolyhedron<float>&);
template QueryError detail::hull_vertices_error(const ConvexPolyhedron<double>&);
template QueryError detail::polygon_error(const ConvexPolygon<float>&);
template QueryError detail::polygon_error(const ConvexPolygon<double>&);
#undef GEO_INSTANTIATE_SHAPE_CHECKS
#undef GEO_INSTANTIATE_SHAPE_CHECK

}  // namespace geo
