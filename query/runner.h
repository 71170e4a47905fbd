#pragma once
// The query runner: JSON Lines in, one JSON line out per line in, in the same order.
// `collision-lab query` and `collision-lab-query` both run it.
#include <nlohmann/json.hpp>

#include <functional>
#include <iosfwd>
#include <string>

namespace query {

// Answers one input line (without its newline). Never throws: problems become
// {"id": ..., "error": "line N: ..."}; `failed` is set when they do.
nlohmann::ordered_json answer_query_line(const std::string& line, int line_number, bool& failed);

// Answers a request already parsed, as answer_query_line does.
nlohmann::ordered_json answer_request(const nlohmann::json& request, int line_number, bool& failed);

// The runner's answer around fields `compute` makes: {"id": the request's id, fields...},
// or {"id": ..., "error": "line N: ..."} when it throws. answer_request is this around the
// operation; the samples use it around the answers they computed themselves.
nlohmann::ordered_json answer_from(const nlohmann::json& request, int line_number,
                                   const std::function<nlohmann::ordered_json()>& compute, bool& failed);

// The next line of `in` without its newline (nor a Windows \r); false at the end.
bool read_query_line(std::istream& in, std::string& line);

// Reads every line of `in`, writes one answer line each to `out`. Returns the exit
// status: 1 if any line failed, else 0.
int run_query_lines(std::istream& in, std::ostream& out);

// Runs `command` on the lines of `input_path` (stdin when empty) and returns its exit
// status; a file that cannot be read is reported on stderr with exit status 2.
int run_on_query_input(const std::string& input_path, const std::function<int(std::istream&)>& command);

// The whole command: the answers of `input_path`'s lines on stdout.
int run_query_command(const std::string& input_path);

}  // namespace query
