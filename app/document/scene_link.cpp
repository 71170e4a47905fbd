#include "app/document/scene_link.h"

#include "collision_lab/query/message_text.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace {
constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// The value of `key` in "a=b&key=value" (after the leading '?' or '#'), percent-decoding
// nothing: the app's own values (ids, base64url) never need it.
std::optional<std::string> parameter(std::string_view text, std::string_view key) {
  if (!text.empty() && (text[0] == '?' || text[0] == '#')) text.remove_prefix(1);
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('&', start), text.size());
    const std::string_view pair = text.substr(start, end - start);
    if (pair.size() > key.size() && pair.substr(0, key.size()) == key && pair[key.size()] == '=') {
      return std::string(pair.substr(key.size() + 1));
    }
    start = end + 1;
  }
  return std::nullopt;
}
}  // namespace

std::string base64url_encode(const std::string& bytes) {
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  std::uint32_t bits = 0;
  int count = 0;
  for (const unsigned char byte : bytes) {
    bits = (bits << 8) | byte;
    count += 8;
    while (count >= 6) text += kAlphabet[(bits >> (count -= 6)) & 63];
  }
  if (count > 0) text += kAlphabet[(bits << (6 - count)) & 63];
  return text;
}

std::optional<std::string> base64url_decode(const std::string& text) {
  std::array<int, 256> value{};
  value.fill(-1);
  for (int i = 0; i < 64; ++i) value[static_cast<unsigned char>(kAlphabet[i])] = i;
  std::string bytes;
  std::uint32_t bits = 0;
  int count = 0;
  for (const unsigned char c : text) {
    if (value[c] < 0) return std::nullopt;
    bits = (bits << 6) | std::uint32_t(value[c]);
    count += 6;
    if (count >= 8) bytes += static_cast<char>((bits >> (count -= 8)) & 0xff);
  }
  // A lone 6-bit tail, or tail bits that are not zero, is not base64 of any bytes.
  if (count >= 6 || (bits & ((1u << count) - 1)) != 0) return std::nullopt;
  return bytes;
}

std::string scene_link_fragment(const SceneFile& scene) { return "scene=" + base64url_encode(scene_json(scene).dump()); }

LinkRequest read_link(const std::string& query, const std::string& fragment) {
  LinkRequest request;
  if (const auto encoded = parameter(fragment, "scene")) {
    const auto text = base64url_decode(*encoded);
    SceneFile scene;
    std::string error;
    if (!text) {
      request.error = "the link's scene is not base64url text";
    } else if (!read_scene_text(*text, scene, error)) {
      request.error = "the link's scene: " + error;
    } else {
      request.scene = scene;
    }
    return request;
  }
  if (const auto id = parameter(query, "sample")) {
    if (find_sample(*id)) {
      request.sample_id = *id;
    } else {
      request.error = "?sample=" + query::cut_for_message(*id) + ": no such sample (Samples menu lists them)";
    }
  }
  return request;
}
