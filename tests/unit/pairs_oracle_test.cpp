// Oracle tests of the nine linear pairs and of segment-triangle and triangle-triangle,
// against long-double enumerations of every feature pair and against the definition.
#include "collision_lab/triangle_pairs.h"
#include "tests/unit/triangle_reference.h"

#include <gtest/gtest.h>

#include <memory>

namespace {

using oracle::Family;
using reference::L;

// Two segments of the family. Near-degenerate mixes zero-length segments, nearly parallel
// pairs and exactly parallel pairs; sliver pairs a long segment with a nearly parallel one.
std::pair<geo::Segment<double>, geo::Segment<double>> segment_pair(Family family, oracle::Rng& rng) {
  const oracle::Placement at = oracle::placement_for(family, rng);
  if (family == Family::NearDegenerate) {
    switch (rng.integer(0, 3)) {
      case 0: return oracle::nearly_parallel_segments(rng, at);
      case 1: {  // exactly parallel: the same direction, scaled and shifted
        geo::Segment<double> a = oracle::random_segment(Family::WellShaped, rng, at);
        const geo::Vec3<double> shift = rng.in_cube(at.size);
        const double scale = rng.integer(0, 1) ? 2.0 : -0.5;  // powers of two keep it exact
        return {a, {a.a + shift, a.a + shift + (a.b - a.a) * scale}};
      }
      default: break;
    }
  }
  if (family == Family::Sliver && rng.integer(0, 1)) return oracle::nearly_parallel_segments(rng, at);
  geo::Segment<double> a = oracle::random_segment(family, rng, at);
  geo::Segment<double> b = oracle::random_segment(family == Family::Needle ? Family::WellShaped : family, rng, at);
  if (rng.integer(0, 1)) std::swap(a, b);
  return {a, b};
}

template <typename T> geo::Line<T> as_line(const geo::Segment<T>& s) { return {s.a, s.b - s.a}; }
template <typename T> geo::Ray<T> as_ray(const geo::Segment<T>& s) { return {s.a, s.b - s.a}; }
template <typename T> geo::Segment<T> as_segment(const geo::Segment<T>& s) { return s; }

// One linear pair query, both shapes given as segments and converted to their kind.
template <typename T, typename MakeA, typename MakeB>
void check_linear_pair(typename oracle::TableFor<T>::type& table, Family family, oracle::Rng& rng,
                       const geo::Segment<T>& sa, const geo::Segment<T>& sb, MakeA make_a, MakeB make_b) {
  const auto a = make_a(sa);
  const auto b = make_b(sb);
  const geo::LinearPairResult<T> result = geo::closest_points(a, b);
  ASSERT_TRUE(result.ok());
  const reference::Linear la = reference::linear(a), lb = reference::linear(b);
  const L expected = reference::linear_pair(la, lb);
  const double scale = oracle::problem_scale(geo::Vec3<double>(sa.a), geo::Vec3<double>(sa.b), geo::Vec3<double>(sb.a),
                                             geo::Vec3<double>(sb.b));
  table.record(family, oracle::relative_error(result.distance, expected, scale));

  // Nearly parallel lines meet far away: the points there are only known to ulp(|point|).
  const double magnitude = glm::length(geo::Vec3<double>(sa.a)) + scale + glm::length(geo::Vec3<double>(result.a_point)) +
                           glm::length(geo::Vec3<double>(result.b_point));
  const double slack = oracle::definition_slack<T>(family, scale, magnitude);
  const oracle::LVec3 pa = oracle::to_long(result.a_point), pb = oracle::to_long(result.b_point);
  ASSERT_LE(static_cast<double>(reference::distance_to(la, pa)), slack) << "a_point off the first shape";
  ASSERT_LE(static_cast<double>(reference::distance_to(lb, pb)), slack) << "b_point off the second shape";
  ASSERT_NEAR(static_cast<double>(reference::distance(pa, pb)), result.distance, slack);
  ASSERT_TRUE(result.s >= la.lo && result.s <= la.hi && result.t >= lb.lo && result.t <= lb.hi) << "parameter out of range";
  for (const auto& sample : reference::samples(la, result.s, rng, 40)) {
    ASSERT_GE(static_cast<double>(reference::distance_to(lb, sample)), result.distance - slack) << "closer pair exists";
  }
  for (const auto& sample : reference::samples(lb, result.t, rng, 40)) {
    ASSERT_GE(static_cast<double>(reference::distance_to(la, sample)), result.distance - slack) << "closer pair exists";
  }
}

template <typename T>
void run_linear_pairs_oracle(int cases_per_family) {
  using Table = typename oracle::TableFor<T>::type;
  const char* names[9] = {"line-line", "line-ray", "line-segment", "ray-line", "ray-ray",
                          "ray-segment", "segment-line", "segment-ray", "segment-segment"};
  std::vector<std::unique_ptr<Table>> tables;
  for (const char* name : names) tables.push_back(std::make_unique<Table>(name));
  oracle::Rng rng(424242);
  auto line = [](const geo::Segment<T>& s) { return as_line(s); };
  auto ray = [](const geo::Segment<T>& s) { return as_ray(s); };
  auto segment = [](const geo::Segment<T>& s) { return as_segment(s); };
  for (Family family : oracle::kAllFamilies) {
    for (int i = 0; i < cases_per_family; ++i) {
      const auto [da, db] = segment_pair(family, rng);
      const geo::Segment<T> sa = oracle::cast<T>(da), sb = oracle::cast<T>(db);
      check_linear_pair<T>(*tables[0], family, rng, sa, sb, line, line);
      check_linear_pair<T>(*tables[1], family, rng, sa, sb, line, ray);
      check_linear_pair<T>(*tables[2], family, rng, sa, sb, line, segment);
      check_linear_pair<T>(*tables[3], family, rng, sa, sb, ray, line);
      check_linear_pair<T>(*tables[4], family, rng, sa, sb, ray, ray);
      check_linear_pair<T>(*tables[5], family, rng, sa, sb, ray, segment);
      check_linear_pair<T>(*tables[6], family, rng, sa, sb, segment, line);
      check_linear_pair<T>(*tables[7], family, rng, sa, sb, segment, ray);
      check_linear_pair<T>(*tables[8], family, rng, sa, sb, segment, segment);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(PairsOracle, LinearPairsDouble) { run_linear_pairs_oracle<double>(oracle::kCasesPerFamily); }
TEST(PairsOracle, LinearPairsFloat) { run_linear_pairs_oracle<float>(500); }

// A segment and a triangle (or two triangles) of the family near each other: about half
// of them intersect. Near-degenerate also puts half of the pairs in one plane.
struct TrianglePairCase {
  geo::Segment<double> segment;
  geo::Triangle<double> first, second;
};
TrianglePairCase triangle_pair_case(Family family, oracle::Rng& rng) {
  oracle::Placement at = oracle::placement_for(family, rng);
  if (family == Family::Sliver && rng.integer(0, 1)) at.offset *= std::pow(10.0, rng.uniform(2, 4));
  const bool flat = family == Family::NearDegenerate && rng.integer(0, 1);
  TrianglePairCase c;
  c.first = oracle::random_triangle(family, rng, at, flat);
  c.second = oracle::random_triangle(family == Family::NearDegenerate && rng.integer(0, 1) ? Family::WellShaped : family,
                                     rng, at, flat);
  c.segment = oracle::random_segment(family, rng, at);
  const geo::Vec3<double> shift = rng.integer(0, 1) ? rng.in_cube(at.size * 1.5) : geo::Vec3<double>(0);
  c.second.a += shift; c.second.b += shift; c.second.c += shift;
  c.segment.a += shift; c.segment.b += shift;
  if (flat) { c.segment.a.z = c.segment.b.z = c.second.a.z = c.second.b.z = c.second.c.z = 0; }
  if (!flat && rng.integer(0, 2) == 0) {
    // Through a point of the first triangle: the segment, and an edge of the second.
    double u = rng.uniform(0, 1), v = rng.uniform(0, 1);
    if (u + v > 1) { u = 1 - u; v = 1 - v; }
    const geo::Vec3<double> x = c.first.a + u * (c.first.b - c.first.a) + v * (c.first.c - c.first.a);
    const geo::Vec3<double> d = rng.unit() * at.size, e = rng.unit() * at.size;
    c.segment = {x - d * rng.uniform(0.1, 1), x + d * rng.uniform(0.1, 1)};
    c.second.a = x - e * rng.uniform(0.1, 1);
    c.second.b = x + e * rng.uniform(0.1, 1);
  }
  return c;
}

// Shared checks of a pair answer: each point on its shape, the distance between them,
// and no sampled point of either shape closer to the other shape.
template <typename T, typename DistanceToA, typename DistanceToB>
void check_pair_definition(const geo::TrianglePairResult<T>& result, double slack, const std::vector<oracle::LVec3>& samples_a,
                           const std::vector<oracle::LVec3>& samples_b, DistanceToA to_a, DistanceToB to_b) {
  const oracle::LVec3 pa = oracle::to_long(result.a_point), pb = oracle::to_long(result.b_point);
  ASSERT_LE(static_cast<double>(to_a(pa)), slack) << "a_point off the first shape";
  ASSERT_LE(static_cast<double>(to_b(pb)), slack) << "b_point off the second shape";
  ASSERT_NEAR(static_cast<double>(reference::distance(pa, pb)), result.distance, slack);
  ASSERT_EQ(result.intersecting, result.distance == T(0));
  for (const auto& x : samples_a) ASSERT_GE(static_cast<double>(to_b(x)), result.distance - slack) << "closer pair exists";
  for (const auto& y : samples_b) ASSERT_GE(static_cast<double>(to_a(y)), result.distance - slack) << "closer pair exists";
}

template <typename T>
void run_triangle_pairs_oracle(int cases_per_family) {
  typename oracle::TableFor<T>::type segment_table("segment-triangle"), swapped_table("triangle-segment"),
      triangle_table("triangle-triangle");
  oracle::Rng rng(99);
  int intersecting = 0, separated = 0;  // both kinds must be well represented
  for (Family family : oracle::kAllFamilies) {
    for (int i = 0; i < cases_per_family; ++i) {
      const TrianglePairCase c = triangle_pair_case(family, rng);
      const geo::Segment<T> s = oracle::cast<T>(c.segment);
      const geo::Triangle<T> t1 = oracle::cast<T>(c.first), t2 = oracle::cast<T>(c.second);
      const reference::Linear ls = reference::linear(s);
      const reference::LTriangle lt1 = reference::to_long(t1), lt2 = reference::to_long(t2);
      auto to_segment = [&](const oracle::LVec3& p) { return reference::distance_to(ls, p); };
      auto to_t1 = [&](const oracle::LVec3& p) { return reference::point_triangle(lt1, p); };
      auto to_t2 = [&](const oracle::LVec3& p) { return reference::point_triangle(lt2, p); };
      const auto v = [](const auto& p) { return geo::Vec3<double>(p); };
      const double magnitude = glm::length(v(t1.a)) + glm::length(v(t2.a - t1.a));

      {  // segment against the second triangle, both ways round
        const double scale = oracle::problem_scale(v(s.a), v(s.b), v(t2.a), v(t2.b), v(t2.c));
        const double slack = oracle::definition_slack<T>(family, scale, magnitude);
        const L expected = reference::segment_triangle(ls, lt2);
        const geo::TrianglePairResult<T> result = geo::closest_points(s, t2);
        ASSERT_TRUE(result.ok());
        segment_table.record(family, oracle::relative_error(result.distance, expected, scale));
        (result.intersecting ? intersecting : separated)++;
        std::vector<oracle::LVec3> on_segment = reference::samples(ls, 0.5L, rng, 30);
        std::vector<oracle::LVec3> on_triangle = reference::samples(lt2, rng, 40);
        check_pair_definition(result, slack, on_segment, on_triangle, to_segment, to_t2);
        const geo::TrianglePairResult<T> swapped = geo::closest_points(t2, s);
        swapped_table.record(family, oracle::relative_error(swapped.distance, expected, scale));
        check_pair_definition(swapped, slack, on_triangle, on_segment, to_t2, to_segment);
      }
      {  // two triangles
        const double scale = oracle::problem_scale(v(t1.a), v(t1.b), v(t1.c), v(t2.a), v(t2.b), v(t2.c));
        const double slack = oracle::definition_slack<T>(family, scale, magnitude);
        const L expected = reference::triangle_triangle(lt1, lt2);
        const geo::TrianglePairResult<T> result = geo::closest_points(t1, t2);
        ASSERT_TRUE(result.ok());
        triangle_table.record(family, oracle::relative_error(result.distance, expected, scale));
        (result.intersecting ? intersecting : separated)++;
        check_pair_definition(result, slack, reference::samples(lt1, rng, 40), reference::samples(lt2, rng, 40), to_t1, to_t2);
      }
    }
  }
  std::printf("[oracle] triangle pairs: %d intersecting, %d separated\n", intersecting, separated);
  EXPECT_GT(intersecting, 2 * cases_per_family);
  EXPECT_GT(separated, 2 * cases_per_family);
}

TEST(PairsOracle, TrianglePairsDouble) { run_triangle_pairs_oracle<double>(oracle::kCasesPerFamily); }
TEST(PairsOracle, TrianglePairsFloat) { run_triangle_pairs_oracle<float>(500); }

}  // namespace
