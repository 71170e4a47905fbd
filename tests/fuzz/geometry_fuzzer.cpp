// libFuzzer target: every geometry query on numbers taken from the fuzzer's bytes, each
// answer checked against the query's definition rather than against another algorithm.
//
// Any input: no crash or undefined behaviour, and a NaN or infinity in the input is an
// error in the result, never an answer. The definition checks run only when every number
// of the query is 0 or has a magnitude within [1e-6, 1e6], with a tolerance of 1e-9 times
// the largest magnitude: a closest point lies on the shape, its distance is the distance to
// it and no sampled point of the shape is closer; containment agrees with the shape's
// inequalities outside a band of that width around the boundary; a separating axis really
// separates (the shapes' vertices project apart), an overlap's witness lies in both
// shapes, and SAT and GJK agree where the gap is clear of the tolerance.
#include "collision_lab/closest_point.h"
#include "collision_lab/containment.h"
#include "collision_lab/gjk.h"
#include "collision_lab/hull.h"
#include "collision_lab/linear_pairs.h"
#include "collision_lab/plane.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/sat.h"
#include "collision_lab/triangle.h"

#include <fuzzer/FuzzedDataProvider.h>
#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

namespace {

using V2 = geo::Vec2<double>;
using V3 = geo::Vec3<double>;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "geometry_fuzzer: %s\n", what);
  std::abort();
}

void require(bool condition, const char* what) {
  if (!condition) fail(what);
}

// The numbers of one query: small integers (coincident and collinear cases), values at
// every scale of the checked range, and any bit pattern (NaN, infinity, subnormals).
class Numbers {
 public:
  explicit Numbers(FuzzedDataProvider& data) : data_(data) {}

  double next() {
    double x = 0;
    switch (data_.ConsumeIntegralInRange(0, 3)) {
      case 0: x = data_.ConsumeIntegralInRange(-4, 4); break;
      case 1: x = data_.ConsumeFloatingPointInRange(-1.0, 1.0) * std::pow(10.0, data_.ConsumeIntegralInRange(-6, 6)); break;
      case 2: x = data_.ConsumeFloatingPointInRange(-1e6, 1e6); break;
      default: x = std::bit_cast<double>(data_.ConsumeIntegral<uint64_t>()); break;
    }
    // To turn a finding into a test: run it alone with this set to see the numbers.
    static const bool print = std::getenv("GEOMETRY_FUZZER_PRINT") != nullptr;
    if (print) std::fprintf(stderr, "%.17g\n", x);
    finite_ = finite_ && std::isfinite(x);
    in_range_ = in_range_ && (x == 0 || (std::abs(x) >= 1e-6 && std::abs(x) <= 1e6));
    if (std::isfinite(x)) scale_ = std::max(scale_, std::abs(x));
    return x;
  }
  // A number in [-1, 1] that is no input of the query (a rotation's parameter).
  double parameter() {
    const double x = data_.ConsumeFloatingPointInRange(-1.0, 1.0);
    if (std::getenv("GEOMETRY_FUZZER_PRINT")) std::fprintf(stderr, "parameter %.17g\n", x);
    return x;
  }
  V3 point() { return {next(), next(), next()}; }
  V2 point_2d() { return {next(), next()}; }
  std::vector<V3> points(int min, int max) {
    std::vector<V3> out(data_.ConsumeIntegralInRange(min, max));
    for (V3& p : out) p = point();
    return out;
  }

  bool finite() const { return finite_; }
  bool checked() const { return finite_ && in_range_; }
  double scale() const { return std::max(scale_, 1e-6); }
  double tolerance() const { return 1e-9 * scale(); }

 private:
  FuzzedDataProvider& data_;
  bool finite_ = true, in_range_ = true;
  double scale_ = 0;
};

// The contract every query result shares: non-finite input is an error, finite input in
// range gets a finite answer or an error.
template <typename Result>
bool usable(const Result& result, const Numbers& in) {
  if (!in.finite()) require(!result.ok(), "a non-finite input was answered instead of rejected");
  return result.ok() && in.checked();
}

