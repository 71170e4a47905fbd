#include "app/host/figure.h"

#include "app/samples/kit/number_text.h"

namespace {

constexpr std::size_t kMostQueries = 4;  // more would not be read from the back of a room

std::string number_of(const nlohmann::ordered_json& value) {
  return value.is_number() ? fixed_text(value.get<double>(), 3) : value.dump();
}

std::string answer_of(const nlohmann::ordered_json& result) {
  if (result.contains("error")) return "refused: " + result["error"].get<std::string>();
  std::string line;
  if (result.contains("overlap")) {
    const bool overlap = result["overlap"].get<bool>();
    line = overlap ? "overlapping" : "separated";
    if (overlap && result.contains("depth")) line += ": depth " + number_of(result["depth"]);
    if (!overlap && result.contains("separation")) line += ": gap " + number_of(result["separation"]);
    if (!overlap && result.contains("distance")) line += ": distance " + number_of(result["distance"]);
    return line;
  }
  // A containment answer says in or out; a closest-point answer says only "inside".
  if (result.contains("inside") && (result["inside"].get<bool>() || !result.contains("distance"))) {
    line = result["inside"].get<bool>() ? "inside" : "outside";
  }
  if (result.contains("distance")) line += (line.empty() ? "" : ", ") + ("distance " + number_of(result["distance"]));
  if (result.contains("signed_distance")) {
    line += (line.empty() ? "" : ", ") + ("signed distance " + number_of(result["signed_distance"]));
  }
  if (result.contains("feature") && result["feature"].is_string()) line += " (" + result["feature"].get<std::string>() + ")";
  return line.empty() ? "answered" : line;
}

}  // namespace

std::vector<std::string> answer_card_lines(const nlohmann::ordered_json& results) {
  std::vector<std::string> lines;
  if (!results.is_array()) return lines;
  // Several queries are named by id, unless they share it (two questions about one pair).
  const auto id_of = [](const nlohmann::ordered_json& result) {
    return result.is_object() && result.contains("id") ? result["id"] : nlohmann::ordered_json();
  };
  bool named = false;
  for (const auto& result : results) named |= id_of(result) != id_of(results.front());
  for (std::size_t i = 0; i < results.size() && i < kMostQueries; ++i) {
    const auto& result = results[i];
    const std::string id = result.contains("id") && result["id"].is_string() ? result["id"].get<std::string>() : "";
    lines.push_back((named && !id.empty() ? id + ": " : "") + answer_of(result));
  }
  if (results.size() > kMostQueries) lines.push_back("and " + std::to_string(results.size() - kMostQueries) + " more");
  return lines;
}

std::vector<std::string> card_lines(const Figure& figure, const nlohmann::ordered_json& results) {
  return figure.card.empty() ? answer_card_lines(results) : figure.card;
}

nlohmann::ordered_json figure_table_json(const FigureTable& table) {
  return {{"id", table.id}, {"columns", table.columns}, {"rows", table.rows}, {"highlighted", table.highlighted}};
}
