#pragma once
#include "app/shell/command_line.h"

// Opens the window and runs the app: until the window is closed, or the screenshot or the
// benchmark is done (the desktop), or for the page's life (the web). The exit code.
// Implemented by the platform layer: desktop.cpp or web.cpp.
int run_app(const CommandLine& options);
