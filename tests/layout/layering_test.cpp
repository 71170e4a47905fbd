// The source tree's shape, checked on the files themselves: which folder may include
// which, no include cycles between units (a header and its source of the same name are
// one unit), and no file over 400 lines in the library folders.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {
const fs::path kRoot = COLLISION_LAB_SOURCE_DIR;
const std::vector<std::string> kLibraryFolders = {"geometry", "query", "render", "app"};

// A library's public headers live in <folder>/include/collision_lab/ (query's one level
// deeper) and its sources in <folder>/src/; here both are named as if flat in the folder:
// "geometry/include/collision_lab/vec.h" and "geometry/src/vec.cpp" are "geometry/vec.*".
std::string flat_path(std::string path) {
  for (const std::string prefix : {"geometry/include/collision_lab/", "query/include/collision_lab/query/"}) {
    if (path.rfind(prefix, 0) == 0) return path.substr(0, path.find('/') + 1) + path.substr(prefix.size());
  }
  for (const std::string folder : {"geometry/src/", "query/src/"}) {
    if (path.rfind(folder, 0) == 0) return path.substr(0, path.find('/') + 1) + path.substr(folder.size());
  }
  return path;
}

// An include as written, named as flat_path names files: "collision_lab/vec.h" is
// "geometry/vec.h", and "sat_detail.h" (beside the includer) is in the includer's folder.
std::string flat_include(const std::string& include, const std::string& includer) {
  if (include.rfind("collision_lab/query/", 0) == 0) return "query/" + include.substr(20);
  if (include.rfind("collision_lab/", 0) == 0) return "geometry/" + include.substr(14);
  if (include.find('/') == std::string::npos) return flat_path(includer.substr(0, includer.rfind('/') + 1) + include);
  return include;
}

bool is_public_header(const std::string& path) { return path.find("/include/collision_lab/") != std::string::npos; }

struct SourceFile {
  std::string path;                    // relative to the root: "app/host/sample.cpp"
  std::vector<std::string> written_includes;  // "collision_lab/vec.h", as written
  std::vector<std::string> project_includes;  // "geometry/vec.h", as flat_include names it
  std::vector<std::string> system_includes;   // "glm/glm.hpp", "imgui.h"
  int lines = 0;
};

