// Every sample renders under X without GL errors (the app exits 3 when a frame had one)
// to an image that shows something, and its --dump-state holds the query lines behind its
// answer with the results collision-lab-query gives for them.
#include "tests/support/png_image.h"
#include "render/gl_context.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace {
const std::string kBinary = COLLISION_LAB_BINARY;
const std::string kQueryBinary = COLLISION_LAB_QUERY_BINARY;

std::vector<std::string> sample_ids() {
  auto listed = run_process(kBinary, "--list-samples");
  std::vector<std::string> ids;
  std::istringstream lines(listed.out);
  for (std::string id; std::getline(lines, id);) {
    if (!id.empty()) ids.push_back(id);
  }
  return ids;
}

TEST(Samples, ListHasKebabCaseIds) {
  auto ids = sample_ids();
  ASSERT_FALSE(ids.empty());
  for (const auto& id : ids) {
    for (char c : id) EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') << id;
  }
}

TEST(Samples, EveryOneRendersWithoutGlErrorsAndDumpsItsState) {
  for (const auto& id : sample_ids()) {
    SCOPED_TRACE(id);
    const std::string png = temp_path(id + ".png"), dump = temp_path(id + ".json");
    auto result = run_process(kBinary, "--sample " + id + " --size 960x600 --screenshot '" + png + "' --dump-state '" + dump + "'");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    PngImage image = load_png(png);
    EXPECT_EQ(image.width, 960);
    EXPECT_GT(image.distinct_colors(), 16);
    std::ifstream file(dump);
    auto state = nlohmann::json::parse(file, nullptr, false);
    ASSERT_FALSE(state.is_discarded());
    EXPECT_EQ(state["sample"], id);
    EXPECT_TRUE(state["state"].contains("shapes"));
    const auto& queries = state["queries"];
    const auto& results = state["results"];
    ASSERT_TRUE(queries.is_array());
    ASSERT_TRUE(results.is_array());
    EXPECT_FALSE(queries.empty());
    ASSERT_EQ(queries.size(), results.size());

    // The tool, given the sample's query lines, answers exactly what the sample showed.
    std::string lines;
    for (const auto& line : queries) lines += line.dump() + "\n";
    auto answered = run_process(kQueryBinary, "", lines);
    std::istringstream answers(answered.out);
    std::size_t count = 0;
    for (std::string answer; std::getline(answers, answer); ++count) {
      ASSERT_LT(count, results.size());
      EXPECT_EQ(nlohmann::json::parse(answer), results[count]) << "query " << count << ": " << queries[count].dump();
    }
    EXPECT_EQ(count, results.size());

    // The dump is a scene: opened again, it shows the same shapes, settings and answers.
    const std::string again = temp_path(id + "-again.json");
    auto reopened = run_process(kBinary, "'" + dump + "' --size 960x600 --screenshot '" + png + "' --dump-state '" + again + "'");
    EXPECT_EQ(reopened.exit_code, 0) << reopened.err;
    std::ifstream again_file(again);
    const auto second = nlohmann::json::parse(again_file, nullptr, false);
    for (const char* key : {"collision_lab_scene", "sample", "settings", "state", "queries", "results"}) {
      EXPECT_EQ(second[key], state[key]) << key;
    }
  }
}

TEST(Samples, UnknownSampleExitsTwo) {
  auto result = run_process(kBinary, "--sample no-such-sample");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("no-such-sample"), std::string::npos);
}
}  // namespace

namespace {
TEST(Samples, BenchPrintsOneJsonLineOfTimings) {
  auto result = run_process(kBinary, "--sample closest-point-segment --bench --frames 20 --size 640x400");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["sample"], "closest-point-segment");
  EXPECT_EQ(report["frames"], 20);
  for (const char* part : {"frame_ms", "process_cpu_ms", "update_ms", "draw_list_ms", "gl_submit_ms", "cpu_ms",
                           "gl_submit_wall_ms", "gpu_finish_ms"}) {
    EXPECT_GE(report[part]["median"].get<double>(), 0) << part;
    EXPECT_GE(report[part]["p95"].get<double>(), report[part]["median"].get<double>()) << part;
    EXPECT_GE(report[part]["p99"].get<double>(), report[part]["p95"].get<double>()) << part;
  }
  // Frames per second are those of the median frame, which holds every part of it.
  EXPECT_NEAR(report["fps"].get<double>() * report["frame_ms"]["median"].get<double>(), 1000, 1e-6);
  EXPECT_GE(report["frame_ms"]["median"].get<double>(), report["gpu_finish_ms"]["median"].get<double>());
  // The benchmark drags a handle, as a user would, and says how it drew the frames.
  EXPECT_FALSE(report["dragged"].get<std::string>().empty());
  EXPECT_EQ(report["ui_scale"], 100);
  EXPECT_EQ(report["target"], "offscreen");
  const std::string renderer = report["renderer"];
  EXPECT_FALSE(renderer.empty());
  EXPECT_EQ(report["multisampling"], is_software_renderer(renderer) ? 0 : 4) << renderer;
  EXPECT_GT(report["cpu_ms"]["median"].get<double>(), 0);
  EXPECT_GT(report["draw_calls"].get<int>(), 0);
  EXPECT_LE(report["draw_calls"].get<int>(), 10);
  EXPECT_GT(report["vertices"].get<int>(), 0);
}

TEST(Samples, BenchTakesTheMultisamplingAskedForAndCanDrawIntoAWindow) {
  auto result = run_process(kBinary, "--sample sat-polyhedra --bench --bench-window --multisampling on --frames 5 "
                                     "--size 640x400 --ui-scale 250");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["multisampling"], 4);
  EXPECT_EQ(report["target"], "window");
  EXPECT_EQ(report["ui_scale"], 250);
  EXPECT_FALSE(report["dragged"].get<std::string>().empty());
}
}  // namespace
