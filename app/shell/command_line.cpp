#include "app/shell/command_line.h"

#include "app/document/document.h"
#include "app/host/sample.h"
#include "app/shell/settings.h"
#include "collision_lab/number_chars.h"
#include "collision_lab/query/expect.h"
#include "collision_lab/query/gtest_emitter.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/runner.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace {
constexpr int kMinSide = 64;
constexpr int kMaxSide = 16384;

bool parse_int(std::string_view text, int& out) {
  if (text.empty()) return false;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size();
}
bool parse_double(const std::string& text, double& out) {
  if (text.empty()) return false;
  auto [end, error] = geo::read_number(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size() && std::isfinite(out);
}

// An empty name would quietly mean "none": an interactive run that never ends instead of a
// screenshot, stdin instead of a file, the last sample instead of the one asked for.
std::string refuse_empty(const std::string& value) { return value.empty() ? "needs a name, not an empty one" : ""; }

void print_error(const std::string& what, const std::string& why) {
  std::fprintf(stderr, "collision-lab: %s: %s\n", what.c_str(), why.c_str());
}
}  // namespace

std::optional<WindowSize> parse_window_size(const std::string& text) {
  const auto x = text.find_first_of("xX");
  if (x == std::string::npos) return std::nullopt;
  WindowSize size;
  if (!parse_int(std::string_view(text).substr(0, x), size.width)) return std::nullopt;
  if (!parse_int(std::string_view(text).substr(x + 1), size.height)) return std::nullopt;
  auto in_range = [](int side) { return side >= kMinSide && side <= kMaxSide; };
  if (!in_range(size.width) || !in_range(size.height)) return std::nullopt;
  return size;
}

