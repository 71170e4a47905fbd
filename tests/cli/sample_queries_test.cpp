// Every sample's answers are the query tool's answers: each query line a sample says it
// evaluates, run through the query runner, gives the very bytes the sample's own result
// gives, in the opening state and after each handle is dragged.
#include "app/host/sample.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using nlohmann::json;

// The sample's answers against the runner's, line by line, as one JSON Lines text each.
void expect_runner_agrees(const Sample& sample, const std::string& where) {
  const auto queries = sample.queries();
  ASSERT_FALSE(queries.empty()) << where;
  int line_number = 0;
  for (const auto& query : queries) {
    ++line_number;
    bool sample_failed = false, runner_failed = false;
    const std::string line = query::to_json_line(query.line);  // as the tool reads it
    const std::string ours = query::to_json_line(query::answer_from(query.line, line_number, query.answer, sample_failed));
    const std::string tool = query::to_json_line(query::answer_request(json::parse(line), line_number, runner_failed));
    EXPECT_EQ(ours, tool) << where << ", line " << line_number << ": " << line;
    EXPECT_EQ(sample_failed, runner_failed) << where;
  }
}

TEST(SampleQueries, EverySampleAnswersItsQueryLinesAsTheToolDoes) {
  for (const auto& info : sample_registry()) {
    auto sample = info.make();
    sample->update(0);
    expect_runner_agrees(*sample, std::string(info.id) + " (opening state)");
  }
}

TEST(SampleQueries, TheyStillAgreeAfterEveryHandleIsDragged) {
  const glm::dvec3 offsets[] = {{0.37, -0.21, 0.13}, {-1.9, 0.8, -0.6}};
  for (const auto& info : sample_registry()) {
    auto sample = info.make();
    sample->update(0);
    const std::size_t handle_count = sample->handles().size();
    for (std::size_t h = 0; h < handle_count; ++h) {
      for (const auto& offset : offsets) {
        auto handles = sample->handles();
        if (h >= handles.size()) break;  // a vertex edit may have merged handles
        const glm::dvec3 to = handles[h].position + (info.is_3d ? offset : glm::dvec3(offset.x, offset.y, 0));
        if (!handles[h].move_to(to)) continue;  // refused (e.g. a hull going flat): nothing changed
        sample->update(0);
        expect_runner_agrees(*sample, std::string(info.id) + " after moving " + handles[h].label);
      }
    }
  }
}

}  // namespace
