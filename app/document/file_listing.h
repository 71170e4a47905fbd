#pragma once
// What the file browser does without a window: listing a folder, finding where to start,
// and turning a typed path into an absolute one. Apart from the dialog so tests can run it.
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

struct FileEntry {
  std::string name;  // ".." for the parent folder
  bool is_directory = false;
  std::optional<std::uintmax_t> size;    // files only, when it can be read
  std::optional<std::time_t> modified;   // when it can be read
};

// The names shown unless the user asks for all files: scenes (*.json) and query lines (*.jsonl).
bool is_scene_file_name(const std::string& name);

// The folder's entries: ".." first (but at the root), then the folders, then the files,
// each group sorted case-insensitively. Hidden names (a leading dot) and files that are not
// scene files are left out unless `show_all`. False with `error` ("<folder>: <reason>"),
// and `entries` untouched, when the folder cannot be read.
bool list_directory(const std::filesystem::path& directory, bool show_all, std::vector<FileEntry>& entries,
                    std::string& error);

// $HOME, or the root when it is not set.
std::filesystem::path home_directory();

// "~" and "~/..." start at the home folder; any other relative path at `current`. The
// result is absolute and lexically normal ("a/../b" is "b"), without a trailing slash.
std::filesystem::path resolve_typed_path(const std::string& typed, const std::filesystem::path& current);

// `path` with `extension` appended when its file name has none ("scene" but not "scene.txt").
std::filesystem::path with_default_extension(const std::filesystem::path& path,
                                             const std::string& extension = ".json");

// Where a browser opened on `start_path` begins: a folder is shown itself; a file (existing
// or not) shows its folder and proposes its name. A folder that does not exist gives way to
// its nearest existing parent, and an empty path to the working folder.
struct BrowserStart {
  std::filesystem::path directory;
  std::string file_name;
};
BrowserStart browser_start(const std::string& start_path);

// The listing's columns: "820 B", "12.4 KB", "3.1 MB"; "2024-05-01 14:03" in local time.
std::string format_size(std::uintmax_t bytes);
std::string format_time(std::time_t time);
