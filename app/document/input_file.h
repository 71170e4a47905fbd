#pragma once
// Reading a file the user opens (a scene, a case file): checked before it is read, so a
// missing file, a directory or a huge file gets one clear reason instead of a crash.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

inline constexpr std::uintmax_t kMaxInputBytes = 64u << 20;

// The whole file in `text`; false with `error` (without the path) when it cannot be used.
bool read_input_file(const std::string& path, std::string& text, std::string& error);
