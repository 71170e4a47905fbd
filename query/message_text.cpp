#include "query/message_text.h"

namespace query {

std::string cut_for_message(std::string_view text) {
  if (text.size() <= kMaxQuotedLength) return std::string(text);
  std::size_t end = kMaxQuotedLength - 3;
  // Back off continuation bytes (10xxxxxx) so that no character is split.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end)) + "...";
}

std::string option_message(std::string_view parser_message) {
  const auto colon = parser_message.find(": ");
  const bool names_option = parser_message.substr(0, 1) == "-" && colon < parser_message.find(' ');
  return (names_option ? "" : "arguments: ") + std::string(parser_message);
}

}  // namespace query
