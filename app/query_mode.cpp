#include "app/query_mode.h"

#include "app/shape_json.h"

#include <istream>
#include <ostream>

using nlohmann::json;
using nlohmann::ordered_json;

ordered_json answer_query_line(const std::string& line, int line_number, bool& failed) {
  const std::string where = "line " + std::to_string(line_number);
  ordered_json answer;
  answer["id"] = nullptr;
  failed = true;
  json request;
  try {
    request = json::parse(line);
  } catch (const json::exception& e) {
    // nlohmann's message starts with "[json.exception.parse_error.101] parse error at ..."
    // (or out_of_range.406 for a number like 1e999 that overflows a double)
    std::string detail = e.what();
    const auto start = detail.find("] ");
    if (start != std::string::npos) detail = detail.substr(start + 2);
    answer["error"] = where + ": not JSON: " + (line.empty() ? std::string("empty line") : detail);
    return answer;
  }
  if (request.is_object() && request.contains("id")) answer["id"] = request["id"];
  try {
    const std::string op = [&] {
      const json& field = read_field(request, "op", where);
      if (!field.is_string()) throw JsonInputError(where + ".op: expected a string");
      return field.get<std::string>();
    }();
    std::string precision = "double";
    if (request.contains("precision")) {
      if (!request["precision"].is_string()) throw JsonInputError(where + ".precision: expected \"float\" or \"double\"");
      precision = request["precision"].get<std::string>();
    }
    ordered_json result;
    if (precision == "double") {
      result = run_operation<double>(op, request);
    } else if (precision == "float") {
      result = run_operation<float>(op, request);
    } else {
      throw JsonInputError(where + ".precision: expected \"float\" or \"double\", got \"" + precision + "\"");
    }
    for (auto& [key, value] : result.items()) answer[key] = value;
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

int run_query_mode(std::istream& in, std::ostream& out) {
  int exit_code = 0;
  std::string line;
  for (int line_number = 1; std::getline(in, line); ++line_number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    bool failed = false;
    out << to_json_line(answer_query_line(line, line_number, failed)) << '\n';
    if (failed) exit_code = 1;
  }
  out.flush();
  return exit_code;
}
