#include "render/color.h"

#include <cmath>

namespace {

float to_linear(float srgb) { return srgb <= 0.04045f ? srgb / 12.92f : std::pow((srgb + 0.055f) / 1.055f, 2.4f); }
float to_srgb(float linear) {
  return linear <= 0.0031308f ? linear * 12.92f : 1.055f * std::pow(linear, 1.0f / 2.4f) - 0.055f;
}

// Relative luminance (WCAG) at most this: 4.6:1 or more against every light-theme surface
// (the darkest, a striped table row, is #E3E3E3).
constexpr float kLightThemeLuminance = 0.125f;

Color darkened(const Color& color) {
  const float r = to_linear(color.r), g = to_linear(color.g), b = to_linear(color.b);
  const float luminance = 0.2126f * r + 0.7152f * g + 0.0722f * b;
  if (luminance <= kLightThemeLuminance) return color;
  const float scale = kLightThemeLuminance / luminance;  // in linear light, which keeps the hue
  return {to_srgb(r * scale), to_srgb(g * scale), to_srgb(b * scale), color.a};
}

}  // namespace

Color for_light_background(Color color) {
  // A frame asks for the same few colours many times (once per line or point drawn).
  thread_local Color last_in{-1, -1, -1, -1}, last_out;
  if (color.r != last_in.r || color.g != last_in.g || color.b != last_in.b || color.a != last_in.a) {
    last_in = color;
    last_out = darkened(color);
  }
  return last_out;
}
