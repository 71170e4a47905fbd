// The query runner in-process, and both commands that run it: `collision-lab query` and
// `collision-lab-query`, which must answer byte for byte alike.
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

using nlohmann::json;
using namespace query;

namespace {
// The two ways to run the query mode: the app's subcommand and the GUI-free tool.
struct QueryCommand {
  std::string binary, prefix, program;  // program: how its messages begin
  ProcessResult run(const std::string& arguments, const std::string& input = "") const {
    return run_process(binary, prefix + arguments, input);
  }
};
const QueryCommand kApp{COLLISION_LAB_BINARY, "query ", "collision-lab"};
const QueryCommand kTool{COLLISION_LAB_QUERY_BINARY, "", "collision-lab-query"};

// A message without the program name it begins with.
std::string without_program(const std::string& message, const QueryCommand& command) {
  return message.rfind(command.program + ": ", 0) == 0 ? message.substr(command.program.size()) : message;
}

// Runs the query mode in-process on `input`; returns the parsed answer lines.
std::vector<json> answers(const std::string& input, int* exit_code = nullptr) {
  std::istringstream in(input);
  std::ostringstream out;
  const int code = run_query_lines(in, out);
  if (exit_code) *exit_code = code;
  std::vector<json> lines;
  std::istringstream produced(out.str());
  for (std::string line; std::getline(produced, line);) lines.push_back(json::parse(line));
  return lines;
}

json answer(const std::string& line) {
  auto lines = answers(line + "\n");
  EXPECT_EQ(lines.size(), 1u);
  return lines.empty() ? json() : lines[0];
}

void expect_point(const json& value, std::vector<double> expected, double tolerance = 1e-15) {
  ASSERT_TRUE(value.is_array()) << value;
  ASSERT_EQ(value.size(), expected.size()) << value;
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(value[i].get<double>(), expected[i], tolerance) << value;
}

TEST(QueryMode, TheReadmeExampleAnswersTheEndPoint) {
  for (const auto& command : {kApp, kTool}) {
  SCOPED_TRACE(command.binary);
  auto result = command.run("",
                            R"({"id":1,"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[3,1,0]})"
                            "\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  json line = json::parse(result.out);
  EXPECT_EQ(line["id"], 1);
  expect_point(line["point"], {2, 0, 0});
  EXPECT_DOUBLE_EQ(line["distance"].get<double>(), std::sqrt(2.0));
  EXPECT_EQ(line["feature"], "vertex b");
  EXPECT_NE(result.out.find("\"point\":[2,0,0]"), std::string::npos) << result.out;
  }
}

TEST(QueryMode, EveryLineGetsOneAnswerInOrderAndBadLinesSayWhy) {
  int exit_code = 0;
  auto lines = answers(
      "{\"id\":\"a\",\"op\":\"signed_distance\",\"plane\":{\"type\":\"plane\",\"normal\":[0,0,2],\"d\":4},\"point\":[0,0,5]}\n"
      "not json\n"
      "\n"
      "{\"id\":4,\"op\":\"frobnicate\"}\n"
      "{\"id\":5,\"op\":\"closest_point\",\"shape\":{\"type\":\"sphere\",\"center\":[0,0],\"radius\":1}}\n"
      "{\"id\":6,\"op\":\"closest_point\",\"shape\":{\"type\":\"blob\"},\"point\":[0,0]}\n"
      "{\"id\":7,\"op\":\"closest_point\",\"shape\":{\"type\":\"segment\",\"a\":[0,0,0,0],\"b\":[1,0]},\"point\":[0,0]}\n"
      "{\"id\":8,\"op\":\"contains\",\"shape\":{\"type\":\"sphere\",\"center\":[0,0,0],\"radius\":1},\"point\":[0.5,0,0]}\n",
      &exit_code);
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(exit_code, 1);
  EXPECT_EQ(lines[0]["id"], "a");
  EXPECT_DOUBLE_EQ(lines[0]["distance"].get<double>(), 3.0);  // normal normalized, d scaled: z = 2
  EXPECT_EQ(lines[1]["id"], nullptr);
  EXPECT_NE(lines[1]["error"].get<std::string>().find("line 2: not JSON"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2]["error"].get<std::string>().find("empty line"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3]["error"].get<std::string>().find("frobnicate"), std::string::npos) << lines[3];
  EXPECT_EQ(lines[3]["id"], 4);
  EXPECT_NE(lines[4]["error"].get<std::string>().find("missing field \"point\""), std::string::npos) << lines[4];
  EXPECT_NE(lines[5]["error"].get<std::string>().find("shape.type: unknown shape type \"blob\""), std::string::npos)
      << lines[5];
  EXPECT_NE(lines[6]["error"].get<std::string>().find("shape.a: expected [x, y] or [x, y, z]"), std::string::npos)
      << lines[6];
  EXPECT_EQ(lines[7]["inside"], true);
}

