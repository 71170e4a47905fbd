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
#include <cmath>
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
  bool adapter = false;  // the engine's answer, through the adapter's functions
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

// The declarations and the call: of the geometry function the tool answers with, or with
// `adapter` of the engine's; the route says where the answer's fields are.
template <typename T> Lines call(Route& route, const json& request, const ordered_json& answer, bool adapter) {
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
    if (adapter) {
      route.inside = "inside";
      body.push_back(op == "contains" ? "const bool inside = collision_lab_adapter::contains(shape, point);"
                                      : "const auto answer = collision_lab_adapter::closest_point(shape, point);");
    } else if (op == "contains" && verdict_only) {
      route.inside = "geo::contains(shape, point)";
    } else if (op == "contains") {
      route.inside = "result.inside";
      body.push_back("const auto result = geo::contains(shape, point);");
    } else {
      body.insert(body.end(), {"const auto result = geo::closest_point(shape, point);", "ASSERT_TRUE(result.ok());"});
    }
  } else if (op == "signed_distance") {
    route.shape = geo::shape_kind(declare<T>(body, request, "plane", "plane"));
    declare_point<T>(body, request, false);
    const Lines asked = adapter ? Lines{"const auto distance = collision_lab_adapter::signed_distance(plane, point);"}
                                : Lines{"const auto result = geo::closest_point(plane, point);", "ASSERT_TRUE(result.ok());"};
    body.insert(body.end(), asked.begin(), asked.end());
  } else {  // closest_points and overlap: the answer's method says which algorithm answered
    const auto a = declare<T>(body, request, "a", "a");
    const auto b = declare<T>(body, request, "b", "b");
    route.a = geo::shape_kind(a);
    route.b = geo::shape_kind(b);
    if (adapter) {
      body.push_back("const auto answer = collision_lab_adapter::" + op + "(a, b);");
      return body;
    }
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
  if (route.adapter) {
    if (key == "inside") return route.inside;
    return route.op == "signed_distance" ? "distance" : "answer." + key;
  }
  if (route.gjk) {
    if (key == "a_point" || key == "b_point") return (route.epa ? "epa." : "gjk.") + key;
    if (key == "distance") return "gjk.distance";
    if (key == "axis") return "epa.axis";
    if (key == "depth") return "epa.depth";
    throw std::runtime_error("no GJK result field for the answer's \"" + key + "\"");
  }
  if (key == "inside") return route.inside;
  if (route.op == "signed_distance" && key == "distance") return "result.signed_distance";
  return "result." + key;  // the answer's other fields are named after the result's members
}

// The answer's fields a test asserts: what any correct implementation gives, not how ours
// found it (see gtest_emitter.h). A pair of closest points only for two linear shapes that
// are not parallel, the one case where the pair is unique; an overlap's depth and axis only
// when they overlap.
std::vector<std::string> meaningful_fields(const std::string& op, const ordered_json& answer) {
  if (op == "contains") return {"inside"};
  if (op == "signed_distance") return {"distance"};
  if (op == "closest_point") return {"point", "distance"};
  if (op == "closest_points") {
    const bool one_pair = answer.contains("parallel") && !answer["parallel"].get<bool>();
    return one_pair ? std::vector<std::string>{"a_point", "b_point", "distance"} : std::vector<std::string>{"distance"};
  }
  return answer.at("overlap").get<bool>() ? std::vector<std::string>{"overlap", "depth", "axis"}
                                          : std::vector<std::string>{"overlap"};
}

// How near a number must be: the tolerance times the larger of 1, the value's magnitude and
// the line's largest coordinate (an engine's rounding grows with where the shapes are).
struct Closeness {
  double tolerance = 0, scale = 1;
  double bound(double value) const { return tolerance * std::max({1.0, std::abs(value), scale}); }
};

// The largest magnitude among the numbers of `value`.
double largest_magnitude(const json& value) {
  if (value.is_number()) return std::abs(value.get<double>());
  double largest = 0;
  if (value.is_structured()) {
    for (const auto& item : value) largest = std::max(largest, largest_magnitude(item));
  }
  return largest;
}