template <int N>
void check_closest(const glm::vec<N, double, glm::defaultp>& p, const geo::ClosestPointResult<double, N>& result,
                   const std::vector<glm::vec<N, double, glm::defaultp>>& samples, double tol) {
  require(geo::all_finite(result.point) && std::isfinite(result.distance), "a closest point is not finite");
  require(std::abs(glm::distance(p, result.point) - result.distance) <= tol, "distance is not |p - point|");
  for (const auto& q : samples) require(glm::distance(p, q) >= result.distance - tol, "a sampled point is closer");
}

std::vector<V3> segment_samples(const V3& a, const V3& b) {
  std::vector<V3> out;
  for (int k = 0; k <= 8; ++k) out.push_back(a + (b - a) * (k / 8.0));
  return out;
}

void segment_query(Numbers& in) {
  const geo::Segment<double> s{in.point(), in.point()};
  const V3 p = in.point();
  const auto r = geo::closest_point(s, p);
  if (!usable(r, in)) return;
  const double tol = in.tolerance();
  require(r.t >= 0 && r.t <= 1, "segment t outside [0, 1]");
  require(glm::distance(r.point, s.a + (s.b - s.a) * r.t) <= tol, "segment point is not a + t(b - a)");
  check_closest(p, r, segment_samples(s.a, s.b), tol);
}

std::vector<V3> triangle_samples(const geo::Triangle<double>& t) {
  std::vector<V3> out;
  for (int i = 0; i <= 6; ++i) {
    for (int j = 0; i + j <= 6; ++j) out.push_back((t.a * double(i) + t.b * double(j) + t.c * double(6 - i - j)) / 6.0);
  }
  return out;
}

void triangle_query(Numbers& in) {
  const geo::Triangle<double> t{in.point(), in.point(), in.point()};
  const V3 p = in.point();
  const auto r = geo::closest_point(t, p);
  if (!usable(r, in)) return;
  const V3 w = r.barycentric;
  require(std::min({w.x, w.y, w.z}) >= -1e-9 && std::abs(w.x + w.y + w.z - 1) <= 1e-9, "barycentric not convex");
  require(glm::distance(r.point, t.a * w.x + t.b * w.y + t.c * w.z) <= in.tolerance(), "point is not its barycentric");
  check_closest(p, r, triangle_samples(t), in.tolerance());
}

// A box as a centre, orthonormal axes and half-extents (an AABB has the unit axes).
struct Box {
  V3 center;
  std::array<V3, 3> axes;
  V3 half;
  V3 local(const V3& p) const {
    return {glm::dot(p - center, axes[0]), glm::dot(p - center, axes[1]), glm::dot(p - center, axes[2])};
  }
  V3 at(const V3& local_point) const {
    return center + axes[0] * local_point.x + axes[1] * local_point.y + axes[2] * local_point.z;
  }
  std::vector<V3> samples(int steps) const {
    std::vector<V3> out;
    for (int i = 0; i <= steps; ++i) {
      for (int j = 0; j <= steps; ++j) {
        for (int k = 0; k <= steps; ++k) {
          out.push_back(at(half * (V3(i, j, k) * (2.0 / steps) - 1.0)));
        }
      }
    }
    return out;
  }
};

template <typename Shape>
void check_box(const Shape& shape, const Box& box, const V3& p, Numbers& in) {
  const bool inside = geo::contains(shape, p);
  const auto r = geo::closest_point(shape, p);
  if (!usable(r, in) || std::min({box.half.x, box.half.y, box.half.z}) < 0) return;
  const double tol = in.tolerance();
  const V3 local = glm::abs(box.local(r.point)) - box.half;
  require(std::max({local.x, local.y, local.z}) <= tol, "box closest point outside the box");
  check_closest(p, r, box.samples(4), tol);
  const V3 margin = glm::abs(box.local(p)) - box.half;
  if (std::max({margin.x, margin.y, margin.z}) < -tol) require(inside, "a point inside the box is not contained");
  if (std::max({margin.x, margin.y, margin.z}) > tol) require(!inside, "a point outside the box is contained");
}

