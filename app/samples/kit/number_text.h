#pragma once
// Numbers as the panel shows and reads them: a few fixed decimals, or the shortest text
// that reads back as the same double. Zero (and -0) shows without a sign; a value the
// decimals would show as zero, or one of a billion or more, shows with an exponent.
#include <string>
#include <string_view>

// `decimals` fixed decimals, e.g. fixed_text(-0.25, 4) == "-0.2500", fixed_text(-0.0, 4) ==
// "0.0000", fixed_text(-0.00001, 4) == "-1.00e-05", fixed_text(2e9, 2) == "2.00e+09".
std::string fixed_text(double value, int decimals);
// The same with the sign always written ("+0.250", "-1.000"), but none on zero.
std::string signed_fixed_text(double value, int decimals);
// The shortest text that reads back as exactly `value` (std::to_chars); -0 shows as "0".
std::string shortest_text(double value);
// What a field or readout shows: 4 decimals, or shortest_text with full precision.
std::string number_text(double value, bool full_precision);
// The whole of `text` (blanks around it allowed, a leading '+' too) as a finite double,
// every digit kept; false, and `value` untouched, for anything else.
bool parse_number(std::string_view text, double& value);
