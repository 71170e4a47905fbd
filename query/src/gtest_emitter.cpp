#include "collision_lab/query/gtest_emitter.h"

#include "collision_lab/query/answers.h"
#include "collision_lab/query/gtest_code.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"

// The overloads the point's dimension and the calls are chosen by.
#include "collision_lab/aabb_overlap.h"
#include "collision_lab/box_overlap.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/containment.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/sat.h"
#include "collision_lab/triangle.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <set>
#include <stdexcept>

namespace query {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {
using Lines = std::vector<std::string>;

// The headers every emitted file includes: those of every function a test may call.
constexpr const char* kIncludes[] = {
    "<gtest/gtest.h>",
    "",
    "<collision_lab/aabb_overlap.h>",  "<collision_lab/box_overlap.h>",  "<collision_lab/closest_point.h>",
    "<collision_lab/containment.h>",  "<collision_lab/epa.h>",
    "<collision_lab/gjk.h>",           "<collision_lab/hull.h>",        "<collision_lab/linear_pairs.h>",
    "<collision_lab/polygon.h>",       "<collision_lab/polyhedron.h>",  "<collision_lab/sat.h>",
    "<collision_lab/triangle.h>",      "<collision_lab/triangle_pairs.h>",
    "",
    "<cmath>",  // std::isnan
    "<limits>",  // std::numeric_limits<T>::infinity()
    "<vector>",
};

// How a test names what it computed, for the answer's fields to be read from.
struct Route {
  std::string op;
  geo::ShapeKind shape = geo::ShapeKind::Point, a = geo::ShapeKind::Point, b = geo::ShapeKind::Point;
  std::string inside;  // the expression of an "inside" field
  bool gjk = false;    // answered by GJK: `gjk`, and `epa` when they overlap
  bool epa = false;
};

template <typename T>
geo::AnyShape<T> declare(Lines& body, const json& request, const char* field, const std::string& name) {
  auto shape = read_shape<T>(request.at(field), field);
  for (auto& statement : declare_shape(shape, request.at(field), name)) body.push_back(std::move(statement));
  return shape;
}

// The query point, 2D for the functions that take one (polygons; triangles for contains).
template <typename T> void declare_point(Lines& body, const json& request, bool planar) {
  const json& point = request.at("point");
  const std::string scalar = cpp_scalar<T>();
  body.push_back(planar ? "const geo::Vec2<" + scalar + "> point" + cpp_vector(read_point_2d<T>(point, "point")) + ";"
                        : "const geo::Vec3<" + scalar + "> point" + cpp_vector(read_point<T>(point, "point")) + ";");
}

// The query tool's GJK run (no trace; EPA only when they overlap).
template <typename T> void call_gjk(Lines& body, Route& route, const ordered_json& answer) {
  route.gjk = true;
  route.epa = answer.at("overlap").get<bool>();
  body.insert(body.end(), {std::string("const geo::ConvexShape<") + cpp_scalar<T>() + "> convex_a(a), convex_b(b);",
                           "const auto gjk = geo::gjk_distance(convex_a, convex_b);", "ASSERT_TRUE(gjk.ok());",
                           route.epa ? "ASSERT_TRUE(gjk.overlap);" : "ASSERT_FALSE(gjk.overlap);"});
  if (route.epa) body.insert(body.end(), {"const auto epa = geo::epa_penetration(convex_a, convex_b);",
                                          "ASSERT_TRUE(epa.ok());"});
}

// The declarations and the call; the route says where the answer's fields are.
template <typename T> Lines call(Route& route, const json& request, const ordered_json& answer) {
  Lines body;
  const std::string op = route.op = request.at("op").get<std::string>();
  if (op == "closest_point" || op == "contains") {
    const auto shape = declare<T>(body, request, "shape", "shape");
    route.shape = geo::shape_kind(shape);
    bool planar = false, verdict_only = false;
    std::visit(
        [&](const auto& s) {
          if (op == "closest_point") {
            planar = !requires { geo::closest_point(s, geo::Vec3<T>()); };
          } else if constexpr (requires { geo::contains(s, geo::Vec3<T>()); }) {
            verdict_only = std::is_same_v<decltype(geo::contains(s, geo::Vec3<T>())), bool>;
          } else if constexpr (requires { geo::contains(s, geo::Vec2<T>()); }) {
            planar = true;
            verdict_only = std::is_same_v<decltype(geo::contains(s, geo::Vec2<T>())), bool>;
          } else {
            throw std::runtime_error("no geo::contains for this shape");
          }
        },
        shape);
    declare_point<T>(body, request, planar);
    // A polygon's or polyhedron's distances, which the answer lists, go to a trace.
    const char* trace_type = route.shape == geo::ShapeKind::Polygon      ? "PolygonTrace"
                             : route.shape == geo::ShapeKind::Polyhedron ? "PolyhedronTrace"
                                                                         : nullptr;
    const std::string trace_argument = trace_type ? ", &trace" : "";
    if (trace_type && !verdict_only) {
      body.push_back(std::string("geo::") + trace_type + "<" + cpp_scalar<T>() + "> trace;");
    }
    if (op == "contains" && verdict_only) {
      route.inside = "geo::contains(shape, point)";
    } else if (op == "contains") {
      route.inside = "result.inside";
      body.push_back("const auto result = geo::contains(shape, point" + trace_argument + ");");
    } else {
      route.inside = "result.feature.kind == geo::Feature::Inside";
      body.insert(body.end(), {"const auto result = geo::closest_point(shape, point" + trace_argument + ");",
                               "ASSERT_TRUE(result.ok());"});
    }
  } else if (op == "signed_distance") {
    route.shape = geo::shape_kind(declare<T>(body, request, "plane", "plane"));
    declare_point<T>(body, request, false);
    body.insert(body.end(), {"const auto result = geo::closest_point(plane, point);", "ASSERT_TRUE(result.ok());"});
  } else {  // closest_points and overlap: the answer's method says which algorithm answered
    const auto a = declare<T>(body, request, "a", "a");
    const auto b = declare<T>(body, request, "b", "b");
    route.a = geo::shape_kind(a);
    route.b = geo::shape_kind(b);
    const std::string method = answer.value("method", "");
    if (method == "gjk") {
      call_gjk<T>(body, route, answer);
      return body;
    }
    const bool planar_sat = std::visit(
        [](const auto& sa, const auto& sb) { return requires { geo::sat_overlap(sa, sb); }; }, a, b);
    // The tool's SAT stops at the first separating axis unless the line asks for a trace;
    // without one, two boxes and a triangle or segment with an AABB take their own tests.
    const bool trace = request.value("trace", false);
    const std::string options = trace ? "" : ", {.stop_at_separation = true}";
    const std::string dedicated = trace ? "" : std::visit([](const auto& sa, const auto& sb) -> std::string {
      if constexpr (requires { geo::box_overlap(sa, sb); }) return "box_overlap";
      if constexpr (requires { geo::aabb_overlap(sa, sb); }) return "aabb_overlap";
      return "";
    }, a, b);
    body.push_back(op == "closest_points" ? "const auto result = geo::closest_points(a, b);"
                   : planar_sat           ? "const auto result = geo::sat_overlap(a, b" + options + ");"
                   : !dedicated.empty()   ? "const auto result = geo::" + dedicated + "(a, b);"
                                : "const auto result = geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b)" + options + ");");
    body.push_back("ASSERT_TRUE(result.ok());");
  }
  return body;
}

// Where the answer's field `key` is in what the test computed.
std::string field_expression(const Route& route, const std::string& key) {
  if (route.gjk) {
    if (key == "a_point" || key == "b_point") return (route.epa ? "epa." : "gjk.") + key;
    if (key == "distance" || key == "separation") return "gjk." + key;
    if (key == "axis") return route.epa ? "epa.axis" : "gjk.axis";
    if (key == "depth") return "epa.depth";
    if (key == "gjk_iterations") return "gjk.iteration_count";
    if (key == "epa_iterations") return "epa.iteration_count";
    throw std::runtime_error("no GJK result field for the answer's \"" + key + "\"");
  }
  if (key == "inside") return route.inside;
  if (route.op == "signed_distance" && key == "distance") return "result.signed_distance";
  if (key == "separating_edge" || key == "separating_face") return "result.first_" + key;
  if (key == "edge_distances" || key == "face_distances") return "trace." + key;
  return "result." + key;  // the answer's other fields are named after the result's members
}

template <typename T>
void expect_value(Lines& body, const std::string& expression, const ordered_json& value, bool is_list) {
  if (value.is_boolean()) {
    body.push_back(std::string(value.get<bool>() ? "EXPECT_TRUE(" : "EXPECT_FALSE(") + expression + ");");
  } else if (value.is_number_float()) {
    const T number = static_cast<T>(value.get<double>());  // exact: a float answer is a float widened
    body.push_back(std::isnan(number) ? "EXPECT_TRUE(std::isnan(" + expression + "));"
                                      : "EXPECT_EQ(" + expression + ", " + cpp_number(number) + ");");
  } else if (value.is_number()) {
    body.push_back("EXPECT_EQ(" + expression + ", " + value.dump() + ");");
  } else if (value.is_array() && is_list) {
    body.push_back("ASSERT_EQ(" + expression + ".size(), " + std::to_string(value.size()) + "u);");
    for (std::size_t i = 0; i < value.size(); ++i) {
      expect_value<T>(body, expression + "[" + std::to_string(i) + "]", value[i], false);
    }
  } else if (value.is_array() && value.size() >= 2 && value.size() <= 3) {
    static const char* const kComponents[] = {"x", "y", "z"};
    for (std::size_t i = 0; i < value.size(); ++i) {
      expect_value<T>(body, expression + "." + kComponents[i], value[i], false);
    }
  } else {
    throw std::runtime_error("no assertion for " + expression + ": " + describe(value));
  }
}

// An axis_source_name ("face 2 of a", "edge 0 of a x edge 3 of b", ...) as the source
// and indices of the first separating axis; a side axis shows index_a, or index_b when
// it has no edge of a.
void expect_first_separating_axis(Lines& body, const std::string& name) {
  enum class Shown { A, B, AElseB, BElseA };
  struct Naming {
    geo::AxisSource source;
    const char* enumerator;
    std::vector<Shown> shown;  // the indices the name shows, in its order
  };
  static const Naming kNamings[] = {{geo::AxisSource::FaceA, "FaceA", {Shown::A}},
                                    {geo::AxisSource::FaceB, "FaceB", {Shown::B}},
                                    {geo::AxisSource::EdgeEdge, "EdgeEdge", {Shown::A, Shown::B}},
                                    {geo::AxisSource::SideA, "SideA", {Shown::AElseB}},
                                    {geo::AxisSource::SideB, "SideB", {Shown::BElseA}},
                                    {geo::AxisSource::Pair, "Pair", {}}};
  std::vector<int> numbers;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) continue;
    std::size_t length = 0;
    numbers.push_back(std::stoi(name.substr(i), &length));
    i += length;
  }
  const std::string axis = "first_separating";
  const std::string index_a = axis + ".index_a", index_b = axis + ".index_b";
  for (const auto& naming : kNamings) {
    if (naming.shown.size() != numbers.size()) continue;
    int a = -1, b = -1;
    for (std::size_t i = 0; i < numbers.size(); ++i) {
      (naming.shown[i] == Shown::A || naming.shown[i] == Shown::AElseB ? a : b) = numbers[i];
    }
    if (axis_source_name(naming.source, a, b) != name) continue;
    body.insert(body.end(), {"ASSERT_GE(result.first_separating, 0);",
                             "const auto& " + axis + " = result.first_separating_axis;",
                             "EXPECT_EQ(" + axis + ".source, geo::AxisSource::" + naming.enumerator + ");"});
    for (std::size_t i = 0; i < numbers.size(); ++i) {
      const Shown shown = naming.shown[i];
      const std::string index = shown == Shown::A        ? index_a
                                : shown == Shown::B      ? index_b
                                : shown == Shown::AElseB ? "(" + index_a + " >= 0 ? " + index_a + " : " + index_b + ")"
                                                         : "(" + index_b + " >= 0 ? " + index_b + " : " + index_a + ")";
      body.push_back("EXPECT_EQ(" + index + ", " + std::to_string(numbers[i]) + ");");
    }
    return;
  }
  throw std::runtime_error("unknown SAT axis \"" + name + "\"");
}