void aabb_query(Numbers& in) {
  const geo::Aabb<double> box{in.point(), in.point()};
  const V3 p = in.point();
  check_box(box, Box{(box.min + box.max) * 0.5, {V3(1, 0, 0), V3(0, 1, 0), V3(0, 0, 1)}, (box.max - box.min) * 0.5}, p, in);
}

void obb_query(Numbers& in) {
  geo::Obb<double> box;
  box.center = in.point();
  glm::dquat rotation{in.parameter(), in.parameter(), in.parameter(), in.parameter()};
  const double norm = glm::length(rotation);
  rotation = norm > 1e-3 ? rotation / norm : glm::dquat(1, 0, 0, 0);
  const glm::dmat3 matrix = glm::mat3_cast(rotation);
  box.axes = {matrix[0], matrix[1], matrix[2]};
  box.half_extents = in.point();
  check_box(box, Box{box.center, box.axes, box.half_extents}, in.point(), in);
}

const std::vector<V3>& unit_directions() {
  static const std::vector<V3> directions = [] {
    std::vector<V3> out;
    for (int i = -1; i <= 1; ++i) {
      for (int j = -1; j <= 1; ++j) {
        for (int k = -1; k <= 1; ++k) {
          if (i || j || k) out.push_back(glm::normalize(V3(i, j, k)));
        }
      }
    }
    return out;
  }();
  return directions;
}

void sphere_query(Numbers& in) {
  const geo::Sphere<double> sphere{in.point(), in.next()};
  const V3 p = in.point();
  const bool inside = geo::contains(sphere, p);
  const auto r = geo::closest_point(sphere, p);
  if (!usable(r, in) || sphere.radius < 0) return;
  const double tol = in.tolerance();
  require(glm::distance(r.point, sphere.center) <= sphere.radius + tol, "sphere closest point outside the sphere");
  std::vector<V3> samples{sphere.center};
  for (const V3& d : unit_directions()) samples.push_back(sphere.center + d * sphere.radius);
  check_closest(p, r, samples, tol);
  const double margin = glm::distance(p, sphere.center) - sphere.radius;
  if (margin < -tol) require(inside, "a point inside the sphere is not contained");
  if (margin > tol) require(!inside, "a point outside the sphere is contained");
}

double cross_2d(const V2& a, const V2& b) { return a.x * b.y - a.y * b.x; }

// The least signed distance of p from the edges of a counter-clockwise polygon's lines
// (positive inside).
double inside_margin(const std::vector<V2>& ccw, const V2& p) {
  double margin = INFINITY;
  for (size_t i = 0; i < ccw.size(); ++i) {
    const V2 edge = ccw[(i + 1) % ccw.size()] - ccw[i];
    margin = std::min(margin, cross_2d(edge, p - ccw[i]) / glm::length(edge));
  }
  return margin;
}

void polygon_query(Numbers& in, FuzzedDataProvider& data) {
  std::vector<V2> vertices(data.ConsumeIntegralInRange(3, 8));
  for (V2& v : vertices) v = in.point_2d();
  const auto built = geo::make_convex_polygon(vertices);
  if (!usable(built, in)) return;
  const V2 p = in.point_2d();
  const auto& ccw = built.polygon.vertices;
  const auto inside = geo::contains(built.polygon, p);
  const auto r = geo::closest_point(built.polygon, p);
  if (!usable(inside, in) || !usable(r, in)) return;
  const double tol = in.tolerance();
  require(inside_margin(ccw, r.point) >= -tol, "polygon closest point outside the polygon");
  std::vector<V2> samples;
  for (size_t i = 0; i < ccw.size(); ++i) {
    for (int k = 0; k < 4; ++k) samples.push_back(ccw[i] + (ccw[(i + 1) % ccw.size()] - ccw[i]) * (k / 4.0));
  }
  check_closest(p, r, samples, tol);
  const double margin = inside_margin(ccw, p);
  if (margin > tol) require(inside.inside, "a point inside the polygon is not contained");
  if (margin < -tol) require(!inside.inside, "a point outside the polygon is contained");
}

