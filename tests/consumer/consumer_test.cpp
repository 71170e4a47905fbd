// An engine's two ways in, tried for real: find_package() against the installed
// libraries, and add_subdirectory() of the repository with the app off. Neither may see
// a GUI package (label: package; each builds a small project, so minutes, not seconds).
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {
const std::string kCmake = CMAKE_COMMAND;
const fs::path kSource = COLLISION_LAB_SOURCE_DIR;
const fs::path kBuild = COLLISION_LAB_BUILD_DIR;
const fs::path kWork = CONSUMER_WORK_DIR;

// Packages the app needs and a library never may: find_package() of any of them fails the
// consumer's configure (CMake refuses a disabled package that is REQUIRED).
const std::string kNoGuiPackages =
    " -DCMAKE_DISABLE_FIND_PACKAGE_glfw3=ON -DCMAKE_DISABLE_FIND_PACKAGE_OpenGL=ON"
    " -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON";

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The configure's cache must hold no trace of a GUI package or of the GL loader generator.
void expect_no_gui_in_cache(const fs::path& build) {
  const std::string cache = read_text(build / "CMakeCache.txt");
  ASSERT_FALSE(cache.empty());
  for (const char* entry : {"glfw3_DIR:", "OPENGL_opengl_LIBRARY:", "IMGUI_FOUND", "GLAD_EXECUTABLE:", "STB_FOUND"}) {
    EXPECT_EQ(cache.find(entry), std::string::npos) << entry << " is in " << (build / "CMakeCache.txt");
  }
}

ProcessResult run(const std::string& binary, const std::string& arguments) {
  ProcessResult result = run_process(binary, arguments);
  EXPECT_EQ(result.exit_code, 0) << binary << " " << arguments << "\n" << result.out << result.err;
  return result;
}

TEST(Consumer, AnEngineBuildsAgainstTheInstalledLibraries) {
  const fs::path prefix = kWork / "prefix";
  const fs::path build = kWork / "installed-build";
  fs::remove_all(prefix);
  fs::remove_all(build);
  run(kCmake, "--install " + quoted(kBuild) + " --prefix " + quoted(prefix) + " --component Development");

  // The public headers under collision_lab/, and nothing that could shadow an engine's own.
  EXPECT_TRUE(fs::exists(prefix / "include/collision_lab/closest_point.h"));
  EXPECT_TRUE(fs::exists(prefix / "include/collision_lab/query/runner.h"));
  for (const auto& entry : fs::directory_iterator(prefix / "include")) {
    EXPECT_EQ(entry.path().filename(), "collision_lab") << entry.path();
  }
  EXPECT_FALSE(fs::exists(prefix / "include/collision_lab/closest_point_kernels.h")) << "an internal header";
  fs::path pkg_config_folder;
  for (const auto& entry : fs::recursive_directory_iterator(prefix)) {
    if (entry.path().filename() == "collision-lab-geometry.pc") pkg_config_folder = entry.path().parent_path();
  }
  ASSERT_FALSE(pkg_config_folder.empty()) << "no collision-lab-geometry.pc";

  // Without CMake: the compiler flags and libraries from pkg-config alone.
  const fs::path by_pkg_config = kWork / "engine_queries_by_pkg_config";
  run("/bin/sh", "-c 'c++ \"$0\" -o \"$1\" $(PKG_CONFIG_PATH=\"$2\" pkg-config --cflags --libs collision-lab-geometry)' " +
                     quoted(kSource / "tests/consumer/installed/engine_queries.cpp") + " " + quoted(by_pkg_config) + " " +
                     quoted(pkg_config_folder));
  run(by_pkg_config.string(), "");

  // The engine's project, with a GoogleTest the query tool wrote beside it (the README's way).
  const fs::path project = kWork / "installed-source";
  fs::remove_all(project);
  fs::copy(kSource / "tests/consumer/installed", project);
  const auto emit = run(COLLISION_LAB_QUERY_BINARY, "--emit-gtest --input " + quoted(kSource / "tests/consumer/cases.jsonl"));
  std::ofstream(project / "emitted_test.cpp") << emit.out;

  run(kCmake, "-S " + quoted(project) + " -B " + quoted(build) + " -G Ninja -DCMAKE_PREFIX_PATH=" + quoted(prefix) +
                  kNoGuiPackages);
  expect_no_gui_in_cache(build);
  const std::string cache = read_text(build / "CMakeCache.txt");
  EXPECT_NE(cache.find("CollisionLab_DIR:PATH=" + prefix.string()), std::string::npos) << "found elsewhere";

  run(kCmake, "--build " + quoted(build));
  EXPECT_EQ(run((build / "engine_queries").string(), "").out,
            "closest (1, 0, 0) distance 1\noverlap no separation 0.5\n");
  EXPECT_NE(run((build / "engine_query_line").string(), "").out.find("\"distance\":2"), std::string::npos);
  const auto tests = run((build / "emitted_test").string(), "");
  EXPECT_NE(tests.out.find("[  PASSED  ] 15 tests"), std::string::npos) << tests.out;
}

TEST(Consumer, AnEngineAddsTheRepositoryWithTheAppOff) {
  const fs::path build = kWork / "subdirectory-build";
  fs::remove_all(build);
  // The engine's CMakeLists checks its build type, folders and options are untouched.
  run(kCmake, "-S " + quoted(kSource / "tests/consumer/subdirectory") + " -B " + quoted(build) + " -G Ninja" +
                  " -DCMAKE_BUILD_TYPE=Debug -DCOLLISION_LAB_SOURCE_DIR=" + quoted(kSource) + kNoGuiPackages);
  expect_no_gui_in_cache(build);
  run(kCmake, "--build " + quoted(build) + " --target engine");
  run((build / "engine").string(), "");
}

}  // namespace
