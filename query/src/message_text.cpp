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

}  // namespace query
