#include "collision_lab/query/known_keys.h"

#include "collision_lab/query/input_error.h"
#include "collision_lab/query/message_text.h"

#include <algorithm>
#include <vector>

namespace query {

namespace {

// Edits (insert, delete, replace, swap two neighbours) that make `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

void check_known_key(std::string_view key, std::initializer_list<std::string_view> known, const std::string& where,
                     const std::string& whose) {
  if (std::find(known.begin(), known.end(), key) != known.end()) return;
  const bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
  const std::string field = (where.empty() ? "" : where + ".") + (plain ? cut_for_message(key) : quoted_for_message(key));
  std::string_view closest;
  std::size_t closest_distance = 0;
  for (const std::string_view candidate : known) {
    const std::size_t distance = edit_distance(key.substr(0, 64), candidate);
    if (closest.empty() || distance < closest_distance) closest = candidate, closest_distance = distance;
  }
  // Close: a typo or two, not another word (a key of 4 letters or fewer takes one; "a" or
  // "b" none, as "c" is no typo of them).
  const std::size_t typos = closest.size() <= 2 ? 0 : std::min<std::size_t>(2, std::max<std::size_t>(1, closest.size() / 4));
  if (closest_distance <= typos) {
    throw JsonInputError(field + ": unknown key in " + whose + " (did you mean \"" + std::string(closest) + "\"?)");
  }
  std::string list;
  for (const std::string_view candidate : known) list += (list.empty() ? "" : ", ") + std::string(candidate);
  throw JsonInputError(field + ": unknown key in " + whose + " (it has " + list + ")");
}

template <typename Value> void refuse_unknown_line_keys(const Value& request, const std::string& op) {
  const std::string whose = (op == "overlap" ? "an " : "a ") + op + " line";
  if (op == "closest_point" || op == "contains") {
    refuse_unknown_keys(request, {"id", "op", "shape", "point", "precision", "expect", "tolerance", "meta"}, "", whose);
  } else if (op == "closest_points") {
    refuse_unknown_keys(request, {"id", "op", "a", "b", "precision", "expect", "tolerance", "meta"}, "", whose);
  } else if (op == "signed_distance") {
    refuse_unknown_keys(request, {"id", "op", "plane", "point", "precision", "expect", "tolerance", "meta"}, "", whose);
  } else if (op == "overlap") {
    refuse_unknown_keys(request, {"id", "op", "a", "b", "method", "trace", "precision", "expect", "tolerance", "meta"},
                        "", whose);
  }
}

template <typename Value>
void refuse_unknown_shape_keys(const Value& shape, const std::string& type, const std::string& where) {
  const std::string whose = (type == "aabb" || type == "obb" ? "an " : "a ") + type;
  if (type == "line" || type == "ray") refuse_unknown_keys(shape, {"type", "origin", "direction"}, where, whose);
  if (type == "segment") refuse_unknown_keys(shape, {"type", "a", "b"}, where, whose);
  if (type == "triangle") refuse_unknown_keys(shape, {"type", "a", "b", "c"}, where, whose);
  if (type == "plane") refuse_unknown_keys(shape, {"type", "normal", "d", "point"}, where, whose);
  if (type == "aabb") refuse_unknown_keys(shape, {"type", "min", "max"}, where, whose);
  if (type == "obb") refuse_unknown_keys(shape, {"type", "center", "axes", "half_extents"}, where, whose);
  if (type == "sphere") refuse_unknown_keys(shape, {"type", "center", "radius"}, where, whose);
  if (type == "polygon" || type == "polyhedron") refuse_unknown_keys(shape, {"type", "vertices"}, where, whose);
}

template void refuse_unknown_line_keys<nlohmann::json>(const nlohmann::json&, const std::string&);
template void refuse_unknown_line_keys<FlatValue>(const FlatValue&, const std::string&);
template void refuse_unknown_shape_keys<nlohmann::json>(const nlohmann::json&, const std::string&, const std::string&);
template void refuse_unknown_shape_keys<FlatValue>(const FlatValue&, const std::string&, const std::string&);

}  // namespace query
