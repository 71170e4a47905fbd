// Case files: every op and shape pair the query tool answers opens in a sample that asks
// that very query and gives the tool's answer; "expect" marks the rows that differ.
#include "app/document/case_file.h"
#include "app/document/document.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"

#include <gtest/gtest.h>

#include <map>

namespace {
using nlohmann::json;

// One shape of every kind the schema has, near the origin.
const std::map<std::string, json>& shapes() {
  static const std::map<std::string, json> all = {
      {"line", {{"type", "line"}, {"origin", {0, 0, 0}}, {"direction", {1, 0.5, 0}}}},
      {"ray", {{"type", "ray"}, {"origin", {0, 0, 0}}, {"direction", {1, 0.5, 0}}}},
      {"segment", {{"type", "segment"}, {"a", {-1, 0, 0}}, {"b", {1, 0.5, 0.25}}}},
      {"plane", {{"type", "plane"}, {"normal", {0, 0, 1}}, {"d", 0.5}}},
      {"aabb", {{"type", "aabb"}, {"min", {-1, -1, -1}}, {"max", {1, 1, 1}}}},
      {"obb", {{"type", "obb"}, {"center", {0.5, 0, 0}}, {"axes", {{0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1}}},
               {"half_extents", {1, 0.5, 0.75}}}},
      {"sphere", {{"type", "sphere"}, {"center", {0.25, 0.5, 0}}, {"radius", 1}}},
      {"triangle", {{"type", "triangle"}, {"a", {-1, -1, 0}}, {"b", {2, -1, 0}}, {"c", {0, 2, 0}}}},
      {"polygon", {{"type", "polygon"}, {"vertices", {{-1, -1}, {2, -1}, {2, 1}, {-1, 2}}}}},
      {"polyhedron", {{"type", "polyhedron"}, {"vertices", {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}, {1.5, 1.5, 1.5}}}}},
  };
  return all;
}

json moved(json shape, double dx) {
  // The second shape of a pair, moved along x so that some pairs touch and some do not.
  const auto shift = [dx](json& p) { p[0] = p[0].get<double>() + dx; };
  for (const char* key : {"origin", "a", "b", "c", "center", "min", "max"}) {
    if (shape.contains(key)) shift(shape[key]);
  }
  if (shape.contains("vertices")) {
    for (auto& v : shape["vertices"]) shift(v);
  }
  if (shape["type"] == "plane") shape["d"] = shape["d"].get<double>() + dx;
  return shape;
}

// Every request of the op over every kind (and pair of kinds), with method and precision.
std::vector<json> requests() {
  std::vector<json> out;
  for (const char* precision : {"double", "float"}) {
    for (const auto& [kind, shape] : shapes()) {
      for (const char* op : {"closest_point", "contains"}) {
        out.push_back({{"op", op}, {"precision", precision}, {"shape", shape}, {"point", {0.5, 0.25, 0}}});
      }
      out.push_back({{"op", "signed_distance"}, {"precision", precision}, {"plane", shape}, {"point", {0.5, 0.25, 3}}});
      for (const auto& [other, b] : shapes()) {
        out.push_back({{"op", "closest_points"}, {"precision", precision}, {"a", shape}, {"b", moved(b, 3.5)}});
        for (const char* method : {"sat", "gjk"}) {
          out.push_back({{"op", "overlap"}, {"precision", precision}, {"method", method}, {"a", shape}, {"b", moved(b, 1)}});
        }
      }
    }
  }
  for (auto& request : out) {
    if (request["precision"] == "double") request.erase("precision");
  }
  return out;
}

TEST(CaseFile, EveryQueryTheToolAnswersOpensInASampleThatAnswersItTheSame) {
  int answered = 0, teaching = 0;
  for (const json& request : requests()) {
    bool failed = false;
    nlohmann::ordered_json answer = query::answer_request(request, 1, failed);
    if (failed) continue;  // a pair or op the tool does not take
    answer.erase("id");
    ++answered;
    SceneFile scene;
    ASSERT_NO_THROW(scene = case_scene(request)) << request.dump();
    const auto sample = make_scene_sample(scene);
    bool shown = false;
    for (const auto& query : sample->queries()) {
      if (query.line["op"] == request["op"] && query.answer() == answer) shown = true;
    }
    EXPECT_TRUE(shown) << scene.sample->id << " does not answer " << request.dump();
    if (std::string(scene.sample->id) != "any-query") ++teaching;
  }
  EXPECT_GT(answered, 300);
  EXPECT_GT(teaching, 20);  // the teaching samples take the pairs they are about
}

TEST(CaseFile, ARowOpensTheSampleAboutItsQuery) {
  const auto sample_of = [](const json& request) { return std::string(case_scene(request).sample->id); };
  EXPECT_EQ(sample_of({{"op", "closest_point"}, {"shape", shapes().at("segment")}, {"point", {3, 1, 0}}}),
            "closest-point-segment");
  EXPECT_EQ(sample_of({{"op", "closest_point"}, {"shape", shapes().at("obb")}, {"point", {3, 1, 0}}}), "closest-point-obb");
  EXPECT_EQ(sample_of({{"op", "overlap"}, {"a", shapes().at("obb")}, {"b", moved(shapes().at("obb"), 1)}}), "sat-obb-obb");
  EXPECT_EQ(sample_of({{"op", "closest_points"}, {"a", shapes().at("segment")}, {"b", moved(shapes().at("segment"), 1)}}),
            "closest-points-segments");
  // GJK's sample takes any two bounded convex shapes; no teaching sample computes in float.
  EXPECT_EQ(sample_of({{"op", "closest_points"}, {"a", shapes().at("sphere")}, {"b", moved(shapes().at("aabb"), 3)}}),
            "gjk-epa");
  EXPECT_EQ(sample_of({{"op", "closest_point"}, {"precision", "float"}, {"shape", shapes().at("segment")}, {"point", {3, 1, 0}}}),
            "any-query");
}

