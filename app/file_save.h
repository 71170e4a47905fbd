#pragma once
// Saving a file so that a failure never leaves it half written: the bytes go to a new
// hidden file beside it (`.<name>.XXXXXX`), which is flushed to disk and then renamed
// over the old one; the new file keeps the old one's permissions, and a symbolic link
// is saved through to the file it names.
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
