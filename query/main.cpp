// collision-lab-query: the app's query mode as a tool of its own, for scripts, engines
// and build servers (no GL, X11 or UI library needed).
#include "query/gtest_emitter.h"
#include "query/runner.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  CLI::App cli{"Answer Collision Lab geometry queries given as JSON Lines (stdin or --input), one JSON line "
               "each, in the same order; exit status 1 if any line failed"};
  cli.set_version_flag("--version", std::string("collision-lab-query ") + COLLISION_LAB_VERSION);
  std::string input;
  cli.add_option("--input", input, "Read the queries from this file instead of stdin");
  bool emit_gtest = false;
  cli.add_flag("--emit-gtest", emit_gtest,
               "Write a GoogleTest file instead: a test per line that expects its current answer (exit 2 if a line "
               "cannot be answered)");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "collision-lab: %s (see --help)\n", e.what());
    return 2;
  }
  return emit_gtest ? query::run_emit_gtest_command(input) : query::run_query_command(input);
}