TEST(CaseFile, RowsWhoseAnswerDiffersFromExpectAreMarkedWithTheFieldAndBothValues) {
  const std::string text =
      R"({"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[3,1,0],"expect":{"distance":1.4142135623730951,"feature":"vertex b"}})"
      "\n\n"
      R"({"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[3,1,0],"expect":{"distance":1.5,"point":[2,0,1]}})"
      "\r\n"
      R"({"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[3,1,0],"expect":{"distance":1.4142},"tolerance":1e-4})"
      "\n"
      R"({"op":"closest_point","shape":{"type":"segment","a":[0,0,0],"b":[2,0,0]},"point":[3,1,0]})";
  std::vector<CaseRow> rows;
  std::string error;
  ASSERT_TRUE(read_cases(text, rows, error)) << error;
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].line, 1);
  EXPECT_EQ(rows[0].ok, true);
  EXPECT_EQ(rows[1].line, 3);
  EXPECT_EQ(rows[1].ok, false);
  ASSERT_EQ(rows[1].mismatches.size(), 2u);
  EXPECT_EQ(query::mismatch_text(rows[1].mismatches[0]), "distance: expected 1.5, got 1.4142135623730951");
  EXPECT_EQ(rows[1].mismatches[1].field, "point[2]");
  EXPECT_EQ(rows[2].ok, true);  // within its tolerance
  EXPECT_FALSE(rows[3].ok.has_value());
  EXPECT_EQ(rows[3].shapes, "segment, P");

  const auto dump = cases_json(rows);
  EXPECT_EQ(dump[1]["line"], 3);
  EXPECT_EQ(dump[1]["ok"], false);
  EXPECT_EQ(dump[1]["mismatches"][0]["field"], "distance");
  EXPECT_TRUE(dump[3]["ok"].is_null());
}

TEST(CaseFile, ALineThatIsNotAQueryIsAnErrorRowWithTheToolsMessage) {
  std::vector<CaseRow> rows(1);
  std::string error;
  const std::string text =
      "{\"op\":\"closest_point\"\n"
      "\n[1, 2]\n"
      R"({"id":"neg","op":"contains","shape":{"type":"sphere","center":[0,0,0],"radius":-1},"point":[0,0,0]})" "\n"
      R"({"op":"contains","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[0,0,0],"expect":3})" "\n"
      R"({"op":"contains","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[0,0,0]})";
  ASSERT_TRUE(read_cases(text, rows, error)) << error;
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].error, "line 1: not JSON: column 22: unexpected end of input; expected '}'");
  EXPECT_EQ(rows[1].error, "line 3: expected an object, got array [1,2]");
  EXPECT_EQ(rows[2].error, "line 4: shape.radius: must not be negative");
  EXPECT_EQ(rows[2].id, "neg");
  EXPECT_EQ(rows[2].op, "contains");
  EXPECT_EQ(rows[3].error, "line 5: expect: expected an object of answer fields, got number 3");
  EXPECT_TRUE(rows[4].error.empty());
  EXPECT_EQ(rows[4].answer["inside"], true);
  for (int i = 0; i < 4; ++i) {
    SceneFile scene;
    EXPECT_FALSE(scene_of_case(rows, i, scene, error));
    EXPECT_EQ(error, rows[static_cast<std::size_t>(i)].error) << "an error row has no scene";
  }
  // Only a file without a line is refused.
  EXPECT_FALSE(read_cases(" \n\n", rows, error));
  EXPECT_EQ(error, "no query lines (a case file has one JSON query per line)");
  EXPECT_EQ(rows.size(), 5u);  // untouched
}

}  // namespace

namespace {
TEST(CaseFile, AShapeHeldAsAnyShapeOpensWithAnotherKind) {
  SceneFile scene;
  scene.sample = find_sample("gjk-epa");
  scene.state = {{"shapes", {{"A", shapes().at("sphere")}, {"B", moved(shapes().at("triangle"), 3)}}}};
  const auto sample = make_scene_sample(scene);
  EXPECT_EQ(state_json(sample->state)["shapes"]["A"]["type"], "sphere");
  // Of the kinds, the sample takes those it can show.
  scene.state["shapes"]["A"] = shapes().at("line");
  try {
    make_scene_sample(scene);
    ADD_FAILURE() << "GJK's sample took a line";
  } catch (const query::JsonInputError& e) {
    EXPECT_EQ(std::string(e.what()), "shapes.A.type: GJK takes bounded convex shapes, not line");
  }
  // A shape held by its own type still refuses another.
  scene.sample = find_sample("closest-point-obb");
  scene.state = {{"shapes", {{"box", shapes().at("sphere")}}}};
  EXPECT_THROW(make_scene_sample(scene), query::JsonInputError);
}
}  // namespace
