#pragma once
// Saving a file so that a failure never leaves it half written: the bytes go to a new
// hidden file beside it (`.<name>.XXXXXX`), which is flushed to disk and then renamed
// over the old one; the new file keeps the old one's permissions, and a symbolic link
// is saved through to the file it names.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// False with `error` set ("'<path>': <reason>", the path cut by query::cut_for_message)
// when any step fails; the old file, if any, is then left as it was and the temporary
// file removed.
bool save_file(const std::string& path, std::string_view bytes, std::string& error);

// The reason alone, from the `error` that save_file or save_png set for `path`.
std::string save_failure_reason(const std::string& path, const std::string& error);

// RGBA8 pixels (top row first) as a PNG file, saved as save_file saves.
bool save_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgba,
              std::string& error);

// The app's folder under an XDG base directory: $VARIABLE/collision-lab when VARIABLE holds
// an absolute path (the spec ignores a relative one), else $HOME/`under_home`/collision-lab;
// empty when neither is known. Settings are under XDG_CONFIG_HOME, presets XDG_DATA_HOME.
std::string app_folder(const char* variable, const char* under_home);
