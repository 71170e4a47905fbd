#include "app/samples/kit/number_text.h"

#include "collision_lab/number_chars.h"

#include <cmath>
#include <cstdio>

namespace {
constexpr double kLargestFixed = 1e9;
double g_noise_floor = 0;  // one UI per process, set by the sample host

// True when the digits of a formatted number are all zeros ("-0.000", "0").
bool shows_zero(const std::string& text) {
  return text.find_first_not_of("-+0.") == std::string::npos;
}
}  // namespace

void set_noise_floor(double floor) { g_noise_floor = std::isfinite(floor) ? std::fabs(floor) : 0; }

bool is_noise(double value) { return value != 0 && std::fabs(value) < g_noise_floor; }

std::string fixed_text(double value, int decimals) {
  if (std::isnan(value)) return "nan";
  if (is_noise(value)) value = 0;
  char text[400];  // DBL_MAX in %f is 309 digits
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  std::string shown = text;
  // Where the decimals would hide every digit (1e-7 as 0.0000) or the digits would not be
  // read (1e300 as 301 of them): three significant digits and an exponent.
  if ((value != 0 && shows_zero(shown)) || std::fabs(value) >= kLargestFixed) {
    std::snprintf(text, sizeof text, "%.2e", value);
    return text;
  }
  if (shown.front() == '-' && shows_zero(shown)) shown.erase(0, 1);  // -0 is 0
  return shown;
}

std::string signed_fixed_text(double value, int decimals) {
  std::string shown = fixed_text(value, decimals);
  if (value > 0 && !shows_zero(shown)) shown = "+" + shown;
  return shown;
}

std::string shortest_text(double value) {
  if (value == 0) return "0";  // and -0
  char text[geo::kShortestNumberChars];
  return std::string(text, geo::write_shortest(text, value));
}

std::string number_text(double value, bool full_precision) {
  return full_precision ? shortest_text(value) : fixed_text(value, 3);
}

std::string field_text(double value, bool full_precision) {
  return full_precision ? shortest_text(value) : fixed_text(value, 4);
}

bool parse_number(std::string_view text, double& value) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return false;
  text = text.substr(first, text.find_last_not_of(" \t") - first + 1);
  if (text.size() > 1 && text.front() == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  double parsed = 0;
  const auto [end, error] = geo::read_number(text.data(), text.data() + text.size(), parsed);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(parsed)) return false;
  value = parsed;
  return true;
}
