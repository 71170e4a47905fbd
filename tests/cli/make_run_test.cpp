// `make run` builds the app and what it links, and nothing else: a student's first window
// waits for no test or benchmark.
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {
namespace fs = std::filesystem;

TEST(MakeRun, BuildsOnlyTheApp) {
  std::ifstream makefile(fs::path(COLLISION_LAB_SOURCE_DIR) / "Makefile");
  std::stringstream text;
  text << makefile.rdbuf();
  const std::string recipe = text.str().substr(text.str().find("\nrun:"));
  EXPECT_EQ(recipe.find("\n\tcmake --build --preset default --target collision-lab\n"),
            recipe.find("\n\t")) << "run's first step is not to build the app alone";

  const fs::path build = fs::path(COLLISION_LAB_BINARY).parent_path();
  if (!fs::exists(build / "build.ninja")) GTEST_SKIP() << "not a Ninja build";
  const auto inputs = run_process("/usr/bin/ninja", "-C '" + build.string() + "' -t inputs collision-lab");
  ASSERT_EQ(inputs.exit_code, 0) << inputs.err;
  std::istringstream lines(inputs.out);
  int count = 0;
  const std::string source = std::string(COLLISION_LAB_SOURCE_DIR) + "/";
  for (std::string line; std::getline(lines, line); ++count) {
    // Sources are listed by absolute path, generated files relative to the build folder.
    const std::string path = line.rfind(source, 0) == 0 ? line.substr(source.size()) : line;
    EXPECT_NE(path.rfind("tests/", 0), 0u) << "collision-lab is built from " << line;
    EXPECT_NE(path.rfind("bench/", 0), 0u) << "collision-lab is built from " << line;
    for (const char* library : {"libgtest", "libgmock", "libbenchmark"}) {
      EXPECT_EQ(path.find(library), std::string::npos) << "collision-lab links " << line;
    }
  }
  EXPECT_GT(count, 100);  // the app's own sources and libraries were listed
}
}  // namespace
