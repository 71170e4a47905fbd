#pragma once
#include "app/command_line.h"

// Opens the window and runs until it is closed, or renders a screenshot and exits.
// Returns the process exit code.
int run_app(const CommandLine& options);
