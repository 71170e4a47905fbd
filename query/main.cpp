// collision-lab-query: the app's query mode as a tool of its own, for scripts, engines
// and build servers (no GL, X11 or UI library needed).
#include "collision_lab/query/expect.h"
#include "collision_lab/query/gtest_emitter.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/runner.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  CLI::App cli{"Answer Collision Lab geometry queries given as JSON Lines (stdin or --input), one JSON line "
               "each, in the same order; exit status 1 if any line failed, 2 if the input cannot be read, 3 if "
               "the answers cannot be written"};
  cli.set_version_flag("--version", std::string("collision-lab-query ") + COLLISION_LAB_VERSION);
  query::QueryOptions options;
  options.program = "collision-lab-query";
  const auto refuse_empty = [](const std::string& name) { return name.empty() ? "needs a name, not an empty one" : ""; };
  cli.add_option("--input", options.input_path, "Read the queries from this file instead of stdin")->check(refuse_empty);
  cli.add_option("--max-line-bytes", options.max_line_bytes, "Answer a longer line with an error, unread")
      ->check(CLI::Range(std::size_t{1}, query::kLargestMaxLineBytes))
      ->capture_default_str();
  bool emit_gtest = false;
  CLI::Option* emit = cli.add_flag("--emit-gtest", emit_gtest, query::kEmitGtestHelp);
  cli.add_option("--adapter", options.adapter_header, query::kAdapterHelp)->needs(emit)->check(refuse_empty);
  bool check = false;
  cli.add_flag("--check", check, query::kCheckHelp)->excludes("--emit-gtest");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return cli.exit(e);
  } catch (const CLI::ExtrasError&) {
    const std::vector<std::string> extras = cli.remaining(true);
    query::report_error(options, query::cut_for_message(extras.empty() ? "" : extras.front()),
                        "unknown option or extra argument (see --help)");
    return query::kExitBadInput;
  } catch (const CLI::ParseError& e) {
    // CLI11 quotes what the user typed, which may be any length.
    std::fprintf(stderr, "%s: %s (see --help)\n", options.program.c_str(), query::cut_long_words(e.what()).c_str());
    return query::kExitBadInput;
  }
  if (emit_gtest) return query::run_emit_gtest_command(options);
  return check ? query::run_check_command(options) : query::run_query_command(options);
}
