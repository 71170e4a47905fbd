#include "app/document/case_file.h"

#include "collision_lab/query/message_text.h"
#include "collision_lab/query/operations.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"

#include <algorithm>
#include <chrono>
#include <iterator>

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

// The request's two operands: two shapes ("a", "b") or a shape and a point.
struct Roles {
  const char* first;
  const char* second;
  bool pair;
};
Roles roles_of(const std::string& op) {
  if (op == "closest_points" || op == "overlap") return {"a", "b", true};
  if (op == "signed_distance") return {"plane", "point", false};
  return {"shape", "point", false};
}

std::string method_of(const json& line) { return line.value("method", std::string("sat")); }
std::string precision_of(const json& line) { return line.value("precision", std::string("double")); }

// A sample's own query, and where in its state each operand of that query lives.
struct Candidate {
  const SampleInfo* info = nullptr;
  std::size_t query_count = 0;  // fewer: a sample about this one query
  json line, state;
  std::vector<std::pair<std::string, double>> settings;
  std::string first_path[2], second_path[2];  // {"shapes" or "points", name}
  bool first_any = false, second_any = false;  // held as any shape: another kind fits too
};

bool held_as_any_shape(const SampleState& state, const std::string path[2]) {
  for (const auto& named : state.shapes) {
    if (path[0] == "shapes" && named.name == path[1]) return named.any_type;
  }
  return false;
}

bool find_entry(const json& state, const json& value, std::string path[2]) {
  for (const char* group : {"shapes", "points"}) {
    if (!state.contains(group)) continue;
    for (const auto& [name, entry] : state[group].items()) {
      if (entry == value) {
        path[0] = group;
        path[1] = name;
        return true;
      }
    }
  }
  return false;
}

// Every teaching sample's opening queries whose operands are entries of its state: built
// once, since making all the samples is the slow part.
const std::vector<Candidate>& candidates() {
  static const std::vector<Candidate> all = [] {
    std::vector<Candidate> out;
    for (const auto& info : sample_registry()) {
      if (std::string(info.id) == "any-query") continue;
      const auto sample = info.make();
      sample->update(0);
      const auto queries = sample->queries();
      const json state = state_json(sample->state);
      for (const auto& query : queries) {
        Candidate c{&info, queries.size(), query.line, state, sample->parameters(), {}, {}};
        const Roles roles = roles_of(query.line.value("op", ""));
        if (!query.line.contains(roles.first) || !query.line.contains(roles.second)) continue;
        if (!find_entry(state, query.line[roles.first], c.first_path)) continue;
        if (!find_entry(state, query.line[roles.second], c.second_path)) continue;
        c.first_any = held_as_any_shape(sample->state, c.first_path);
        c.second_any = held_as_any_shape(sample->state, c.second_path);
        out.push_back(std::move(c));
      }
    }
    std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) { return a.query_count < b.query_count; });
    return out;
  }();
  return all;
}

// The answer without what it echoes of the request: its id and meta.
ordered_json without_echoes(ordered_json answer) {
  answer.erase("id");
  answer.erase("meta");
  return answer;
}

bool same_type(const json& a, const json& b) {
  return a.is_object() ? b.is_object() && a.value("type", "") == b.value("type", "") : a.is_array() && b.is_array();
}

// The candidate's sample with the request's operands in place of its own, when it then
// answers the request as the tool does.
std::optional<SceneFile> try_candidate(const Candidate& c, const json& request, const ordered_json& answer) {
  const Roles roles = roles_of(c.line["op"]);
  if (c.line["op"] != request["op"] || method_of(c.line) != method_of(request) ||
      precision_of(c.line) != precision_of(request) ||
      !(c.first_any || same_type(c.line[roles.first], request[roles.first])) ||
      !(c.second_any || same_type(c.line[roles.second], request[roles.second]))) {
    return std::nullopt;
  }
  SceneFile scene;
  scene.sample = c.info;
  scene.settings = c.settings;
  scene.state = c.state;
  scene.state[c.first_path[0]][c.first_path[1]] = request[roles.first];
  scene.state[c.second_path[0]][c.second_path[1]] = request[roles.second];
  try {
    const auto sample = make_scene_sample(scene);
    for (const auto& query : sample->queries()) {
      // As one JSON type: clang 14 (the fuzz build) finds comparing the two kinds ambiguous.
      if (nlohmann::json(query.line["op"]) == request["op"] && method_of(query.line) == method_of(request) && query.answer() == answer) {
        return scene;
      }
    }
  } catch (const query::JsonInputError&) {
  }
  return std::nullopt;
}

std::string operand_text(const json& value) {
  return value.is_object() ? value.value("type", "?") : value.is_array() ? "P" : "?";
}

}  // namespace

void answer_row(CaseRow& row, query::CheckedLine checked) {
  row.answering = false;
  row.request = std::move(checked.request);
  row.answer = std::move(checked.answer);
  row.id = row.answer.contains("id") ? json(row.answer["id"]) : json();
  row.error = checked.failed ? row.answer.value("error", std::string("cannot be answered")) : std::string();
  if (row.request.is_object()) {
    if (row.request.contains("op") && row.request["op"].is_string()) row.op = row.request["op"].get<std::string>();
    const Roles roles = roles_of(row.op);
    if (!checked.failed) row.shapes = operand_text(row.request[roles.first]) + ", " + operand_text(row.request[roles.second]);
  }
  row.expectation = std::move(checked.expectation);
  if (row.expectation) {
    row.mismatches = std::move(checked.mismatches);
    row.ok = row.mismatches.empty();
  }
}

