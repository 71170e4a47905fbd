#pragma once
// The runner's fast path: a line of plain JSON (see FlatJson) answered without nlohmann,
// byte for byte as the nlohmann path answers it.
#include "collision_lab/query/flat_json.h"

#include <string>
#include <string_view>

namespace query {

// Appends the line's answer (without a newline) to `out` and returns true; returns false,
// `out` unchanged, for a line the nlohmann path must answer: one that is not plain JSON,
// an overlap, a float id, and any line answered with an error.
bool answer_plain_line(std::string_view line, FlatJson& reader, std::string& out);

}  // namespace query
