// One contract at the API's edge: the library refuses every bad shape the query tool
// refuses, and the tool's message ends with the library's own text for it.
#include "collision_lab/closest_point.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/shape_check.h"
#include "collision_lab/triangle.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using V = geo::Vec3<double>;
constexpr double kInf = std::numeric_limits<double>::infinity();

// A shape as the tool reads it (JSON) and as a library user builds it. JSON has no
// infinity: the tool refuses 1e999 as it parses the line, before any shape is read.
struct BadInput {
  const char* name;
  std::string json;
  geo::AnyShape<double> shape;
  bool refused_as_json() const { return json.find("1e999") != std::string::npos; }
};

std::vector<BadInput> bad_inputs() {
  const std::array<V, 3> unit_axes{V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)};
  return {
      {"non-unit axis", R"({"type":"obb","center":[0,0,0],"axes":[[2,0,0],[0,1,0],[0,0,1]],"half_extents":[1,1,1]})",
       geo::Obb<double>{V(0), {V(2, 0, 0), V(0, 1, 0), V(0, 0, 1)}, V(1)}},
      {"non-orthogonal axes",
       R"({"type":"obb","center":[0,0,0],"axes":[[1,0,0],[0.6,0.8,0],[0,0,1]],"half_extents":[1,1,1]})",
       geo::Obb<double>{V(0), {V(1, 0, 0), V(0.6, 0.8, 0), V(0, 0, 1)}, V(1)}},
      {"negative half extent",
       R"({"type":"obb","center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"half_extents":[1,-1,1]})",
       geo::Obb<double>{V(0), unit_axes, V(1, -1, 1)}},
      {"infinite OBB centre",
       R"({"type":"obb","center":[0,1e999,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"half_extents":[1,1,1]})",
       geo::Obb<double>{V(0, kInf, 0), unit_axes, V(1)}},
      {"AABB min above max", R"({"type":"aabb","min":[0,2,0],"max":[1,1,1]})", geo::Aabb<double>{V(0, 2, 0), V(1)}},
      {"negative radius", R"({"type":"sphere","center":[0,0,0],"radius":-1})", geo::Sphere<double>{V(0), -1}},
      {"infinite radius", R"({"type":"sphere","center":[0,0,0],"radius":1e999})", geo::Sphere<double>{V(0), kInf}},
      {"infinite segment end", R"({"type":"segment","a":[0,0,0],"b":[1e999,0,0]})",
       geo::Segment<double>{V(0), V(kInf, 0, 0)}},
      {"zero plane normal", R"({"type":"plane","normal":[0,0,0],"d":1})", geo::Plane<double>{V(0), 1}},
      {"non-convex polygon", R"({"type":"polygon","vertices":[[0,0],[4,0],[1,1],[0,4]]})",
       geo::ConvexPolygon<double>{{{0, 0}, {4, 0}, {1, 1}, {0, 4}}}},
      {"collinear polygon", R"({"type":"polygon","vertices":[[0,0],[1,0],[2,0]]})",
       geo::ConvexPolygon<double>{{{0, 0}, {1, 0}, {2, 0}}}},
      {"two-vertex polygon", R"({"type":"polygon","vertices":[[0,0],[1,0]]})",
       geo::ConvexPolygon<double>{{{0, 0}, {1, 0}}}},
      {"infinite polygon vertex", R"({"type":"polygon","vertices":[[0,0],[1e999,0],[0,1]]})",
       geo::ConvexPolygon<double>{{{0, 0}, {kInf, 0}, {0, 1}}}},
      {"too few hull points", R"({"type":"polyhedron","vertices":[[0,0,0],[1,0,0],[0,1,0]]})",
       geo::ConvexPolyhedron<double>{{V(0), V(1, 0, 0), V(0, 1, 0)}, {}, {}, {}}},
      {"infinite hull point", R"({"type":"polyhedron","vertices":[[0,0,0],[1e999,0,0],[0,1,0],[0,0,1]]})",
       geo::ConvexPolyhedron<double>{{V(0), V(kInf, 0, 0), V(0, 1, 0), V(0, 0, 1)}, {}, {}, {}}},
  };
}

// The library's closest point query on the shape: refused, with a NaN distance.
void expect_library_refuses(const geo::AnyShape<double>& shape) {
  std::visit(
      [](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, geo::ConvexPolygon<double>>) {
          const auto result = geo::closest_point(s, geo::Vec2<double>(0.5, 0.5));
          EXPECT_FALSE(result.ok());
          EXPECT_TRUE(std::isnan(result.distance));
          EXPECT_FALSE(geo::contains(s, geo::Vec2<double>(0.5, 0.5)).ok());
        } else {
          const auto result = geo::closest_point(s, V(0.5));
          EXPECT_FALSE(result.ok());
          EXPECT_TRUE(std::isnan(result.distance));
        }
      },
      shape);
}

