#include "app/document/file_listing.h"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace fs = std::filesystem;

namespace {
std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Case-insensitive, with the exact spelling breaking ties so the order is always the same.
bool listed_before(const FileEntry& a, const FileEntry& b) {
  const std::string lower_a = lowercase(a.name), lower_b = lowercase(b.name);
  return lower_a != lower_b ? lower_a < lower_b : a.name < b.name;
}

// stat's time: std::chrono::file_clock::to_sys is missing from the web build's libc++.
std::optional<std::time_t> modified_time(const fs::directory_entry& entry) {
  struct stat status {};
  if (::stat(entry.path().c_str(), &status) != 0) return std::nullopt;
  return status.st_mtime;
}

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}
}  // namespace

bool is_scene_file_name(const std::string& name) {
  const std::string extension = lowercase(fs::path(name).extension().string());
  return extension == ".json" || extension == ".jsonl";
}

bool list_directory(const fs::path& directory, bool show_all, std::vector<FileEntry>& entries, std::string& error) {
  try {
    std::vector<FileEntry> folders, files;
    std::error_code code;
    for (fs::directory_iterator it(directory, code); !code && it != fs::directory_iterator(); it.increment(code)) {
      FileEntry entry;
      entry.name = it->path().filename().string();
      if (!show_all && entry.name.starts_with('.')) continue;
      std::error_code status_error;  // a dangling link is listed as a file without a size
      entry.is_directory = it->is_directory(status_error);
      if (!entry.is_directory && !show_all && !is_scene_file_name(entry.name)) continue;
      if (!entry.is_directory) {
        const std::uintmax_t size = it->file_size(status_error);
        if (!status_error) entry.size = size;
      }
      entry.modified = modified_time(*it);
      (entry.is_directory ? folders : files).push_back(std::move(entry));
    }
    if (code) {
      error = directory.string() + ": " + code.message();
      return false;
    }
    std::sort(folders.begin(), folders.end(), listed_before);
    std::sort(files.begin(), files.end(), listed_before);
    std::vector<FileEntry> listing;
    const fs::path normal = directory.lexically_normal();
    if (normal != normal.root_path()) {
      listing.emplace_back();
      listing.back().name = "..";
      listing.back().is_directory = true;
    }
    listing.insert(listing.end(), folders.begin(), folders.end());
    listing.insert(listing.end(), files.begin(), files.end());
    entries = std::move(listing);
    return true;
  } catch (const std::exception& e) {
    error = directory.string() + ": " + e.what();
    return false;
  }
}

fs::path home_directory() {
  const char* home = std::getenv("HOME");
  return home && *home ? fs::path(home) : fs::path("/");
}

fs::path resolve_typed_path(const std::string& typed, const fs::path& current) {
  const std::string text = trimmed(typed);
  fs::path path;
  if (text == "~" || text.starts_with("~/")) {
    path = home_directory() / text.substr(std::min<std::size_t>(2, text.size()));
  } else {
    path = text;
  }
  if (path.is_relative()) path = current / path;
  path = path.lexically_normal();
  if (!path.has_filename() && path != path.root_path()) path = path.parent_path();
  return path;
}

fs::path with_default_extension(const fs::path& path, const std::string& extension) {
  if (!path.has_filename() || path.has_extension()) return path;
  fs::path extended = path;
  extended += extension;
  return extended;
}

BrowserStart browser_start(const std::string& start_path) {
  std::error_code error;
  fs::path working = fs::current_path(error);
  if (error) working = home_directory();
  fs::path path = resolve_typed_path(start_path, working);
  BrowserStart start;
  // A trailing slash says "folder" even when there is none: no file name is proposed then.
  const bool names_folder = start_path.empty() || trimmed(start_path).ends_with('/');
  if (!fs::is_directory(path, error) && !names_folder) {
    start.file_name = path.filename().string();
    path = path.parent_path();
  }
  while (!fs::is_directory(path, error) && path.has_relative_path()) path = path.parent_path();
  start.directory = path;
  return start;
}

std::string format_size(std::uintmax_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " B";
  static const char* const kUnits[] = {"KB", "MB", "GB", "TB"};
  double value = static_cast<double>(bytes) / 1024;
  std::size_t unit = 0;
  for (; value >= 1024 && unit + 1 < std::size(kUnits); ++unit) value /= 1024;
  char text[32];
  std::snprintf(text, sizeof text, value < 10 ? "%.1f %s" : "%.0f %s", value, kUnits[unit]);
  return text;
}

std::string format_time(std::time_t time) {
  std::tm local{};
  if (!localtime_r(&time, &local)) return {};
  char text[32];
  return std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &local) ? text : std::string();
}
