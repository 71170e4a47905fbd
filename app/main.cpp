#include "app/platform/run_app.h"
#include "app/shell/command_line.h"
#include "app/host/sample.h"
#include "collision_lab/query/expect.h"
#include "collision_lab/query/gtest_emitter.h"
#include "collision_lab/query/runner.h"

#include <cstdio>

int main(int argc, char** argv) {
  ParseOutcome parsed = parse_command_line(argc, argv);
  if (!parsed.options) return parsed.exit_code;
  const CommandLine& options = *parsed.options;
  if (options.query_mode) {
    const query::QueryOptions query{"collision-lab", options.query_input, options.query_max_line_bytes,
                                    options.query_adapter_header};
    if (options.query_emit_gtest) return query::run_emit_gtest_command(query);
    return options.query_check ? query::run_check_command(query) : query::run_query_command(query);
  }
  if (options.list_samples) {
    for (const auto& info : sample_registry()) std::printf("%s\n", info.id);
    return 0;
  }
  if (const int refused = check_named_inputs(options)) return refused;
  return run_app(options);
}
