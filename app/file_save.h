#pragma once
// Saving a file so that a failure never leaves it half written: the bytes go to a
// temporary file beside it, which is flushed to disk and then renamed over the old one.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// False with `error` set (naming the path and the reason) when any step fails; the old
// file, if any, is then left as it was and the temporary file removed.
bool save_file(const std::string& path, std::string_view bytes, std::string& error);

// RGBA8 pixels (top row first) as a PNG file, saved as save_file saves.
bool save_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgba,
              std::string& error);
