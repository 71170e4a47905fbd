#include "collision_lab/query/runner.h"

#include "collision_lab/query/message_text.h"
#include "collision_lab/query/operations.h"
#include "collision_lab/query/plain_lines.h"
#include "collision_lab/query/shape_json.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <string_view>
#include <vector>

namespace query {

using nlohmann::json;
using nlohmann::ordered_json;

ordered_json answer_from(const json& request, std::int64_t line_number, const std::function<ordered_json()>& compute,
                         bool& failed) {
  const std::string where = "line " + std::to_string(line_number);
  ordered_json answer;
  answer["id"] = nullptr;
  failed = true;
  if (request.is_object() && request.contains("id")) answer["id"] = request["id"];
  if (request.is_object() && request.contains("meta")) answer["meta"] = request["meta"];  // the engine's own, untouched
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

ordered_json answer_request(const json& request, std::int64_t line_number, bool& failed) {
  const std::string where = "line " + std::to_string(line_number);
  return answer_from(request, line_number, [&] {
    const json& op = read_field(request, "op", where);
    if (!op.is_string()) throw JsonInputError("op: expected a string, got " + describe(op));
    std::string precision = "double";
    if (request.contains("precision")) {
      if (!request["precision"].is_string()) {
        throw JsonInputError("precision: expected \"float\" or \"double\", got " + describe(request["precision"]));
      }
      precision = request["precision"].get<std::string>();
    }
    if (precision == "double") return run_operation<double>(op.get<std::string>(), request);
    if (precision == "float") return run_operation<float>(op.get<std::string>(), request);
    throw JsonInputError("precision: expected \"float\" or \"double\", got " + quoted_for_message(precision));
  }, failed);
}

ordered_json answer_query_line(const std::string& line, std::int64_t line_number, bool& failed) {
  json request;
  std::string problem;
  try {
    request = parse_json(line, kMaxQueryLineDepth, kMaxQueryLineValues);
  } catch (const JsonInputError& e) {  // nested too deep, or NaN
    problem = std::string("not JSON: ") + e.what();
  } catch (const json::exception& e) {  // a syntax error, or a number like 1e999 that overflows a double
    problem = line.empty() ? std::string("not JSON: empty line") : not_json_text(e, true);
  }
  if (!problem.empty()) {
    failed = true;
    ordered_json answer;
    answer["id"] = nullptr;
    answer["error"] = "line " + std::to_string(line_number) + ": " + problem;
    return answer;
  }
  return answer_request(request, line_number, failed);
}

namespace {
LineRead finish_line(std::string& line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return LineRead::line;
}
}  // namespace

ordered_json too_long_answer(std::int64_t line_number, std::size_t max_bytes) {
  ordered_json answer;
  answer["id"] = nullptr;
  answer["error"] = "line " + std::to_string(line_number) + ": longer than " + std::to_string(max_bytes) +
                    " bytes (see --max-line-bytes)";
  return answer;
}

LineRead read_query_line(std::istream& in, std::string& line, std::size_t max_bytes) {
  using traits = std::char_traits<char>;
  line.clear();
  const std::istream::sentry ready(in, true);
  if (!ready) return LineRead::end;
  std::streambuf& buffer = *in.rdbuf();  // set, since the stream is good
  bool read_any = false;
  try {
    for (auto c = buffer.sbumpc(); !traits::eq_int_type(c, traits::eof()); c = buffer.sbumpc()) {
      read_any = true;
      if (c == '\n') return finish_line(line);
      if (line.size() == max_bytes) {
        line.clear();
        in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
        return LineRead::too_long;
      }
      // A string's growth at least doubles it: doubled up to half of max_bytes, then max_bytes,
      // the capacity stays within max_bytes.
      const std::size_t room = line.capacity();
      if (line.size() == room) line.reserve(4 * room <= max_bytes ? 2 * room : max_bytes);
      line.push_back(traits::to_char_type(c));
    }
  } catch (const std::exception&) {  // a read error: the stream buffer throws, as for std::getline
    in.setstate(std::ios::badbit);
    return LineRead::end;
  }
  in.setstate(read_any ? std::ios::eofbit : std::ios::eofbit | std::ios::failbit);
  return read_any ? finish_line(line) : LineRead::end;
}

std::string input_name(const QueryOptions& options) {
  return options.input_path.empty() ? "stdin" : cut_for_message(options.input_path);
}

void report_error(const QueryOptions& options, const std::string& what, const std::string& why) {
  std::fprintf(stderr, "%s: %s: %s\n", options.program.c_str(), what.c_str(), why.c_str());
}

bool written(std::ostream& out, const QueryOptions& options) {
  if (out) return true;
  report_error(options, "stdout", std::strerror(errno ? errno : EIO));
  return false;
}

bool read_to_end(std::istream& in, const QueryOptions& options) {
  if (!in.bad()) return true;
  report_error(options, input_name(options), std::strerror(errno ? errno : EIO));
  return false;
}

namespace {
// The lines read_query_line gives, read from `in` a block at a time.
class BlockLines {
 public:
  BlockLines(std::istream& in, std::size_t max_bytes) : in_(in), max_bytes_(max_bytes), block_(kBlockBytes) {}

  // The next line, which stays valid until the next call.
  LineRead next(std::string_view& line) {
    if (gave_carried_) carried_.clear();
    gave_carried_ = false;
    for (;;) {
      const char* start = block_.data() + begin_;
      const auto* newline = static_cast<const char*>(std::memchr(start, '\n', end_ - begin_));
      const std::size_t length = newline ? std::size_t(newline - start) : end_ - begin_;
      begin_ += length + (newline ? 1 : 0);
      if (skipping_) {  // the rest of a line already answered as too long
        skipping_ = !newline;
      } else if (newline && carried_.empty()) {
        return finish({start, length}, line);
      } else if (carried_.size() + length > max_bytes_) {
        carried_.clear();
        skipping_ = !newline;
        return LineRead::too_long;
      } else {
        // Grown by doubling, but never past the limit: memory stays within the line read.
        const std::size_t needed = carried_.size() + length;
        if (needed > carried_.capacity()) carried_.reserve(std::min(std::max(needed, 2 * carried_.capacity()), max_bytes_));
        carried_.append(start, length);
        if (newline) return finish(carried_, line);
      }
      if (!newline && !refill()) {
        if (carried_.empty()) return LineRead::end;
        return finish(carried_, line);
      }
    }
  }

 private:
  static constexpr std::size_t kBlockBytes = std::size_t{1} << 20;

  LineRead finish(std::string_view text, std::string_view& line) {
    if (text.size() > max_bytes_) return LineRead::too_long;
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    line = text;
    gave_carried_ = text.data() == carried_.data();
    return LineRead::line;
  }

  bool refill() {
    begin_ = end_ = 0;
    try {
      end_ = static_cast<std::size_t>(in_.rdbuf()->sgetn(block_.data(), std::streamsize(block_.size())));
    } catch (const std::exception&) {  // a read error: the stream buffer throws, as for std::getline
      in_.setstate(std::ios::badbit);
      return false;
    }
    if (end_ == 0) in_.setstate(std::ios::eofbit);
    return end_ > 0;
  }

  std::istream& in_;
  std::size_t max_bytes_;
  std::vector<char> block_;
  std::size_t begin_ = 0, end_ = 0;
  std::string carried_;  // a line that spans blocks
  bool skipping_ = false;
  bool gave_carried_ = false;  // cleared on the next call
};
}  // namespace

// Answers are written in blocks of about this many bytes, and flushed every kLinesPerFlush lines.
constexpr std::size_t kPendingBytes = std::size_t{1} << 20;

int run_query_lines(std::istream& in, std::ostream& out, const QueryOptions& options) {
  int exit_code = 0;
  BlockLines lines(in, options.max_line_bytes);
  FlatJson reader(kMaxQueryLineDepth, kMaxQueryLineValues);
  std::string pending;  // answers not yet written
  std::int64_t line_number = 0;
  std::string_view line;
  for (LineRead read; (read = lines.next(line)) != LineRead::end;) {
    ++line_number;
    bool failed = false;
    if (read == LineRead::too_long) {
      failed = true;
      pending += to_json_line(too_long_answer(line_number, options.max_line_bytes));
    } else if (!answer_plain_line(line, reader, pending)) {
      pending += to_json_line(answer_query_line(std::string(line), line_number, failed));
    }
    pending += '\n';
    if (failed) exit_code = kExitLineFailed;
    if (line_number % kLinesPerFlush != 0 && pending.size() < kPendingBytes) continue;
    errno = 0;  // a failed write leaves its reason
    out.write(pending.data(), std::streamsize(pending.size()));
    pending.clear();
    if (line_number % kLinesPerFlush == 0) out.flush();
    if (!written(out, options)) return kExitWriteFailed;
  }
  errno = 0;
  out.write(pending.data(), std::streamsize(pending.size()));
  out.flush();
  if (!written(out, options)) return kExitWriteFailed;
  return read_to_end(in, options) ? exit_code : kExitBadInput;
}

int run_on_query_input(const QueryOptions& options, const std::function<int(std::istream&)>& command) {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);  // stdout is written only where its errors are checked
  if (options.input_path.empty()) {
    struct stat input {};
    if (::fstat(STDIN_FILENO, &input) == 0 && S_ISDIR(input.st_mode)) {  // `< DIR` reads fail with EISDIR late
      report_error(options, "stdin", std::strerror(EISDIR));
      return 2;
    }
    return command(std::cin);
  }
  std::error_code ignored;
  if (std::filesystem::is_directory(options.input_path, ignored)) {  // it opens, then fails to read
    report_error(options, input_name(options), std::strerror(EISDIR));
    return kExitBadInput;
  }
  std::ifstream input(options.input_path, std::ios::binary);
  if (!input) {
    report_error(options, input_name(options), std::strerror(errno ? errno : ENOENT));
    return kExitBadInput;
  }
  return command(input);
}

int run_query_command(const QueryOptions& options) {
  return run_on_query_input(options, [&](std::istream& in) { return run_query_lines(in, std::cout, options); });
}

}  // namespace query
