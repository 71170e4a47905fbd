// Every classroom scene in assets/scenes/ opens in the real app: it renders without GL
// errors, and the state it shows is the state in the file. The SAT edge-edge scene is
// what it says: every face axis overlaps, and an edge x edge axis separates the boxes.
#include "tests/support/png_image.h"
#include "tests/support/run_process.h"

#include <glm/glm.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <filesystem>
#include <fstream>

namespace {
using nlohmann::json;
namespace fs = std::filesystem;
const std::string kBinary = COLLISION_LAB_BINARY;
const fs::path kScenes = fs::path(COLLISION_LAB_SOURCE_DIR) / "assets" / "scenes";

json read_json(const fs::path& path) {
  std::ifstream file(path);
  return json::parse(file, nullptr, false);
}

// Opens the scene in the app at `size`, with a screenshot; the dump it writes.
json open_in_app(const fs::path& scene, const std::string& size) {
  const std::string name = scene.stem().string();
  const std::string png = temp_path(name + ".png"), dump = temp_path(name + "-dump.json");
  const auto result = run_process(kBinary, "'" + scene.string() + "' --size " + size + " --screenshot '" + png +
                                               "' --dump-state '" + dump + "'");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_GT(load_png(png).distinct_colors(), 16);
  return read_json(dump);
}

TEST(ScenePresets, EveryShippedSceneOpensWithTheStateItsFileHolds) {
  int count = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kScenes)) {
    if (!entry.is_regular_file()) continue;
    SCOPED_TRACE(entry.path().string());
    ++count;
    const json file = read_json(entry.path());
    ASSERT_FALSE(file.is_discarded());
    const json dump = open_in_app(entry.path(), "960x600");
    for (const char* key : {"collision_lab_scene", "title", "description", "sample", "settings", "state"}) {
      EXPECT_EQ(dump[key], file[key]) << key;
    }
  }
  EXPECT_GE(count, 7);
}

glm::dvec3 vec(const json& value) { return {value[0].get<double>(), value[1].get<double>(), value[2].get<double>()}; }

struct Box {
  glm::dvec3 center, half;
  std::array<glm::dvec3, 3> axes;
  explicit Box(const json& obb) : center(vec(obb["center"])), half(vec(obb["half_extents"])) {
    for (int k = 0; k < 3; ++k) axes[k] = vec(obb["axes"][k]);
  }
  // The box's interval on `axis`: centre ± its radius along it.
  std::pair<double, double> interval(const glm::dvec3& axis) const {
    double radius = 0;
    for (int k = 0; k < 3; ++k) radius += half[k] * std::abs(glm::dot(axes[k], axis));
    const double middle = glm::dot(center, axis);
    return {middle - radius, middle + radius};
  }
  // > 0: separated by this much along `axis`.
  double gap(const Box& other, const glm::dvec3& axis) const {
    const auto [a_min, a_max] = interval(axis);
    const auto [b_min, b_max] = other.interval(axis);
    return std::max(b_min - a_max, a_min - b_max);
  }
};

TEST(ScenePresets, TheSatEdgeEdgeSceneIsSeparatedOnlyByAnEdgeCrossEdgeAxis) {
  const json dump = open_in_app(kScenes / "degenerate-cases" / "sat-edge-edge.json", "960x600");
  ASSERT_EQ(dump["sample"], "sat-obb-obb");
  const Box a(dump["state"]["shapes"]["A"]), b(dump["state"]["shapes"]["B"]);
  for (const Box* box : {&a, &b}) {
    for (const glm::dvec3& axis : box->axes) EXPECT_LT(a.gap(b, axis), -0.1) << "a face axis overlaps, clearly";
  }
  const json& answer = dump["results"][0];
  EXPECT_EQ(answer["overlap"], false);
  EXPECT_EQ(answer["face_axes_would_be_wrong"], true);
  EXPECT_EQ(answer["first_separating_axis"].get<std::string>().rfind("edge ", 0), 0u) << answer.dump();
  // The answer's axis is one of the nine cross products, and the gap on it is the separation.
  const glm::dvec3 axis = vec(answer["axis"]);
  int crosses = 0;
  for (const glm::dvec3& u : a.axes) {
    for (const glm::dvec3& v : b.axes) {
      const glm::dvec3 cross = glm::cross(u, v);
      if (glm::length(cross) > 0.5 && glm::length(glm::cross(glm::normalize(cross), axis)) < 1e-9) ++crosses;
    }
  }
  EXPECT_EQ(crosses, 1) << answer.dump();
  EXPECT_GT(answer["separation"].get<double>(), 0.05);
  EXPECT_NEAR(a.gap(b, axis), answer["separation"].get<double>(), 1e-12);
}
}  // namespace