ParseOutcome parse_command_line(int argc, const char* const* argv) {
  CLI::App cli{"Collision Lab: interactive collision-detection geometry"};
  cli.set_version_flag("--version", std::string("collision-lab ") + COLLISION_LAB_VERSION);

  CommandLine options;
  std::string size_text = "1280x800";
  CLI::Option* size_option =
      cli.add_option("--size", size_text, "Window and framebuffer size, WIDTHxHEIGHT (a window is at least 640x400)")
      ->check([](const std::string& value) -> std::string {
        if (parse_window_size(value)) return {};
        return "expected WIDTHxHEIGHT with each side in [" + std::to_string(kMinSide) + ", " +
               std::to_string(kMaxSide) + "], got '" + query::cut_for_message(value) + "'";
      });
  CLI::Option* screenshot = cli.add_option("--screenshot", options.screenshot_path,
                                           "Render a few frames, write the window to this PNG file, and exit")
                                ->check(refuse_empty);
  cli.add_option("--screenshot-scale", options.screenshot_scale,
                 "Write the screenshot at 1, 2 or 4 times --size (lines, labels and UI keep their proportions)")
      ->check(CLI::IsMember({1, 2, 4}))
      ->needs(screenshot);
  bool no_ui = false;
  cli.add_flag("--no-ui", no_ui, "Leave the UI out of the screenshot: the scene fills it")->needs(screenshot);
  cli.add_flag("--transparent", options.transparent,
               "Give the screenshot a transparent background (drawn pixels keep their alpha)")
      ->needs(screenshot);
  cli.add_option("--frames", options.frames, "Frames to render before the screenshot")
      ->check(CLI::Range(1, 100000));

  cli.add_option("--sample", options.sample_id,
                 "Open this sample (see --list-samples). Without it a window opens the last sample used, "
                 "and --screenshot and --bench open the first, so that they are reproducible")
      ->check(refuse_empty);
  std::string scene_argument;
  CLI::Option* scene_option =
      cli.add_option("--scene", options.scene_path, "Open this scene file (as written by --dump-state)")
          ->check(refuse_empty);
  cli.add_option("scene", scene_argument, "A scene file to open, as with --scene, or a case file (.jsonl)")
      ->excludes(scene_option)
      ->check(refuse_empty);
  CLI::Option* case_option =
      cli.add_option("--case", options.case_number, "With a case file: show this row (from 1) at start")
          ->check(CLI::PositiveNumber);
  CLI::Option* lecture_option =
      cli.add_option("--lecture-scene", options.lecture_scene, "With a lecture: show this scene (from 1) at start")
          ->check(CLI::PositiveNumber);
  cli.add_flag("--watch", options.watch, "Reload the opened file whenever it changes on disk");
  cli.add_flag("--list-samples", options.list_samples, "Print the sample ids, one per line, and exit");
  cli.add_option("--dump-state", options.dump_state_path,
                 "On exit, write the sample id, its shapes (query-mode schema) and its results to this JSON file")
      ->check(refuse_empty);
  CLI::Option* bench = cli.add_flag(
      "--bench", options.bench, "Run --frames frames dragging the first handle on a circle, vsync off; print timings as JSON");
  cli.add_flag("--bench-window", options.bench_window,
               "With --bench: draw into a shown window and swap its buffers, as interactive frames do")
      ->needs(bench);
  cli.add_option("--multisampling", options.multisampling,
                 "4x multisampling of the scene and the UI: auto (off under software OpenGL, where it costs "
                 "more than half of each frame), on or off")
      ->check(CLI::IsMember({"auto", "on", "off"}));

  std::vector<std::string> parameter_texts;
  cli.add_option("--param", parameter_texts, "A sample setting NAME=VALUE, e.g. --param points=100000 (repeatable)")
      ->check([](const std::string& value) -> std::string {
        const auto equals = value.find('=');
        double number = 0;
        if (equals == std::string::npos || equals == 0 || !parse_double(value.substr(equals + 1), number)) {
          return "expected NAME=NUMBER, got '" + query::cut_for_message(value) + "'";
        }
        return {};
      });
  cli.add_option("--ui-scale", options.ui_scale_percent, "UI scale in percent, for projectors (100 to 300)")
      ->check(CLI::Range(kMinUiScalePercent, kMaxUiScalePercent));
  cli.add_flag("--presenter", options.presenter,
               "Start in presenter mode (F5): the scene alone, its lines and labels larger, with the answer");
  cli.add_option("--theme", options.theme, "Colour theme")->check(CLI::IsMember({"dark", "light"}));
  cli.add_option("--explain", options.explain,
                 "Show an explain view of a closest-point sample from the start: field (the field overlay, "
                 "each point coloured by the feature nearest it) (repeatable)")
      ->check(CLI::IsMember({"field"}));

  CLI::App* query = cli.add_subcommand(
      "query", "Answer geometry queries given as JSON Lines (stdin or --input), one JSON line each, "
               "without opening a window");
  query->add_option("--input", options.query_input, "Read the queries from this file instead of stdin")
      ->check(refuse_empty);
  options.query_max_line_bytes = query::kDefaultMaxLineBytes;
  query->add_option("--max-line-bytes", options.query_max_line_bytes, "Answer a longer line with an error, unread")
      ->check(CLI::Range(std::size_t{1}, query::kLargestMaxLineBytes))
      ->capture_default_str();
  CLI::Option* emit = query->add_flag("--emit-gtest", options.query_emit_gtest, query::kEmitGtestHelp);
  query->add_option("--adapter", options.query_adapter_header, query::kAdapterHelp)->needs(emit)->check(refuse_empty);
  query->add_flag("--check", options.query_check, query::kCheckHelp)->excludes("--emit-gtest");

  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return {std::nullopt, cli.exit(e)};
  } catch (const CLI::CallForVersion& e) {
    return {std::nullopt, cli.exit(e)};
  } catch (const CLI::ExtrasError&) {
    const std::vector<std::string> extras = cli.remaining(true);
    print_error(query::cut_for_message(extras.empty() ? "" : extras.front()), "unknown option or extra argument (see --help)");
    return {std::nullopt, 2};
  } catch (const CLI::ParseError& e) {
    // CLI11 quotes what the user typed, which may be any length.
    std::fprintf(stderr, "collision-lab: %s (see --help)\n", query::cut_long_words(e.what()).c_str());
    return {std::nullopt, 2};
  }
  options.size = *parse_window_size(size_text);
  options.size_given = size_option->count() > 0;
  options.screenshot_ui = !no_ui;
  for (const auto& text : parameter_texts) {
    const auto equals = text.find('=');
    double number = 0;
    parse_double(text.substr(equals + 1), number);
    options.parameters.emplace_back(text.substr(0, equals), number);
  }
  options.query_mode = query->parsed();
  if (!scene_argument.empty()) options.scene_path = scene_argument;
  const bool needs_file = case_option->count() > 0 || lecture_option->count() > 0 || options.watch;
  if (needs_file && options.scene_path.empty()) {
    print_error(options.watch ? "--watch" : case_option->count() > 0 ? "--case" : "--lecture-scene",
                "needs a file to open (see --help)");
    return {std::nullopt, 2};
  }
  if (!options.scene_path.empty() && !options.sample_id.empty()) {
    print_error("--sample", "a scene file names its own sample (see --help)");
    return {std::nullopt, 2};
  }
  return {options, 0};
}

