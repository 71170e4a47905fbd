#pragma once
// Runs a command through the shell and captures what it printed.
#include <string>

struct ProcessResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// `arguments` is appended to the quoted binary path; `stdin_text` is fed to it.
ProcessResult run_process(const std::string& binary, const std::string& arguments,
                          const std::string& stdin_text = "");

// A fresh path in the test's temporary directory.
std::string temp_path(const std::string& name);

// Writes `text` to a fresh temp_path(name) and returns the path.
std::string write_file(const std::string& name, const std::string& text);
