// Oracle tests of the closest points on lines, rays, segments, planes, boxes and spheres:
// for each query, thousands of seeded cases per input family, checked (a) against a
// long-double reference that enumerates the shape's features and (b) against the
// definition: the point is on the shape and no sampled point of the shape is closer.
#include "collision_lab/closest_point.h"
#include "collision_lab/plane.h"
#include "tests/unit/closest_point_oracle_support.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace {

using namespace oracle;
using namespace oracle::cp;

constexpr int kFloatCasesPerFamily = 500;

// The bound of the families for the scalar, as the error tables enforce it.
template <typename T> double bound_for(Family family) {
  if constexpr (std::is_same_v<T, double>) return tolerance_for(family);
  return family == Family::WellShaped ? 1e-4 : 1e-3;
}
template <typename T> int cases_per_family() {
  return std::is_same_v<T, double> ? kCasesPerFamily : kFloatCasesPerFamily;
}
template <typename T> using Table = std::conditional_t<std::is_same_v<T, double>, ErrorTable, FloatErrorTable>;
template <typename T> std::string label(const char* query) {
  return std::string(query) + (std::is_same_v<T, double> ? "" : " (float)");
}
template <typename T> std::uint64_t seed(int query, Family family) {
  return 1000u * static_cast<std::uint64_t>(query) + 10u * static_cast<std::uint64_t>(family) +
         (std::is_same_v<T, double> ? 0u : 5u);
}

// The slack of the definition checks: the family's bound relative to the problem, plus
// a few roundings of the coordinates (a point at 1e6 cannot be placed closer than that).
template <typename T> LD slack(Family family, double scale, LD magnitude) {
  return bound_for<T>(family) * scale + 8 * std::numeric_limits<T>::epsilon() * magnitude;
}

// Checks the definition: the answer is on the shape and no sample is closer than it; and,
// the closest point of a convex shape being unique, that it is the reference's point
// (the distance alone would hide a point moved along the shape: its error is 2nd order).
template <typename T, typename Result>
bool check_definition(const Result& r, const LVec3& p, const LVec3& reference_point, LD off_shape,
                      const std::vector<LVec3>& samples, LD tolerance) {
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(geo::all_finite(r.point) && std::isfinite(r.distance));
  EXPECT_LE(off_shape, tolerance) << "the answer is not on the shape";
  EXPECT_LE(length(to_long(r.point) - reference_point), tolerance) << "not the closest point";
  LD closest_sample = std::numeric_limits<LD>::infinity();
  for (const auto& s : samples) closest_sample = std::min(closest_sample, length(p - s));
  EXPECT_GE(closest_sample, static_cast<LD>(r.distance) - tolerance) << "a sample of the shape is closer";
  return !::testing::Test::HasFailure();
}

// ---------------------------------------------------------------- line, ray, segment

enum class Linear { Line, Ray, Segment };

template <typename T>
void run_linear(Linear kind, const char* name) {
  Table<T> table(label<T>(name));
  const LD inf = std::numeric_limits<LD>::infinity();
  const LD lo = kind == Linear::Line ? -inf : 0, hi = kind == Linear::Segment ? 1 : inf;
  for (Family family : kAllFamilies) {
    Rng rng(seed<T>(static_cast<int>(kind), family));
    for (int i = 0; i < cases_per_family<T>(); ++i) {
      const Placement at = placement_for(family, rng);
      const geo::Segment<double> s = random_segment(family, rng, at);
      const geo::Vec3<T> a = cast<T>(s.a), b = cast<T>(s.b), p = cast<T>(random_query(rng, at, (s.a + s.b) * 0.5));
      const geo::Vec3<T> direction = cast<T>(s.b - s.a);
      geo::LinearClosestPoint<T> r;
      if (kind == Linear::Line) r = geo::closest_point(geo::Line<T>{a, direction}, p);
      if (kind == Linear::Ray) r = geo::closest_point(geo::Ray<T>{a, direction}, p);
      if (kind == Linear::Segment) r = geo::closest_point(geo::Segment<T>{a, b}, p);

      const LVec3 la = to_long(a), lp = to_long(p);
      const LVec3 ld = kind == Linear::Segment ? to_long(b) - la : to_long(direction);
      const LD reference = reference_linear_distance(la, ld, lp, lo, hi);
      const double scale = problem_scale(V3(a), V3(b), V3(p));
      table.record(family, relative_error(r.distance, reference, scale));

      const LVec3 point = to_long(r.point);
      const LD off_line = reference_linear_distance(la, ld, point, lo, hi);
      const LD tolerance = slack<T>(family, scale, std::max({max_abs(la), max_abs(la + ld), max_abs(lp)}));
      const LVec3 reference_point = la + reference_linear_offset(la, ld, lp, lo, hi);
      if (!check_definition<T>(r, lp, reference_point, off_line, sample_linear(la, ld, r.t, lo, hi, rng), tolerance)) {
        ADD_FAILURE() << name << " case " << i << " of " << family_name(family);
        return;
      }
    }
  }
}

