#pragma once
// Numbers as the panel shows and reads them: a few fixed decimals, or the shortest text
// that reads back as the same double. Zero (and -0) shows without a sign; a value the
// decimals would show as zero, or one of a billion or more, shows with an exponent.
#include <string>
#include <string_view>

// `decimals` fixed decimals, e.g. fixed_text(-0.25, 4) == "-0.2500", fixed_text(-0.0, 4) ==
// "0.0000", fixed_text(-0.00001, 4) == "-1.00e-05", fixed_text(2e9, 2) == "2.00e+09".
std::string fixed_text(double value, int decimals);
// Rounding noise: a value smaller than `floor` shows as 0 in fixed decimals (a cube's
// -1.11e-16), while shortest_text, full precision, still shows it. The host sets it to
// 1e-12 of the scene's size, so a real 1e-7 still shows; 0, the default, keeps every value.
void set_noise_floor(double floor);
// True for a nonzero value below that floor: it shows as 0, with no sign.
bool is_noise(double value);
// The same with the sign always written ("+0.250", "-1.000"), but none on zero.
std::string signed_fixed_text(double value, int decimals);
// The shortest text that reads back as exactly `value` (std::to_chars); -0 shows as "0".
std::string shortest_text(double value);
// What a readout, a table, the formula and the card show of a computed number: 3 decimals
// (as the scene's labels), or shortest_text with full precision.
std::string number_text(double value, bool full_precision);
// What a field you edit shows: 4 decimals, one finer than any computed number, or
// shortest_text with full precision.
std::string field_text(double value, bool full_precision);
// The whole of `text` (blanks around it allowed, a leading '+' too) as a finite double,
// every digit kept; false, and `value` untouched, for anything else.
bool parse_number(std::string_view text, double& value);
