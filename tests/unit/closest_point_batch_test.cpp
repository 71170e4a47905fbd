// The batched closest points against the single query: for every shape, on the oracle
// families (well-shaped, slivers, needles, degenerate, 1e6 offsets, 1e-6 sizes) plus
// extreme scales that take the single query's rescaling paths, the batch must give the
// single query's point bit for bit. Also the errors: mismatched sizes, bad shapes,
// non-finite queries, empty spans. The batch with features (closest_feature_batch.h) must
// give the single query's point and feature on the same inputs.
#include "collision_lab/closest_point_batch.h"

#include "collision_lab/closest_feature_batch.h"

#include "collision_lab/closest_point.h"
#include "collision_lab/hull.h"
#include "collision_lab/plane.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/triangle.h"
#include "tests/unit/closest_point_oracle_support.h"
#include "tests/unit/hull_support.h"
#include "tests/unit/polygon_support.h"

#include <gtest/gtest.h>

#include <cstring>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {

using namespace oracle;
using oracle::cp::cast;
using V3 = geo::Vec3<double>;

constexpr int kShapesPerFamily = 150;
constexpr int kQueriesPerShape = 40;

template <typename V>
bool same_bits(const V& a, const V& b) {
  return std::memcmp(&a, &b, sizeof(V)) == 0;
}

template <typename V>
std::string text(const V& v) {
  std::string s = "(";
  for (int k = 0; k < V::length(); ++k) s += (k ? ", " : "") + std::to_string(static_cast<double>(v[k]));
  return s + ")";
}

// Sizes at which the single query rescales (beyond 2^±456 in double, 2^±36 in float) and
// at which, without that, the products would underflow or overflow.
template <typename T> double extreme_large() { return std::is_same_v<T, double> ? 1e200 : 1e25; }
template <typename T> double extreme_small() { return std::is_same_v<T, double> ? 1e-200 : 1e-25; }

// Queries around a shape near `center`: inside, near, far, on the centre itself, and a few
// at extreme distances.
template <typename T>
std::vector<geo::Vec3<T>> queries_around(Rng& rng, const Placement& at, const V3& center) {
  std::vector<geo::Vec3<T>> queries{cast<T>(center)};
  for (int i = 0; i < kQueriesPerShape; ++i) queries.push_back(cast<T>(random_query(rng, at, center)));
  queries.push_back(cast<T>(center + rng.unit() * extreme_large<T>()));
  queries.push_back(cast<T>(center + rng.unit() * (at.size * 1e-9)));
  return queries;
}

// The placements of the oracle families, and two more: shapes of an extreme size, tiny
// (as the tiny family) and huge (as the well-shaped one).
constexpr int kOracleFamilies = static_cast<int>(std::size(kAllFamilies));
constexpr int kFamilyCount = kOracleFamilies + 2;
template <typename T>
Placement placement_of(int family_index, Rng& rng) {
  if (family_index < kOracleFamilies) return placement_for(kAllFamilies[family_index], rng);
  const double size = family_index == kOracleFamilies ? extreme_small<T>() : extreme_large<T>();
  return {size * rng.uniform(0.5, 2), rng.in_cube(size * 10)};
}
Family family_of(int family_index) {
  if (family_index < kOracleFamilies) return kAllFamilies[family_index];
  return family_index == kOracleFamilies ? Family::Tiny : Family::WellShaped;
}

// The batch with features, directly and through AnyShape, against the single query's
// point and feature.
template <typename T, typename Shape>
void expect_features_match(const Shape& shape, const std::vector<geo::Vec3<T>>& queries, const char* what) {
  std::vector<geo::Vec3<T>> out(queries.size(), geo::Vec3<T>(T(7))), out_any = out;
  std::vector<geo::FeatureRef> features(queries.size(), {geo::Feature::Face, 99}), features_any = features;
  ASSERT_TRUE(geo::closest_points<T>(shape, queries, out, features).ok()) << what;
  ASSERT_TRUE(geo::closest_points<T>(geo::AnyShape<T>(shape), queries, out_any, features_any).ok()) << what;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const auto expected = geo::closest_point(shape, queries[i]);
    ASSERT_TRUE(same_bits(out[i], expected.point)) << what << " with features: query " << text(queries[i]);
    ASSERT_EQ(features[i], expected.feature) << what << ": query " << text(queries[i]) << " batch "
                                             << features[i].index << " single " << expected.feature.index;
    ASSERT_TRUE(same_bits(out_any[i], expected.point)) << what << " with features (AnyShape)";
    ASSERT_EQ(features_any[i], expected.feature) << what << " (AnyShape): query " << text(queries[i]);
  }
}

