#include "collision_lab/query/message_text.h"

#include <algorithm>

namespace query {

std::string cut_for_message(std::string_view text) {
  if (text.size() <= kMaxQuotedLength) return std::string(text);
  std::size_t end = kMaxQuotedLength - 3;
  // Back off continuation bytes (10xxxxxx) so that no character is split.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end)) + "...";
}

std::string cut_long_words(std::string_view text) {
  std::string cut;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    cut += cut_for_message(text.substr(start, end - start));
    if (end < text.size()) cut += ' ';
    start = end + 1;
  }
  return cut;
}

std::string quoted_for_message(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string escaped;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      escaped += '\\';
      escaped += c;
    } else if (c == '\n') {
      escaped += "\\n";
    } else if (byte < 0x20 || byte == 0x7f) {
      escaped += "\\u00";
      escaped += kHex[byte >> 4];
      escaped += kHex[byte & 0xf];
    } else {
      escaped += c;
    }
    if (escaped.size() > kMaxQuotedLength) break;  // the rest would be cut anyway
  }
  return '"' + cut_for_message(escaped) + '"';
}

std::string not_json_text(const std::exception& e, bool one_line) {
  // nlohmann: "[json.exception.parse_error.101] parse error at line 1, column 37: syntax
  // error while parsing object key - unexpected end of input; expected string literal"
  std::string detail = e.what();
  if (const auto start = detail.find("] "); detail.starts_with("[json.exception.") && start != std::string::npos) {
    detail.erase(0, start + 2);
  }
  constexpr std::string_view kAt = "parse error at ";
  if (detail.starts_with(kAt)) {
    const auto colon = detail.find(": ");
    std::string where = detail.substr(kAt.size(), colon == std::string::npos ? std::string::npos : colon - kAt.size());
    std::string why = colon == std::string::npos ? std::string() : detail.substr(colon + 2);
    if (const auto dash = why.find(" - "); why.starts_with("syntax error while parsing ") && dash != std::string::npos) {
      why.erase(0, dash + 3);  // what was being read says less than what was found
    }
    if (const auto comma = where.find(", "); one_line && where.starts_with("line ") && comma != std::string::npos) {
      where.erase(0, comma + 2);
    }
    detail = where + (why.empty() ? "" : ": " + why);
  }
  return "not JSON: " + cut_long_words(detail);
}

}  // namespace query
