#include "collision_lab/query/answer_fields.h"

#include "collision_lab/query/number_text.h"
#include "collision_lab/query/query_scale.h"
#include "collision_lab/query/shape_json.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace query {

void JsonFields::numbers(std::string_view key, const double* values, std::size_t count) {
  ordered_json array = ordered_json::array();
  for (std::size_t i = 0; i < count; ++i) array.push_back(values[i]);
  json_[key] = std::move(array);
}

void JsonFields::object(std::string_view key, const std::function<void(AnswerFields&)>& fill) {
  JsonFields inner;
  fill(inner);
  json_[key] = inner.take();
}

void JsonFields::fields(const ordered_json& answer) {
  for (const auto& [key, value] : answer.items()) json_[key] = value;
}

// A field's text, gathered in a buffer and appended to the line at once: the line grows
// by a few appends a field rather than one a character.
class FieldText {
 public:
  explicit FieldText(std::string& line) : line_(line) {}
  void put(char c) {
    make_room(1);
    *end_++ = c;
  }
  void put(std::string_view text) {
    if (text.size() > kRoom / 2) {
      flush();
      line_.append(text);
      return;
    }
    make_room(text.size());
    end_ = std::copy(text.begin(), text.end(), end_);
  }
  void number(double value) {
    make_room(kMaxNumberChars);
    end_ = write_number(end_, value);
  }
  void integer(long long value) {
    make_room(24);  // a sign and 19 digits
    end_ = std::to_chars(end_, end_ + 24, value).ptr;
  }
  void flush() {
    line_.append(buffer_, std::size_t(end_ - buffer_));
    end_ = buffer_;
  }

 private:
  static constexpr std::size_t kRoom = 256;
  void make_room(std::size_t bytes) {
    if (std::size_t(buffer_ + kRoom - end_) < bytes) flush();
  }

  std::string& line_;
  char buffer_[kRoom];
  char* end_ = buffer_;
};

void LineFields::key(FieldText& field, std::string_view name) {
  if (!first_) field.put(',');
  first_ = false;
  field.put('"');
  field.put(name);
  field.put("\":");
}

void LineFields::scaled(FieldText& field, double value, int dimension) const {
  const double number = times_power_of_two(value, dimension * exponent_);
  if (!std::isfinite(value) || !std::isfinite(number)) throw NeedsJsonPath();
  field.number(number);
}

void LineFields::number(std::string_view name, double value) {
  FieldText field(line_);
  key(field, name);
  scaled(field, value, length_dimension(name));
  field.flush();
}

void LineFields::integer(std::string_view name, long long value) {
  FieldText field(line_);
  key(field, name);
  field.integer(value);
  field.flush();
}

void LineFields::boolean(std::string_view name, bool value) {
  FieldText field(line_);
  key(field, name);
  field.put(value ? std::string_view("true") : std::string_view("false"));
  field.flush();
}

void LineFields::text(std::string_view name, std::string_view value) {
  FieldText field(line_);
  key(field, name);
  const bool plain = std::all_of(value.begin(), value.end(), [](char c) { return c >= 0x20 && c != '"' && c != '\\'; });
  if (plain) {  // what the JSON writer writes for ASCII without escapes
    field.put('"');
    field.put(value);
    field.put('"');
    field.flush();
  } else {
    field.flush();
    line_ += to_json_line(ordered_json(std::string(value)));
  }
}

void LineFields::numbers(std::string_view name, const double* values, std::size_t count) {
  FieldText field(line_);
  key(field, name);
  const int dimension = length_dimension(name);
  field.put('[');
  for (std::size_t i = 0; i < count; ++i) {
    if (i) field.put(',');
    scaled(field, values[i], dimension);
  }
  field.put(']');
  field.flush();
}

void LineFields::object(std::string_view name, const std::function<void(AnswerFields&)>& fill) {
  FieldText field(line_);
  key(field, name);
  field.put('{');
  field.flush();
  LineFields inner(line_, exponent_);
  inner.first_ = true;
  fill(inner);
  line_ += '}';
}

void LineFields::fields(const ordered_json& answer) {
  ordered_json scaled_answer = answer;
  scale_answer(scaled_answer, exponent_);
  for (const auto& [name, value] : scaled_answer.items()) {
    FieldText field(line_);
    key(field, name);
    field.flush();
    line_ += to_json_line(value);
  }
}

}  // namespace query