TEST(QueryMode, RejectsNonFiniteNumbersBadAxesAndNonConvexPolygons) {
  auto huge = answer(R"({"id":1,"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[1e999,0,0]},"point":[0,0]})");
  EXPECT_TRUE(huge.contains("error")) << huge;
  auto axes = answer(R"({"id":2,"op":"contains","shape":{"type":"obb","center":[0,0,0],"axes":[[1,0,0],[0.1,1,0],[0,0,1]],"half_extents":[1,1,1]},"point":[0,0,0]})");
  EXPECT_NE(axes.value("error", "").find("not orthogonal"), std::string::npos) << axes;
  auto concave = answer(R"({"id":3,"op":"contains","shape":{"type":"polygon","vertices":[[0,0],[4,0],[1,1],[0,4]]},"point":[0.5,0.5]})");
  EXPECT_NE(concave.value("error", "").find("shape.vertices"), std::string::npos) << concave;
  auto flat = answer(R"({"id":4,"op":"contains","shape":{"type":"polyhedron","vertices":[[0,0,0],[1,0,0],[0,1,0],[1,1,0]]},"point":[0,0,0]})");
  EXPECT_TRUE(flat.contains("error")) << flat;
  auto out_of_float = answer(R"({"id":5,"op":"closest_point","precision":"float","shape":{"type":"sphere","center":[1e300,0,0],"radius":1},"point":[0,0,0]})");
  EXPECT_NE(out_of_float.value("error", "").find("shape.center[0]: "), std::string::npos) << out_of_float;
}

TEST(QueryMode, AnswersEveryShapeAndOperation) {
  auto obb = answer(R"({"id":1,"op":"closest_point","shape":{"type":"obb","center":[0,0,0],"axes":[[0.6,0.8,0],[-0.8,0.6,0],[0,0,1]],"half_extents":[1,1,1]},"point":[0,0,5]})");
  expect_point(obb["point"], {0, 0, 1});
  EXPECT_EQ(obb["feature"], "face +z");
  auto triangle = answer(R"({"id":2,"op":"closest_point","shape":{"type":"triangle","a":[0,0,0],"b":[1,0,0],"c":[0,1,0]},"point":[0.25,0.25,1]})");
  expect_point(triangle["point"], {0.25, 0.25, 0});
  expect_point(triangle["barycentric"], {0.5, 0.25, 0.25});
  auto polygon = answer(R"({"id":3,"op":"closest_point","shape":{"type":"polygon","vertices":[[0,0],[0,2],[2,2],[2,0]]},"point":[3,1]})");
  expect_point(polygon["point"], {2, 1});
  auto hull = answer(R"({"id":4,"op":"closest_point","shape":{"type":"polyhedron","vertices":[[0,0,0],[1,0,0],[0,1,0],[0,0,1]]},"point":[-1,-1,-1]})");
  expect_point(hull["point"], {0, 0, 0});
  auto lines = answer(R"({"id":5,"op":"closest_points","a":{"type":"line","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"line","origin":[0,0,1],"direction":[0,1,0]}})");
  expect_point(lines["a_point"], {0, 0, 0});
  expect_point(lines["b_point"], {0, 0, 1});
  EXPECT_DOUBLE_EQ(lines["distance"].get<double>(), 1.0);
  auto crossing = answer(R"({"id":6,"op":"closest_points","a":{"type":"segment","a":[0.2,0.2,-1],"b":[0.2,0.2,1]},"b":{"type":"triangle","a":[0,0,0],"b":[1,0,0],"c":[0,1,0]}})");
  EXPECT_EQ(crossing["distance"], 0.0);
  EXPECT_EQ(crossing["intersecting"], true);
  auto unsupported = answer(R"({"id":7,"op":"closest_points","a":{"type":"plane","normal":[0,0,1],"d":0},"b":{"type":"triangle","a":[0,0,0],"b":[1,0,0],"c":[0,1,0]}})");
  EXPECT_NE(unsupported.value("error", "").find("not supported"), std::string::npos) << unsupported;
  auto as_float = answer(R"({"id":8,"op":"closest_point","precision":"float","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[3,1,0]})");
  EXPECT_NEAR(as_float["distance"].get<double>(), std::sqrt(2.0), 1e-6);
  EXPECT_NE(as_float["distance"].get<double>(), std::sqrt(2.0));  // computed in float, not double
}

