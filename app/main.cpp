#include "app/app.h"
#include "app/command_line.h"
#include "app/query_mode.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

namespace {
int run_query(const CommandLine& options) {
  std::ios::sync_with_stdio(false);
  if (options.query_input.empty()) return run_query_mode(std::cin, std::cout);
  std::ifstream input(options.query_input);
  if (!input) {
    std::fprintf(stderr, "collision-lab: cannot read '%s': %s\n", options.query_input.c_str(),
                 std::strerror(errno));
    return 2;
  }
  return run_query_mode(input, std::cout);
}
}  // namespace

int main(int argc, char** argv) {
  ParseOutcome parsed = parse_command_line(argc, argv);
  if (!parsed.options) return parsed.exit_code;
  if (parsed.options->query_mode) return run_query(*parsed.options);
  return run_app(*parsed.options);
}