TEST(ClosestPointOracle, Line) { run_linear<double>(Linear::Line, "closest_point(line)"); }
TEST(ClosestPointOracle, Ray) { run_linear<double>(Linear::Ray, "closest_point(ray)"); }
TEST(ClosestPointOracle, Segment) { run_linear<double>(Linear::Segment, "closest_point(segment)"); }
TEST(ClosestPointOracleFloat, Line) { run_linear<float>(Linear::Line, "closest_point(line)"); }
TEST(ClosestPointOracleFloat, Ray) { run_linear<float>(Linear::Ray, "closest_point(ray)"); }
TEST(ClosestPointOracleFloat, Segment) { run_linear<float>(Linear::Segment, "closest_point(segment)"); }

// ---------------------------------------------------------------- AABB and OBB

template <typename T, typename Box>
void check_box_case(Table<T>& table, Family family, Rng& rng, const Box& box, const geo::Vec3<T>& p) {
  const auto r = geo::closest_point(box, p);
  const LBox lbox = to_long_box(box);
  const LVec3 lp = to_long(p);
  V3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
  for (int v = 0; v < 8; ++v) {
    const LVec3 corner = box_point(lbox, LVec3((v & 1 ? 1 : -1) * lbox.half.x, (v & 2 ? 1 : -1) * lbox.half.y,
                                               (v & 4 ? 1 : -1) * lbox.half.z));
    lo = glm::min(lo, V3(corner)), hi = glm::max(hi, V3(corner));
  }
  const double scale = problem_scale(lo, hi, V3(p));
  LVec3 reference_point;
  table.record(family, relative_error(r.distance, reference_box_distance(lbox, lp, &reference_point), scale));

  const LD tolerance = slack<T>(family, scale, std::max({max_abs(LVec3(lo)), max_abs(LVec3(hi)), max_abs(lp)}));
  const LVec3 near_local = to_long(r.local_clamped);
  check_definition<T>(r, lp, reference_point, reference_box_distance(lbox, to_long(r.point)), sample_box(lbox, rng, near_local),
                      tolerance);
}

template <typename T>
void run_obb() {
  Table<T> table(label<T>("closest_point(obb)"));
  for (Family family : kAllFamilies) {
    Rng rng(seed<T>(4, family));
    for (int i = 0; i < cases_per_family<T>() && !::testing::Test::HasFailure(); ++i) {
      const Placement at = placement_for(family, rng);
      const geo::Obb<double> box = random_obb(family, rng, at);
      const geo::Obb<T> typed{cast<T>(box.center), {cast<T>(box.axes[0]), cast<T>(box.axes[1]), cast<T>(box.axes[2])},
                              cast<T>(box.half_extents)};
      check_box_case<T>(table, family, rng, typed, cast<T>(random_query(rng, at, box.center)));
    }
  }
}

template <typename T>
void run_aabb() {
  Table<T> table(label<T>("closest_point(aabb)"));
  for (Family family : kAllFamilies) {
    Rng rng(seed<T>(5, family));
    for (int i = 0; i < cases_per_family<T>() && !::testing::Test::HasFailure(); ++i) {
      const Placement at = placement_for(family, rng);
      const geo::Aabb<double> box = random_aabb(family, rng, at);
      const geo::Aabb<T> typed{cast<T>(box.min), cast<T>(box.max)};
      check_box_case<T>(table, family, rng, typed, cast<T>(random_query(rng, at, (box.min + box.max) * 0.5)));
    }
  }
}

TEST(ClosestPointOracle, Obb) { run_obb<double>(); }
TEST(ClosestPointOracle, Aabb) { run_aabb<double>(); }
TEST(ClosestPointOracleFloat, Obb) { run_obb<float>(); }
TEST(ClosestPointOracleFloat, Aabb) { run_aabb<float>(); }

// ---------------------------------------------------------------- sphere

