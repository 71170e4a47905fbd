#pragma once
// The operations of the query language: each reads its fields from a request, runs the
// geometry query at scalar T and answers through answers.h.
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

}  // namespace query