// Every convex shape, centred at `c` with size about 1.
std::string shape_at(const std::string& type, double c) {
  auto p = [&](double x, double y, double z) {
    return "[" + std::to_string(c + x) + "," + std::to_string(y) + "," + std::to_string(z) + "]";
  };
  if (type == "segment") return R"({"type":"segment","a":)" + p(-1, 0, 0) + R"(,"b":)" + p(1, 0, 0) + "}";
  if (type == "triangle") return R"({"type":"triangle","a":)" + p(-1, -1, 0) + R"(,"b":)" + p(1, -1, 0) + R"(,"c":)" + p(0, 1, 0) + "}";
  if (type == "aabb") return R"({"type":"aabb","min":)" + p(-1, -1, -1) + R"(,"max":)" + p(1, 1, 1) + "}";
  if (type == "obb") return R"({"type":"obb","center":)" + p(0, 0, 0) + R"(,"axes":[[0.6,0.8,0],[-0.8,0.6,0],[0,0,1]],"half_extents":[1,1,1]})";
  if (type == "sphere") return R"({"type":"sphere","center":)" + p(0, 0, 0) + R"(,"radius":1})";
  if (type == "polyhedron") {
    return R"({"type":"polyhedron","vertices":[)" + p(-1, -1, -1) + "," + p(1, -1, -1) + "," + p(0, 1, -1) + "," + p(0, 0, 1) + "]}";
  }
  return R"({"type":"polygon","vertices":[)" + p(-1, -1, 0).substr(0, p(-1, -1, 0).rfind(',')) + "]," +
         p(1, -1, 0).substr(0, p(1, -1, 0).rfind(',')) + "]," + p(0, 1, 0).substr(0, p(0, 1, 0).rfind(',')) + "]]}";
}

TEST(QueryMode, OverlapAnswersEveryPairWithBothMethods) {
  const std::vector<std::string> solids = {"segment", "triangle", "aabb", "obb", "sphere", "polyhedron"};
  std::vector<std::pair<std::string, std::string>> pairs = {{"polygon", "polygon"}};
  for (const auto& a : solids) {
    for (const auto& b : solids) pairs.push_back({a, b});
  }
  for (const auto& [a, b] : pairs) {
    for (const char* method : {"sat", "gjk"}) {
      for (double offset : {0.25, 10.0}) {
        const std::string line = R"({"id":1,"op":"overlap","method":")" + std::string(method) + R"(","a":)" +
                                 shape_at(a, 0) + R"(,"b":)" + shape_at(b, offset) + "}";
        json result = answer(line);
        SCOPED_TRACE(a + " vs " + b + " by " + method + " at " + std::to_string(offset));
        ASSERT_FALSE(result.contains("error")) << result;
        EXPECT_EQ(result["overlap"], offset < 1) << result;
        ASSERT_TRUE(result["axis"].is_array()) << result;
        if (offset < 1) {
          EXPECT_GE(result["depth"].get<double>(), 0) << result;
        } else {
          EXPECT_GT(result["separation"].get<double>(), 0) << result;
        }
      }
    }
  }
}