template <typename T>
void run_sphere() {
  Table<T> table(label<T>("closest_point(sphere)"));
  for (Family family : kAllFamilies) {
    Rng rng(seed<T>(6, family));
    for (int i = 0; i < cases_per_family<T>() && !::testing::Test::HasFailure(); ++i) {
      const SphereCase c = random_sphere_case(family, rng, placement_for(family, rng));
      const geo::Sphere<T> sphere{cast<T>(c.sphere.center), static_cast<T>(c.sphere.radius)};
      const geo::Vec3<T> p = cast<T>(c.p);
      const auto r = geo::closest_point(sphere, p);
      const LVec3 center = to_long(sphere.center), lp = to_long(p);
      const LD radius = sphere.radius;
      const LD reference = std::max<LD>(0, length(lp - center) - radius);
      const V3 reach(static_cast<double>(radius));
      const double scale = problem_scale(V3(sphere.center) - reach, V3(sphere.center) + reach, V3(p));
      table.record(family, relative_error(r.distance, reference, scale));

      std::vector<LVec3> samples{center};
      const LVec3 toward = to_long(r.point) - center;
      for (int s = 0; s < 60; ++s) {
        LVec3 direction = to_long(rng.unit());
        if (s % 2 && length(toward) > 0) direction = toward / length(toward) + direction * LD(pow10(rng, -6, 0));
        samples.push_back(center + direction * (radius / length(direction)));
      }
      const LD off_sphere = std::max<LD>(0, length(to_long(r.point) - center) - radius);
      const LD center_distance = length(lp - center);
      const LVec3 reference_point = center_distance <= radius ? lp : center + (lp - center) * (radius / center_distance);
      check_definition<T>(r, lp, reference_point, off_sphere, samples, slack<T>(family, scale, std::max(max_abs(center) + radius, max_abs(lp))));
    }
  }
}

TEST(ClosestPointOracle, Sphere) { run_sphere<double>(); }
TEST(ClosestPointOracleFloat, Sphere) { run_sphere<float>(); }

// ---------------------------------------------------------------- plane

template <typename T>
void run_plane() {
  Table<T> table(label<T>("closest_point(plane)"));
  for (Family family : kAllFamilies) {
    Rng rng(seed<T>(7, family));
    for (int i = 0; i < cases_per_family<T>() && !::testing::Test::HasFailure(); ++i) {
      const PlaneCase c = random_plane_case(family, rng, placement_for(family, rng));
      const geo::Vec3<T> normal = cast<T>(c.normal), anchor = cast<T>(c.anchor), p = cast<T>(c.p);
      const auto made = geo::make_plane_from_normal_point(normal, anchor);
      ASSERT_TRUE(made.ok());
      // make_plane: a unit normal along the given one, and D = N·anchor, to a few roundings.
      const LVec3 exact_normal = to_long(normal) / length(to_long(normal));
      const LD eps = std::numeric_limits<T>::epsilon();
      EXPECT_LE(length(to_long(made.plane.normal) - exact_normal), 4 * eps);
      EXPECT_LE(std::fabs(made.plane.d - glm::dot(to_long(made.plane.normal), to_long(anchor))), 4 * eps * max_abs(to_long(anchor)));

      // The query on the plane as made: N·X = D with the stored N and D.
      const auto r = geo::closest_point(made.plane, p);
      const LVec3 n = to_long(made.plane.normal), lp = to_long(p);
      const LD n_length = length(n);
      const LVec3 unit = n / n_length;
      const LD d = made.plane.d / n_length;
      const LD exact_signed = reference_signed_distance(made.plane.normal, made.plane.d, p) / n_length;
      const LD reference = std::fabs(exact_signed);
      const double scale = problem_scale(V3(anchor), V3(p));
      table.record(family, relative_error(r.distance, reference, scale));
      EXPECT_NEAR(static_cast<double>(r.signed_distance), static_cast<double>(exact_signed),
                  static_cast<double>(bound_for<T>(family) * scale + 4 * eps * max_abs(lp)));

      const LVec3 foot = lp - unit * exact_signed;
      const LVec3 t1 = glm::normalize(glm::cross(unit, std::fabs(unit.x) < 0.6L ? LVec3(1, 0, 0) : LVec3(0, 1, 0)));
      const LVec3 t2 = glm::cross(unit, t1);
      std::vector<LVec3> samples;
      for (int s = 0; s < 60; ++s) {
        const LD spread = scale * pow10(rng, -7, 0.5);
        samples.push_back(foot + (t1 * LD(rng.uniform(-1, 1)) + t2 * LD(rng.uniform(-1, 1))) * spread);
      }
      const LD off_plane = std::fabs(glm::dot(unit, to_long(r.point)) - d);
      check_definition<T>(r, lp, foot, off_plane, samples, slack<T>(family, scale, std::max(max_abs(lp), std::fabs(d))));
    }
  }
}

TEST(ClosestPointOracle, Plane) { run_plane<double>(); }
TEST(ClosestPointOracleFloat, Plane) { run_plane<float>(); }

}  // namespace
