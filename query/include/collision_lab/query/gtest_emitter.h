#pragma once
// Query lines as GoogleTest tests: `--emit-gtest` and the app's Copy as GoogleTest. Each
// line becomes a TEST that builds its shapes with the geometry API, calls the geometry
// function the query tool answers that line with, and expects the tool's answer: every
// number exactly, written so that it reads back as the same value, and every feature,
// side and verdict.
#include "collision_lab/query/runner.h"

#include <string>
#include <vector>

namespace query {

// One self-contained test file (GoogleTest and the geometry headers) for `lines`, a test
// per line. A line the query tool cannot answer leaves the file empty and sets `error`
// to the tool's message, "line N: <field>: <what is wrong>".
std::string emit_gtest(const std::vector<std::string>& lines, std::string& error);

// `--emit-gtest`: the file for the lines of the input on stdout. Exit status 2, with one
// message on stderr, when a line or the input cannot be used; 3 when stdout fails.
int run_emit_gtest_command(const QueryOptions& options);

}  // namespace query