TEST(QueryMode, OverlapDepthIsTheMinimumTranslation) {
  auto sat = answer(R"({"id":1,"op":"overlap","a":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"b":{"type":"aabb","min":[0.75,0.1,0.1],"max":[2,0.9,0.9]}})");
  expect_point(sat["axis"], {1, 0, 0});
  EXPECT_NEAR(sat["depth"].get<double>(), 0.25, 1e-15);
  auto gjk = answer(R"({"id":2,"op":"overlap","method":"gjk","a":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"b":{"type":"aabb","min":[0.75,0.1,0.1],"max":[2,0.9,0.9]}})");
  expect_point(gjk["axis"], {1, 0, 0}, 1e-12);
  EXPECT_NEAR(gjk["depth"].get<double>(), 0.25, 1e-12);
  auto apart = answer(R"({"id":3,"op":"closest_points","a":{"type":"sphere","center":[0,0,0],"radius":1},"b":{"type":"aabb","min":[2,-1,-1],"max":[3,1,1]}})");
  EXPECT_NEAR(apart["distance"].get<double>(), 1.0, 1e-12);
  expect_point(apart["a_point"], {1, 0, 0}, 1e-12);
  auto flat = answer(R"({"id":4,"op":"overlap","a":{"type":"polyhedron","vertices":[[0,0,0],[1,0,0],[0,1,0],[1,1,0]]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]}})");
  EXPECT_TRUE(flat.contains("error")) << flat;
}

TEST(QueryMode, ReadsAFileAndFailsClearlyOnAMissingOne) {
  const std::string path = temp_path("queries.jsonl");
  std::ofstream(path) << R"({"id":9,"op":"contains","shape":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"point":[1,1,1]})" "\n";
  for (const auto& command : {kApp, kTool}) {
    SCOPED_TRACE(command.binary);
    auto ok = command.run("--input '" + path + "'");
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
    EXPECT_EQ(json::parse(ok.out)["inside"], true);  // closed: the corner is inside
    auto missing = command.run("--input /nonexistent/queries.jsonl");
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_EQ(missing.err, command.program + ": /nonexistent/queries.jsonl: No such file or directory\n");
  }
}

// The tool is the app's query mode without the app: the same bytes out, the same exit
// status, for good lines, bad lines and both precisions.
TEST(QueryMode, TheToolAnswersByteForByteLikeTheAppsSubcommand) {
  const std::string input =
      R"({"id":1,"op":"closest_point","shape":{"type":"triangle","a":[0,0,0],"b":[4,0,0],"c":[0,3,0]},"point":[3,3,1]})" "\n"
      R"({"id":"f","precision":"float","op":"closest_points","a":{"type":"segment","a":[0,0,0],"b":[1,1,1]},"b":{"type":"line","origin":[0,1,0],"direction":[1,0,0]}})" "\n"
      "not json\n"
      R"({"id":3,"op":"overlap","a":{"type":"obb","center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"half_extents":[1,1,1]},"b":{"type":"sphere","center":[1.5,0,0],"radius":1}})" "\n"
      R"({"id":4,"op":"overlap","method":"gjk","a":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"b":{"type":"aabb","min":[0.5,0.5,0.5],"max":[2,2,2]}})" "\n"
      R"({"id":5,"op":"contains","shape":{"type":"polygon","vertices":[[0,0],[2,0],[0,2]]},"point":[1,1]})" "\n"
      R"({"id":6,"op":"signed_distance","plane":{"type":"plane","normal":[0,3,4],"d":5},"point":[1,2,3]})" "\n"
      R"({"id":7,"op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":-1},"point":[1,0,0]})" "\n";
  const auto app = kApp.run("", input), tool = kTool.run("", input);
  EXPECT_EQ(tool.out, app.out);
  EXPECT_EQ(tool.err, app.err);
  EXPECT_EQ(tool.exit_code, app.exit_code);
  EXPECT_EQ(tool.exit_code, 1);  // two lines failed
  EXPECT_EQ(std::count(tool.out.begin(), tool.out.end(), '\n'), 8);
}

// --emit-gtest too: the same test file, or the same one message and exit status.
TEST(QueryMode, TheToolEmitsGtestByteForByteLikeTheAppsSubcommand) {
  const std::string examples = std::string(COLLISION_LAB_SOURCE_DIR) + "/assets/queries/examples.jsonl";
  for (const std::string& arguments : {"--emit-gtest --input '" + examples + "'", std::string("--emit-gtest")}) {
    SCOPED_TRACE(arguments);
    const std::string input = R"({"id":1,"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[3,1,0]})"
                              "\nnot json\n";
    const auto app = kApp.run(arguments, input), tool = kTool.run(arguments, input);
    EXPECT_EQ(tool.out, app.out);
    EXPECT_EQ(without_program(tool.err, kTool), without_program(app.err, kApp));
    EXPECT_EQ(tool.exit_code, app.exit_code);
  }
  const auto written = kTool.run("--emit-gtest --input '" + examples + "'");
  EXPECT_EQ(written.exit_code, 0) << written.err;
  EXPECT_NE(written.out.find("TEST(CollisionLabCase, SphereBox) {"), std::string::npos) << written.out;
  const auto refused = kTool.run("--emit-gtest", "not json\n");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.out, "");
}

