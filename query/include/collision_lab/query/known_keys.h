#pragma once
// No silent mistakes: a key the schema does not know, a misspelt "precison", is an error
// naming it (and the known key it is likely meant to be), never ignored.
#include "collision_lab/query/flat_json.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <string>
#include <string_view>

namespace query {

// Throws JsonInputError `<where>.<key>: unknown key in <whose> (did you mean "<known>"?)`,
// or listing the known keys when none is close, unless `key` is one of `known`.
void check_known_key(std::string_view key, std::initializer_list<std::string_view> known, const std::string& where,
                     const std::string& whose);

// Every member of `object` (nlohmann's or the fast path's) checked by check_known_key.
template <typename Value>
void refuse_unknown_keys(const Value& object, std::initializer_list<std::string_view> known, const std::string& where,
                         const std::string& whose) {
  if (!object.is_object()) return;
  if constexpr (std::is_same_v<Value, nlohmann::json>) {
    for (const auto& member : object.items()) check_known_key(member.key(), known, where, whose);
  } else {
    for_each_child(object, [&](const FlatValue& member) { check_known_key(member.key(), known, where, whose); });
  }
}

// The keys of a query line of each op. Every line may have "id", "op", "precision",
// "expect", "tolerance", and "meta": the engine's own data, echoed in the answer untouched.
template <typename Value> void refuse_unknown_line_keys(const Value& request, const std::string& op);
// The keys of a shape of `type` ("sphere": type, center, radius); nothing for an unknown type.
template <typename Value> void refuse_unknown_shape_keys(const Value& shape, const std::string& type, const std::string& where);

}  // namespace query
