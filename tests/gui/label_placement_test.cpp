// Every sample's scene labels, as --dump-state gives them after the first frames: inside
// the scene, none over another or over a handle's dot, and English words rather than
// identifiers; at 100% and 250% UI scale, and in presenter mode at both.
#include "tests/support/run_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace {
const std::string kBinary = COLLISION_LAB_BINARY;

struct Rect {
  double x, y, width, height;
  bool overlaps(const Rect& o) const {
    return x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height;
  }
};

Rect rect_of(const nlohmann::json& value) {
  return {value[0].get<double>(), value[1].get<double>(), value[2].get<double>(), value[3].get<double>()};
}

std::vector<std::string> sample_ids() {
  std::istringstream lines(run_process(kBinary, "--list-samples").out);
  std::vector<std::string> ids;
  for (std::string id; std::getline(lines, id);) {
    if (!id.empty()) ids.push_back(id);
  }
  return ids;
}

struct View {
  const char* name;
  const char* options;
  double dot_radius;  // a handle's dot, in window pixels
};

class LabelPlacement : public testing::TestWithParam<View> {};

TEST_P(LabelPlacement, NoLabelOverlapsAnotherAHandleOrTheSceneEdge) {
  const View& view = GetParam();
  const auto ids = sample_ids();
  ASSERT_GT(ids.size(), 20u);
  for (const auto& id : ids) {
    SCOPED_TRACE(id);
    const std::string dump_path = temp_path(id + "-labels.json");
    const auto run = run_process(kBinary, "--sample " + id + " --size 1280x800 " + view.options +
                                              " --screenshot '" + temp_path(id + "-labels.png") + "' --dump-state '" +
                                              dump_path + "'");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::ifstream file(dump_path);
    const auto dump = nlohmann::json::parse(file, nullptr, false);
    ASSERT_FALSE(dump.is_discarded());
    const Rect scene = rect_of(dump["viewport"]);
    const auto& labels = dump["labels"];
    for (std::size_t i = 0; i < labels.size(); ++i) {
      const std::string text = labels[i]["text"];
      const Rect rect = rect_of(labels[i]["rect"]);
      EXPECT_GE(rect.x, scene.x) << text;
      EXPECT_GE(rect.y, scene.y) << text;
      EXPECT_LE(rect.x + rect.width, scene.x + scene.width) << text;
      EXPECT_LE(rect.y + rect.height, scene.y + scene.height) << text;
      EXPECT_EQ(text.find('_'), std::string::npos) << "an identifier, not words: " << text;
      for (std::size_t j = i + 1; j < labels.size(); ++j) {
        EXPECT_FALSE(rect.overlaps(rect_of(labels[j]["rect"]))) << text << " over " << labels[j]["text"];
      }
      for (const auto& handle : dump["handles"]) {
        if (!handle["visible"].get<bool>()) continue;
        const double x = handle["screen"][0], y = handle["screen"][1], r = view.dot_radius;
        EXPECT_FALSE(rect.overlaps({x - r, y - r, 2 * r, 2 * r})) << text << " over handle " << handle["label"];
      }
    }
  }
}

// The dots are 9 pixels across at 100%, scaled with the UI; presenter mode draws them as at
// 175% at least (presenter_growth).
INSTANTIATE_TEST_SUITE_P(Views, LabelPlacement,
                         testing::Values(View{"UiScale100", "--ui-scale 100", 4.5},
                                         View{"UiScale250", "--ui-scale 250", 11.25},
                                         View{"Presenter", "--ui-scale 100 --presenter --theme light", 7.875},
                                         View{"Presenter250", "--ui-scale 250 --presenter", 11.25}),
                         [](const testing::TestParamInfo<View>& shown) { return std::string(shown.param.name); });

}  // namespace
