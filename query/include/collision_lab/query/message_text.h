#pragma once
// Text quoted in a message (a file name, a value) is cut so that a hostile 400 KB name
// still gives a one-line message.
#include <cstddef>
#include <exception>
#include <string>
#include <string_view>

namespace query {

inline constexpr std::size_t kMaxQuotedLength = 80;

// `text` itself when it has at most kMaxQuotedLength bytes; else its start, cut on a UTF-8
// character boundary, with "..." appended, kMaxQuotedLength bytes in all.
std::string cut_for_message(std::string_view text);

// `text` in double quotes for a one-line message: quotes, backslashes and control
// characters escaped as in JSON (a newline as \n), then cut as cut_for_message does.
std::string quoted_for_message(std::string_view text);

// `text` with each space-separated word cut by cut_for_message: a message quoting what a
// user typed or a file held stays short.
std::string cut_long_words(std::string_view text);

// Why a JSON parser refused a text, from nlohmann's exception: "not JSON: line 3, column 7:
// unexpected end of input; expected string literal". `one_line` names only the column, for
// a query line (nlohmann counts it as line 1). Any other exception's text follows "not JSON: ".
std::string not_json_text(const std::exception& e, bool one_line);

}  // namespace query
