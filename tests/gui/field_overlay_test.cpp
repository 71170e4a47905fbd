// The field overlay (--explain field) on the segment sample: the parts of the plane beyond
// A, beyond B and beside the segment are three colours, one per feature; without it the
// same places are the plain background.
#include "tests/support/png_image.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>

namespace {
const std::string kBinary = COLLISION_LAB_BINARY;

using Rgb = std::array<int, 3>;

// The median of each channel over a 9x9 patch: the colour of the region, whatever thin line
// (grid, distance line) crosses it.
Rgb patch_color(const PngImage& image, double cx, double cy) {
  Rgb median{};
  for (int c = 0; c < 3; ++c) {
    std::vector<int> values;
    for (int y = int(cy) - 4; y <= int(cy) + 4; ++y) {
      for (int x = int(cx) - 4; x <= int(cx) + 4; ++x) values.push_back(image.rgba[(std::size_t(y) * image.width + x) * 4 + c]);
    }
    std::nth_element(values.begin(), values.begin() + 40, values.end());
    median[c] = values[40];
  }
  return median;
}

int difference(const Rgb& a, const Rgb& b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

struct Shot {
  PngImage image;
  std::array<double, 2> a{}, b{};  // the segment's ends on screen
};

Shot shoot(const std::string& name, const std::string& extra) {
  const std::string png = temp_path(name + ".png"), json = temp_path(name + ".json");
  const auto result = run_process(kBinary, "--sample closest-point-segment --no-ui --size 800x600 --screenshot '" +
                                               png + "' --dump-state '" + json + "' " + extra);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  Shot shot{load_png(png)};
  std::ifstream file(json);
  const auto state = nlohmann::json::parse(file, nullptr, false);
  for (const auto& handle : state.value("handles", nlohmann::json::array())) {
    if (handle["label"] == "segment.a") shot.a = handle["screen"];
    if (handle["label"] == "segment.b") shot.b = handle["screen"];
  }
  return shot;
}

// Beyond A and beyond B along the segment, and beside its middle (off the segment, P and
// the join): one point in each of the three regions.
std::array<Rgb, 3> region_colors(const Shot& shot) {
  const double dx = shot.b[0] - shot.a[0], dy = shot.b[1] - shot.a[1];
  return {patch_color(shot.image, shot.a[0] - dx * 0.3, shot.a[1] - dy * 0.3),
          patch_color(shot.image, shot.b[0] + dx * 0.3, shot.b[1] + dy * 0.3),
          patch_color(shot.image, (shot.a[0] + shot.b[0]) / 2 + dy * 0.4, (shot.a[1] + shot.b[1]) / 2 - dx * 0.4)};
}

TEST(FieldOverlay, ColoursTheThreeRegionsOfASegmentApart) {
  const Shot off = shoot("field_off", "");
  const Shot on = shoot("field_on", "--explain field");
  ASSERT_EQ(on.image.width, 800);
  ASSERT_EQ(off.image.width, 800);
  ASSERT_NE(on.a[0], on.b[0]);
  const std::array<Rgb, 3> plain = region_colors(off), coloured = region_colors(on);
  // Without the overlay: the background, the same in all three places.
  EXPECT_LT(difference(plain[0], plain[1]), 12);
  EXPECT_LT(difference(plain[0], plain[2]), 12);
  // With it: each region tinted, and the vertex regions A, B and the edge all different.
  for (int i = 0; i < 3; ++i) EXPECT_GT(difference(coloured[i], plain[i]), 40) << "region " << i;
  EXPECT_GT(difference(coloured[0], coloured[1]), 40);
  EXPECT_GT(difference(coloured[0], coloured[2]), 40);
  EXPECT_GT(difference(coloured[1], coloured[2]), 40);
}

TEST(FieldOverlay, ExplainRejectsAnUnknownView) {
  const auto result = run_process(kBinary, "--explain nothing --sample closest-point-segment --bench --frames 1");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--explain"), std::string::npos) << result.err;
}

// The app's --bench drags P. In 2D and on a planar shape's own plane the field does not
// depend on P, so only the first frame paints it; a solid's slice goes through P and is
// painted again as P moves.
double median_field_repaint(const std::string& sample) {
  const auto result = run_process(kBinary, "--sample " + sample + " --bench --frames 12 --explain field");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const std::string out = result.out.substr(0, result.out.find_last_not_of('\n') + 1);
  const auto report = nlohmann::json::parse(out.substr(out.rfind('\n') + 1), nullptr, false);
  EXPECT_EQ(report.value("dragged", ""), "p") << sample;
  return report["field_overlay_ms"].value("median", -1.0);
}

TEST(FieldOverlay, DraggingPRepaintsOnlyTheSliceOfASolid) {
  EXPECT_EQ(median_field_repaint("closest-point-segment"), 0.0);
  EXPECT_EQ(median_field_repaint("closest-point-triangle"), 0.0);
  EXPECT_GT(median_field_repaint("closest-point-sphere"), 0.0);
}

}  // namespace
