#pragma once
// The query runner's fast JSON reader: one line parsed into a flat array of values that
// is reused from line to line, so that a line costs no allocation. It takes only the
// plain JSON query lines are made of (ASCII strings without escapes, numbers that a
// double holds as nlohmann reads them, unique keys, within limits of depth and of values)
// and refuses the rest, which nlohmann then reads and, where it is wrong, names. The
// schema reads a FlatValue as it reads a nlohmann::json.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace query {

// Whether two names are the same, compared inline: the names of a query line's fields are
// short, and a call to memcmp for each costs more than the comparison.
inline bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

// One value of a parsed line; its children follow it in the same array.
class FlatValue {
 public:
  enum class Kind : std::uint8_t { null, boolean, integer, number, string, array, object };

  bool is_null() const { return kind_ == Kind::null; }
  bool is_boolean() const { return kind_ == Kind::boolean; }
  bool is_number() const { return kind_ == Kind::integer || kind_ == Kind::number; }
  bool is_number_integer() const { return kind_ == Kind::integer; }
  bool is_string() const { return kind_ == Kind::string; }
  bool is_array() const { return kind_ == Kind::array; }
  bool is_object() const { return kind_ == Kind::object; }
  const char* type_name() const;

  bool boolean() const { return boolean_; }
  double number() const { return number_; }
  void set_number(double number) { number_ = number; }
  std::string_view string() const { return text_; }  // a string's characters, unquoted
  std::string_view text() const { return text_; }    // a number's JSON text as written
  std::string_view key() const { return key_; }      // the member's name, within an object

  // An array's elements or an object's members.
  std::size_t size() const { return size_; }
  const FlatValue* begin() const { return this + 1; }
  FlatValue* begin() { return this + 1; }
  const FlatValue* next() const { return this + span_; }
  FlatValue* next() { return this + span_; }
  const FlatValue& operator[](std::size_t index) const;  // the index-th element (linear time)
  const FlatValue* find(std::string_view key) const;     // the member, or null
  FlatValue* find(std::string_view key) { return const_cast<FlatValue*>(std::as_const(*this).find(key)); }
  bool contains(std::string_view key) const { return find(key) != nullptr; }
  const FlatValue& operator[](const char* key) const { return *find(key); }  // a member known to be there

 private:
  friend class FlatJson;
  Kind kind_ = Kind::null;
  bool boolean_ = false;
  std::uint32_t size_ = 0;
  std::uint32_t span_ = 1;  // this value and its descendants
  double number_ = 0;
  std::string_view text_;
  std::string_view key_;
};

// Calls visit(child) for each element or member of `value`.
template <typename Value, typename Visit> void for_each_child(Value& value, const Visit& visit) {
  auto* child = value.begin();
  for (std::size_t i = 0; i < value.size(); ++i, child = child->next()) visit(*child);
}

class FlatJson {
 public:
  // A line nested deeper than `max_depth` or of more than `max_values` values is refused.
  FlatJson(int max_depth, std::size_t max_values) : max_depth_(max_depth), max_values_(max_values) {}

  // The line's root value, or null when the line is not of the plain JSON this reader
  // takes. The values point into `line`, which must outlive them.
  FlatValue* parse(std::string_view line);

 private:
  bool value(int depth);
  bool string(std::string_view& out);
  bool number(FlatValue& out);
  bool literal(std::string_view word);
  void skip_space();

  int max_depth_;
  std::size_t max_values_;
  // Containers and commas, counted as the nlohmann path's pre-scan counts values, so that
  // a line it refuses as too big is refused here too.
  std::size_t scanned_ = 0;
  std::vector<FlatValue> values_;
  std::string_view text_;
  std::size_t at_ = 0;
};


// The few ways the schema reads a value, for a nlohmann::json and a FlatValue alike.
inline const nlohmann::json* find_member(const nlohmann::json& object, std::string_view key) {
  const auto found = object.find(key);
  return found == object.end() ? nullptr : &*found;
}
inline nlohmann::json* find_member(nlohmann::json& object, std::string_view key) {
  const auto found = object.find(key);
  return found == object.end() ? nullptr : &*found;
}
inline const FlatValue* find_member(const FlatValue& object, std::string_view key) { return object.find(key); }
inline FlatValue* find_member(FlatValue& object, std::string_view key) { return object.find(key); }

inline double number_of(const nlohmann::json& value) { return value.get<double>(); }
inline double number_of(const FlatValue& value) { return value.number(); }
inline void set_number(nlohmann::json& value, double number) { value = number; }
inline void set_number(FlatValue& value, double number) { value.set_number(number); }

inline std::string string_of(const nlohmann::json& value) { return value.get<std::string>(); }
inline std::string string_of(const FlatValue& value) { return std::string(value.string()); }

// A number's JSON text for a message: nlohmann's, and the line's own for a FlatValue.
inline std::string number_text(const nlohmann::json& value) { return value.dump(); }
inline std::string number_text(const FlatValue& value) { return std::string(value.text()); }

// Calls visit(element) for each element of `array`.
template <typename Json, typename Visit>
  requires std::is_same_v<std::remove_const_t<Json>, nlohmann::json>
void for_each_element(Json& array, const Visit& visit) {
  for (auto& item : array) visit(item);
}
template <typename Flat, typename Visit>
  requires std::is_same_v<std::remove_const_t<Flat>, FlatValue>
void for_each_element(Flat& array, const Visit& visit) {
  for_each_child(array, visit);
}

// Calls visit(key, member) for each member of `object`.
template <typename Visit> void for_each_member(nlohmann::json& object, const Visit& visit) {
  for (auto item = object.begin(); item != object.end(); ++item) visit(std::string_view(item.key()), *item);
}
template <typename Visit> void for_each_member(FlatValue& object, const Visit& visit) {
  for_each_child(object, [&](FlatValue& member) { visit(member.key(), member); });
}

}  // namespace query
