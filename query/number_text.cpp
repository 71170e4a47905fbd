#include "query/number_text.h"

#include <fmt/format.h>

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
  const int count = int(std::to_chars(digits, digits + sizeof digits, decimal.significand).ptr - digits);
  const int exponent = decimal.exponent;               // number = digits * 10^exponent
  const int leading_exponent = exponent + count - 1;  // number = d.ddd * 10^leading_exponent
  const int scientific_length = count + (count > 1) + 2 + (std::abs(leading_exponent) >= 100 ? 3 : 2);
  const int fixed_length = exponent >= 0           ? count + exponent
                           : leading_exponent >= 0 ? count + 1
                                                   : count + 1 - leading_exponent;
  if (fixed_length <= scientific_length && exponent >= 0) {  // an integer
    const double magnitude = std::fabs(number);
    if (magnitude >= 0x1p64) return append_to_chars(out, number);
    if (number < 0) out += '-';
    out.append(digits, std::to_chars(digits, digits + sizeof digits, std::uint64_t(magnitude)).ptr);
    return;
  }
  if (number < 0) out += '-';
  if (fixed_length <= scientific_length) {
    if (leading_exponent >= 0) {
      out.append(digits, std::size_t(leading_exponent + 1));
      out += '.';
      out.append(digits + leading_exponent + 1, std::size_t(count - leading_exponent - 1));
    } else {
      out += "0.";
      out.append(std::size_t(-leading_exponent - 1), '0');
      out.append(digits, std::size_t(count));
    }
    return;
  }
  out += digits[0];
  if (count > 1) (out += '.').append(digits + 1, std::size_t(count - 1));
  out += leading_exponent < 0 ? "e-" : "e+";
  const int magnitude = std::abs(leading_exponent);
  if (magnitude < 10) out += '0';
  out.append(digits, std::to_chars(digits, digits + sizeof digits, magnitude).ptr);
}

}  // namespace query
