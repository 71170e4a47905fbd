#include "tests/support/run_process.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {
std::string read_all(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}
}  // namespace

std::string temp_path(const std::string& name) {
  static int counter = 0;
  auto dir = std::filesystem::temp_directory_path() /
             ("collision-lab-test-" + std::to_string(getpid()));
  // A folder an earlier process of the same (reused) pid left behind starts this one afresh:
  // its files (a saved settings.json) would otherwise be read as this test's own.
  static const bool fresh = (std::filesystem::remove_all(dir), true);
  (void)fresh;
  std::filesystem::create_directories(dir);
  return (dir / (std::to_string(++counter) + "-" + name)).string();
}

ProcessResult run_process(const std::string& binary, const std::string& arguments,
                          const std::string& stdin_text) {
  const std::string in = temp_path("stdin.txt");
  const std::string out = temp_path("stdout.txt");
  const std::string err = temp_path("stderr.txt");
  std::ofstream(in, std::ios::binary) << stdin_text;
  const std::string command =
      "'" + binary + "' " + arguments + " <'" + in + "' >'" + out + "' 2>'" + err + "'";
  const int status = std::system(command.c_str());
  ProcessResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_all(out);
  result.err = read_all(err);
  return result;
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}
