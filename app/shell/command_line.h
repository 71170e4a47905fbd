#pragma once
// The command line: what the user asked for, or why we must stop.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

struct WindowSize {
  int width = 1280;
  int height = 800;
};
// A window is never smaller (screenshots may be: they are rendered offscreen).
inline constexpr WindowSize kMinimumWindow{640, 400};

struct CommandLine {
  WindowSize size;
  bool size_given = false;      // --size on the command line (else the last window size is reused)
  std::string screenshot_path;  // empty: run interactively
  int screenshot_scale = 1;     // the screenshot is 1, 2 or 4 times --size
  bool screenshot_ui = true;    // --no-ui: the scene alone fills the screenshot
  bool transparent = false;     // --transparent: the screenshot's background has alpha 0
  int frames = 3;               // frames rendered before the screenshot
  std::string sample_id;        // empty: the last sample used (settings), else the first
  std::string scene_path;       // `collision-lab FILE` or --scene FILE: a scene, a lecture, or a case file (.jsonl)
  int case_number = 1;          // --case N: the case file's row shown at start, from 1
  int lecture_scene = 0;        // --lecture-scene N: the lecture's scene shown at start, from 1 (0: not given)
  bool watch = false;           // --watch: reload the file whenever it changes on disk
  bool list_samples = false;
  std::string dump_state_path;  // on exit, write the sample's state and results here
  bool bench = false;
  bool bench_window = false;     // --bench-window: the benchmark draws into a shown window and swaps
  std::string multisampling = "auto";  // --multisampling auto|on|off: 4x MSAA (auto: off under software GL)
  std::vector<std::pair<std::string, double>> parameters;  // --param name=value, for the sample
  int ui_scale_percent = 0;     // 0: from the settings (100 when none)
  std::string theme;            // "dark", "light" or empty: from the settings
  bool presenter = false;       // --presenter: start in presenter mode (F5)
  std::vector<std::string> explain;  // --explain VIEW: explain views shown from the start ("field")
  bool query_mode = false;      // `collision-lab query`: JSON Lines, no window
  std::string query_input;      // empty: read stdin
  std::size_t query_max_line_bytes = 0;  // `query --max-line-bytes` (parse_command_line sets the default)
  bool query_emit_gtest = false;  // `query --emit-gtest`: a GoogleTest file instead of the answers
  std::string query_adapter_header;  // `query --emit-gtest --adapter HEADER`: tests of the engine
  bool query_check = false;       // `query --check`: the answers checked against each line's "expect"
};

struct ParseOutcome {
  std::optional<CommandLine> options;  // set when the app should run
  int exit_code = 0;                   // used when options is empty
};

// Parses argv; prints help, version or a one-line error itself. Errors exit 2.
ParseOutcome parse_command_line(int argc, const char* const* argv);

// What the command line names but parsing cannot check, before any window opens: the file
// opens, the sample exists, the --param values fit the sample. 0 when the app may start,
// else one line on stderr and the exit code, 2.
int check_named_inputs(const CommandLine& options);

// The row of the command line's file shown at start, from 0: --case for a case file, else
// --lecture-scene (a scene file ignores it).
int starting_row(const CommandLine& options);

// Screenshots and benchmarks render offscreen, and neither read nor write the user's
// settings, so they are reproducible.
bool runs_offscreen(const CommandLine& options);

// The sample a run opens when no scene names one: --sample; else, in a window, the last
// sample used (`last_sample`, from the settings) if it still exists; else the first.
std::string starting_sample_id(const CommandLine& options, const std::string& last_sample);

// Parses "WxH" (e.g. "1280x800"); nullopt when malformed or out of range.
std::optional<WindowSize> parse_window_size(const std::string& text);