bool read_cases(const std::string& text, std::vector<CaseRow>& rows, std::string& error, std::vector<UnansweredLine>* later) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point began = Clock::now();
  std::vector<CaseRow> read;
  std::vector<UnansweredLine> left;
  std::size_t start = 0;
  for (int number = 1; start < text.size(); ++number) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    CaseRow row;
    row.line = number;
    if (later && (line.size() > kAnswerLaterBytes ||
                  std::chrono::duration<double>(Clock::now() - began).count() > kAnswerNowSeconds)) {
      row.answering = true;
      left.push_back({read.size(), number, std::move(line)});
    } else {
      answer_row(row, query::check_line(line, number));
    }
    read.push_back(std::move(row));
  }
  if (read.empty()) {
    error = "no query lines (a case file has one JSON query per line)";
    return false;
  }
  rows = std::move(read);
  if (later) *later = std::move(left);
  return true;
}

std::string id_text(const json& id) {
  if (id.is_null()) return "";
  return id.is_string() ? id.get<std::string>() : id.dump();
}

void check_case_vertices(const json& request) {
  if (!request.is_object() || !request.contains("op") || !request["op"].is_string()) return;
  const Roles roles = roles_of(request["op"].get<std::string>());
  for (const char* role : {roles.first, roles.second}) {
    if (request.contains(role)) check_vertex_count(request[role], role);
  }
}

SceneFile case_scene(const json& request, const ordered_json* known) {
  check_case_vertices(request);  // before any answer: no sample can hold the shape
  // A long line (a large hull) opens in Any query, which answers it off the main thread: a
  // teaching sample would answer it on every frame, and trace every axis.
  if (request.dump().size() <= kAnswerLaterBytes) {
    bool failed = false;
    const ordered_json answer = without_echoes(known ? *known : query::answer_request(request, 1, failed));
    if (known) failed = known->contains("error");
    for (const auto& candidate : candidates()) {
      if (failed) break;
      if (auto scene = try_candidate(candidate, request, answer)) return *scene;
    }
  }
  // Any query, with the op and the operands as given.
  const std::string op = request.value("op", "");
  const Roles roles = roles_of(op);
  SceneFile scene;
  scene.sample = find_sample("any-query");
  const auto* names = std::begin(query::kOperationNames);
  const auto op_index = std::find_if(names, std::end(query::kOperationNames), [&](const char* n) { return op == n; }) - names;
  scene.settings = {{"op", double(op_index)}, {"gjk", method_of(request) == "gjk" ? 1.0 : 0.0},
                    {"float", precision_of(request) == "float" ? 1.0 : 0.0}};
  scene.state["shapes"]["A"] = request.value(roles.first, json());
  if (roles.pair) {
    scene.state["shapes"]["B"] = request.value(roles.second, json());
  } else {
    scene.state["points"]["P"] = request.value(roles.second, json());
  }
  make_scene_sample(scene);  // throws, naming the field, when the sample cannot take it
  return scene;
}

int case_query_index(const std::vector<AnsweredQuery>& queries, const CaseRow& row) {
  if (!row.request.is_object()) return -1;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const auto& line = queries[i].line;
    if (line.value("op", "") == row.op && method_of(line) == method_of(row.request) &&
        precision_of(line) == precision_of(row.request)) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

std::optional<std::vector<query::ExpectMismatch>> case_mismatches_now(const CaseRow& row, const Sample& sample) {
  if (!row.expectation || !row.error.empty()) return std::nullopt;
  const auto queries = sample.queries();
  const int index = case_query_index(queries, row);
  if (index < 0) return std::nullopt;
  ordered_json answer;
  try {
    answer = queries[static_cast<std::size_t>(index)].answer();
  } catch (const query::JsonInputError& e) {  // the shapes as edited are refused
    answer["error"] = e.what();
  }
  return query::compare_expect(*row.expectation, json(answer));
}

ordered_json mismatches_json(const std::vector<query::ExpectMismatch>& mismatches) {
  ordered_json out = ordered_json::array();
  for (const auto& m : mismatches) out.push_back({{"field", m.field}, {"expected", m.expected}, {"actual", m.actual}});
  return out;
}

void name_case_query(ordered_json& dump, const CaseRow& row) {
  if (row.id.is_null() || !dump.contains("queries") || !row.request.is_object()) return;
  for (std::size_t i = 0; i < dump["queries"].size(); ++i) {
    ordered_json& line = dump["queries"][i];
    if (line.value("op", "") != row.op || method_of(line) != method_of(row.request) ||
        precision_of(line) != precision_of(row.request)) {
      continue;
    }
    line["id"] = row.id;
    if (i < dump["results"].size()) dump["results"][i]["id"] = row.id;
    return;
  }
}

ordered_json cases_json(const std::vector<CaseRow>& rows) {
  ordered_json out = ordered_json::array();
  for (const auto& row : rows) {
    ordered_json entry = {{"line", row.line}, {"id", row.id}, {"op", row.op}, {"ok", row.ok ? json(*row.ok) : json()},
                          {"mismatches", mismatches_json(row.mismatches)}};
    if (!row.error.empty()) entry["error"] = row.error;
    if (row.answering) entry["answering"] = true;
    out.push_back(std::move(entry));
  }
  return out;
}

