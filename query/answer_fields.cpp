#include "query/answer_fields.h"

#include "query/number_text.h"
#include "query/query_scale.h"
#include "query/shape_json.h"

#include <algorithm>
#include <cmath>

namespace query {

void JsonFields::numbers(const char* key, const double* values, std::size_t count) {
  ordered_json array = ordered_json::array();
  for (std::size_t i = 0; i < count; ++i) array.push_back(values[i]);
  json_[key] = std::move(array);
}

void JsonFields::object(const char* key, const std::function<void(AnswerFields&)>& fill) {
  JsonFields inner;
  fill(inner);
  json_[key] = inner.take();
}

void JsonFields::fields(const ordered_json& answer) {
  for (const auto& [key, value] : answer.items()) json_[key] = value;
}

void LineFields::key(std::string_view name) {
  char text[64];  // `,"name":` appended at once: names are short
  if (name.size() + 4 > sizeof text) {
    (((line_ += first_ ? "" : ",") += '"') += name) += "\":";
  } else {
    char* end = text;
    if (!first_) *end++ = ',';
    *end++ = '"';
    end = std::copy(name.begin(), name.end(), end);
    *end++ = '"';
    *end++ = ':';
    line_.append(text, end);
  }
  first_ = false;
}

void LineFields::scaled(double value, int dimension) {
  const double number = times_power_of_two(value, dimension * exponent_);
  if (!std::isfinite(value) || !std::isfinite(number)) throw NeedsJsonPath();
  append_number(line_, number);
}

void LineFields::number(const char* name, double value) {
  key(name);
  scaled(value, length_dimension(name));
}

void LineFields::integer(const char* name, long long value) {
  key(name);
  line_ += std::to_string(value);
}

void LineFields::boolean(const char* name, bool value) {
  key(name);
  line_ += value ? "true" : "false";
}

void LineFields::text(const char* name, const std::string& value) {
  key(name);
  const bool plain = std::all_of(value.begin(), value.end(), [](char c) { return c >= 0x20 && c != '"' && c != '\\'; });
  if (plain) {
    ((line_ += '"') += value) += '"';  // what the JSON writer writes for ASCII without escapes
  } else {
    line_ += to_json_line(ordered_json(value));
  }
}

void LineFields::numbers(const char* name, const double* values, std::size_t count) {
  key(name);
  const int dimension = length_dimension(name);
  line_ += '[';
  for (std::size_t i = 0; i < count; ++i) {
    if (i) line_ += ',';
    scaled(values[i], dimension);
  }
  line_ += ']';
}

void LineFields::object(const char* name, const std::function<void(AnswerFields&)>& fill) {
  key(name);
  line_ += '{';
  LineFields inner(line_, exponent_);
  inner.first_ = true;
  fill(inner);
  line_ += '}';
}

void LineFields::fields(const ordered_json& answer) {
  ordered_json scaled_answer = answer;
  scale_answer(scaled_answer, exponent_);
  for (const auto& [name, value] : scaled_answer.items()) {
    key(name);
    line_ += to_json_line(value);
  }
}

}  // namespace query