void triangle_2d_contains_query(Numbers& in) {
  const geo::Triangle<double> t{V3(in.point_2d(), 0), V3(in.point_2d(), 0), V3(in.point_2d(), 0)};
  const V2 p = in.point_2d();
  const bool inside = geo::contains(t, p);
  const double area = cross_2d(V2(t.b - t.a), V2(t.c - t.a));
  // Nearly collinear, the sign of the area (the winding) is rounding.
  if (!in.checked() || std::abs(area) <= 1e-12 * glm::distance(t.a, t.b) * glm::distance(t.a, t.c)) return;
  std::vector<V2> ccw{V2(t.a), V2(t.b), V2(t.c)};
  if (area < 0) std::swap(ccw[1], ccw[2]);
  const double margin = inside_margin(ccw, p);
  if (margin > in.tolerance()) require(inside, "a point inside the triangle is not contained");
  if (margin < -in.tolerance()) require(!inside, "a point outside the triangle is contained");
}

void segment_pair_query(Numbers& in) {
  const geo::Segment<double> a{in.point(), in.point()}, b{in.point(), in.point()};
  const auto r = geo::closest_points(a, b);
  if (!usable(r, in)) return;
  const double tol = in.tolerance();
  require(r.s >= 0 && r.s <= 1 && r.t >= 0 && r.t <= 1, "segment pair parameter outside [0, 1]");
  require(glm::distance(r.a_point, a.a + (a.b - a.a) * r.s) <= tol, "a_point is not a.a + s(a.b - a.a)");
  require(glm::distance(r.b_point, b.a + (b.b - b.a) * r.t) <= tol, "b_point is not b.a + t(b.b - b.a)");
  require(std::abs(glm::distance(r.a_point, r.b_point) - r.distance) <= tol, "distance is not |a_point - b_point|");
  for (const V3& p : segment_samples(a.a, a.b)) {
    for (const V3& q : segment_samples(b.a, b.b)) require(glm::distance(p, q) >= r.distance - tol, "a sampled pair is closer");
  }
}

void plane_query(Numbers& in) {
  const V3 normal = in.point();
  const double d = in.next();
  const auto made = geo::make_plane(normal, d);
  if (!usable(made, in)) return;
  const V3 p = in.point();
  // The plane's offset from the origin, |d| / |N|, may exceed every input's magnitude.
  const double tol = std::max(in.tolerance(), 1e-9 * std::abs(d) / glm::length(normal));
  require(std::abs(glm::length(made.plane.normal) - 1) <= 1e-12, "plane normal is not unit");
  const auto r = geo::closest_point(made.plane, p);
  if (!usable(r, in)) return;
  const double distance = geo::signed_distance(made.plane, p);
  require(std::abs(distance - (glm::dot(normal, p) - d) / glm::length(normal)) <= tol, "signed distance is not N·P − D");
  require(std::abs(glm::dot(made.plane.normal, r.point) - made.plane.d) <= tol, "plane closest point is off the plane");
  require(std::abs(r.distance - std::abs(distance)) <= tol, "plane distance is not |N·P − D|");
}

// The least and greatest projection of a shape's vertices on an axis.
std::pair<double, double> extent(const std::vector<V3>& vertices, double radius, const V3& axis) {
  double low = INFINITY, high = -INFINITY;
  for (const V3& v : vertices) {
    low = std::min(low, glm::dot(v, axis));
    high = std::max(high, glm::dot(v, axis));
  }
  return {low - radius, high + radius};
}

