#pragma once
// Links that open the app at a scene, for the web page: `#scene=` and the scene file's JSON
// (compact) in base64url without padding, so a link carries the whole scene (sample,
// shapes, settings, camera) and the server never sees it; and `?sample=ID`, which opens a
// sample at its start.
#include "app/document/scene_file.h"

#include <optional>
#include <string>

// "scene=..." for the page's address.
std::string scene_link_fragment(const SceneFile& scene);

// What an address asks for. `query` and `fragment` are as the page has them ("?a=b&c",
// "#scene=..."; either may be empty). With `error` set, the address could not be read and
// the app opens its default sample and says why.
struct LinkRequest {
  std::optional<SceneFile> scene;
  std::string sample_id;
  std::string error;
};
LinkRequest read_link(const std::string& query, const std::string& fragment);

// Base64url (RFC 4648 §5) without padding, and back; nullopt for text that is not.
std::string base64url_encode(const std::string& bytes);
std::optional<std::string> base64url_decode(const std::string& text);
