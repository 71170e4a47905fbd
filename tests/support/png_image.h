#pragma once
// Loads a PNG for checks on screenshots.
#include <cstdint>
#include <string>
#include <vector>

struct PngImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
  // Number of distinct colours, capped at `cap` (enough to tell "flat" from "drawn").
  int distinct_colors(int cap = 64) const;
};

// Empty image (width 0) when the file is missing or not a PNG.
PngImage load_png(const std::string& path);
