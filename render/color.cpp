#include "render/color.h"

Color for_light_background(Color color) {
  const float luminance = 0.2126f * color.r + 0.7152f * color.g + 0.0722f * color.b;
  const float target = 0.38f;  // dark enough for contrast on ~0.95 grey, light enough to keep the hue
  if (luminance <= target) return color;
  const float scale = target / luminance;
  return {color.r * scale, color.g * scale, color.b * scale, color.a};
}
