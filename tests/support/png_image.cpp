#include "tests/support/png_image.h"

#include <stb_image.h>

#include <set>

PngImage load_png(const std::string& path) {
  PngImage image;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
  if (!data) return PngImage{};
  image.rgba.assign(data, data + static_cast<std::size_t>(image.width) * image.height * 4);
  stbi_image_free(data);
  return image;
}

int PngImage::distinct_colors(int cap) const {
  std::set<std::uint32_t> colors;
  for (std::size_t i = 0; i + 3 < rgba.size() && static_cast<int>(colors.size()) < cap; i += 4) {
    colors.insert(std::uint32_t(rgba[i]) << 16 | std::uint32_t(rgba[i + 1]) << 8 | rgba[i + 2]);
  }
  return static_cast<int>(colors.size());
}