// Hostile nesting is refused with a message, not a stack overflow.
TEST(QueryMode, DeeplyNestedLinesAreRefusedNotACrash) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  for (const std::string& line : {deep, R"({"id":)" + deep + R"(,"op":"contains"})",
                                  R"({"op":"closest_point","shape":{"type":"segment","a":)" + deep + "}}"}) {
    const json reply = answer(line);
    EXPECT_EQ(reply["error"], "line 1: not JSON: nested deeper than 64 levels") << reply;
  }
  // Shallow nesting in a wrong place is still named field by field.
  const json shallow = answer(R"({"op":"closest_point","shape":{"type":"segment","a":[[[[1]]]],"b":[0,0]},"point":[0,0]})");
  EXPECT_EQ(shallow["error"], "line 1: shape.a: expected [x, y] or [x, y, z], got array [[[[1]]]]") << shallow;
}

// A build server or an engine needs no GL, X11 or UI library to run the tool.
TEST(QueryMode, TheToolLinksNoGlX11OrUiLibrary) {
  const auto linked = run_process("ldd", "'" + kTool.binary + "'");
  ASSERT_EQ(linked.exit_code, 0) << linked.err;
  EXPECT_NE(linked.out.find("libc.so"), std::string::npos) << linked.out;
  for (const char* library : {"libGL", "libOpenGL", "libGLX", "libEGL", "libglfw", "libX11", "libimgui"}) {
    EXPECT_EQ(linked.out.find(library), std::string::npos) << library << " in\n" << linked.out;
  }
}

TEST(ShapeJson, EveryShapeRoundTrips) {
  const char* shapes[] = {
      R"({"type":"line","origin":[1,2,3],"direction":[0,0,1]})",
      R"({"type":"ray","origin":[1,2,3],"direction":[0,1,0]})",
      R"({"type":"segment","a":[1,2,3],"b":[4,5,6]})",
      R"({"type":"plane","normal":[0,0,1],"d":2.5})",
      R"({"type":"aabb","min":[0,0,0],"max":[1,2,3]})",
      R"({"type":"obb","center":[0,0,0],"axes":[[0,1,0],[-1,0,0],[0,0,1]],"half_extents":[1,2,3]})",
      R"({"type":"sphere","center":[1,1,1],"radius":0.5})",
      R"({"type":"triangle","a":[0,0,0],"b":[1,0,0],"c":[0,1,0]})",
      R"({"type":"polygon","vertices":[[0,0],[1,0],[0,1]]})",
  };
  for (const char* text : shapes) {
    auto shape = read_shape<double>(json::parse(text), "shape");
    EXPECT_EQ(json::parse(to_json_line(shape_json(shape))), json::parse(text)) << text;
  }
}
}  // namespace

namespace {
// The example file the README runs: every operation answered, no line failing.
TEST(QueryMode, TheShippedExamplesAllAnswer) {
  const std::string path = std::string(COLLISION_LAB_SOURCE_DIR) + "/assets/queries/examples.jsonl";
  const auto result = kTool.run("--input '" + path + "'");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::ifstream file(path);
  std::istringstream answers(result.out);
  std::set<std::string> operations;
  for (std::string line, answer; std::getline(file, line);) {
    ASSERT_TRUE(std::getline(answers, answer)) << "no answer for " << line;
    const json request = json::parse(line), reply = json::parse(answer);
    EXPECT_EQ(reply["id"], request["id"]);
    EXPECT_FALSE(reply.contains("error")) << reply;
    operations.insert(request["op"].get<std::string>());
  }
  EXPECT_EQ(operations, (std::set<std::string>{"closest_point", "closest_points", "signed_distance", "contains", "overlap"}));
}
}  // namespace
