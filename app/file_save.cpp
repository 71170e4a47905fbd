#include "app/file_save.h"

#include <stb_image_write.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace {
std::string reason(const std::string& path) { return "'" + path + "': " + std::strerror(errno); }

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}
}  // namespace

bool save_file(const std::string& path, std::string_view bytes, std::string& error) {
  const std::string temporary = path + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = reason(path);
    return false;
  }
  const bool written = write_all(fd, bytes) && ::fsync(fd) == 0;
  if (!written) error = reason(path);
  if (::close(fd) != 0 && written) error = reason(path);
  if (!error.empty() || ::rename(temporary.c_str(), path.c_str()) != 0) {
    if (error.empty()) error = reason(path);
    ::unlink(temporary.c_str());
    return false;
  }
  return true;
}

bool save_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgba,
              std::string& error) {
  std::string encoded;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
  };
  if (!stbi_write_png_to_func(append, &encoded, width, height, 4, rgba.data(), width * 4)) {
    error = "'" + path + "': the image could not be encoded";
    return false;
  }
  return save_file(path, encoded, error);
}
