#pragma once
// The operations of the query language: each reads its fields from a request, runs the
// geometry query at scalar T and answers through answers.h.
#include "collision_lab/query/flat_json.h"

#include <nlohmann/json.hpp>

#include <string>

namespace query {

// The ops, in the order the app's pickers list them.
inline constexpr const char* kOperationNames[] = {"closest_point", "closest_points", "signed_distance", "contains",
                                                  "overlap"};

// closest_point, closest_points, signed_distance, contains or overlap; throws JsonInputError
// naming the field on bad input.
template <typename T>
nlohmann::ordered_json run_operation(const std::string& op, const nlohmann::json& request);

// The same operation on a line read by FlatJson, its fields appended to `line` (scaled as
// run_operation scales them). Throws on anything run_operation would answer with an error
// (and NeedsJsonPath for an overlap): the nlohmann path then answers the line.
template <typename T> void answer_into_line(const std::string& op, FlatValue& request, std::string& line);

}  // namespace query
