#include "app/app.h"
#include "app/command_line.h"

int main(int argc, char** argv) {
  ParseOutcome parsed = parse_command_line(argc, argv);
  if (!parsed.options) return parsed.exit_code;
  return run_app(*parsed.options);
}
