#pragma once
// Query lines as GoogleTest tests: `--emit-gtest` and the app's Copy as GoogleTest. Each
// line becomes a TEST that builds its shapes with the geometry API, calls the geometry
// function the query tool answers that line with (or, with an adapter header, the
// engine's, see engine_adapter.h), and expects the tool's answer in what any correct
// answer gives, never in how ours found it: a closest point and the distance; a pair of
// closest points only for two linear shapes that are not parallel (else many pairs are
// right); the verdict; an overlap's depth and, when they overlap, its axis (from an engine,
// any unit axis along which the shapes overlap by the depth). Numbers agree within the
// line's "tolerance" times the larger of 1, the expected magnitude and the line's largest
// coordinate: by default kDefaultExpectTolerance for a double line and
// kDefaultFloatTestTolerance for a float one (an engine's float rounds differently).
#include "collision_lab/query/expect.h"
#include "collision_lab/query/runner.h"

#include <string>
#include <vector>

namespace query {

inline constexpr double kDefaultFloatTestTolerance = 1e-5;

// The options' help, for collision-lab-query and `collision-lab query` alike.
inline constexpr const char* kEmitGtestHelp =
    "Write a GoogleTest file instead: a test per line that expects its answer's closest points, distance, verdict, "
    "depth and axis within the line's \"tolerance\" (exit 2 if a line cannot be answered)";
inline constexpr const char* kAdapterHelp =
    "With --emit-gtest: the tests call the engine's functions through this header (see engine_adapter.h), "
    "and expect the correct answer";

// One self-contained test file (GoogleTest and the geometry headers) for `lines`, a test
// per line; with `adapter_header`, the tests include it and call its functions. A line the
// query tool cannot answer leaves the file empty and sets `error` to the tool's message,
// "line N: <field>: <what is wrong>".
std::string emit_gtest(const std::vector<std::string>& lines, std::string& error, const std::string& adapter_header = {});

// `--emit-gtest`: the file for the lines of the input on stdout. Exit status 2, with one
// message on stderr, when a line or the input cannot be used; 3 when stdout fails.
int run_emit_gtest_command(const QueryOptions& options);

}  // namespace query
