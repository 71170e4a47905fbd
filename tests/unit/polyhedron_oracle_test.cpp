// Oracle tests of closest_point and contains on a convex polyhedron: against a long-double
// enumeration of every face, edge and vertex, and against the definition (the point is
// on the hull, and no sample of the hull is closer).
#include "collision_lab/hull.h"
#include "collision_lab/polyhedron.h"
#include "tests/unit/hull_support.h"
#include "tests/unit/polygon_support.h"

#include <gtest/gtest.h>

namespace {

using hull_oracle::LPlane;
using hull_oracle::V;
using oracle::Family;
using oracle::LVec3;

// A point on the hull's boundary: a vertex, a point on an edge, or a point in a face.
template <typename T>
LVec3 boundary_sample(const geo::ConvexPolyhedron<T>& hull, oracle::Rng& rng, int s) {
  if (s < static_cast<int>(hull.vertices.size())) return oracle::to_long(hull.vertices[s]);
  if (s % 2 == 0) {
    const auto& edge = hull.edges[rng.integer(0, static_cast<int>(hull.edges.size()) - 1)];
    const long double t = rng.uniform(0, 1);
    return oracle::to_long(hull.vertices[edge[0]]) * (1 - t) + oracle::to_long(hull.vertices[edge[1]]) * t;
  }
  const auto& face = hull.faces[rng.integer(0, static_cast<int>(hull.faces.size()) - 1)];
  const int k = rng.integer(1, static_cast<int>(face.size()) - 2);  // a fan triangle of the face
  long double u = rng.uniform(0, 1), w = rng.uniform(0, 1);
  if (u + w > 1) { u = 1 - u; w = 1 - w; }
  const LVec3 a = oracle::to_long(hull.vertices[face[0]]), b = oracle::to_long(hull.vertices[face[k]]),
              c = oracle::to_long(hull.vertices[face[k + 1]]);
  return a + (b - a) * u + (c - a) * w;
}

template <typename T, typename Table>
void run_oracle(Table& distance_table, Table& contains_table, int cases, double tolerance_scale, std::uint64_t seed) {
  oracle::Rng rng(seed);
  const bool is_float = sizeof(T) == sizeof(float);
  for (Family family : oracle::kAllFamilies) {
    if (is_float && family == Family::HugeOffset) continue;  // float spaces points 0.06 apart at 1e6
    const double tolerance = tolerance_scale * oracle::tolerance_for(family);
    for (int n = 0; n < cases; ++n) {
      const auto cloud = hull_oracle::random_cloud(family, rng);
      std::vector<geo::Vec3<T>> input;
      for (const auto& p : cloud.points) input.push_back(geo::Vec3<T>(p));
      const auto build = geo::make_convex_hull(input);
      if (is_float && !build.ok()) continue;  // flat in float: see the hull oracle
      ASSERT_TRUE(build.ok()) << oracle::family_name(family) << " case " << n << ": " << build.message;
      const auto& hull = build.hull;
      std::vector<LPlane> planes;
      for (std::size_t f = 0; f < hull.faces.size(); ++f) planes.push_back(hull_oracle::reference_plane(hull, f));

      V centre(0);
      for (const auto& v : hull.vertices) centre += V(v);
      centre /= static_cast<double>(hull.vertices.size());
      const geo::Vec3<T> query(oracle::random_query(rng, cloud.at, centre));
      std::vector<geo::Vec3<T>> all = hull.vertices;
      all.push_back(query);
      const double scale = hull_oracle::scale_of(all);
      const LVec3 lq = oracle::to_long(query);

      // (a) against the long-double enumeration of every feature.
      geo::PolyhedronTrace<T> trace;
      const auto result = geo::closest_point(hull, query, &trace);
      ASSERT_TRUE(result.ok());
      const long double reference = hull_oracle::reference_distance(hull, planes, lq);
      distance_table.record(family, oracle::relative_error(result.distance, reference, scale));
      ASSERT_EQ(trace.face_distances.size(), hull.faces.size());

      // (b) the definition: the point lies on the hull, and no sample of it is closer.
      ASSERT_LE(hull_oracle::reference_distance(hull, planes, oracle::to_long(result.point)), tolerance * scale)
          << oracle::family_name(family) << " case " << n;
      if (result.feature.kind == geo::Feature::Inside) {
        ASSERT_EQ(result.point, query);
      }
      for (int s = 0; s < 60; ++s) {
        ASSERT_GE(glm::length(boundary_sample(hull, rng, s) - lq), result.distance - tolerance * scale)
            << oracle::family_name(family) << " case " << n << " sample " << s;
      }

      // contains: each face distance against long double, the verdict where it is clear.
      const auto containment = geo::contains(hull, query, &trace);
      ASSERT_TRUE(containment.ok());
      double worst = 0;
      for (std::size_t f = 0; f < hull.faces.size(); ++f) {
        worst = std::max(worst, oracle::relative_error(trace.face_distances[f], planes[f].distance(lq), scale));
      }
      contains_table.record(family, worst);
      if (reference > tolerance * scale) {
        ASSERT_FALSE(containment.inside);
      }
      if (reference == 0) {
        ASSERT_TRUE(containment.inside);
      }
    }
  }
}

TEST(PolyhedronOracle, DoubleAgainstLongDouble) {
  oracle::ErrorTable distance("polyhedron closest_point<double>");
  oracle::ErrorTable faces("polyhedron contains<double> faces");
  run_oracle<double>(distance, faces, oracle::kCasesPerFamily, 1, 0x90173);
}

TEST(PolyhedronOracle, FloatAgainstLongDouble) {
  polygon_oracle::BoundedErrorTable distance("polyhedron closest_point<float>", 1e-4, 1e-3);
  polygon_oracle::BoundedErrorTable faces("polyhedron contains<float> faces", 1e-4, 1e-3);
  run_oracle<float>(distance, faces, 500, 1e6, 0xf90173);
}

}  // namespace
