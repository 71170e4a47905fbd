// The 3D SAT sample numbers each hull's faces in the scene as its axis table names their
// axes: the face whose normal is axis "face A0" carries the label "A0".
#include "tests/support/run_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>
#include <set>

namespace {

nlohmann::json polyhedra_dump() {
  // A cube and, to its right, a tetrahedron: the cube's face axis A0 (x) separates them first.
  // Seen from the front and 10° to the side, whatever the sample's default camera.
  const std::string scene = temp_path("face-numbers.json"), dump = temp_path("face-numbers-dump.json");
  std::ofstream(scene) << R"({"collision_lab_scene": 1, "sample": "sat-polyhedra", "state": {"shapes": {
      "A": {"type": "polyhedron", "vertices": [[-2.5, -1, -1], [-2.5, -1, 1], [-2.5, 1, -1], [-2.5, 1, 1],
                                               [-0.5, -1, -1], [-0.5, -1, 1], [-0.5, 1, -1], [-0.5, 1, 1]]},
      "B": {"type": "polyhedron", "vertices": [[2.2, -0.8, -0.9], [3.4, 0.2, 0.1], [1.8, 1.1, -0.4], [2.6, 0.3, 1.2]]}},
      "points": {}},
      "camera": {"target": [0.45, 0, 0], "distance": 14, "yaw": 0.1745, "pitch": 0.349, "orthographic": false}})";
  const auto result = run_process(COLLISION_LAB_BINARY, "'" + scene + "' --size 1000x700 --screenshot '" +
                                                            temp_path("face-numbers.png") + "' --dump-state '" + dump + "'");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::ifstream file(dump);
  return nlohmann::json::parse(file, nullptr, false);
}

TEST(FaceNumbers, EachHullFaceCarriesItsAxisName) {
  const nlohmann::json dump = polyhedra_dump();
  ASSERT_TRUE(dump.contains("labels"));
  int shown_face_labels = 0;
  std::set<std::string> numbers;
  bool projection_named = false;
  const std::regex face_number("([AB])([0-9]+)");
  for (const auto& label : dump["labels"]) {
    const std::string text = label["text"];
    std::smatch match;
    if (std::regex_match(text, match, face_number)) {
      numbers.insert(text);
      // The cube has three face axes (opposite faces share one), the tetrahedron four.
      EXPECT_LT(std::stoi(match[2]), match[1] == "A" ? 3 : 4) << text;
      shown_face_labels += text == "A0";
    }
    projection_named = projection_named || text == "face A0";
  }
  EXPECT_TRUE(projection_named) << dump["labels"].dump();
  // Both faces of the axis drawn are numbered, the far one too; of the others, those facing the camera.
  EXPECT_EQ(shown_face_labels, 2) << dump["labels"].dump();
  for (const char* number : {"A1", "A2", "B0"}) EXPECT_TRUE(numbers.count(number)) << number;
}

}  // namespace
