#include "app/document/file_save.h"

#include "collision_lab/query/message_text.h"

#include <stb_image_write.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace {
std::string quoted(const std::string& path) { return "'" + query::cut_for_message(path) + "': "; }
std::string reason(const std::string& path) {
  const int code = errno;  // before quoted() may allocate
  return quoted(path) + std::strerror(code);
}

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

// A symbolic link is saved through, onto the file it names, so the link stays a link.
std::string file_behind(const std::string& path) {
  struct stat link {};
  if (::lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return path;
  char resolved[PATH_MAX];
  return ::realpath(path.c_str(), resolved) ? std::string(resolved) : path;
}

// A new hidden file `.<name>.XXXXXX` beside `target`, created with O_EXCL so two saves
// never share one; its mode is the usual 0666 less the umask, as for any new file.
int create_temporary(const std::filesystem::path& target, std::string& temporary) {
  static constexpr char kLetters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  static std::minstd_rand random(static_cast<unsigned>(::getpid()) ^ static_cast<unsigned>(std::time(nullptr)));
  std::uniform_int_distribution<std::size_t> letter(0, sizeof(kLetters) - 2);
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string suffix(6, 'X');
    for (char& c : suffix) c = kLetters[letter(random)];
    temporary = (target.parent_path() / ("." + target.filename().string() + "." + suffix)).string();
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

// The rename is on disk once the folder holding it is flushed; a folder that cannot be
// flushed (some file systems refuse) does not undo a save that is already in place.
void flush_folder(const std::filesystem::path& target) {
  const std::string folder = target.has_parent_path() ? target.parent_path().string() : ".";
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}
}  // namespace

bool save_file(const std::string& path, std::string_view bytes, std::string& error) {
  const std::filesystem::path target = file_behind(path);
  std::string temporary;
  const int fd = create_temporary(target, temporary);
  if (fd < 0) {
    error = reason(path);
    return false;
  }
  // The new file keeps the old one's permissions (a private file stays private).
  struct stat old {};
  const bool kept_mode = ::stat(target.c_str(), &old) != 0 || !S_ISREG(old.st_mode) ||
                         ::fchmod(fd, old.st_mode & 0777) == 0;
  bool saved = kept_mode && write_all(fd, bytes) && ::fsync(fd) == 0;
  if (!saved) error = reason(path);
  if (::close(fd) != 0 && saved) {
    error = reason(path);
    saved = false;
  }
  if (saved && ::rename(temporary.c_str(), target.c_str()) != 0) {
    error = reason(path);
    saved = false;
  }
  if (!saved) {
    ::unlink(temporary.c_str());
    return false;
  }
  flush_folder(target);
  return true;
}

std::string save_failure_reason(const std::string& path, const std::string& error) {
  const std::string prefix = quoted(path);
  return error.starts_with(prefix) ? error.substr(prefix.size()) : error;
}

bool save_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgba,
              std::string& error) {
  std::string encoded;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
  };
  if (!stbi_write_png_to_func(append, &encoded, width, height, 4, rgba.data(), width * 4)) {
    error = quoted(path) + "the image could not be encoded";
    return false;
  }
  return save_file(path, encoded, error);
}

std::string app_folder(const char* variable, const char* under_home) {
  const char* xdg = std::getenv(variable);
  const char* home = std::getenv("HOME");
  std::filesystem::path base;
  if (xdg && std::filesystem::path(xdg).is_absolute()) {
    base = xdg;
  } else if (home && *home) {
    base = std::filesystem::path(home) / under_home;
  } else {
    return {};
  }
  return (base / "collision-lab").string();
}
