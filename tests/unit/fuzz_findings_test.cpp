// Inputs the fuzz targets (tests/fuzz) found answered wrongly, kept as tests. A test whose
// fix belongs to geometry code being changed elsewhere is DISABLED_ until that fix lands.
#include "geometry/polygon.h"
#include "geometry/triangle.h"

#include <gtest/gtest.h>

namespace {

// Along y = 0 the outline runs 0 → 10, back to 6, forward to 7: a spike, not a convex
// polygon. Accepted, its closest point to (20, 20) lies outside its own edge lines
// (geometry_fuzzer: "polygon closest point outside the polygon").
TEST(FuzzFindings, PolygonFoldingBackAndForwardAlongAnEdgeIsNotConvex) {
  const auto build = geo::make_convex_polygon<double>({{0, 0}, {10, 0}, {6, 0}, {7, 0}, {0, -5}});
  EXPECT_EQ(build.error, geo::QueryError::InvalidShape);
}

// A needle: b and c 1.6e-11 apart, 19 long. The point lies on edge ab (to 2e-15, as the
// segment query finds), yet the triangle query answers a "face" point 1.8e-6 away
// (geometry_fuzzer, through GJK: "a GJK witness lies outside its shape").
TEST(FuzzFindings, NeedleTrianglePointOnAnEdgeIsItsOwnClosestPoint) {
  using V3 = geo::Vec3<double>;
  const geo::Triangle<double> needle{V3(-6.6494954286837116, 8.9019607843137258, -2.738664215686275),
                                     V3(8.9019607843137258, 8.9019607843137258, 8.901960784298165),
                                     V3(8.9019607843137258, 8.9019607843137258, 8.9019607843137258)};
  const V3 on_ab(2.9472281522529, 8.9019607843137258, 4.4447055539450426);
  EXPECT_LE(geo::closest_point(needle, on_ab).distance, 1e-12);
}

}  // namespace
