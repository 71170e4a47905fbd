// Answers write numbers as std::to_chars writes them (the shortest form that reads back
// as the same double, fixed or scientific, whichever is shorter): append_number must write
// the same bytes for every kind of double.
#include "collision_lab/query/number_text.h"
#include "collision_lab/query/query_scale.h"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace {
std::string to_chars_text(double value) {
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

std::string appended(double value) {
  std::string text = "x";
  query::append_number(text, value);
  return text.substr(1);
}
}  // namespace

TEST(NumberText, SeededRandomDoublesOfEveryKindAreWrittenAsToCharsWritesThem) {
  std::mt19937_64 random(20261124);
  int mismatches = 0;
  for (int i = 0; i < 3000000 && mismatches < 10; ++i) {
    double value = 0;
    switch (i % 7) {
      case 0: value = std::bit_cast<double>(random()); break;                                        // any bits
      case 1: value = std::bit_cast<double>(random() & 0x800fffffffffffffULL); break;                 // subnormals
      case 2: value = double(std::int64_t(random()) >> (random() % 64)); break;                        // integers
      case 3: value = std::pow(10.0, double(random() % 601) - 300) * double(random() % 1000); break;  // 1e-300..1e300
      case 4: value = double(random() % 100000) / 1000 * (random() % 2 ? -1 : 1); break;              // short decimals
      case 5: value = double(random() % 1000) * std::pow(10.0, double(random() % 40) - 10); break;    // round numbers
      default: value = std::ldexp(1.0, int(random() % 2100) - 1074) * (random() % 2 ? -1 : 1); break;  // powers of 2
    }
    if (!std::isfinite(value)) continue;
    const std::string expected = to_chars_text(value);
    const std::string written = appended(value);
    if (written != expected) ++mismatches;
    EXPECT_EQ(written, expected) << std::hexfloat << value;
  }
}

TEST(NumberText, EdgesAreWrittenAsToCharsWritesThem) {
  const double edges[] = {0.0, -0.0, 1.0, -1.0, 0.1, 100, 1e15, 1e16, 1e21, 1e22, 1e23, 0x1p53, 0x1p53 + 2, 0x1p63,
                          0x1p64, 0x1p64 + 4096, 1.8446744073709552e19, 123456789012345680000.0, 1e-5, 1e-4,
                          0.001, 1.5e-7, 5e-324, 2.2250738585072014e-308, std::numeric_limits<double>::max(),
                          -std::numeric_limits<double>::max(), 1e100, 9.999999999999999e22, 12345678.9};
  for (const double value : edges) EXPECT_EQ(appended(value), to_chars_text(value)) << std::hexfloat << value;
  EXPECT_EQ(appended(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(appended(std::nan("")), "null");
}

TEST(NumberText, ScalingByAPowerOfTwoRoundsAsLdexpDoes) {
  std::mt19937_64 random(5);
  for (int i = 0; i < 1000000; ++i) {
    const double value = i % 2 ? std::bit_cast<double>(random()) : std::ldexp(double(random() % 1000000), -1074);
    const int exponent = int(random() % 4400) - 2200;
    if (!std::isfinite(value)) continue;
    const double expected = std::ldexp(value, exponent);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(query::times_power_of_two(value, exponent)),
              std::bit_cast<std::uint64_t>(expected))
        << std::hexfloat << value << " * 2^" << exponent;
  }
}
