// Oracle tests of the Separating Axis Test: every pair of shape kinds in every pair family,
// against a long-double GJK distance between the two hulls (independent of any axis list).
// A separated answer must be certified by the reference, an overlap must have distance 0,
// and moving B by (depth ± margin)·axis must separate / must not separate them.
#include "collision_lab/polygon.h"
#include "tests/unit/polygon_support.h"
#include "tests/unit/sat_support.h"

#include <gtest/gtest.h>

#include <limits>

namespace {

using namespace sat_oracle;

struct Stats {
  int cases = 0, overlaps = 0, skipped = 0, failures = 0, face_axes_wrong = 0;
  double worst = 0;
};

// Prints one [oracle] line per family and fails when a case failed or the worst relative
// error is over the bound.
class SatTable {
 public:
  SatTable(std::string query, double bound) : query_(std::move(query)), bound_(bound) {}
  Stats& operator[](PairFamily family) { return stats_[family]; }
  ~SatTable() {
    for (const auto& [family, s] : stats_) {
      std::printf("[oracle] %-30s %-16s cases %5d  overlap %5d  skipped %3d  edge-only %4d  failures %d  worst relative error %.3e\n",
                  query_.c_str(), family_name(family), s.cases, s.overlaps, s.skipped, s.face_axes_wrong, s.failures, s.worst);
      EXPECT_EQ(s.failures, 0) << query_ << " on " << family_name(family);
      EXPECT_LE(s.worst, bound_) << query_ << " on " << family_name(family);
    }
  }

