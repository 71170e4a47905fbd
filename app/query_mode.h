#pragma once
// `collision-lab query`: JSON Lines in, one JSON line out per line in, same order.
#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>

// Answers one input line (without its newline). Never throws: problems become
// {"id": ..., "error": "..."}; `failed` is set when they do.
nlohmann::ordered_json answer_query_line(const std::string& line, int line_number, bool& failed);

// Reads every line of `in`, writes one answer line each to `out`. Returns the exit
// status: 1 if any line failed, else 0.
int run_query_mode(std::istream& in, std::ostream& out);

// The operations, computed at scalar T; throw JsonInputError on bad input (query_ops.cpp).
template <typename T>
nlohmann::ordered_json run_operation(const std::string& op, const nlohmann::json& request);
