#pragma once
// Numbers to text and back as std::to_chars and std::from_chars do it, also where the
// standard library lacks their floating-point forms (the web build's: emscripten 3.1.6's
// libc++), where printf and strtod give the same bytes and values.
#include <system_error>

// A number as the shortest text that reads back as it: exactly what
// std::to_chars(first, last, value) writes (of the shortest digits, the closest; fixed or
// scientific, whichever is shorter, fixed on a tie; "inf", "nan").
namespace geo {
inline constexpr int kShortestNumberChars = 32;  // room `first` must have

char* write_shortest(char* first, double value);
char* write_shortest(char* first, float value);

// std::from_chars(first, last, value) for the general format: the longest prefix that is
// a number (an optional '-', no '+', no spaces), `value` untouched unless one was read.
struct ReadNumber {
  const char* ptr;
  std::errc ec;
};
ReadNumber read_number(const char* first, const char* last, double& value);

namespace detail {
// The printf route, built everywhere so a test can hold it to std::to_chars.
char* write_shortest_by_printf(char* first, double value);
char* write_shortest_by_printf(char* first, float value);
ReadNumber read_number_by_strtod(const char* first, const char* last, double& value);
}  // namespace detail
}  // namespace geo
