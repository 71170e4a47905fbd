#include "collision_lab/number_chars.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace geo {
namespace {
bool reads_back(const std::string& text, double value) { return std::strtod(text.c_str(), nullptr) == value; }
bool reads_back(const std::string& text, float value) { return std::strtof(text.c_str(), nullptr) == value; }

std::string scientific(const std::string& digits, int exponent) {
  std::string text = digits.substr(0, 1);
  if (digits.size() > 1) text += "." + digits.substr(1);
  const int size = std::abs(exponent);
  return text + (exponent < 0 ? "e-" : "e+") + (size < 10 ? "0" : "") + std::to_string(size);
}

// `magnitude` is the number without its sign: a whole number too long for its shortest
// digits is written with all of its own digits, which are as short and exact.
std::string fixed(const std::string& digits, int exponent, double magnitude) {
  const int count = int(digits.size());
  if (exponent < 0) return "0." + std::string(std::size_t(-exponent - 1), '0') + digits;
  if (count <= exponent + 1) {
    char whole[400];
    std::snprintf(whole, sizeof whole, "%.0f", magnitude);
    return whole;
  }
  return digits.substr(0, std::size_t(exponent + 1)) + "." + digits.substr(std::size_t(exponent + 1));
}

// The digits one unit up or down in their last place; false when that leaves their count.
bool step_last_digit(std::string& digits, int& exponent, int step) {
  for (std::size_t i = digits.size(); i-- > 0;) {
    const int digit = digits[i] - '0' + step;
    if (digit >= 0 && digit <= 9) {
      digits[i] = char('0' + digit);
      if (digits[0] == '0') {  // 100 - 1: 099 is 99 with one exponent less, one digit short
        digits = digits.substr(1) + "9";
        --exponent;
      }
      return true;
    }
    digits[i] = step > 0 ? '0' : '9';
  }
  if (step < 0) return false;
  digits = "1" + digits.substr(0, digits.size() - 1);  // 999 + 1: 1000, one exponent more
  ++exponent;
  return true;
}

template <typename T> char* shortest_by_printf(char* first, T value) {
  std::string text;
  if (std::isnan(value)) {
    text = std::signbit(value) ? "-nan" : "nan";
  } else if (std::isinf(value)) {
    text = value < 0 ? "-inf" : "inf";
  } else if (value == 0) {
    text = std::signbit(value) ? "-0" : "0";
  } else {
    const std::string sign = value < 0 ? "-" : "";
    std::string digits;
    int exponent = 0;
    for (int count = 1; count <= 17 && digits.empty(); ++count) {
      // The closest `count` digits, correctly rounded by printf.
      char buffer[40];
      std::snprintf(buffer, sizeof buffer, "%.*e", count - 1, double(std::fabs(value)));
      std::string candidate;
      for (const char* c = buffer; *c && *c != 'e'; ++c) {
        if (*c != '.') candidate += *c;
      }
      const int candidate_exponent = std::atoi(std::strchr(buffer, 'e') + 1);
      if (reads_back(sign + scientific(candidate, candidate_exponent), value)) {
        digits = candidate;
        exponent = candidate_exponent;
        break;
      }
      // Next to a power of two the numbers that read back lie unevenly around the value:
      // the closest digits may miss while a neighbour one unit away hits.
      for (const int step : {+1, -1}) {
        std::string neighbour = candidate;
        int neighbour_exponent = candidate_exponent;
        if (step_last_digit(neighbour, neighbour_exponent, step) &&
            reads_back(sign + scientific(neighbour, neighbour_exponent), value)) {
          digits = neighbour;
          exponent = neighbour_exponent;
          break;
        }
      }
    }
    const std::string as_fixed = fixed(digits, exponent, double(std::fabs(value))), as_scientific = scientific(digits, exponent);
    text = sign + (as_fixed.size() <= as_scientific.size() ? as_fixed : as_scientific);
  }
  std::memcpy(first, text.data(), text.size());
  return first + text.size();
}

template <typename T> char* shortest(char* first, T value) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  return std::to_chars(first, first + kShortestNumberChars, value).ptr;
#else
  return shortest_by_printf(first, value);
#endif
}
bool starts_with_word(const char* at, const char* last, const char* word) {
  for (; *word; ++word, ++at) {
    if (at == last || std::tolower(static_cast<unsigned char>(*at)) != *word) return false;
  }
  return true;
}

// The end of the number std::from_chars would read at `first`, or `first` when none.
const char* number_end(const char* first, const char* last) {
  const char* at = first;
  if (at != last && *at == '-') ++at;
  if (starts_with_word(at, last, "infinity")) return at + 8;
  if (starts_with_word(at, last, "inf")) return at + 3;
  if (starts_with_word(at, last, "nan")) {
    at += 3;
    const char* close = at;  // "nan(chars)"
    if (close != last && *close == '(') {
      for (++close; close != last && (std::isalnum(static_cast<unsigned char>(*close)) || *close == '_'); ++close) {
      }
      if (close != last && *close == ')') return close + 1;
    }
    return at;
  }
  const auto digits = [&](const char* from) {
    while (from != last && std::isdigit(static_cast<unsigned char>(*from))) ++from;
    return from;
  };
  const char* whole_end = digits(at);
  const char* end = whole_end;
  if (end != last && *end == '.') end = digits(end + 1);
  if (end - at <= (whole_end == at ? 1 : 0)) return first;  // no digit at all
  if (end != last && (*end == 'e' || *end == 'E')) {
    const char* sign = end + 1 != last && (end[1] == '+' || end[1] == '-') ? end + 2 : end + 1;
    if (const char* exponent_end = digits(sign); exponent_end != sign) end = exponent_end;
  }
  return end;
}
}  // namespace

ReadNumber read_number(const char* first, const char* last, double& value) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  const auto [ptr, ec] = std::from_chars(first, last, value);
  return {ptr, ec};
#else
  return detail::read_number_by_strtod(first, last, value);
#endif
}

char* write_shortest(char* first, double value) { return shortest(first, value); }
char* write_shortest(char* first, float value) { return shortest(first, value); }

namespace detail {
char* write_shortest_by_printf(char* first, double value) { return shortest_by_printf(first, value); }
char* write_shortest_by_printf(char* first, float value) { return shortest_by_printf(first, value); }

ReadNumber read_number_by_strtod(const char* first, const char* last, double& value) {
  const char* end = number_end(first, last);
  if (end == first) return {first, std::errc::invalid_argument};
  const std::string text(first, end);
  errno = 0;
  const double read = std::strtod(text.c_str(), nullptr);
  if (errno == ERANGE && (std::isinf(read) || read == 0)) return {end, std::errc::result_out_of_range};
  value = read;
  return {end, std::errc()};
}
}  // namespace detail
}  // namespace geo
