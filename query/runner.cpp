#include "query/runner.h"

#include "query/operations.h"
#include "query/shape_json.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

namespace query {

using nlohmann::json;
using nlohmann::ordered_json;

ordered_json answer_from(const json& request, int line_number, const std::function<ordered_json()>& compute,
                         bool& failed) {
  const std::string where = "line " + std::to_string(line_number);
  ordered_json answer;
  answer["id"] = nullptr;
  failed = true;
  if (request.is_object() && request.contains("id")) answer["id"] = request["id"];
  try {
    const ordered_json fields = compute();
    for (const auto& [key, value] : fields.items()) answer[key] = value;
    failed = false;
  } catch (const JsonInputError& e) {
    const std::string message = e.what();
    // Field paths are relative to the request; prefix the line for the reader.
    answer["error"] = message.rfind(where, 0) == 0 ? message : where + ": " + message;
  } catch (const std::exception& e) {
    answer["error"] = where + ": internal error: " + e.what();
  }
  return answer;
}

ordered_json answer_request(const json& request, int line_number, bool& failed) {
  const std::string where = "line " + std::to_string(line_number);
  return answer_from(request, line_number, [&] {
    const json& op = read_field(request, "op", where);
    if (!op.is_string()) throw JsonInputError(where + ".op: expected a string");
    std::string precision = "double";
    if (request.contains("precision")) {
      if (!request["precision"].is_string()) throw JsonInputError(where + ".precision: expected \"float\" or \"double\"");
      precision = request["precision"].get<std::string>();
    }
    if (precision == "double") return run_operation<double>(op.get<std::string>(), request);
    if (precision == "float") return run_operation<float>(op.get<std::string>(), request);
    throw JsonInputError(where + ".precision: expected \"float\" or \"double\", got \"" + precision + "\"");
  }, failed);
}

ordered_json answer_query_line(const std::string& line, int line_number, bool& failed) {
  json request;
  std::string problem;
  try {
    request = parse_json(line);
  } catch (const JsonInputError& e) {  // nested too deep
    problem = e.what();
  } catch (const json::exception& e) {
    // nlohmann's message starts with "[json.exception.parse_error.101] parse error at ..."
    // (or out_of_range.406 for a number like 1e999 that overflows a double)
    std::string detail = e.what();
    const auto start = detail.find("] ");
    if (start != std::string::npos) detail = detail.substr(start + 2);
    problem = line.empty() ? std::string("empty line") : detail;
  }
  if (!problem.empty()) {
    failed = true;
    ordered_json answer;
    answer["id"] = nullptr;
    answer["error"] = "line " + std::to_string(line_number) + ": not JSON: " + problem;
    return answer;
  }
  return answer_request(request, line_number, failed);
}

bool read_query_line(std::istream& in, std::string& line) {
  if (!std::getline(in, line)) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

int run_query_lines(std::istream& in, std::ostream& out) {
  int exit_code = 0;
  std::string line;
  for (int line_number = 1; read_query_line(in, line); ++line_number) {
    bool failed = false;
    out << to_json_line(answer_query_line(line, line_number, failed)) << '\n';
    if (failed) exit_code = 1;
  }
  out.flush();
  return exit_code;
}

int run_on_query_input(const std::string& input_path, const std::function<int(std::istream&)>& command) {
  std::ios::sync_with_stdio(false);
  if (input_path.empty()) return command(std::cin);
  std::ifstream input(input_path);
  if (!input) {
    std::fprintf(stderr, "collision-lab: cannot read '%s': %s\n", input_path.c_str(), std::strerror(errno));
    return 2;
  }
  return command(input);
}

int run_query_command(const std::string& input_path) {
  return run_on_query_input(input_path, [](std::istream& in) { return run_query_lines(in, std::cout); });
}

}  // namespace query