template <typename T> void expect_answer(Lines& body, const Route& route, const ordered_json& answer) {
  for (const auto& [key, value] : answer.items()) {
    // The method chose the calls; GJK's verdict was asserted before EPA ran.
    if (key == "id" || key == "meta" || key == "method" || (route.gjk && key == "overlap")) continue;
    if (key == "feature" || key == "a_feature" || key == "b_feature") {
      const geo::ShapeKind kind = key == "a_feature" ? route.a : key == "b_feature" ? route.b : route.shape;
      body.push_back("EXPECT_EQ(geo::feature_name(" + cpp_shape_kind(kind) + ", result." + key + "), " +
                     cpp_string(value.template get<std::string>()) + ");");
    } else if (key == "side") {
      static const std::pair<geo::PlaneSide, const char*> kSides[] = {
          {geo::PlaneSide::Below, "Below"}, {geo::PlaneSide::On, "On"}, {geo::PlaneSide::Above, "Above"}};
      // Captured by an init-capture: clang 14 (the fuzz build) cannot capture a structured binding.
      const auto* named = std::find_if(std::begin(kSides), std::end(kSides),
                                       [&side = value](const auto& entry) { return side == side_name(entry.first); });
      if (named == std::end(kSides)) throw std::runtime_error("unknown side " + value.dump());
      body.push_back(std::string("EXPECT_EQ(result.side, geo::PlaneSide::") + named->second + ");");
    } else if (key == "first_separating_axis") {
      expect_first_separating_axis(body, value.template get<std::string>());
    } else if (key == "region_dots") {
      for (const auto& [dot, number] : value.items()) expect_value<T>(body, "result." + dot, number, false);
    } else {
      expect_value<T>(body, field_expression(route, key), value, key == "edge_distances" || key == "face_distances");
    }
  }
}