std::string tool_error(const std::string& line) {
  bool failed = false;
  const auto answer = query::answer_query_line(line, 1, failed);
  EXPECT_TRUE(failed) << line;
  return answer.value("error", "");
}

TEST(ShapeContract, LibraryAndToolRefuseTheSameShapesWithTheSameText) {
  for (const BadInput& bad : bad_inputs()) {
    SCOPED_TRACE(bad.name);
    EXPECT_NE(geo::shape_error(bad.shape), geo::QueryError::None);
    const std::string problem = geo::shape_problem(bad.shape);
    ASSERT_FALSE(problem.empty());
    expect_library_refuses(bad.shape);
    const bool planar = std::holds_alternative<geo::ConvexPolygon<double>>(bad.shape);
    const std::string point = planar ? "[0.5,0.5]" : "[0.5,0.5,0.5]";
    const std::string error =
        tool_error(R"({"op":"closest_point","shape":)" + bad.json + R"(,"point":)" + point + "}");
    if (bad.refused_as_json()) {
      EXPECT_TRUE(error.ends_with("not JSON: number overflow parsing '1e999'")) << error;
    } else {
      EXPECT_TRUE(error.ends_with("shape." + problem)) << error << "\n  library: " << problem;
    }
  }
}

TEST(ShapeContract, TheMessagesReadAsDocumented) {
  const auto problem = [](const geo::AnyShape<double>& shape) { return geo::shape_problem(shape); };
  const auto shapes = bad_inputs();
  std::vector<std::string> texts;
  for (const auto& bad : shapes) texts.push_back(problem(bad.shape));
  EXPECT_EQ(texts[0], "axes[0]: not unit length (length 2, tolerance 1e-6)");
  EXPECT_EQ(texts[1], "axes: axes 0 and 1 are not orthogonal (dot 0.6, tolerance 1e-6)");
  EXPECT_EQ(texts[2], "half_extents[1]: must not be negative");
  EXPECT_EQ(texts[3], "center[1]: not a finite number");
  EXPECT_EQ(texts[4], "min[1]: greater than max[1]");
  EXPECT_EQ(texts[5], "radius: must not be negative");
  EXPECT_EQ(texts[6], "radius: not a finite number");
  EXPECT_EQ(texts[7], "b[0]: not a finite number");
  EXPECT_EQ(texts[8], "normal: must not be zero");
  EXPECT_EQ(texts[9], "vertices: not convex: turns clockwise at vertex 2");
  EXPECT_EQ(texts[10], "vertices: fewer than 3 non-collinear vertices: all 3 distinct vertices are collinear");
  EXPECT_EQ(texts[11], "vertices: need at least 3 vertices, got 2");
  EXPECT_EQ(texts[12], "vertices[1][0]: not a finite number");
  EXPECT_EQ(texts[13], "vertices: need at least 4 points, got 3");
  EXPECT_EQ(texts[14], "vertices[1][0]: not a finite number");
}

// The second shape of a pair is named "b.", and float reads agree with double on the
// tolerance, which is checked in double.
TEST(ShapeContract, PairsAndFloatPrecisionShowTheSameText) {
  const std::string box = R"({"type":"obb","center":[0,0,0],"axes":[[1,0,0],[0,1.0000011,0],[0,0,1]],"half_extents":[1,1,1]})";
  const std::string sphere = R"({"type":"sphere","center":[0,0,0],"radius":1})";
  const geo::Obb<float> box_f{geo::Vec3<float>(0), {geo::Vec3<float>(1, 0, 0), geo::Vec3<float>(0, 1.0000011f, 0),
                              geo::Vec3<float>(0, 0, 1)}, geo::Vec3<float>(1)};
  const std::string problem = geo::shape_problem(box_f);
  EXPECT_EQ(problem.rfind("axes[1]: not unit length (length 1.00000107", 0), 0u) << problem;
  EXPECT_FALSE(geo::closest_point(box_f, geo::Vec3<float>(0)).ok());
  const std::string error = tool_error(R"({"op":"overlap","precision":"float","a":)" + sphere + R"(,"b":)" + box + "}");
  EXPECT_TRUE(error.ends_with("b." + problem)) << error;
}

}  // namespace