 private:
  std::string query_;
  double bound_;
  std::map<PairFamily, Stats> stats_;
};

template <typename T> constexpr double kBand = sizeof(T) == sizeof(double) ? 1e-10 : 1e-4;

// Judges one SAT answer on (a, b) against the reference; returns false on a failure.
template <typename T>
void check_case(const Body<T>& a, const Body<T>& b, double scale, Stats& stats, const char* where) {
  // A pair much smaller than its coordinates (a needle by a point) cannot be placed finer
  // than the coordinates' spacing: the band and the margin never go below a few ulps.
  double magnitude = 0;
  for (const auto* body : {&a, &b}) {
    for (const auto& v : long_vertices(*body)) magnitude = std::max({magnitude, double(std::fabs(v.x)), double(std::fabs(v.y)), double(std::fabs(v.z))});
  }
  const double ulps = 64 * std::numeric_limits<T>::epsilon() * magnitude;
  const double band = std::max(kBand<T> * scale, ulps), margin = std::max(10 * kBand<T> * scale, 10 * ulps);
  const auto sa = shape_of(a), sb = shape_of(b);
  geo::SatTrace<T> trace;  // every axis, by the test of each in order
  const auto sat = geo::sat_overlap(sa, sb, {}, &trace);
  geo::SatOptions early_options;
  early_options.stop_at_separation = true;
  const auto early = geo::sat_overlap(sa, sb, early_options);
  ++stats.cases;
  const auto fail = [&](double error, const char* what) {
    ++stats.failures;
    stats.worst = std::max(stats.worst, error);
    if (stats.failures <= 3) ADD_FAILURE() << where << ": " << what << " (relative " << error << ")";
  };
  if (!sat.ok() || !early.ok()) return fail(1, "error");
  if (early.overlap != sat.overlap || early.first_separating != sat.first_separating) fail(1, "early-out disagrees");
  stats.face_axes_wrong += sat.face_axes_would_be_wrong;
  const Reference ref = reference_distance(a, b);
  if (ref.lower > band) {  // certified apart
    if (sat.overlap) return fail(static_cast<double>(ref.lower) / scale, "SAT overlap, reference separated");
    const double excess = (static_cast<double>(sat.separation) - static_cast<double>(ref.upper)) / scale;
    stats.worst = std::max(stats.worst, excess);  // honest projections keep this at rounding level
    if (excess > kBand<T>) fail(excess, "separation above the distance");
    return;
  }
  if (ref.upper > 1e-15L * scale) { ++stats.skipped; return; }  // within the band of touching
  if (!sat.overlap) {
    if (sat.separation <= band) { ++stats.skipped; return; }
    return fail(static_cast<double>(sat.separation) / scale, "SAT separated, reference overlap");
  }
  ++stats.overlaps;
  // The minimum translation: moving B by depth + margin separates, by depth - margin does not.
  // (Below a depth of one margin, moving back means moving through: flat pairs separate.)
  for (const int side : {1, -1}) {
    if (scale == 0) break;  // both shapes one and the same point: nothing to move by
    if (side < 0 && static_cast<double>(sat.depth) <= margin) continue;
    Body<T> moved = b;
    translate(moved, sat.axis * static_cast<T>(static_cast<double>(sat.depth) + side * margin));
    const auto again = geo::sat_overlap(sa, shape_of(moved), early_options);
    const Reference moved_ref = reference_distance(a, moved);
    if (side > 0 && (again.overlap || moved_ref.lower < 0.5 * margin)) fail(static_cast<double>(moved_ref.lower) / scale, "depth + margin does not separate");
    // (Moving rounds the coordinates: a separation within the band is that rounding.)
    if (side < 0 && ((!again.overlap && again.separation > band) || moved_ref.lower > band)) fail(static_cast<double>(moved_ref.lower) / scale, "depth - margin separates");
  }
}

bool box_like(Kind kind) { return kind == Kind::Polyhedron || kind == Kind::Obb || kind == Kind::Aabb; }

// Two boxes crossed edge to edge (only an edge x edge axis separates them), gap `gap`.
std::pair<Body<double>, Body<double>> crossed_pair(Kind ka, Kind kb, oracle::Rng& rng, double size, double gap) {
  const bool aligned = ka == Kind::Aabb || kb == Kind::Aabb;
  const Frame f = aligned ? identity_frame() : hull_oracle::random_frame(rng);
  const V center = rng.in_cube(10);
  const V ha(size * rng.uniform(0.3, 1), size * rng.uniform(0.3, 1), size * rng.uniform(0.3, 1));
  const double sy = rng.integer(0, 1) ? 1 : -1, sz = rng.integer(0, 1) ? 1 : -1;
  const V p = center + f(V(rng.uniform(-0.5, 0.5) * ha.x, sy * ha.y, sz * ha.z));
  const double phi = rng.uniform(0.2, 1.37);
  const V n = f(V(0, sy * std::cos(phi), sz * std::sin(phi)));
  const V eb = rotate(glm::normalize(glm::cross(n, f.u)), n, rng.uniform(-0.9, 0.9));
  const V q = glm::normalize(glm::cross(eb, n));
  const double alpha = rng.uniform(0.26, 1.31);
  const V m1 = -n * std::cos(alpha) + q * std::sin(alpha), m2 = -n * std::sin(alpha) - q * std::cos(alpha);
  const V hb(size * rng.uniform(0.3, 1), size * rng.uniform(0.3, 1), size * rng.uniform(0.3, 1));
  const V cb = p + n * gap - m1 * hb.x - m2 * hb.y + eb * (rng.uniform(-0.5, 0.5) * hb.z);
  const Frame fb{m1, m2, eb};
  if (kb == Kind::Aabb && ka != Kind::Aabb) return {box_body(ka, fb, cb, hb), box_body(kb, f, center, ha)};
  return {box_body(ka, f, center, ha), box_body(kb, fb, cb, hb)};
}

// A pair of the family; returns the pair's size (the diagonal of all its vertices).
std::pair<Body<double>, Body<double>> random_pair(PairFamily family, Kind ka, Kind kb, oracle::Rng& rng) {
  double size = rng.uniform(0.5, 5);
  const double gap = (rng.integer(0, 1) ? 1 : -1) * std::pow(10.0, rng.uniform(-9, -3));
  if (family == PairFamily::EdgeEdge && box_like(ka) && box_like(kb) && !(ka == Kind::Aabb && kb == Kind::Aabb)) {
    return crossed_pair(ka, kb, rng, size, gap * size);
  }
  V center = rng.in_cube(10);
  if (family == PairFamily::Tiny) { size = 1e-6 * rng.uniform(0.5, 2); center = rng.in_cube(1e-5); }
  const bool keeps_frame = family == PairFamily::ParallelFaces || family == PairFamily::ParallelEdges || family == PairFamily::TinyRotation;
  const Frame fa = keeps_frame && (ka == Kind::Aabb || kb == Kind::Aabb) ? identity_frame() : hull_oracle::random_frame(rng);
  Frame fb = hull_oracle::random_frame(rng);
  if (family == PairFamily::ParallelFaces) fb = fa;
  if (family == PairFamily::ParallelEdges) fb = rotate(fa, fa.u, rng.uniform(0.2, 3));
  if (family == PairFamily::TinyRotation) fb = rotate(fa, rng.unit(), 1e-7 * rng.uniform(0.5, 2));
  const bool aligned = family == PairFamily::ParallelEdges;
  Body<double> a = random_body(ka, rng, fa, center, size, aligned);
  Body<double> b = random_body(kb, rng, fb, center, size * rng.uniform(0.5, 1.5), aligned);
  if (family == PairFamily::HugeOffset) {
    const V offset = rng.unit() * 1e6;
    translate(a, offset);
    translate(b, offset);
  }
  V u = rng.unit();
  const V frame_axes[] = {fa.u, fa.v, fa.w};
  if (family == PairFamily::ParallelFaces || (family == PairFamily::TinyRotation && rng.integer(0, 1))) {
    u = frame_axes[rng.integer(0, 2)] * (rng.integer(0, 1) ? 1.0 : -1.0);
  }
  if (family == PairFamily::ParallelEdges) u = glm::normalize(glm::cross(fa.u, rng.unit()));
  if (family == PairFamily::EdgeEdge) {
    const auto sa = shape_of(a), sb = shape_of(b);
    if (!sa.edge_directions.empty() && !sb.edge_directions.empty()) {
      const V c = glm::cross(sa.edge_directions[rng.integer(0, static_cast<int>(sa.edge_directions.size()) - 1)],
                             sb.edge_directions[rng.integer(0, static_cast<int>(sb.edge_directions.size()) - 1)]);
      if (glm::length(c) > 0) u = glm::normalize(c) * (rng.integer(0, 1) ? 1.0 : -1.0);
    }
  }
  const double touching = touching_translation(a, b, u, 4 * size);
  const double t = family == PairFamily::Random ? touching * rng.uniform(0, 2.5) : touching + gap * size;
  translate(b, centroid(a) - centroid(b) + u * t);
  return {a, b};
}

template <typename T>
void run_pair(Kind ka, Kind kb, int cases_per_family, std::uint64_t seed) {
  const bool is_float = sizeof(T) == sizeof(float);
  SatTable table(std::string(is_float ? "sat<float> " : "sat ") + kind_name(ka) + "-" + kind_name(kb), is_float ? 1e-3 : 1e-9);
  oracle::Rng rng(seed);
  for (PairFamily family : kPairFamilies) {
    if (is_float && family == PairFamily::HugeOffset) continue;  // float spaces points 0.06 apart at 1e6
    for (int n = 0; n < cases_per_family; ++n) {
      const auto [a, b] = random_pair(family, ka, kb, rng);
      const std::string where = std::string(family_name(family)) + " case " + std::to_string(n);
      check_case(convert<T>(a), convert<T>(b), scale_of(a, b), table[family], where.c_str());
    }
  }
}

constexpr int kPerFamily = 1250;  // 8 families: 10,000 cases per shape pair

TEST(SatOracle, PolyhedronPolyhedron) { run_pair<double>(Kind::Polyhedron, Kind::Polyhedron, kPerFamily, 101); }
TEST(SatOracle, ObbObb) { run_pair<double>(Kind::Obb, Kind::Obb, kPerFamily, 102); }
TEST(SatOracle, AabbAabb) { run_pair<double>(Kind::Aabb, Kind::Aabb, kPerFamily, 103); }
TEST(SatOracle, TriangleAabb) { run_pair<double>(Kind::Triangle, Kind::Aabb, kPerFamily, 104); }
TEST(SatOracle, TriangleTriangle) { run_pair<double>(Kind::Triangle, Kind::Triangle, kPerFamily, 105); }
TEST(SatOracle, PolyhedronObb) { run_pair<double>(Kind::Polyhedron, Kind::Obb, kPerFamily, 201); }
TEST(SatOracle, PolyhedronAabb) { run_pair<double>(Kind::Polyhedron, Kind::Aabb, kPerFamily, 202); }
TEST(SatOracle, PolyhedronTriangle) { run_pair<double>(Kind::Polyhedron, Kind::Triangle, kPerFamily, 203); }
TEST(SatOracle, PolyhedronSegment) { run_pair<double>(Kind::Polyhedron, Kind::Segment, kPerFamily, 204); }
TEST(SatOracle, ObbAabb) { run_pair<double>(Kind::Obb, Kind::Aabb, kPerFamily, 205); }
TEST(SatOracle, ObbTriangle) { run_pair<double>(Kind::Obb, Kind::Triangle, kPerFamily, 206); }
TEST(SatOracle, ObbSegment) { run_pair<double>(Kind::Obb, Kind::Segment, kPerFamily, 207); }
TEST(SatOracle, AabbSegment) { run_pair<double>(Kind::Aabb, Kind::Segment, kPerFamily, 208); }
TEST(SatOracle, TriangleSegment) { run_pair<double>(Kind::Triangle, Kind::Segment, kPerFamily, 209); }
TEST(SatOracle, SegmentSegment) { run_pair<double>(Kind::Segment, Kind::Segment, kPerFamily, 210); }

TEST(SatOracle, Float) {
  const Kind kinds[] = {Kind::Polyhedron, Kind::Obb, Kind::Aabb, Kind::Triangle, Kind::Segment};
  std::uint64_t seed = 300;
  for (int i = 0; i < 5; ++i) {
    for (int j = i; j < 5; ++j) run_pair<float>(kinds[i], kinds[j], 60, ++seed);
  }
}

// ---- 2D: polygon vs polygon, against the same GJK reference on the polygons lifted to z = 0.

std::vector<LVec3> lifted(const geo::ConvexPolygon<double>& polygon) {
  std::vector<LVec3> out;
  for (const auto& v : polygon.vertices) out.push_back(LVec3(v.x, v.y, 0));
  return out;
}

geo::ConvexPolygon<double> moved(geo::ConvexPolygon<double> polygon, const geo::Vec2<double>& t) {
  for (auto& v : polygon.vertices) v += t;
  return polygon;
}

geo::Vec2<double> centre_of(const geo::ConvexPolygon<double>& polygon) {
  geo::Vec2<double> sum(0);
  for (const auto& v : polygon.vertices) sum += v;
  return sum / static_cast<double>(polygon.vertices.size());
}

// Families: random (far to deep), nearly touching, parallel edges (B is A turned half a
// turn), tiny rotation (half a turn and 1e-7 rad), huge offset and tiny polygons.
TEST(SatOracle, PolygonPolygon) {
  enum { Random, NearlyTouching, ParallelEdges, TinyRotation, Huge, Small };
  const char* names[] = {"random", "nearly touching", "parallel edges", "tiny rotation", "huge offset 1e6", "tiny 1e-6"};
  oracle::Rng rng(401);
  geo::SatOptions quick;
  quick.stop_at_separation = true;
  for (int family = Random; family <= Small; ++family) {
    Stats stats;
    for (int n = 0; n < 1700; ++n) {
      const oracle::Family shape_family = family == Huge ? oracle::Family::HugeOffset
                                          : family == Small ? oracle::Family::Tiny
                                                            : oracle::kAllFamilies[rng.integer(0, 3)];
      const auto ca = polygon_oracle::random_polygon(shape_family, rng);
      auto a = geo::make_convex_polygon(ca.vertices).polygon;
      geo::ConvexPolygon<double> b;
      if (family == ParallelEdges || family == TinyRotation) {
        const double turn = 3.141592653589793 + (family == TinyRotation ? 1e-7 * rng.uniform(0.5, 2) : 0);
        const auto centre = centre_of(a);
        for (const auto& v : a.vertices) b.vertices.push_back(centre + polygon_oracle::rotate(v - centre, turn));
      } else {
        auto cb = polygon_oracle::random_polygon(shape_family, rng);
        b = geo::make_convex_polygon(cb.vertices).polygon;
      }
      if (a.vertices.empty() || b.vertices.empty()) continue;
      const double angle = rng.uniform(0, 6.283185307179586);
      const geo::Vec2<double> u(std::cos(angle), std::sin(angle));
      b = moved(b, centre_of(a) - centre_of(b));
      double lo = 0, hi = 1e-5;
      while (geo::sat_overlap(a, moved(b, u * hi), quick).overlap) hi *= 2;
      for (int i = 0; i < 64 && hi - lo > 1e-14 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (geo::sat_overlap(a, moved(b, u * mid), quick).overlap ? lo : hi) = mid;
      }
      const double size = ca.size;
      const double t = family == Random ? hi * rng.uniform(0, 2.5)
                                        : hi + (rng.integer(0, 1) ? 1 : -1) * std::pow(10.0, rng.uniform(-9, -3)) * size;
      b = moved(b, u * t);
      // Judge it with the 3D checker on the polygons as flat polyhedra-free bodies: the
      // reference and the depth moves work on the vertex lists directly.
      const auto sat = geo::sat_overlap(a, b);
      ASSERT_TRUE(sat.ok());
      EXPECT_EQ(geo::sat_overlap(a, b, quick).overlap, sat.overlap);
      ++stats.cases;
      auto all = lifted(a);
      for (const auto& v : lifted(b)) all.push_back(v);
      LVec3 lo3 = all[0], hi3 = all[0];
      double magnitude = 0;
      for (const auto& v : all) {
        lo3 = glm::min(lo3, v); hi3 = glm::max(hi3, v);
        magnitude = std::max({magnitude, double(std::fabs(v.x)), double(std::fabs(v.y))});
      }
      const double scale = static_cast<double>(glm::length(hi3 - lo3));
      const double ulps = 64 * std::numeric_limits<double>::epsilon() * magnitude;
      const double band = std::max(1e-10 * scale, ulps), margin = std::max(1e-9 * scale, 10 * ulps);
      const Reference ref = reference_distance(lifted(a), lifted(b));
      const auto fail = [&](double error, const char* what) {
        ++stats.failures;
        stats.worst = std::max(stats.worst, error);
        if (stats.failures <= 3) ADD_FAILURE() << names[family] << " case " << n << ": " << what;
      };
      if (ref.lower > band) {
        if (sat.overlap) fail(double(ref.lower) / scale, "SAT overlap, reference separated");
        else stats.worst = std::max(stats.worst, (double(sat.separation) - double(ref.upper)) / scale);
        continue;
      }
      if (ref.upper > 1e-15L * scale) { ++stats.skipped; continue; }
      if (!sat.overlap) {
        if (sat.separation <= band) ++stats.skipped;
        else fail(double(sat.separation) / scale, "SAT separated, reference overlap");
        continue;
      }
      ++stats.overlaps;
      const geo::Vec2<double> axis(sat.axis.x, sat.axis.y);
      const auto plus = moved(b, axis * (sat.depth + margin));
      if (geo::sat_overlap(a, plus, quick).overlap || reference_distance(lifted(a), lifted(plus)).lower < 0.5 * margin) {
        fail(1, "depth + margin does not separate");
      }
      if (sat.depth > margin) {
        const auto minus = moved(b, axis * (sat.depth - margin));
        const auto again = geo::sat_overlap(a, minus, quick);
        if ((!again.overlap && again.separation > band) || reference_distance(lifted(a), lifted(minus)).lower > band) {
          fail(1, "depth - margin separates");
        }
      }
    }
    std::printf("[oracle] %-30s %-16s cases %5d  overlap %5d  skipped %3d  failures %d  worst relative error %.3e\n",
                "sat polygon-polygon", names[family], stats.cases, stats.overlaps, stats.skipped, stats.failures, stats.worst);
    EXPECT_EQ(stats.failures, 0) << names[family];
    EXPECT_LE(stats.worst, 1e-9) << names[family];
  }
}

}  // namespace
