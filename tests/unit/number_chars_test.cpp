// The web build writes numbers through printf and strtod (its libc++ has no floating-point
// std::to_chars); the bytes must be std::to_chars's, or the web and desktop answers differ.
#include "collision_lab/number_chars.h"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {
template <typename T> std::string by_standard(T value) {
  char text[64];
  return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}
template <typename T> std::string by_printf(T value) {
  char text[geo::kShortestNumberChars];
  return std::string(text, geo::detail::write_shortest_by_printf(text, value));
}

template <typename T> std::vector<T> special_values() {
  using limits = std::numeric_limits<T>;
  std::vector<T> values = {T(0), -T(0), T(1), T(-1), T(0.1), T(0.3), T(100), T(1e20), T(1e21), T(1e22), T(123456789),
                           T(1.5e-7), limits::min(), limits::max(), limits::lowest(),
                           limits::denorm_min(), limits::epsilon(), limits::infinity(), -limits::infinity(),
                           limits::quiet_NaN()};
  // Powers of two and ten, and their neighbours, where the shortest digits are found unevenly.
  for (int e = limits::min_exponent - limits::digits; e < limits::max_exponent; ++e) {
    const T power = std::ldexp(T(1), e);
    values.insert(values.end(), {power, std::nextafter(power, T(0)), std::nextafter(power, limits::infinity())});
  }
  for (int e = limits::min_exponent10; e < limits::max_exponent10; ++e) {
    const T power = std::pow(T(10), T(e));
    values.insert(values.end(), {power, std::nextafter(power, T(0)), std::nextafter(power, limits::infinity())});
  }
  return values;
}

TEST(ShortestNumber, PrintfRouteWritesWhatToCharsWritesForSpecialDoubles) {
  for (const double value : special_values<double>()) EXPECT_EQ(by_printf(value), by_standard(value)) << by_standard(value);
}

TEST(ShortestNumber, PrintfRouteWritesWhatToCharsWritesForSpecialFloats) {
  for (const float value : special_values<float>()) EXPECT_EQ(by_printf(value), by_standard(value)) << by_standard(value);
}

TEST(ShortestNumber, PrintfRouteWritesWhatToCharsWritesForRandomBitPatterns) {
  std::mt19937_64 random(20261128);
  int wrong = 0;
  for (int i = 0; i < 200000 && wrong < 10; ++i) {
    const double value = std::bit_cast<double>(random());
    const float single = std::bit_cast<float>(std::uint32_t(random()));
    if (!std::isnan(value) && by_printf(value) != by_standard(value)) {
      ADD_FAILURE() << by_standard(value) << " written as " << by_printf(value);
      ++wrong;
    }
    if (!std::isnan(single) && by_printf(single) != by_standard(single)) {
      ADD_FAILURE() << by_standard(single) << " written as " << by_printf(single);
      ++wrong;
    }
  }
}

TEST(ShortestNumber, PrintfRouteWritesWhatToCharsWritesForShortDecimals) {
  // Numbers as people type them: few digits, at every scale.
  std::mt19937 random(7);
  std::uniform_int_distribution<int> digits(1, 99999), exponent(-320, 308);
  for (int i = 0; i < 100000; ++i) {
    const std::string typed = std::to_string(digits(random)) + "e" + std::to_string(exponent(random));
    const double value = std::strtod(typed.c_str(), nullptr);
    ASSERT_EQ(by_printf(value), by_standard(value));
  }
}
}  // namespace

namespace {
void expect_same_read(const std::string& text) {
  double standard = -7, fallback = -7;
  const auto [standard_end, standard_error] = std::from_chars(text.data(), text.data() + text.size(), standard);
  const auto [fallback_end, fallback_error] = geo::detail::read_number_by_strtod(text.data(), text.data() + text.size(), fallback);
  EXPECT_EQ(fallback_error, standard_error) << '"' << text << '"';
  EXPECT_EQ(fallback_end - text.data(), standard_end - text.data()) << '"' << text << '"';
  if (std::isnan(standard)) {
    EXPECT_TRUE(std::isnan(fallback)) << text;
  } else {
    EXPECT_EQ(std::bit_cast<std::uint64_t>(fallback), std::bit_cast<std::uint64_t>(standard)) << '"' << text << '"';
  }
}

TEST(ReadNumber, StrtodRouteReadsWhatFromCharsReads) {
  for (const std::string text : {"0", "-0", "1", "-1.5", "1e5", "1E+5", "1e-5", ".5", "5.", "-.5e2", "1e", "1e+", "1.e3", "abc",
                                 "", "-", "+1", " 1", "1 ", "inf", "-inf", "Infinity", "nan", "nan(123)", "NaN", "infx",
                                 "1e400", "-1e400", "1e-400", "4.9e-324", "2.2250738585072014e-308", "1e-310", "0x10",
                                 "12abc", "1.2.3", "00012", "1e0005", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792"}) {
    expect_same_read(text);
  }
  std::mt19937_64 random(11);
  for (int i = 0; i < 100000; ++i) {
    const double value = std::bit_cast<double>(random());
    if (std::isnan(value)) continue;
    char text[64];
    expect_same_read(std::string(text, std::to_chars(text, text + sizeof text, value).ptr));
  }
}
}  // namespace