// A convex shape for the overlap tests, with the vertices (and radius) that span it.
struct Solid {
  geo::ConvexShape<double> shape;
  std::vector<V3> vertices;
  double radius = 0;
  bool has_sat = true;  // a sphere has no SatShape
  geo::SatShape<double> sat;
};

bool make_solid(Numbers& in, FuzzedDataProvider& data, Solid& solid) {
  const int kind = data.ConsumeIntegralInRange(0, 5);
  if (std::getenv("GEOMETRY_FUZZER_PRINT")) std::fprintf(stderr, "solid %d (segment, triangle, aabb, obb, hull, sphere)\n", kind);
  switch (kind) {
    case 0: { const geo::Segment<double> s{in.point(), in.point()}; solid.shape = s; solid.vertices = {s.a, s.b}; solid.sat = geo::sat_shape(s); break; }
    case 1: { const geo::Triangle<double> t{in.point(), in.point(), in.point()}; solid.shape = t; solid.vertices = {t.a, t.b, t.c}; solid.sat = geo::sat_shape(t); break; }
    case 2: {
      const geo::Aabb<double> box{in.point(), in.point()};
      if (glm::any(glm::greaterThan(box.min, box.max))) return false;
      solid.shape = box;
      solid.vertices = Box{(box.min + box.max) * 0.5, {V3(1, 0, 0), V3(0, 1, 0), V3(0, 0, 1)}, (box.max - box.min) * 0.5}.samples(1);
      solid.sat = geo::sat_shape(box);
      break;
    }
    case 3: {
      geo::Obb<double> box;
      box.center = in.point();
      box.half_extents = glm::abs(in.point());
      const double angle = 4 * in.parameter();
      box.axes = {V3(std::cos(angle), std::sin(angle), 0), V3(-std::sin(angle), std::cos(angle), 0), V3(0, 0, 1)};
      solid.shape = box;
      solid.vertices = Box{box.center, box.axes, box.half_extents}.samples(1);
      solid.sat = geo::sat_shape(box);
      break;
    }
    case 4: {
      const auto built = geo::make_convex_hull(in.points(4, 8));
      if (!built.ok()) return false;
      solid.shape = built.hull;
      solid.vertices = built.hull.vertices;
      solid.sat = geo::sat_shape(built.hull);
      break;
    }
    default: {
      const geo::Sphere<double> sphere{in.point(), std::abs(in.next())};
      solid.shape = sphere;
      solid.vertices = {sphere.center};
      solid.radius = sphere.radius;
      solid.has_sat = false;
      break;
    }
  }
  return true;
}

// The distance from p to a solid, through the closest-point query of its kind.
double distance_to(const Solid& solid, const V3& p) {
  return std::visit([&](const auto& shape) -> double {
    using Shape = std::decay_t<decltype(shape)>;
    if constexpr (std::is_same_v<Shape, V3>) {
      return glm::distance(shape, p);
    } else if constexpr (std::is_same_v<Shape, geo::ConvexPolygon<double>>) {
      return INFINITY;  // not made here
    } else {
      return geo::closest_point(shape, p).distance;
    }
  }, solid.shape);
}

