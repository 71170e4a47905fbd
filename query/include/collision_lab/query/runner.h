#pragma once
// The query runner: JSON Lines in, one JSON line out per line in, in the same order.
// `collision-lab query` and `collision-lab-query` both run it.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

namespace query {

// Exit statuses: a line was answered with an error; the input could not be used (or,
// with --emit-gtest, a line could not be answered); an answer could not be written.
inline constexpr int kExitLineFailed = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitWriteFailed = 3;

// A longer line is answered with an error, unread: memory stays bounded on any input.
inline constexpr std::size_t kDefaultMaxLineBytes = std::size_t{16} << 20;
inline constexpr std::size_t kLargestMaxLineBytes = std::size_t{1} << 30;  // what --max-line-bytes may ask

struct QueryOptions {
  std::string program = "collision-lab";  // names the command in its messages on stderr
  std::string input_path;                 // empty: stdin
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
  std::string adapter_header;             // --emit-gtest --adapter: the engine's adapter header
};

// Answers one input line (without its newline). Never throws: problems become
// {"id": ..., "error": "line N: ..."}; `failed` is set when they do.
nlohmann::ordered_json answer_query_line(const std::string& line, std::int64_t line_number, bool& failed);

// Answers a request already parsed, as answer_query_line does.
nlohmann::ordered_json answer_request(const nlohmann::json& request, std::int64_t line_number, bool& failed);

// The runner's answer around fields `compute` makes: {"id": the request's id, fields...},
// or {"id": ..., "error": "line N: ..."} when it throws. answer_request is this around the
// operation; the samples use it around the answers they computed themselves.
nlohmann::ordered_json answer_from(const nlohmann::json& request, std::int64_t line_number,
                                   const std::function<nlohmann::ordered_json()>& compute, bool& failed);

// The answer to a line longer than `max_bytes`.
nlohmann::ordered_json too_long_answer(std::int64_t line_number, std::size_t max_bytes);

enum class LineRead { line, too_long, end };
// The next line of `in` without its newline (nor a Windows \r). A line of more than
// `max_bytes` bytes is skipped up to its newline without being stored: too_long.
LineRead read_query_line(std::istream& in, std::string& line, std::size_t max_bytes);

// The input as messages name it: "stdin", or the file's name cut for a message.
std::string input_name(const QueryOptions& options);
// Writes "<program>: <what>: <why>" on stderr.
void report_error(const QueryOptions& options, const std::string& what, const std::string& why);
// False, once "<program>: stdout: <why>" is reported, when writing to `out` failed.
bool written(std::ostream& out, const QueryOptions& options);
// False, once "<program>: <input>: <why>" is reported, when reading `in` failed.
bool read_to_end(std::istream& in, const QueryOptions& options);

// Reads every line of `in`, writes one answer line each to `out`, flushed every
// kLinesPerFlush lines and at the end. Returns the exit status: kExitWriteFailed when `out`
// fails (it stops there), kExitBadInput when `in` does, kExitLineFailed if a line failed, else 0.
inline constexpr std::int64_t kLinesPerFlush = 4096;
int run_query_lines(std::istream& in, std::ostream& out, const QueryOptions& options = {});

// Runs `command` on the lines of options.input_path (stdin when empty) and returns its
// exit status; a file that cannot be opened is reported on stderr with kExitBadInput.
int run_on_query_input(const QueryOptions& options, const std::function<int(std::istream&)>& command);

// The whole command: the answers of the input's lines on stdout.
int run_query_command(const QueryOptions& options);

}  // namespace query
