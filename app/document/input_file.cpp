#include "app/document/input_file.h"

#include "collision_lab/query/message_text.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

bool read_input_file(const std::string& path, std::string& text, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code code;
  const auto status = fs::status(path, code);
  if (code || !fs::exists(status)) {
    error = "no such file";
    return false;
  }
  if (fs::is_directory(status)) {
    error = "is a directory, not a file";
    return false;
  }
  const auto size = fs::file_size(path, code);
  if (!code && size > kMaxInputBytes) {
    error = "too big (" + std::to_string(size) + " bytes; at most " + std::to_string(kMaxInputBytes >> 20) + " MiB)";
    return false;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = std::strerror(errno);
    return false;
  }
  std::ostringstream bytes;
  bytes << file.rdbuf();
  text = bytes.str();
  return true;
}
