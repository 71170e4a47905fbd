#include "app/app.h"
#include "app/command_line.h"
#include "app/sample.h"
#include "app/document.h"
#include "query/gtest_emitter.h"
#include "query/runner.h"

#include <cstdio>

int main(int argc, char** argv) {
  ParseOutcome parsed = parse_command_line(argc, argv);
  if (!parsed.options) return parsed.exit_code;
  const CommandLine& options = *parsed.options;
  if (options.query_mode) {
    const query::QueryOptions query{"collision-lab", options.query_input, options.query_max_line_bytes};
    return options.query_emit_gtest ? query::run_emit_gtest_command(query) : query::run_query_command(query);
  }
  if (options.list_samples) {
    for (const auto& info : sample_registry()) std::printf("%s\n", info.id);
    return 0;
  }
  LoadedFile loaded;  // checked before any window opens: one message, exit 2
  const SceneFile& scene = loaded.scene;
  if (!options.scene_path.empty()) {
    std::string error;
    if (!load_file(options.scene_path, options.case_number - 1, loaded, error)) {
      std::fprintf(stderr, "collision-lab: %s: %s\n", options.scene_path.c_str(), error.c_str());
      return 2;
    }
  }
  if (!options.sample_id.empty() && !find_sample(options.sample_id)) {
    std::fprintf(stderr, "collision-lab: --sample: unknown sample '%s' (see --list-samples)\n", options.sample_id.c_str());
    return 2;
  }
  if (!options.parameters.empty()) {
    // Checked before any window opens, on a throwaway instance of the sample.
    const SampleInfo* info = scene.sample ? scene.sample
                                          : find_sample(options.sample_id.empty() ? sample_registry().front().id
                                                                                  : options.sample_id);
    auto probe = info->make();
    for (const auto& [name, value] : options.parameters) {
      if (!probe->set_parameter(name, value)) {
        std::fprintf(stderr, "collision-lab: --param %s: sample '%s' has no such setting, or %g is out of its range\n",
                     name.c_str(), info->id, value);
        return 2;
      }
    }
  }
  return run_app(options);
}
