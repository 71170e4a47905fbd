#include "query/number_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace query {

namespace {
constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// How many decimal digits `value` (at least 1) has.
int digit_count(std::uint64_t value) {
  static constexpr std::uint64_t kPowers[] = {1,
                                              10,
                                              100,
                                              1000,
                                              10000,
                                              100000,
                                              1000000,
                                              10000000,
                                              100000000,
                                              1000000000,
                                              10000000000,
                                              100000000000,
                                              1000000000000,
                                              10000000000000,
                                              100000000000000,
                                              1000000000000000,
                                              10000000000000000,
                                              100000000000000000,
                                              1000000000000000000,
                                              10000000000000000000u};
  const int estimate = (int(std::bit_width(value)) * 1233) >> 12;  // floor(log10(2^bits)), off by at most one
  return estimate + (value >= kPowers[estimate]);
}

// The `count` decimal digits of `value`, two at a time from the last.
void write_digits(char* out, std::uint64_t value, int count) {
  char* end = out + count;
  while (value >= 100) {
    end -= 2;
    std::memcpy(end, kDigitPairs + 2 * (value % 100), 2);
    value /= 100;
  }
  if (value >= 10) {
    std::memcpy(end - 2, kDigitPairs + 2 * value, 2);
  } else {
    end[-1] = char('0' + value);
  }
}
}  // namespace

// Dragonbox (fmt's) finds the shortest digits that read back as the number and, of those,
// the closest; std::to_chars picks the same digits, then writes them fixed or scientific,
// whichever is shorter (fixed on a tie), and an integer in fixed form exactly.
char* write_number(char* out, double number) {
  if (!std::isfinite(number)) return std::copy_n("null", 4, out);
  if (number == 0) return std::signbit(number) ? std::copy_n("-0", 2, out) : std::copy_n("0", 1, out);
  const auto decimal = fmt::detail::dragonbox::to_decimal(number);
  char digits[24];
  const int count = digit_count(decimal.significand);
  write_digits(digits, decimal.significand, count);
  const int exponent = decimal.exponent;               // number = digits * 10^exponent
  const int leading_exponent = exponent + count - 1;  // number = d.ddd * 10^leading_exponent
  const int scientific_length = count + (count > 1) + 2 + (std::abs(leading_exponent) >= 100 ? 3 : 2);
  const int fixed_length = exponent >= 0           ? count + exponent
                           : leading_exponent >= 0 ? count + 1
                                                   : count + 1 - leading_exponent;
  if (number < 0) *out++ = '-';
  if (fixed_length <= scientific_length && exponent >= 0) {  // an integer, written exactly
    const double magnitude = std::fabs(number);
    if (magnitude >= 0x1p64) return std::to_chars(out, out + kMaxNumberChars - 1, magnitude).ptr;
    const auto integer = std::uint64_t(magnitude);
    const int integer_digits = digit_count(integer);
    write_digits(out, integer, integer_digits);
    return out + integer_digits;
  }
  if (fixed_length <= scientific_length && leading_exponent >= 0) {
    out = std::copy_n(digits, leading_exponent + 1, out);
    *out++ = '.';
    return std::copy(digits + leading_exponent + 1, digits + count, out);
  }
  if (fixed_length <= scientific_length) {
    *out++ = '0';
    *out++ = '.';
    out = std::fill_n(out, -leading_exponent - 1, '0');  // at most 4: else scientific is shorter
    return std::copy_n(digits, count, out);
  }
  *out++ = digits[0];
  if (count > 1) *out++ = '.';
  out = std::copy(digits + 1, digits + count, out);
  *out++ = 'e';
  *out++ = leading_exponent < 0 ? '-' : '+';
  const int magnitude = std::abs(leading_exponent);
  if (magnitude < 10) *out++ = '0';
  const int exponent_digits = magnitude >= 100 ? 3 : 2 - (magnitude < 10);
  write_digits(out, std::uint64_t(magnitude), exponent_digits);
  return out + exponent_digits;
}

void append_number(std::string& out, double number) {
  char text[kMaxNumberChars];
  out.append(text, std::size_t(write_number(text, number) - text));
}

}  // namespace query
