// make_convex_hull against Qhull on every hull family at every scale. Both answers are
// right within a tolerance, so they may keep different points that lie within it of the
// hull; they disagree when:
//   - our hull leaves an input point outside by more than the tolerance;
//   - we keep a vertex that lies inside Qhull's hull by more than it (a dent);
//   - we drop a Qhull vertex that is not within it of our hull's surface;
//   - we refuse a cloud that Qhull builds and that is more than a few tolerances thick.
#include "collision_lab/hull.h"
#include "tests/unit/hull_check.h"
#include "tests/unit/qhull_clouds.h"
#include "tests/unit/qhull_reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <sstream>
#include <tuple>

namespace {

using qhull_clouds::Kind;
using V = geo::Vec3<double>;
using LVec3 = oracle::LVec3;

// make_convex_hull's own tolerance for this cloud (hull.cpp).
double tolerance_of(const std::vector<V>& points) {
  V lo = points[0], hi = points[0];
  for (const auto& p : points) { lo = glm::min(lo, p); hi = glm::max(hi, p); }
  const double magnitude = std::max({std::abs(lo.x), std::abs(lo.y), std::abs(lo.z), std::abs(hi.x), std::abs(hi.y),
                                     std::abs(hi.z)});
  return 64 * std::numeric_limits<double>::epsilon() * (glm::length(hi - lo) + magnitude);
}

// How far p is above the highest of our face planes (positive: outside).
long double above_ours(const geo::ConvexPolyhedron<double>& hull, const V& p) {
  long double highest = -INFINITY;
  for (const auto& plane : hull.face_planes) {
    highest = std::max(highest, glm::dot(oracle::to_long(plane.normal), oracle::to_long(p)) - plane.d);
  }
  return highest;
}

long double above_qhull(const qhull_reference::Hull& hull, const V& p) {
  long double highest = -INFINITY;
  for (const auto& facet : hull.facets) {
    highest = std::max(highest, glm::dot(oracle::to_long(facet.normal), oracle::to_long(p)) + facet.offset);
  }
  return highest;
}

// How thick Qhull's hull is: its least width along a facet's normal.
long double qhull_thickness(const qhull_reference::Hull& hull, const std::vector<V>& input) {
  long double thinnest = INFINITY;
  for (const auto& facet : hull.facets) {
    long double deepest = 0;
    for (const auto& p : input) {
      deepest = std::max(deepest, -(glm::dot(oracle::to_long(facet.normal), oracle::to_long(p)) + facet.offset));
    }
    thinnest = std::min(thinnest, deepest);
  }
  return thinnest;
}

// Empty when the two hulls agree, else what differs.
std::string disagreement(const std::vector<V>& input) {
  const auto ours = geo::make_convex_hull(input);
  const auto theirs = qhull_reference::hull_of(input);
  // Our hull lets a point lie a few tolerances above it where the tolerances of several
  // steps add up (near-duplicates a million across: five); Qhull's facets let one lie
  // its max_outside above them.
  const long double slack = 8.0L * tolerance_of(input) + theirs.outside;
  std::ostringstream out;
  out.precision(3);
  if (!ours.ok()) {
    if (theirs.ok && qhull_thickness(theirs, input) > 16 * slack) {
      out << "we refuse (" << ours.message << ") a hull Qhull builds with " << theirs.vertices.size()
          << " vertices, " << static_cast<double>(qhull_thickness(theirs, input) / slack) << " slacks thick";
    }
    return out.str();
  }
  if (const std::string problem = hull_check::hull_problem(ours.hull, input); !problem.empty()) return problem;
  for (std::size_t i = 0; i < input.size(); ++i) {
    const long double above = above_ours(ours.hull, input[i]);
    if (above > slack) {
      out << "input point " << i << " is " << static_cast<double>(above / slack) << " slacks outside our hull";
      return out.str();
    }
  }
  if (!theirs.ok) return "";  // flat for Qhull, thin for us: ours holds every point, which is all we can check
  for (const auto& vertex : ours.hull.vertices) {
    const long double above = above_qhull(theirs, vertex);
    if (above < -slack) {
      out << "our vertex (" << vertex.x << ", " << vertex.y << ", " << vertex.z << ") is "
          << static_cast<double>(-above / slack) << " slacks inside Qhull's hull";
      return out.str();
    }
  }
  for (int index : theirs.vertices) {
    const V& p = input[static_cast<std::size_t>(index)];
    if (std::find(ours.hull.vertices.begin(), ours.hull.vertices.end(), p) != ours.hull.vertices.end()) continue;
    const long double above = above_ours(ours.hull, p);
    if (above < -slack) {
      out << "Qhull's vertex " << index << " is " << static_cast<double>(-above / slack) << " slacks inside our hull";
      return out.str();
    }
  }
  return "";
}

std::string described(const std::vector<V>& input) {
  std::ostringstream out;
  out.precision(17);
  for (const auto& p : input) out << "\n  " << p.x << " " << p.y << " " << p.z;
  return out.str();
}

TEST(HullQhull, AgreeOnEveryFamilyAtEveryScale) {
  for (const Kind kind : qhull_clouds::kAllKinds) {
    oracle::Rng rng(0x9b11 + static_cast<std::uint64_t>(kind));
    int refused = 0;
    for (int n = 0; n < 150; ++n) {
      const auto input = qhull_clouds::random_cloud(kind, rng);
      const std::string problem = disagreement(input);
      ASSERT_EQ(problem, "") << qhull_clouds::kind_name(kind) << " case " << n << ", " << input.size()
                             << " points:" << described(input);
      if (!geo::make_convex_hull(input).ok()) ++refused;
    }
    std::printf("[qhull] %s: 150 clouds agree (%d too flat for us, and thin for Qhull)\n", qhull_clouds::kind_name(kind), refused);
  }
}

// A family's cloud with 5,000 points added deep inside (random mixes of its points, drawn
// halfway to its centroid): large enough for make_convex_hull to filter the cloud first
// (hull.cpp, candidates). Qhull must agree, and the hull must be the one of the cloud
// without them, vertex for vertex.
std::vector<V> filled(const std::vector<V>& cloud, oracle::Rng& rng) {
  V centroid(0);
  for (const auto& p : cloud) centroid += p / double(cloud.size());
  std::vector<V> points = cloud;
  for (int i = 0; i < 5000; ++i) {
    V mix(0);
    double total = 0;
    for (int k = 0; k < 4; ++k) {
      const double weight = rng.uniform(0, 1);
      mix += weight * cloud[static_cast<std::size_t>(rng.integer(0, int(cloud.size()) - 1))];
      total += weight;
    }
    points.insert(points.begin() + rng.integer(0, int(points.size())), centroid + 0.5 * (mix / total - centroid));
  }
  return points;
}

TEST(HullQhull, LargeCloudsAreFilteredWithoutChangingTheHull) {
  for (const Kind kind : qhull_clouds::kAllKinds) {
    oracle::Rng rng(0x5eed + static_cast<std::uint64_t>(kind));
    for (int n = 0; n < 6; ++n) {
      const auto cloud = qhull_clouds::random_cloud(kind, rng);
      const auto input = filled(cloud, rng);
      ASSERT_EQ(disagreement(input), "") << qhull_clouds::kind_name(kind) << " case " << n << ":" << described(cloud);
      const auto small = geo::make_convex_hull(cloud), large = geo::make_convex_hull(input);
      ASSERT_EQ(small.ok(), large.ok()) << qhull_clouds::kind_name(kind) << " case " << n << ": " << large.message;
      if (!small.ok()) continue;
      auto a = small.hull.vertices, b = large.hull.vertices;
      const auto before = [](const V& p, const V& q) { return std::tie(p.x, p.y, p.z) < std::tie(q.x, q.y, q.z); };
      std::sort(a.begin(), a.end(), before);
      std::sort(b.begin(), b.end(), before);
      EXPECT_EQ(a, b) << qhull_clouds::kind_name(kind) << " case " << n << ":" << described(cloud);
      EXPECT_EQ(small.hull.faces.size(), large.hull.faces.size()) << qhull_clouds::kind_name(kind) << " case " << n;
    }
  }
}

// A cloud a survey found (index-th of its family's seed): 0x77000 + seed * 131 + kind.
struct Found {
  Kind kind;
  int seed, index;
  const char* what;
};

void expect_agreement(const Found& f) {
  oracle::Rng rng(0x77000 + static_cast<std::uint64_t>(f.seed) * 131 + static_cast<std::uint64_t>(f.kind));
  std::vector<V> input;
  for (int n = 0; n <= f.index; ++n) input = qhull_clouds::random_cloud(f.kind, rng);
  EXPECT_EQ(disagreement(input), "") << qhull_clouds::kind_name(f.kind) << " " << f.seed << "/" << f.index
                                     << ", once " << f.what << ":" << described(input);
}

// Clouds of a survey (300,000 clouds, these seeds) where rounding among near-duplicates
// folded a face, turned one inwards, left a point above a face or refused the cloud; the
// build with a wider tolerance is sound (hull.cpp, make_convex_hull).
TEST(HullQhull, UnsoundBuildsAreBuiltAgainWiderAndAgree) {
  const Found found[] = {{Kind::JitteredBox, 3, 3961, "a concave edge"},
                         {Kind::JitteredBox, 3, 23336, "a face turned inwards"},
                         {Kind::Clusters, 4, 199, "a point above a face"},
                         {Kind::Clusters, 4, 21433, "a concave edge"},
                         {Kind::JitteredBox, 4, 13855, "refused: a merged face not a disc"}};
  for (const Found& f : found) expect_agreement(f);
}

// Clouds of a survey (240,000 clouds, these seeds) where a point listed within the
// tolerance above one face was left 1.3 to 9 slacks above a neighbour's replacement, at
// every tolerance: near points are given again to the faces grown (hull_conflicts.cpp).
TEST(HullQhull, NearPointsAreGivenAgainToTheFacesGrownBesideThem) {
  const Found found[] = {{Kind::Sliver, 3, 2317, "9.2 slacks outside"},
                         {Kind::Sliver, 3, 25730, "1.3 slacks outside"},
                         {Kind::Sliver, 4, 13311, "2.9 slacks outside"},
                         {Kind::Clusters, 3, 9062, "2.5 slacks outside"},
                         {Kind::JitteredBox, 4, 22538, "5.2 slacks outside"}};
  for (const Found& f : found) expect_agreement(f);
}

// A cloud of a survey whose vertex left the hull with the faces around it, seen from an
// eye only within the tolerance of some of them, 2.2 slacks outside the faces that
// replaced them: such vertices are tested against those faces (hull_conflicts.cpp).
TEST(HullQhull, VerticesLeftByReplacedFacesAreTestedAgainstTheirReplacements) {
  expect_agreement({Kind::Clusters, 8, 198, "2.2 slacks outside"});
}

// A cloud of a survey whose hull, in the spatial order, got a needle of near-duplicates
// for a face with far points 5.8e10 tolerances above it, at every tolerance up to 4,096
// times; built again in the reverse order it is sound (hull.cpp, make_convex_hull).
TEST(HullQhull, AnOrderThatTiltsANeedleOverFarPointsIsBuiltAgainReversed) {
  expect_agreement({Kind::JitteredBox, 1, 9880, "a concave edge"});
}

// Clouds that once disagreed: a face folded over its coplanar neighbour when a point
// barely above one of seven coplanar points' triangles was added, leaving a point 0.97
// outside; and near-duplicates a million across, leaving one 4.9e5 outside.
TEST(HullQhull, CoplanarPointsDoNotFoldAFace) {
  const std::vector<V> seven_coplanar{
      {0.16920415562660518, -0.98973194889915539, 0.31511817503326767},
      {0.87487194357637754, -0.59196909232411798, -0.24009127238234793},
      {0.030840978502239824, -0.55388412706078793, 0.53971539896736853},
      {0.14300203915331849, -1.0539367981986099, 0.20552319868854313},
      {-0.87487194357638032, 0.59196909232412431, 0.24009127238234435},
      {-1.0039507609297984, 0.2812238321235469, -0.29405470387761845},
      {-0.14300203915331106, 1.0539367981986145, -0.2055231986885436},
      {0.27208085650673425, -0.74319153799802851, 0.73966917494849427},
      {-0.15621955605464227, -0.27029361987110978, 0.52648800193262002}};
  EXPECT_EQ(disagreement(seven_coplanar), "");
  const std::vector<V> near_duplicates{
      {231066.07050454844, 672199.16878093628, 181508.84975908272},
      {231066.07050477416, 672199.16878094245, 181508.84975875783},
      {231066.07050408135, 672199.16878072079, 181508.84975945242},
      {-430868.77724231005, 392874.81792909972, -828802.94726965926},
      {705963.99005835759, 472425.65568103309, 602929.66101803421},
      {231066.07050430134, 672199.1687808109, 181508.8497586216},
      {-791990.64585485763, -43709.174899446247, -752533.63184419926},
      {158993.47603513408, 18990.423704304972, -932423.20240270253},
      {-430868.7772421352, 392874.81792918465, -828802.94726918021}};
  EXPECT_EQ(disagreement(near_duplicates), "");
}

}  // namespace
