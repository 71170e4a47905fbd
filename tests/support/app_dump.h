#pragma once
// The state the app dumps after one headless frame, for tests that run the binary.
#include "tests/support/run_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream file(path);
  return nlohmann::json::parse(file);
}

// The --dump-state of one --screenshot frame of `binary` with `arguments` (a file and its
// options); null, with a test failure, when the run fails.
inline nlohmann::json dump_of(const std::string& binary, const std::string& arguments, const std::string& name) {
  const std::string png = temp_path(name + ".png"), dump = temp_path(name + ".dump.json");
  const auto result = run_process(binary, arguments + " --screenshot '" + png + "' --dump-state '" + dump + "'");
  EXPECT_EQ(result.exit_code, 0) << arguments << "\n" << result.err;
  return result.exit_code == 0 ? read_json(dump) : nlohmann::json();
}