bool runs_offscreen(const CommandLine& options) { return !options.screenshot_path.empty() || options.bench; }

std::string starting_sample_id(const CommandLine& options, const std::string& last_sample) {
  if (!options.sample_id.empty()) return options.sample_id;
  if (!runs_offscreen(options) && find_sample(last_sample)) return last_sample;
  return sample_registry().empty() ? "" : sample_registry().front().id;
}

int starting_row(const CommandLine& options) {
  return std::filesystem::path(options.scene_path).extension() == ".jsonl" ? options.case_number - 1
                                                                          : std::max(options.lecture_scene, 1) - 1;
}

int check_named_inputs(const CommandLine& options) {
  LoadedFile loaded;
  if (!options.scene_path.empty()) {
    std::string error;
    // --param and --explain are tried on the row's own sample: it is answered now.
    const bool row_now = !options.parameters.empty() || !options.explain.empty();
    if (!load_file(options.scene_path, starting_row(options), loaded, error, false, row_now)) {
      print_error(query::cut_for_message(options.scene_path), error);
      return 2;
    }
    if (options.lecture_scene > 0 && loaded.lecture.scenes.empty()) {
      print_error("--lecture-scene", query::cut_for_message(options.scene_path) + " is not a lecture");
      return 2;
    }
  }
  if (!options.sample_id.empty() && !find_sample(options.sample_id)) {
    print_error("--sample", "unknown sample " + query::quoted_for_message(options.sample_id) + " (see --list-samples)");
    return 2;
  }
  if (options.parameters.empty() && options.explain.empty()) return 0;
  // Tried on a throwaway instance of the sample the run will open.
  const std::string last_sample =
      runs_offscreen(options) ? "" : load_settings(settings_directory(), SettingsWarnings::Quiet).last_sample;
  const SampleInfo* info = loaded.scene.sample ? loaded.scene.sample : find_sample(starting_sample_id(options, last_sample));
  if (!info) return 0;  // no sample at all: the app says so
  auto probe = info->make();
  for (const auto& [name, value] : options.parameters) {
    if (!probe->set_parameter(name, value)) {
      char number[32];
      std::snprintf(number, sizeof number, "%g", value);
      print_error("--param " + query::cut_for_message(name),
                  "sample '" + std::string(info->id) + "' has no such setting, or " + number + " is out of its range");
      return 2;
    }
  }
  if (!options.explain.empty() && !probe->explained()) {
    print_error("--explain " + options.explain.front(),
                "sample '" + std::string(info->id) + "' has no explain views (the closest-point samples have them)");
    return 2;
  }
  return 0;
}
