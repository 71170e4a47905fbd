#include "query/number_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace query {

namespace {
void append_to_chars(std::string& out, double number) {
  char buffer[32];
  out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, number).ptr);
}
// The decimal digits of a Dragonbox significand (below 10^17), with 32-bit arithmetic.
char* write_significand(char* out, std::uint64_t significand) {
  constexpr std::uint32_t kEightDigits = 100000000;
  if (significand < kEightDigits) return std::to_chars(out, out + 8, std::uint32_t(significand)).ptr;
  out = std::to_chars(out, out + 10, std::uint32_t(significand / kEightDigits)).ptr;
  auto low = std::uint32_t(significand % kEightDigits);
  for (int i = 7; i >= 0; --i, low /= 10) out[i] = char('0' + low % 10);
  return out + 8;
}
}  // namespace

// Dragonbox (fmt's) finds the shortest digits that read back as the number and, of those,
// the closest; std::to_chars picks the same digits, then writes them fixed or scientific,
// whichever is shorter (fixed on a tie), and an integer in fixed form exactly.
void append_number(std::string& out, double number) {
  if (!std::isfinite(number)) {
    out += "null";
    return;
  }
  if (number == 0) {
    out += std::signbit(number) ? "-0" : "0";
    return;
  }
  const auto decimal = fmt::detail::dragonbox::to_decimal(number);
  char digits[24];
  const int count = int(write_significand(digits, decimal.significand) - digits);
  const int exponent = decimal.exponent;               // number = digits * 10^exponent
  const int leading_exponent = exponent + count - 1;  // number = d.ddd * 10^leading_exponent
  const int scientific_length = count + (count > 1) + 2 + (std::abs(leading_exponent) >= 100 ? 3 : 2);
  const int fixed_length = exponent >= 0           ? count + exponent
                           : leading_exponent >= 0 ? count + 1
                                                   : count + 1 - leading_exponent;
  char text[48];  // written whole, then appended at once
  char* end = text;
  if (number < 0) *end++ = '-';
  if (fixed_length <= scientific_length && exponent >= 0) {  // an integer, written exactly
    const double magnitude = std::fabs(number);
    if (magnitude >= 0x1p64) return append_to_chars(out, number);
    end = std::to_chars(end, text + sizeof text, std::uint64_t(magnitude)).ptr;
  } else if (fixed_length <= scientific_length && leading_exponent >= 0) {
    end = std::copy_n(digits, leading_exponent + 1, end);
    *end++ = '.';
    end = std::copy(digits + leading_exponent + 1, digits + count, end);
  } else if (fixed_length <= scientific_length) {
    *end++ = '0';
    *end++ = '.';
    end = std::fill_n(end, -leading_exponent - 1, '0');  // at most 4: else scientific is shorter
    end = std::copy_n(digits, count, end);
  } else {
    *end++ = digits[0];
    if (count > 1) *end++ = '.';
    end = std::copy(digits + 1, digits + count, end);
    *end++ = 'e';
    *end++ = leading_exponent < 0 ? '-' : '+';
    const int magnitude = std::abs(leading_exponent);
    if (magnitude < 10) *end++ = '0';
    end = std::to_chars(end, text + sizeof text, magnitude).ptr;
  }
  out.append(text, end);
}

}  // namespace query
