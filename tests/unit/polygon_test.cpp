// Convex polygons: building, containment by edge planes, closest point.
#include "collision_lab/polygon.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using geo::Feature;
using geo::QueryError;
using V = geo::Vec2<double>;

geo::ConvexPolygon<double> unit_square() {
  auto build = geo::make_convex_polygon<double>({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
  EXPECT_TRUE(build.ok()) << build.message;
  return build.polygon;
}

TEST(PolygonBuild, CounterClockwiseSquareIsKeptAsGiven) {
  auto build = geo::make_convex_polygon<double>({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
  ASSERT_TRUE(build.ok());
  EXPECT_EQ(build.polygon.vertices, (std::vector<V>{{0, 0}, {1, 0}, {1, 1}, {0, 1}}));
}

TEST(PolygonBuild, EitherWindingGivesTheSamePolygon) {
  auto ccw = geo::make_convex_polygon<double>({{0, 0}, {2, 0}, {3, 1}, {1, 2}});
  auto cw = geo::make_convex_polygon<double>({{0, 0}, {1, 2}, {3, 1}, {2, 0}});
  ASSERT_TRUE(ccw.ok());
  ASSERT_TRUE(cw.ok());
  EXPECT_EQ(ccw.polygon.vertices, cw.polygon.vertices);
}

TEST(PolygonBuild, RemovesDuplicateAndCollinearVertices) {
  auto build = geo::make_convex_polygon<double>(
      {{0, 0}, {0, 0}, {0.5, 0}, {1, 0}, {1, 0.25}, {1, 1}, {1, 1}, {0, 1}, {0, 0.5}, {0, 0}});
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(build.polygon.vertices, (std::vector<V>{{0, 0}, {1, 0}, {1, 1}, {0, 1}}));
}

TEST(PolygonBuild, RejectsReflexVertexNamingIt) {
  auto build = geo::make_convex_polygon<double>({{0, 0}, {2, 0}, {1, 0.5}, {2, 2}, {0, 2}});
  EXPECT_EQ(build.error, QueryError::InvalidShape);
  EXPECT_EQ(build.message, "not convex: turns clockwise at vertex 2");
  EXPECT_TRUE(build.polygon.vertices.empty());
}

TEST(PolygonBuild, RejectsPentagramAsSelfIntersecting) {
  std::vector<V> star;
  for (int k = 0; k < 5; ++k) {
    const double angle = 2 * 3.14159265358979323846 * (2 * k) / 5;
    star.push_back({std::cos(angle), std::sin(angle)});
  }
  auto build = geo::make_convex_polygon(star);
  EXPECT_EQ(build.error, QueryError::InvalidShape);
  EXPECT_NE(build.message.find("self-intersecting"), std::string::npos) << build.message;
  EXPECT_NE(build.message.find("vertex"), std::string::npos) << build.message;
}

TEST(PolygonBuild, RejectsBowTie) {
  auto build = geo::make_convex_polygon<double>({{0, 0}, {1, 1}, {1, 0}, {0, 1}});
  EXPECT_EQ(build.error, QueryError::InvalidShape);
  EXPECT_NE(build.message.find("not convex"), std::string::npos) << build.message;
}

TEST(PolygonBuild, RejectsTooFewOrCollinearVertices) {
  EXPECT_EQ(geo::make_convex_polygon<double>({{0, 0}, {1, 0}}).message, "need at least 3 vertices, got 2");
  EXPECT_EQ(geo::make_convex_polygon<double>({{1, 1}, {1, 1}, {1, 1}}).message, "fewer than 3 distinct vertices");
  auto collinear = geo::make_convex_polygon<double>({{0, 0}, {1, 1}, {3, 3}, {2, 2}});
  EXPECT_EQ(collinear.error, QueryError::InvalidShape);
  EXPECT_NE(collinear.message.find("collinear"), std::string::npos) << collinear.message;
  // Collinear up to 1e-15 of the size still counts as collinear.
  auto nearly = geo::make_convex_polygon<double>({{0, 0}, {1, 1e-15}, {2, 0}});
  EXPECT_EQ(nearly.error, QueryError::InvalidShape);
}

TEST(PolygonBuild, FoldBackIsNotConvex) {
  auto build = geo::make_convex_polygon<double>({{0, 0}, {2, 0}, {1, 0}, {1, 1}});
  EXPECT_EQ(build.error, QueryError::InvalidShape);
  EXPECT_EQ(build.message, "not convex: turns clockwise at vertex 2");
}

TEST(PolygonBuild, NonFiniteInput) {
  auto build = geo::make_convex_polygon<double>({{0, 0}, {1, std::numeric_limits<double>::quiet_NaN()}, {0, 1}});
  EXPECT_EQ(build.error, QueryError::NonFiniteInput);
  EXPECT_EQ(build.message, "vertex 1 is not finite");
}

TEST(PolygonBuild, ThinTriangleIsKept) {
  auto build = geo::make_convex_polygon<double>({{0, 0}, {1, 0}, {0.5, 1e-9}});
  ASSERT_TRUE(build.ok()) << build.message;
  EXPECT_EQ(build.polygon.vertices.size(), 3u);
}

TEST(PolygonContains, EdgePlanesOfTheUnitSquare) {
  auto square = unit_square();
  geo::PolygonTrace<double> trace;
  auto inside = geo::contains(square, V(0.25, 0.5), &trace);
  EXPECT_TRUE(inside.inside);
  EXPECT_EQ(inside.first_separating_edge, -1);
  ASSERT_EQ(trace.edge_distances.size(), 4u);
  EXPECT_DOUBLE_EQ(trace.edge_distances[0], -0.5);   // bottom: n = (0,-1)
  EXPECT_DOUBLE_EQ(trace.edge_distances[1], -0.75);  // right: n = (1,0)
  EXPECT_DOUBLE_EQ(trace.edge_distances[2], -0.5);   // top
  EXPECT_DOUBLE_EQ(trace.edge_distances[3], -0.25);  // left
  auto outside = geo::contains(square, V(2, 3), &trace);
  EXPECT_FALSE(outside.inside);
  EXPECT_EQ(outside.first_separating_edge, 1);
  ASSERT_EQ(trace.edge_distances.size(), 4u);  // cleared first: one run's distances
  EXPECT_DOUBLE_EQ(trace.edge_distances[1], 1);
  EXPECT_DOUBLE_EQ(trace.edge_distances[2], 2);
}

TEST(PolygonContains, BoundaryIsInside) {
  auto square = unit_square();
  EXPECT_TRUE(geo::contains(square, V(0.5, 0)).inside);  // on an edge
  EXPECT_TRUE(geo::contains(square, V(1, 1)).inside);    // on a vertex
  EXPECT_TRUE(geo::contains(square, V(1, 0.3)).inside);
  EXPECT_FALSE(geo::contains(square, V(1 + 1e-9, 0.3)).inside);
}

TEST(PolygonContains, CollinearWithAnEdgeButBeyondItsEndIsOutside) {
  auto square = unit_square();
  geo::PolygonTrace<double> trace;
  auto result = geo::contains(square, V(1.5, 0), &trace);
  EXPECT_FALSE(result.inside);
  EXPECT_EQ(result.first_separating_edge, 1);
  EXPECT_DOUBLE_EQ(trace.edge_distances[0], 0);
  auto closest = geo::closest_point(square, V(1.5, 0));
  EXPECT_EQ(closest.feature, (geo::FeatureRef{Feature::Vertex, 1}));
  EXPECT_DOUBLE_EQ(closest.distance, 0.5);
}

TEST(PolygonContains, NonFiniteAndInvalid) {
  auto square = unit_square();
  geo::PolygonTrace<double> trace{{1.0, 2.0}};
  auto result = geo::contains(square, V(std::numeric_limits<double>::infinity(), 0), &trace);
  EXPECT_EQ(result.error, QueryError::NonFiniteInput);
  EXPECT_FALSE(result.inside);
  EXPECT_TRUE(trace.edge_distances.empty());
  EXPECT_EQ(geo::contains(geo::ConvexPolygon<double>{}, V(0, 0)).error, QueryError::InvalidShape);
}

TEST(PolygonClosestPoint, InsideIsItself) {
  geo::PolygonTrace<double> trace;
  auto result = geo::closest_point(unit_square(), V(0.25, 0.75), &trace);
  EXPECT_EQ(result.feature.kind, Feature::Inside);
  EXPECT_EQ(result.point, V(0.25, 0.75));
  EXPECT_EQ(result.distance, 0);
  EXPECT_EQ(trace.edge_distances.size(), 4u);
}

TEST(PolygonClosestPoint, EdgeAndVertexRegions) {
  auto square = unit_square();
  geo::PolygonTrace<double> trace;
  auto edge = geo::closest_point(square, V(0.25, -2), &trace);
  EXPECT_EQ(edge.feature, (geo::FeatureRef{Feature::Edge, 0}));
  EXPECT_EQ(edge.point, V(0.25, 0));
  EXPECT_DOUBLE_EQ(edge.distance, 2);
  EXPECT_DOUBLE_EQ(edge.distance_squared, 4);
  EXPECT_DOUBLE_EQ(trace.edge_distances[0], 2);
  auto left = geo::closest_point(square, V(-3, 0.5));
  EXPECT_EQ(left.feature, (geo::FeatureRef{Feature::Edge, 3}));
  EXPECT_EQ(left.point, V(0, 0.5));
  auto corner = geo::closest_point(square, V(4, 5));
  EXPECT_EQ(corner.feature, (geo::FeatureRef{Feature::Vertex, 2}));
  EXPECT_EQ(corner.point, V(1, 1));
  EXPECT_DOUBLE_EQ(corner.distance, 5);
}

TEST(PolygonClosestPoint, OnTheBoundaryIsDistanceZero) {
  auto square = unit_square();
  auto on_edge = geo::closest_point(square, V(0.5, 1));
  EXPECT_EQ(on_edge.distance, 0);
  EXPECT_EQ(on_edge.point, V(0.5, 1));
  auto on_vertex = geo::closest_point(square, V(1, 0));
  EXPECT_EQ(on_vertex.distance, 0);
}

// A point or a segment is no polygon (shape_check.h); a repeated vertex is one.
TEST(PolygonClosestPoint, DegeneratePolygonsAreRefusedRepeatedVerticesAreNot) {
  geo::ConvexPolygon<double> point{{V(1, 2)}};
  auto p = geo::closest_point(point, V(4, 6));
  EXPECT_EQ(p.error, QueryError::InvalidShape);
  EXPECT_TRUE(std::isnan(p.distance));
  geo::ConvexPolygon<double> segment{{V(0, 0), V(2, 0)}};
  auto s = geo::closest_point(segment, V(1, 3));
  EXPECT_EQ(s.error, QueryError::InvalidShape);
  EXPECT_TRUE(std::isnan(s.point.x));
  geo::ConvexPolygon<double> repeated{{V(0, 0), V(1, 0), V(1, 0), V(0, 1)}};
  auto r = geo::closest_point(repeated, V(2, -1));
  EXPECT_EQ(r.point, V(1, 0));
  EXPECT_FALSE(std::isnan(r.distance));
}

TEST(PolygonClosestPoint, NonFiniteGivesNaN) {
  auto result = geo::closest_point(unit_square(), V(std::numeric_limits<double>::quiet_NaN(), 0));
  EXPECT_EQ(result.error, QueryError::NonFiniteInput);
  EXPECT_TRUE(std::isnan(result.point.x) && std::isnan(result.point.y));
  EXPECT_TRUE(std::isnan(result.distance));
  EXPECT_EQ(geo::closest_point(geo::ConvexPolygon<double>{}, V(0, 0)).error, QueryError::InvalidShape);
}

TEST(PolygonClosestPoint, FloatWorks) {
  auto build = geo::make_convex_polygon<float>({{0, 0}, {0, 1}, {1, 1}, {1, 0}});
  ASSERT_TRUE(build.ok());
  auto result = geo::closest_point(build.polygon, geo::Vec2<float>(2, 0.5f));
  EXPECT_EQ(result.feature.kind, Feature::Edge);
  EXPECT_FLOAT_EQ(result.distance, 1);
}

}  // namespace
