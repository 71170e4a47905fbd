// --screenshot makes its PNG with File > Export PNG...'s export: at 2x and 4x the same
// picture in twice and four times the pixels, without the UI the scene alone, and on a
// transparent background alpha 0 where nothing is drawn and 255 on the shapes.
#include "tests/support/png_image.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>

namespace {
const std::string kBinary = COLLISION_LAB_BINARY;
constexpr int kWidth = 640, kHeight = 400;

struct Shot {
  PngImage image;
  nlohmann::json state;  // --dump-state: the viewport and where the handles are, in window pixels
};

Shot screenshot(const std::string& name, const std::string& flags) {
  const std::string png = temp_path(name + ".png"), dump = temp_path(name + ".json");
  const auto result = run_process(kBinary, "--sample closest-point-segment --size " + std::to_string(kWidth) + "x" +
                                               std::to_string(kHeight) + " --screenshot '" + png +
                                               "' --dump-state '" + dump + "' " + flags);
  EXPECT_EQ(result.exit_code, 0) << flags << ": " << result.err;
  std::ifstream file(dump);
  return {load_png(png), nlohmann::json::parse(file, nullptr, false)};
}

const std::uint8_t* pixel(const PngImage& image, int x, int y) {
  return &image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4];
}

// The share of `small`'s pixels that differ by more than a quarter of the range in some
// channel from `large` shrunk `scale` times (each pixel the mean of a scale x scale square).
double share_unlike_shrunk(const PngImage& small, const PngImage& large, int scale) {
  int unlike = 0;
  for (int y = 0; y < small.height; ++y) {
    for (int x = 0; x < small.width; ++x) {
      bool differs = false;
      for (int c = 0; c < 3; ++c) {
        double sum = 0;
        for (int dy = 0; dy < scale; ++dy) {
          for (int dx = 0; dx < scale; ++dx) sum += pixel(large, x * scale + dx, y * scale + dy)[c];
        }
        differs = differs || std::abs(sum / (scale * scale) - pixel(small, x, y)[c]) > 64;
      }
      unlike += differs;
    }
  }
  return double(unlike) / (small.width * small.height);
}

TEST(PngExport, TwoAndFourTimesAreTheSamePictureInMorePixels) {
  const Shot one = screenshot("one", ""), two = screenshot("two", "--screenshot-scale 2"),
             four = screenshot("four", "--screenshot-scale 4");
  ASSERT_EQ(one.image.width, kWidth);
  ASSERT_EQ(two.image.width, 2 * kWidth);
  ASSERT_EQ(two.image.height, 2 * kHeight);
  ASSERT_EQ(four.image.width, 4 * kWidth);
  ASSERT_EQ(four.image.height, 4 * kHeight);
  // Shrunk back, each is the 1x image: the UI's layout, the scene's view, the widths of
  // lines and points and the labels all grew together. (Anti-aliasing leaves a few
  // pixels apart; a shift of a pixel, or a UI left at its 1x size, makes many.)
  EXPECT_LT(share_unlike_shrunk(one.image, two.image, 2), 0.001);
  EXPECT_LT(share_unlike_shrunk(one.image, four.image, 4), 0.001);
  // The scale is the image's alone: the state still speaks of the window.
  EXPECT_EQ(two.state["viewport"], one.state["viewport"]);
}

TEST(PngExport, WithoutTheUiTheSceneFillsTheImage) {
  const Shot with_ui = screenshot("with-ui", ""), without_ui = screenshot("without-ui", "--no-ui");
  ASSERT_EQ(without_ui.image.width, kWidth);
  // The panel's colour, from its empty bottom-left corner; then how much of the panel's
  // place shows it.
  const std::uint8_t* panel = pixel(with_ui.image, 4, kHeight - 4);
  const int panel_width = with_ui.state["viewport"][0].get<int>();
  EXPECT_LE(panel_width, 0.4 * kWidth);  // the default width: at most 40% of the window
  auto panel_share = [&](const PngImage& image) {
    int same = 0, all = 0;
    for (int y = 30; y < kHeight; ++y) {
      for (int x = 0; x < panel_width - 20; ++x, ++all) same += std::equal(panel, panel + 4, pixel(image, x, y));
    }
    return double(same) / all;
  };
  EXPECT_GT(panel_share(with_ui.image), 0.5);
  EXPECT_LT(panel_share(without_ui.image), 0.01);
  EXPECT_EQ(without_ui.state["viewport"], nlohmann::json::array({0, 0, kWidth, kHeight}));
}

TEST(PngExport, ATransparentBackgroundIsClearWhereNothingIsDrawn) {
  const Shot opaque = screenshot("opaque", "--no-ui --screenshot-scale 2"),
             clear = screenshot("clear", "--no-ui --screenshot-scale 2 --transparent");
  const PngImage& image = clear.image;
  ASSERT_EQ(image.width, 2 * kWidth);
  ASSERT_EQ(opaque.image.width, 2 * kWidth);
  // Each handle, a white disc, is opaque at its centre.
  ASSERT_FALSE(clear.state["handles"].empty());
  for (const auto& handle : clear.state["handles"]) {
    const int x = int(std::lround(2 * handle["screen"][0].get<double>()));
    const int y = int(std::lround(2 * handle["screen"][1].get<double>()));
    EXPECT_EQ(pixel(image, x, y)[3], 255) << handle["label"];
  }
  // Most of the image is empty background.
  std::size_t empty = 0;
  const std::uint8_t* background = nullptr;  // the opaque image's, where the clear one is empty
  for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
    if (image.rgba[i + 3] != 0) continue;
    ++empty;
    if (!background) background = &opaque.image.rgba[i];
  }
  EXPECT_GT(empty, image.rgba.size() / 4 / 2);
  ASSERT_TRUE(background);
  // Laid over the theme's background, the transparent image is the opaque one: no drawn
  // pixel lost or doubled its alpha, and the colours are not darkened by it.
  double worst = 0;
  for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
    const double alpha = image.rgba[i + 3] / 255.0;
    for (int c = 0; c < 3; ++c) {
      const double laid_over = image.rgba[i + c] * alpha + background[c] * (1 - alpha);
      worst = std::max(worst, std::abs(laid_over - opaque.image.rgba[i + c]));
    }
  }
  EXPECT_LE(worst, 3.0);
}
}  // namespace
