#include "named_cases.h"

#include "collision_lab/hull.h"

#include <glm/gtc/quaternion.hpp>

#include <random>
#include <utility>

namespace bench {
namespace {

// One generator per case set, each with its own fixed seed, so that adding a set leaves
// the others' cases as they were.
class CaseRandom {
 public:
  explicit CaseRandom(unsigned seed) : engine_(seed) {}

  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine_); }
  V3 point() { return {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)}; }
  geo::Segment<double> segment() { return {point(), point()}; }
  geo::Triangle<double> triangle() { return {point(), point(), point()}; }

  // A normalized 4D Gaussian is a uniformly distributed unit quaternion, hence rotation.
  geo::Obb<double> obb() {
    std::normal_distribution<double> normal;
    const glm::dquat turn = glm::normalize(glm::dquat(normal(engine_), normal(engine_), normal(engine_), normal(engine_)));
    const glm::dmat3 frame = glm::mat3_cast(turn);
    geo::Obb<double> box;
    box.center = point();
    box.axes = {frame[0], frame[1], frame[2]};
    box.half_extents = {uniform(0.1, 1), uniform(0.1, 1), uniform(0.1, 1)};
    return box;
  }

  geo::ConvexPolyhedron<double> hull() {
    std::normal_distribution<double> normal;
    const V3 centre = point();
    for (;;) {  // 32 points on a sphere are in general position but for a vanishing chance
      std::vector<V3> points(32);
      for (auto& p : points) p = centre + 0.5 * glm::normalize(V3(normal(engine_), normal(engine_), normal(engine_)));
      auto build = geo::make_convex_hull(points);
      if (build.ok()) return std::move(build.hull);
    }
  }

 private:
  std::mt19937_64 engine_;
};

V3 point(CaseRandom& r) { return r.point(); }
geo::Segment<double> segment(CaseRandom& r) { return r.segment(); }
geo::Triangle<double> triangle(CaseRandom& r) { return r.triangle(); }
geo::Obb<double> obb(CaseRandom& r) { return r.obb(); }
geo::ConvexPolyhedron<double> hull(CaseRandom& r) { return r.hull(); }

// The pairs (make_a(), make_b()) from the seed, made on first use.
template <unsigned Seed, auto make_a, auto make_b>
const auto& cases() {
  using A = decltype(make_a(std::declval<CaseRandom&>()));
  using B = decltype(make_b(std::declval<CaseRandom&>()));
  static const PairCases<A, B> made = [] {
    CaseRandom random(Seed);
    PairCases<A, B> out;
    out.a.reserve(kCaseCount);
    out.b.reserve(kCaseCount);
    for (std::size_t i = 0; i < kCaseCount; ++i) {
      out.a.push_back(make_a(random));
      out.b.push_back(make_b(random));
    }
    return out;
  }();
  return made;
}

}  // namespace

const PairCases<V3, geo::Segment<double>>& point_segment_cases() { return cases<101, point, segment>(); }
const PairCases<V3, geo::Triangle<double>>& point_triangle_cases() { return cases<102, point, triangle>(); }
const PairCases<V3, geo::Obb<double>>& point_obb_cases() { return cases<103, point, obb>(); }
const PairCases<geo::Segment<double>, geo::Segment<double>>& segment_segment_cases() { return cases<104, segment, segment>(); }
const PairCases<geo::Segment<double>, geo::Triangle<double>>& segment_triangle_cases() { return cases<105, segment, triangle>(); }
const PairCases<geo::Triangle<double>, geo::Triangle<double>>& triangle_triangle_cases() { return cases<106, triangle, triangle>(); }
const PairCases<geo::Obb<double>, geo::Obb<double>>& obb_obb_cases() { return cases<107, obb, obb>(); }
const PairCases<geo::ConvexPolyhedron<double>, geo::ConvexPolyhedron<double>>& hull_hull_cases() {
  return cases<108, hull, hull>();
}

const geo::Segment<double>& batch_segment() { return point_segment_cases().b.front(); }
const geo::Triangle<double>& batch_triangle() { return point_triangle_cases().b.front(); }

}  // namespace bench