// The batch, directly and through AnyShape, against closest_point(shape, q).point.
template <typename T, typename Shape>
void expect_batch_matches(const Shape& shape, const std::vector<geo::Vec3<T>>& queries, const char* what) {
  std::vector<geo::Vec3<T>> out(queries.size(), geo::Vec3<T>(T(7)));
  std::vector<geo::Vec3<T>> out_any(queries.size(), geo::Vec3<T>(T(7)));
  const geo::BatchResult result = geo::closest_points<T>(shape, queries, out);
  const geo::BatchResult result_any = geo::closest_points<T>(geo::AnyShape<T>(shape), queries, out_any);
  ASSERT_TRUE(result.ok()) << what;
  ASSERT_TRUE(result_any.ok()) << what;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const geo::Vec3<T> expected = geo::closest_point(shape, queries[i]).point;
    ASSERT_TRUE(same_bits(out[i], expected)) << what << ": query " << text(queries[i]) << " batch " << text(out[i])
                                             << " single " << text(expected);
    ASSERT_TRUE(same_bits(out_any[i], expected)) << what << " (AnyShape): query " << text(queries[i]);
  }
  expect_features_match<T>(shape, queries, what);
}

template <typename T>
void check_linear_shapes() {
  for (int f = 0; f < kFamilyCount; ++f) {
    Rng rng(100 + f);
    for (int i = 0; i < kShapesPerFamily; ++i) {
      const Placement at = placement_of<T>(f, rng);
      const geo::Segment<double> s = random_segment(family_of(f), rng, at);
      const auto queries = queries_around<T>(rng, at, (s.a + s.b) * 0.5);
      const geo::Vec3<T> a = cast<T>(s.a), b = cast<T>(s.b), direction = cast<T>(s.b - s.a);
      expect_batch_matches<T>(geo::Segment<T>{a, b}, queries, "segment");
      expect_batch_matches<T>(geo::Line<T>{a, direction}, queries, "line");
      expect_batch_matches<T>(geo::Ray<T>{a, direction}, queries, "ray");
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

template <typename T>
void check_boxes() {
  for (int f = 0; f < kFamilyCount; ++f) {
    Rng rng(200 + f);
    for (int i = 0; i < kShapesPerFamily; ++i) {
      const Placement at = placement_of<T>(f, rng);
      const geo::Obb<double> obb = cp::random_obb(family_of(f), rng, at);
      const geo::Aabb<double> aabb = cp::random_aabb(family_of(f), rng, at);
      expect_batch_matches<T>(geo::Obb<T>{cast<T>(obb.center), {cast<T>(obb.axes[0]), cast<T>(obb.axes[1]), cast<T>(obb.axes[2])},
                                          cast<T>(obb.half_extents)},
                              queries_around<T>(rng, at, obb.center), "obb");
      expect_batch_matches<T>(geo::Aabb<T>{cast<T>(aabb.min), cast<T>(aabb.max)},
                              queries_around<T>(rng, at, (aabb.min + aabb.max) * 0.5), "aabb");
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

template <typename T>
void check_spheres_and_planes() {
  for (int f = 0; f < kFamilyCount; ++f) {
    Rng rng(300 + f);
    for (int i = 0; i < kShapesPerFamily; ++i) {
      const Placement at = placement_of<T>(f, rng);
      const cp::SphereCase c = cp::random_sphere_case(family_of(f), rng, at);
      auto queries = queries_around<T>(rng, at, c.sphere.center);
      queries.push_back(cast<T>(c.p));
      expect_batch_matches<T>(geo::Sphere<T>{cast<T>(c.sphere.center), static_cast<T>(c.sphere.radius)}, queries, "sphere");

      const cp::PlaneCase plane = cp::random_plane_case(family_of(f), rng, at);
      queries = queries_around<T>(rng, at, plane.anchor);
      queries.push_back(cast<T>(plane.p));
      const geo::Vec3<T> normal = cast<T>(plane.normal);
      // As given (a non-unit normal, normalized by the query) and as make_plane leaves it.
      expect_batch_matches<T>(geo::Plane<T>{normal, glm::dot(normal, cast<T>(plane.anchor))}, queries, "plane");
      const auto made = geo::make_plane_from_normal_point(normal, cast<T>(plane.anchor));
      if (made.ok()) expect_batch_matches<T>(made.plane, queries, "unit plane");
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

template <typename T>
void check_triangles() {
  for (int f = 0; f < kFamilyCount; ++f) {
    Rng rng(400 + f);
    for (int i = 0; i < kShapesPerFamily; ++i) {
      const Placement at = placement_of<T>(f, rng);
      for (bool flat : {false, true}) {
        const geo::Triangle<double> t = random_triangle(family_of(f), rng, at, flat);
        auto queries = queries_around<T>(rng, at, (t.a + t.b + t.c) / 3.0);
        for (const V3& v : {t.a, t.b, t.c}) queries.push_back(cast<T>(v));  // exactly on the vertices
        queries.push_back(cast<T>((t.a + t.b) * 0.5));
        expect_batch_matches<T>(geo::Triangle<T>{cast<T>(t.a), cast<T>(t.b), cast<T>(t.c)}, queries,
                                flat ? "flat triangle" : "triangle");
      }
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(ClosestPointBatch, LineRaySegmentMatchSingleQuery) { check_linear_shapes<double>(); }
TEST(ClosestPointBatch, BoxesMatchSingleQuery) { check_boxes<double>(); }
TEST(ClosestPointBatch, SpheresAndPlanesMatchSingleQuery) { check_spheres_and_planes<double>(); }
TEST(ClosestPointBatch, TrianglesMatchSingleQuery) { check_triangles<double>(); }
TEST(ClosestPointBatchFloat, LineRaySegmentMatchSingleQuery) { check_linear_shapes<float>(); }
TEST(ClosestPointBatchFloat, BoxesMatchSingleQuery) { check_boxes<float>(); }
TEST(ClosestPointBatchFloat, SpheresAndPlanesMatchSingleQuery) { check_spheres_and_planes<float>(); }
TEST(ClosestPointBatchFloat, TrianglesMatchSingleQuery) { check_triangles<float>(); }

// The polygon: 2D queries against its 2D single query, and 3D ones (z ignored, z = 0 out).
template <typename T>
void check_polygons() {
  for (Family family : kAllFamilies) {
    Rng rng(500 + static_cast<int>(family));
    for (int i = 0; i < kShapesPerFamily; ++i) {
      const polygon_oracle::PolygonCase c = polygon_oracle::random_polygon(family, rng);
      std::vector<geo::Vec2<T>> vertices;
      for (const auto& v : c.vertices) vertices.push_back(geo::Vec2<T>(v));
      const geo::PolygonBuild<T> built = geo::make_convex_polygon(vertices);
      if (!built.ok()) continue;
      const Placement at{c.size, V3(c.centre, 0)};
      const auto queries3 = queries_around<T>(rng, at, V3(c.centre, rng.uniform(-1, 1)));
      std::vector<geo::Vec2<T>> queries2;
      for (const auto& q : queries3) queries2.push_back(geo::Vec2<T>(q));
      for (const auto& v : vertices) queries2.push_back(v);  // exactly on the (input) vertices

      std::vector<geo::Vec2<T>> out2(queries2.size());
      ASSERT_TRUE(geo::closest_points<T>(built.polygon, queries2, out2).ok());
      for (std::size_t q = 0; q < queries2.size(); ++q) {
        const geo::Vec2<T> expected = geo::closest_point(built.polygon, queries2[q]).point;
        ASSERT_TRUE(same_bits(out2[q], expected)) << "polygon: query " << text(queries2[q]) << " batch "
                                                  << text(out2[q]) << " single " << text(expected);
      }
      // Hand-made polygons of one and two vertices are no polygons (shape_check.h): the
      // batch refuses them as the single query does, with NaN answers.
      const geo::Vec2<T> v0 = vertices[0], v1 = vertices[1];
      for (const geo::ConvexPolygon<T>& small : {geo::ConvexPolygon<T>{{v0}}, geo::ConvexPolygon<T>{{v0, v1}}}) {
        std::vector<geo::Vec2<T>> small_out(queries2.size());
        ASSERT_EQ(geo::closest_points<T>(small, queries2, small_out).shape_error, geo::QueryError::InvalidShape);
        ASSERT_EQ(geo::closest_point(small, queries2[0]).error, geo::QueryError::InvalidShape);
        for (const auto& p : small_out) ASSERT_TRUE(std::isnan(p.x) && std::isnan(p.y));
      }
      std::vector<geo::Vec3<T>> out3(queries3.size());
      ASSERT_TRUE(geo::closest_points<T>(geo::AnyShape<T>(built.polygon), queries3, out3).ok());
      for (std::size_t q = 0; q < queries3.size(); ++q) {
        const geo::Vec3<T> expected(geo::closest_point(built.polygon, geo::Vec2<T>(queries3[q])).point, T(0));
        ASSERT_TRUE(same_bits(out3[q], expected)) << "polygon (3D): query " << text(queries3[q]);
      }
      std::vector<geo::FeatureRef> features(queries3.size(), {geo::Feature::Face, 99});
      ASSERT_TRUE(geo::closest_points<T>(built.polygon, queries3, out3, features).ok());
      for (std::size_t q = 0; q < queries3.size(); ++q) {
        const auto expected = geo::closest_point(built.polygon, geo::Vec2<T>(queries3[q]));
        ASSERT_TRUE(same_bits(out3[q], geo::Vec3<T>(expected.point, T(0)))) << "polygon with features";
        ASSERT_EQ(features[q], expected.feature) << "polygon: query " << text(queries3[q]);
      }
    }
  }
}

TEST(ClosestPointBatch, PolygonsMatchSingleQuery) { check_polygons<double>(); }
TEST(ClosestPointBatchFloat, PolygonsMatchSingleQuery) { check_polygons<float>(); }

TEST(ClosestPointBatch, PolyhedraMatchSingleQuery) {
  for (Family family : kAllFamilies) {
    Rng rng(600 + static_cast<int>(family));
    for (int i = 0; i < 20; ++i) {
      const hull_oracle::Cloud cloud = hull_oracle::random_cloud(family, rng);
      const geo::HullBuild<double> built = geo::make_convex_hull(cloud.points);
      if (!built.ok()) continue;
      expect_batch_matches<double>(built.hull, queries_around<double>(rng, cloud.at, cloud.points[0]), "polyhedron");
      if (HasFatalFailure()) return;
    }
  }
}

// P exactly square to the segment at an end: the answer is that end, bit for bit (a + 0 * ab
// would turn its -0 coordinates into +0).
TEST(ClosestPointBatch, ExactTiesAtTheEndsGiveTheEndItself) {
  const V3 a(-0.0, -0.0, -0.0), b(0, 2, 0);
  const std::vector<V3> queries{{5, 0, 0}, {-5, 0, 0}, {0, 0, 5}, {5, 2, 0}, {0, 2, -5}};
  expect_batch_matches<double>(geo::Segment<double>{a, b}, queries, "segment");
  expect_batch_matches<double>(geo::Ray<double>{a, b - a}, queries, "ray");
  expect_batch_matches<double>(geo::Line<double>{a, b - a}, queries, "line");
  std::vector<V3> out(queries.size());
  EXPECT_TRUE(geo::closest_points<double>(geo::Segment<double>{a, b}, queries, out).ok());
  EXPECT_TRUE(std::signbit(out[0].x));
  // A zero-length segment from -0 to +0 is the point a, with its -0.
  expect_batch_matches<double>(geo::Segment<double>{V3(-0.0, 1, 2), V3(0.0, 1, 2)}, queries, "zero-length segment");
}

// P outside an edge by less than the smallest number: the single query's n·P − d
// underflows to zero, so P counts as inside, and the batch must agree.
template <typename T>
void check_polygon_underflow() {
  const T tiny = std::numeric_limits<T>::denorm_min();
  const geo::ConvexPolygon<T> polygon{{{0, 0}, {4, T(0.5)}, {0, 4}}};
  const std::vector<geo::Vec2<T>> queries{{2 * tiny, 0}, {4 * tiny, 0}, {-tiny, 0}};
  std::vector<geo::Vec2<T>> out(queries.size());
  ASSERT_TRUE(geo::closest_points<T>(polygon, queries, out).ok());
  for (std::size_t i = 0; i < queries.size(); ++i) {
    EXPECT_TRUE(same_bits(out[i], geo::closest_point(polygon, queries[i]).point)) << "query " << i;
  }
}
TEST(ClosestPointBatch, PolygonEdgeTestUnderflow) { check_polygon_underflow<double>(); }
TEST(ClosestPointBatchFloat, PolygonEdgeTestUnderflow) { check_polygon_underflow<float>(); }

// Offsets at the ends of the range: subnormal ones, whose products vanish, and ones near
// the largest number, whose products overflow. The single query rescales them.
template <typename T>
void check_extreme_offsets() {
  const T tiny = std::numeric_limits<T>::denorm_min() * T(1000), huge = std::numeric_limits<T>::max() / T(4);
  const std::vector<geo::Vec3<T>> queries{{tiny, T(3) * tiny, -tiny}, {huge, -huge, huge / T(3)}, {tiny, 0, 0}, {0, huge, 0}};
  const geo::Vec3<T> origin(0), direction(T(1), T(0.75), T(0.5));
  expect_batch_matches<T>(geo::Line<T>{origin, direction}, queries, "line");
  expect_batch_matches<T>(geo::Ray<T>{origin, direction}, queries, "ray");
  expect_batch_matches<T>(geo::Segment<T>{origin, direction * tiny}, queries, "segment");
  expect_batch_matches<T>(geo::Sphere<T>{origin, tiny}, queries, "sphere");
  // Turned axes: a projection near the largest number can overflow, and a coordinate turn
  // to inf - inf = NaN, which clamps nothing.
  const T most = std::numeric_limits<T>::max(), s = std::sqrt(T(0.5));
  const geo::Obb<T> wide{origin, {geo::Vec3<T>(s, s, 0), geo::Vec3<T>(-s, s, 0), geo::Vec3<T>(0, 0, 1)}, geo::Vec3<T>(1)};
  expect_batch_matches<T>(wide, {{most, -most, 5}, {most, most, -5}}, "obb");
}
TEST(ClosestPointBatch, ExtremeOffsets) { check_extreme_offsets<double>(); }
TEST(ClosestPointBatchFloat, ExtremeOffsets) { check_extreme_offsets<float>(); }

// ---------------------------------------------------------------- errors

TEST(ClosestPointBatch, SizeMismatchWritesNothing) {
  const std::vector<V3> queries{{1, 2, 3}, {4, 5, 6}};
  std::vector<V3> out(3, V3(7));
  const geo::BatchResult result = geo::closest_points<double>(geo::Segment<double>{}, queries, out);
  EXPECT_TRUE(result.size_mismatch);
  EXPECT_FALSE(result.ok());
  for (const V3& p : out) EXPECT_EQ(p, V3(7));
  std::vector<V3> shorter(1, V3(7));
  EXPECT_TRUE(geo::closest_points<double>(geo::AnyShape<double>(geo::Triangle<double>{}), queries, shorter).size_mismatch);
  EXPECT_EQ(shorter[0], V3(7));
  std::vector<geo::Vec2<double>> out2(1, geo::Vec2<double>(7));
  const std::vector<geo::Vec2<double>> queries2{{0, 0}, {1, 1}};
  const auto square = geo::make_convex_polygon<double>({{0, 0}, {1, 0}, {1, 1}, {0, 1}}).polygon;
  EXPECT_TRUE(geo::closest_points<double>(square, queries2, out2).size_mismatch);
  EXPECT_EQ(out2[0], geo::Vec2<double>(7));
}

TEST(ClosestPointBatch, EmptySpansAreFine) {
  const std::vector<geo::Vec3<float>> none;
  std::vector<geo::Vec3<float>> out;
  EXPECT_TRUE(geo::closest_points<float>(geo::Sphere<float>{}, none, out).ok());
  EXPECT_TRUE(geo::closest_points<float>(geo::AnyShape<float>(geo::ConvexPolyhedron<float>{}), none, out).ok());
}

TEST(ClosestPointBatch, NonFiniteQueriesGetTheNaNPointAndAreCounted) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const std::vector<V3> queries{{3, 1, 0}, {nan, 0, 0}, {0, inf, 0}, {-1, 0, 0}};
  std::vector<V3> out(queries.size(), V3(7));
  const geo::BatchResult result = geo::closest_points<double>(geo::Segment<double>{{0, 0, 0}, {2, 0, 0}}, queries, out);
  EXPECT_EQ(result.non_finite_queries, 2u);
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(out[0], V3(2, 0, 0));
  EXPECT_TRUE(std::isnan(out[1].x) && std::isnan(out[1].z));  // as the single query's refused answer
  EXPECT_TRUE(std::isnan(out[2].y));
  EXPECT_EQ(out[3], V3(0, 0, 0));
  // The polygon seen from above ignores z, even a NaN there.
  const auto square = geo::make_convex_polygon<double>({{0, 0}, {1, 0}, {1, 1}, {0, 1}}).polygon;
  const std::vector<V3> above{{2, 0.5, nan}};
  std::vector<V3> out_above(1);
  EXPECT_TRUE(geo::closest_points<double>(square, above, out_above).ok());
  EXPECT_EQ(out_above[0], V3(1, 0.5, 0));
}

// With features: a non-finite query gets the NaN point and the default feature, as the
// single query's refused answer; a features span of another size writes nothing.
TEST(ClosestPointBatch, FeaturesOfNonFiniteQueriesAndMismatchedSizes) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const geo::Segment<double> segment{{0, 0, 0}, {2, 0, 0}};
  const std::vector<V3> queries{{3, 1, 0}, {nan, 0, 0}, {1, 5, 0}, {-1, 0, 0}};
  std::vector<V3> out(queries.size(), V3(7));
  std::vector<geo::FeatureRef> features(queries.size(), {geo::Feature::Face, 99});
  const geo::BatchResult result = geo::closest_points<double>(segment, queries, out, features);
  EXPECT_EQ(result.non_finite_queries, 1u);
  const std::vector<geo::FeatureRef> expected{{geo::Feature::Vertex, 1}, {}, {geo::Feature::Edge, 0}, {geo::Feature::Vertex, 0}};
  EXPECT_EQ(features, expected);
  EXPECT_TRUE(std::isnan(out[1].x));
  std::vector<geo::FeatureRef> short_features(1, {geo::Feature::Face, 99});
  std::fill(out.begin(), out.end(), V3(7));
  EXPECT_TRUE(geo::closest_points<double>(segment, queries, out, short_features).size_mismatch);
  EXPECT_EQ(out[0], V3(7));
  EXPECT_EQ(short_features[0], (geo::FeatureRef{geo::Feature::Face, 99}));
}

// A shape the single query refuses: every answer is its NaN point, and the batch says why.
template <typename Shape>
void expect_shape_error(const Shape& shape, geo::QueryError expected, const char* what) {
  const std::vector<V3> queries{{1, 2, 3}, {0, 0, 0}};
  std::vector<V3> out(queries.size(), V3(7));
  const geo::BatchResult result = geo::closest_points<double>(shape, queries, out);
  EXPECT_EQ(result.shape_error, expected) << what;
  EXPECT_FALSE(result.ok()) << what;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    EXPECT_EQ(geo::closest_point(shape, queries[i]).error, expected) << what;
    EXPECT_TRUE(std::isnan(out[i].x) && std::isnan(out[i].y) && std::isnan(out[i].z)) << what;
  }
  std::vector<geo::FeatureRef> features(queries.size(), {geo::Feature::Face, 99});
  EXPECT_EQ(geo::closest_points<double>(shape, queries, out, features).shape_error, expected) << what;
  for (const geo::FeatureRef& feature : features) EXPECT_EQ(feature, geo::FeatureRef{}) << what;
}

TEST(ClosestPointBatch, BadShapesAreReportedNeverUsed) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  expect_shape_error(geo::Sphere<double>{V3(0), -1}, geo::QueryError::InvalidShape, "negative radius");
  expect_shape_error(geo::Sphere<double>{V3(nan), 1}, geo::QueryError::NonFiniteInput, "NaN centre");
  expect_shape_error(geo::Aabb<double>{V3(1), V3(0)}, geo::QueryError::InvalidShape, "inverted box");
  expect_shape_error(geo::Obb<double>{V3(0), {V3(1, 0, 0), V3(0, 1, 0), V3(0, 0, 1)}, V3(1, -1, 1)},
                     geo::QueryError::InvalidShape, "negative half-extent");
  expect_shape_error(geo::Obb<double>{V3(0), {V3(2, 0, 0), V3(0, 1, 0), V3(0, 0, 1)}, V3(1)},
                     geo::QueryError::InvalidShape, "axis not unit");
  expect_shape_error(geo::Plane<double>{V3(0), 1}, geo::QueryError::InvalidShape, "zero normal");
  expect_shape_error(geo::Line<double>{V3(0), V3(nan)}, geo::QueryError::NonFiniteInput, "NaN direction");
  expect_shape_error(geo::Triangle<double>{V3(0), V3(1, 0, 0), V3(0, nan, 0)}, geo::QueryError::NonFiniteInput, "NaN vertex");
  expect_shape_error(geo::ConvexPolyhedron<double>{}, geo::QueryError::InvalidShape, "empty polyhedron");
  const std::vector<V3> queries{{1, 2, 3}};
  std::vector<V3> out(1, V3(7));
  const auto empty = geo::closest_points<double>(geo::AnyShape<double>(geo::ConvexPolygon<double>{}), queries, out);
  EXPECT_EQ(empty.shape_error, geo::QueryError::InvalidShape);
  EXPECT_TRUE(std::isnan(out[0].x));
}

}  // namespace

// The segment's batch runs in blocks of points (batch_blocks.cpp): many blocks and a
// partial one, with queries the kernel refuses (non-finite, extreme) at block edges and
// inside, each answered as the single query answers it.
template <typename T>
void check_segment_blocks() {
  Rng rng(2024);
  const geo::Segment<T> segment{cast<T>(rng.in_cube(1)), cast<T>(rng.in_cube(1))};
  std::vector<geo::Vec3<T>> queries;
  for (int i = 0; i < 1000; ++i) queries.push_back(cast<T>(rng.in_cube(2)));
  const T nan = std::numeric_limits<T>::quiet_NaN();
  for (const std::size_t i : {std::size_t(0), std::size_t(255), std::size_t(256), std::size_t(700), std::size_t(999)}) {
    queries[i] = geo::Vec3<T>(nan, T(0), T(1));
  }
  queries[511] = geo::Vec3<T>(std::numeric_limits<T>::max() / T(8));
  queries[512] = geo::Vec3<T>(std::numeric_limits<T>::denorm_min());
  std::vector<geo::Vec3<T>> out(queries.size(), geo::Vec3<T>(T(7)));
  const geo::BatchResult result = geo::closest_points<T>(segment, queries, out);
  EXPECT_EQ(result.non_finite_queries, 5u);
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const geo::Vec3<T> expected = geo::closest_point(segment, queries[i]).point;
    ASSERT_TRUE(same_bits(out[i], expected)) << "query " << i << " " << text(queries[i]) << ": batch " << text(out[i])
                                             << ", single " << text(expected);
  }
  // Without refusals the batch never takes the per-point pass; the answers are the same.
  std::vector<geo::Vec3<T>> plain(queries.begin() + 1, queries.begin() + 255), plain_out(254);
  EXPECT_TRUE(geo::closest_points<T>(segment, plain, plain_out).ok());
  for (std::size_t i = 0; i < plain.size(); ++i) ASSERT_TRUE(same_bits(plain_out[i], out[i + 1])) << "query " << i + 1;
}
TEST(ClosestPointBatch, SegmentBlocksMatchSingleQuery) { check_segment_blocks<double>(); }
TEST(ClosestPointBatchFloat, SegmentBlocksMatchSingleQuery) { check_segment_blocks<float>(); }