// EXPECT_NEAR within the closeness; a verdict exactly, a point component by component.
template <typename T>
void expect_value(Lines& body, const std::string& expression, const ordered_json& value, const Closeness& closeness) {
  if (value.is_boolean()) {
    body.push_back(std::string(value.get<bool>() ? "EXPECT_TRUE(" : "EXPECT_FALSE(") + expression + ");");
  } else if (value.is_number()) {
    const T number = static_cast<T>(value.get<double>());  // exact: a float answer is a float widened
    if (std::isnan(number)) {
      body.push_back("EXPECT_TRUE(std::isnan(" + expression + "));");
    } else if (std::isinf(number)) {
      body.push_back("EXPECT_EQ(" + expression + ", " + cpp_number(number) + ");");
    } else {
      const std::string bound = cpp_number(closeness.bound(static_cast<double>(number)));
      body.push_back("EXPECT_NEAR(" + expression + ", " + cpp_number(number) + ", " + bound + ");");
    }
  } else if (value.is_array() && value.size() >= 2 && value.size() <= 3) {
    static const char* const kComponents[] = {"x", "y", "z"};
    for (std::size_t i = 0; i < value.size(); ++i) {
      expect_value<T>(body, expression + "." + kComponents[i], value[i], closeness);
    }
  } else {
    throw std::runtime_error("no assertion for " + expression + ": " + describe(value));
  }
}

// An engine's overlap axis: any axis of least overlap is right (two equal ones, or any for
// concentric spheres), so it is checked as one: unit, and the shapes' supports along it
// overlap by the depth.
template <typename T> void expect_axis_certificate(Lines& body, const ordered_json& answer, const Closeness& closeness) {
  const std::string scalar = cpp_scalar<T>();
  const double depth = answer.at("depth").get<double>();
  body.insert(body.end(),
              {"EXPECT_NEAR(glm::length(answer.axis), " + scalar + "(1), " + cpp_number(closeness.tolerance) + ");",
               "const geo::ConvexShape<" + scalar + "> convex_a(a), convex_b(b);",
               "EXPECT_NEAR(glm::dot(answer.axis, geo::support(convex_a, answer.axis).point - "
               "geo::support(convex_b, -answer.axis).point), " +
                   cpp_number(static_cast<T>(depth)) + ", " + cpp_number(closeness.bound(depth)) + ");"});
}

template <typename T>
void expect_answer(Lines& body, const Route& route, const ordered_json& answer, const Closeness& closeness) {
  for (const std::string& key : meaningful_fields(route.op, answer)) {
    if (route.gjk && key == "overlap") continue;  // asserted before EPA ran
    if (route.adapter && key == "axis") {
      expect_axis_certificate<T>(body, answer, closeness);
    } else {
      expect_value<T>(body, field_expression(route, key), answer.at(key), closeness);
    }
  }
}

// The test of one line the query tool answered.
std::string test_text(const std::string& line, int line_number, const std::string& name, const ordered_json& answer,
                      bool adapter) {
  const json request = parse_json(line, kMaxQueryLineDepth, kMaxQueryLineValues);
  Route route;
  route.adapter = adapter;
  Lines body;
  const bool is_float = request.value("precision", "double") == "float";
  Closeness closeness{read_tolerance(request, is_float ? kDefaultFloatTestTolerance : kDefaultExpectTolerance), 1};
  for (const char* field : {"shape", "a", "b", "plane", "point"}) {
    if (request.contains(field)) closeness.scale = std::max(closeness.scale, largest_magnitude(request[field]));
  }
  if (is_float) {
    body = call<float>(route, request, answer, adapter);
    expect_answer<float>(body, route, answer, closeness);
  } else {
    body = call<double>(route, request, answer, adapter);
    expect_answer<double>(body, route, answer, closeness);
  }
  std::string text = "\n// line " + std::to_string(line_number) + ": " + line + "\n";
  text += std::string("TEST(") + (adapter ? "EngineCase" : "CollisionLabCase") + ", " + name + ") {\n";
  for (const auto& statement : body) text += "  " + statement + "\n";
  return text + "}\n";
}
}  // namespace

std::string emit_gtest(const std::vector<std::string>& lines, std::string& error, const std::string& adapter_header) {
  error.clear();
  if (lines.empty()) {
    error = "no query lines to write tests for";
    return {};
  }
  const bool adapter = !adapter_header.empty();
  std::string file =
      adapter ? "// Generated by `collision-lab-query --emit-gtest --adapter`: a test per query line. Each\n"
                "// builds the line's shapes, asks the engine through the adapter's functions, and expects\n"
                "// the correct answer (the query tool's): closest points, distance, verdict, depth and\n"
                "// axis, within the line's tolerance.\n"
              : "// Generated by `collision-lab-query --emit-gtest`: a test per query line. Each builds the\n"
                "// line's shapes with the geometry API, calls what the query tool answers it with, and\n"
                "// expects the tool's answer: closest points, distance, verdict, depth and axis, within\n"
                "// the line's tolerance.\n";
  for (const char* include : kIncludes) file += *include ? std::string("#include ") + include + "\n" : "\n";
  if (adapter) file += "\n#include <collision_lab/engine_adapter.h>\n#include " + cpp_string(adapter_header) + "\n";
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
      file += test_text(lines[i], line_number, name, answer, adapter);
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
    const std::string file = error.empty() ? emit_gtest(lines, error, options.adapter_header) : "";
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