// The test of one line the query tool answered.
std::string test_text(const std::string& line, int line_number, const std::string& name, const ordered_json& answer) {
  const json request = parse_json(line, kMaxQueryLineDepth, kMaxQueryLineValues);
  Route route;
  Lines body;
  if (request.value("precision", "double") == "float") {
    body = call<float>(route, request, answer);
    expect_answer<float>(body, route, answer);
  } else {
    body = call<double>(route, request, answer);
    expect_answer<double>(body, route, answer);
  }
  std::string text = "\n// line " + std::to_string(line_number) + ": " + line + "\n";
  text += "TEST(CollisionLabCase, " + name + ") {\n";
  for (const auto& statement : body) text += "  " + statement + "\n";
  return text + "}\n";
}
}  // namespace

std::string emit_gtest(const std::vector<std::string>& lines, std::string& error) {
  error.clear();
  if (lines.empty()) {
    error = "no query lines to write tests for";
    return {};
  }
  std::string file =
      "// Generated by `collision-lab-query --emit-gtest`: a test per query line. Each builds the\n"
      "// line's shapes with the geometry API, calls what the query tool answers it with, and\n"
      "// expects the tool's answer, every number exactly.\n";
  for (const char* include : kIncludes) file += *include ? std::string("#include ") + include + "\n" : "\n";
  std::set<std::string> names;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int line_number = static_cast<int>(i) + 1;
    bool failed = false;
    const ordered_json answer = answer_query_line(lines[i], line_number, failed);
    if (failed) {
      error = answer.at("error").get<std::string>();
      return {};
    }
    std::string name = cpp_test_name(answer.at("id"), line_number);
    while (!names.insert(name).second) name += "Line" + std::to_string(line_number);  // ids need not be unique
    try {
      file += test_text(lines[i], line_number, name, answer);
    } catch (const std::exception& e) {
      error = "line " + std::to_string(line_number) + ": cannot write a test: " + e.what();
      return {};
    }
  }
  return file;
}

int run_emit_gtest_command(const QueryOptions& options) {
  return run_on_query_input(options, [&](std::istream& in) {
    std::vector<std::string> lines;
    std::string error;
    std::string line;
    for (LineRead read; error.empty() && (read = read_query_line(in, line, options.max_line_bytes)) != LineRead::end;) {
      lines.push_back(line);
      if (read == LineRead::too_long) error = too_long_answer(static_cast<std::int64_t>(lines.size()), options.max_line_bytes).at("error").get<std::string>();
    }
    if (!read_to_end(in, options)) return kExitBadInput;
    const std::string file = error.empty() ? emit_gtest(lines, error) : "";
    if (!error.empty()) {
      report_error(options, input_name(options), error);
      return kExitBadInput;
    }
    errno = 0;  // a failed write leaves its reason
    std::cout << file << std::flush;
    return written(std::cout, options) ? 0 : kExitWriteFailed;
  });
}

}  // namespace query