std::vector<SourceFile> read_sources() {
  std::vector<SourceFile> files;
  const std::regex include_line(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
  for (const auto& folder : kLibraryFolders) {
    if (!fs::exists(kRoot / folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / folder)) {
      const auto extension = entry.path().extension();
      if (!entry.is_regular_file() || (extension != ".h" && extension != ".cpp")) continue;
      SourceFile file;
      file.path = fs::relative(entry.path(), kRoot).generic_string();
      std::ifstream in(entry.path());
      for (std::string line; std::getline(in, line); ++file.lines) {
        std::smatch match;
        if (!std::regex_search(line, match, include_line)) continue;
        if (match[1] == "\"") {
          file.written_includes.push_back(match[2]);
          file.project_includes.push_back(flat_include(match[2], file.path));
        } else {
          file.system_includes.push_back(match[2]);
        }
      }
      files.push_back(std::move(file));
    }
  }
  return files;
}

std::string unit_of(const std::string& path) {
  const std::string flat = flat_path(path);
  return flat.substr(0, flat.rfind('.'));
}
std::string folder_of(const std::string& path) { return path.substr(0, path.find('/')); }

TEST(Layering, EachFolderIncludesOnlyTheFoldersBelowIt) {
  const std::map<std::string, std::set<std::string>> allowed = {
      {"geometry", {"geometry"}},
      {"query", {"query", "geometry"}},
      {"render", {"render", "geometry"}},
      {"app", {"app", "query", "render", "geometry"}},
  };
  // Third-party headers by the folder first allowed to use them.
  const std::map<std::string, std::set<std::string>> forbidden_system = {
      {"geometry", {"nlohmann/", "fmt/", "glad/", "GL/", "GLFW/", "imgui", "CLI/", "stb"}},
      {"query", {"glad/", "GL/", "GLFW/", "imgui", "stb"}},
      {"render", {"nlohmann/", "fmt/", "GLFW/", "imgui", "CLI/", "stb"}},
  };
  for (const auto& file : read_sources()) {
    const std::string folder = folder_of(file.path);
    for (const auto& include : file.project_includes) {
      EXPECT_TRUE(allowed.at(folder).count(folder_of(include))) << file.path << " includes " << include;
    }
    if (!forbidden_system.count(folder)) continue;
    for (const auto& include : file.system_includes) {
      for (const auto& prefix : forbidden_system.at(folder)) {
        EXPECT_NE(include.rfind(prefix, 0), 0u) << file.path << " includes <" << include << ">";
      }
    }
  }
}

TEST(Layering, NoIncludeCyclesBetweenUnits) {
  std::map<std::string, std::set<std::string>> edges;  // unit -> units it includes
  for (const auto& file : read_sources()) {
    auto& out = edges[unit_of(file.path)];
    for (const auto& include : file.project_includes) {
      if (unit_of(include) != unit_of(file.path)) out.insert(unit_of(include));
    }
  }
  // Depth-first search; a unit met again while still on the stack closes a cycle.
  std::map<std::string, int> state;  // 0 new, 1 on the stack, 2 done
  std::vector<std::string> stack;
  std::vector<std::string> cycles;
  std::function<void(const std::string&)> visit = [&](const std::string& unit) {
    state[unit] = 1;
    stack.push_back(unit);
    for (const auto& next : edges[unit]) {
      if (state[next] == 1) {
        std::string cycle;
        for (auto it = std::find(stack.begin(), stack.end(), next); it != stack.end(); ++it) cycle += *it + " -> ";
        cycles.push_back(cycle + next);
      } else if (state[next] == 0) {
        visit(next);
      }
    }
    stack.pop_back();
    state[unit] = 2;
  };
  std::vector<std::string> units;
  for (const auto& [unit, out] : edges) units.push_back(unit);
  for (const auto& unit : units) {
    if (state[unit] == 0) visit(unit);
  }
  for (const auto& cycle : cycles) ADD_FAILURE() << "include cycle: " << cycle;
}

// What is installed must compile on its own: a public header includes only public headers.
TEST(Layering, PublicHeadersIncludeOnlyPublicHeaders) {
  for (const auto& file : read_sources()) {
    if (!is_public_header(file.path)) continue;
    for (const auto& include : file.written_includes) {
      EXPECT_EQ(include.rfind("collision_lab/", 0), 0u) << file.path << " includes \"" << include << "\"";
      const auto folder = include.rfind("collision_lab/query/", 0) == 0 ? "query" : "geometry";
      EXPECT_TRUE(fs::exists(kRoot / folder / "include" / include)) << file.path << " includes " << include;
    }
  }
}

TEST(Layering, NoLibraryFileIsOver400Lines) {
  for (const auto& file : read_sources()) EXPECT_LE(file.lines, 400) << file.path;
}
}  // namespace

namespace {
// The desktop and the web page differ only in the platform layer (app/platform/) and in
// render's choice of GL: everywhere else the code is the same for both builds.
TEST(Layering, OnlyThePlatformLayerAndTheGlFilesKnowTheWebBuild) {
  const std::set<std::string> gl_files = {"render/gl_api.h", "render/gl_context.h", "render/gl_context.cpp",
                                          "render/shaders.cpp"};
  for (const auto& file : read_sources()) {
    const bool platform = file.path.rfind("app/platform/", 0) == 0;
    for (const auto& include : file.system_includes) {
      if (!platform) EXPECT_NE(include.rfind("emscripten", 0), 0u) << file.path << " includes <" << include << ">";
    }
    std::ifstream in(kRoot / file.path);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (!platform && !gl_files.count(file.path)) {
      EXPECT_EQ(text.find("__EMSCRIPTEN__"), std::string::npos) << file.path << " tests __EMSCRIPTEN__";
    }
  }
}
}  // namespace