void overlap_query(Numbers& in, FuzzedDataProvider& data) {
  Solid a, b;
  if (!make_solid(in, data, a) || !make_solid(in, data, b)) return;
  const auto gjk = geo::gjk_distance(a.shape, b.shape);
  if (!usable(gjk, in)) return;
  const double tol = in.tolerance();
  require(std::abs(glm::distance(gjk.a_point, gjk.b_point) - gjk.distance) <= tol, "GJK distance is not |a - b|");
  require(distance_to(a, gjk.a_point) <= tol && distance_to(b, gjk.b_point) <= tol, "a GJK witness lies outside its shape");
  double gjk_gap = 0;  // the gap GJK's axis certifies
  // A distance within the tolerance may be that of shapes that touch or overlap (GJK's
  // distance is exact only to the tolerance where its simplices are slivers): no axis then
  // separates them, and the witnesses are not the ends of a closest pair, so the formula
  // below (witnesses exact to the square root of rounding) holds only clear of it.
  if (!gjk.overlap && gjk.distance > tol) {
    const V3 axis = (gjk.b_point - gjk.a_point) / gjk.distance;
    // The distance is exact to some ulp of the scene's size (rounding); a witness moved by
    // w along the closest feature changes it by only w² / 2·distance, so the witnesses are
    // exact to the square root of that. The axis between them tilts by their error over
    // their distance, and the projections of far vertices move with it.
    const double rounding = 64 * std::numeric_limits<double>::epsilon() * in.scale();
    const double witness_error = rounding + std::sqrt(2 * gjk.distance * rounding);
    const double slack = tol + 4 * in.scale() * witness_error / gjk.distance;
    gjk_gap = extent(b.vertices, b.radius, axis).first - extent(a.vertices, a.radius, axis).second - slack;
    require(gjk_gap >= gjk.distance - 2 * slack, "GJK's closest points do not separate the shapes");
  }
  if (!a.has_sat || !b.has_sat) return;
  const auto sat = geo::sat_overlap(a.sat, b.sat);
  if (!sat.ok()) return;
  if (!sat.overlap) {
    const double gap = extent(b.vertices, 0, sat.axis).first - extent(a.vertices, 0, sat.axis).second;
    require(std::abs(gap - sat.separation) <= tol && sat.separation > 0, "SAT's axis does not separate by its separation");
    if (gap > tol) require(!gjk.overlap, "SAT separates shapes GJK says overlap");
    require(gjk.distance >= gap - tol, "GJK's distance is less than SAT's gap");
  } else {
    const auto [b_low, b_high] = extent(b.vertices, 0, sat.axis);
    require(std::abs(b_low + sat.depth - extent(a.vertices, 0, sat.axis).second) <= tol, "SAT depth does not separate along its axis");
    require(gjk_gap <= 1000 * tol, "SAT overlaps shapes GJK's axis separates clearly");
  }
}

void hull_query(Numbers& in) {
  const std::vector<V3> points = in.points(4, 10);
  const auto built = geo::make_convex_hull(points);
  if (!usable(built, in)) return;
  double tol = in.tolerance();
  for (const V3& v : built.hull.vertices) require(std::find(points.begin(), points.end(), v) != points.end(), "a hull vertex is no input point");
  for (const auto& plane : built.hull.face_planes) {
    for (const V3& q : points) require(glm::dot(plane.normal, q) - plane.d <= tol, "an input point is outside a hull face");
  }
  const V3 p = in.point();
  const auto inside = geo::contains(built.hull, p);
  const auto r = geo::closest_point(built.hull, p);
  if (!usable(inside, in) || !usable(r, in)) return;
  tol = in.tolerance();  // p may be the largest number
  double margin = -INFINITY;
  for (const auto& plane : built.hull.face_planes) margin = std::max(margin, glm::dot(plane.normal, r.point) - plane.d);
  require(margin <= tol, "hull closest point outside the hull");
  check_closest(p, r, built.hull.vertices, tol);
  if (inside.inside) require(r.distance <= tol, "a contained point is away from the hull");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  Numbers in(data);
  const int query = data.ConsumeIntegralInRange(0, 10);
  if (std::getenv("GEOMETRY_FUZZER_PRINT")) std::fprintf(stderr, "query %d\n", query);
  switch (query) {
    case 0: segment_query(in); break;
    case 1: triangle_query(in); break;
    case 2: aabb_query(in); break;
    case 3: obb_query(in); break;
    case 4: sphere_query(in); break;
    case 5: polygon_query(in, data); break;
    case 6: triangle_2d_contains_query(in); break;
    case 7: segment_pair_query(in); break;
    case 8: plane_query(in); break;
    case 9: hull_query(in); break;
    default: overlap_query(in, data); break;
  }
  return 0;
}
