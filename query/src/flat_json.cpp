#include "collision_lab/query/flat_json.h"

#include "collision_lab/number_chars.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace query {

const char* FlatValue::type_name() const {
  switch (kind_) {
    case Kind::null: return "null";
    case Kind::boolean: return "boolean";
    case Kind::integer:
    case Kind::number: return "number";
    case Kind::string: return "string";
    case Kind::array: return "array";
    case Kind::object: return "object";
  }
  return "unknown";
}

const FlatValue& FlatValue::operator[](std::size_t index) const {
  const FlatValue* child = begin();
  for (std::size_t i = 0; i < index; ++i) child = child->next();
  return *child;
}

const FlatValue* FlatValue::find(std::string_view key) const {
  const FlatValue* child = begin();
  for (std::size_t i = 0; i < size_; ++i, child = child->next()) {
    if (same_name(child->key_, key)) return child;
  }
  return nullptr;
}

FlatValue* FlatJson::parse(std::string_view line) {
  values_.clear();
  scanned_ = 0;
  text_ = line;
  at_ = 0;
  skip_space();
  if (!value(1)) return nullptr;
  skip_space();
  return at_ == text_.size() ? values_.data() : nullptr;
}

void FlatJson::skip_space() {
  while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
    ++at_;
  }
}

bool FlatJson::literal(std::string_view word) {
  if (text_.substr(at_, word.size()) != word) return false;
  at_ += word.size();
  return true;
}

// Printable ASCII without escapes: the characters that need neither decoding nor
// UTF-8 checks, and that nlohmann writes back unchanged.
bool FlatJson::string(std::string_view& out) {
  const std::size_t start = ++at_;  // past the opening quote
  for (; at_ < text_.size(); ++at_) {
    const auto c = static_cast<unsigned char>(text_[at_]);
    if (c == '"') {
      out = text_.substr(start, at_++ - start);
      return true;
    }
    if (c < 0x20 || c >= 0x7f || c == '\\') return false;
  }
  return false;
}

namespace {
constexpr std::uint32_t kMaxObjectMembers = 64;

// The digits at `at` onwards, taken into `mantissa` while it has at most 15 significant
// digits (`significant` counts them all); returns how many there were.
std::size_t take_digits(std::string_view text, std::size_t at, std::uint64_t& mantissa, int& significant) {
  std::size_t end = at;
  for (; end < text.size() && text[end] >= '0' && text[end] <= '9'; ++end) {
    if (mantissa == 0 && text[end] == '0') continue;  // leading zeros are not significant
    if (++significant <= 15) mantissa = mantissa * 10 + std::uint64_t(text[end] - '0');
  }
  return end - at;
}

// Clinger's fast path: at most 15 significant digits (an exact double) times or over a
// power of ten up to 1e22 (an exact double) is rounded once, to the correctly rounded
// value from_chars gives. False for the other numbers.
bool exact_decimal(std::uint64_t mantissa, int significant, long exponent, bool negative, double& value) {
  static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (significant > 15 || exponent > 22 || exponent < -22) return false;
  const double magnitude = exponent < 0 ? double(mantissa) / kPowers[-exponent] : double(mantissa) * kPowers[exponent];
  value = negative ? -magnitude : magnitude;
  return true;
}
}  // namespace

// JSON's number grammar; integers as nlohmann reads them (an int64 converted to double),
// others correctly rounded as its strtod does. Out of range either way: refused.
bool FlatJson::number(FlatValue& out) {
  const std::size_t start = at_;
  const bool negative = text_[at_] == '-';
  at_ += negative;
  std::uint64_t mantissa = 0;
  int significant = 0;
  const std::size_t whole = take_digits(text_, at_, mantissa, significant);
  if (whole == 0 || (whole > 1 && text_[at_] == '0')) return false;
  at_ += whole;
  bool integer = true;
  long exponent = 0;
  bool capped = false;  // a cap cut the exponent short: from_chars reads the number instead
  if (at_ < text_.size() && text_[at_] == '.') {
    const std::size_t fraction = take_digits(text_, ++at_, mantissa, significant);
    if (fraction == 0) return false;
    at_ += fraction;
    exponent -= long(std::min<std::size_t>(fraction, 100000));
    capped = fraction >= 100000;
    integer = false;
  }
  if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
    const bool negative_exponent = ++at_ < text_.size() && text_[at_] == '-';
    if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
    long written = 0;
    const std::size_t first_digit = at_;
    for (; at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9'; ++at_) {
      written = std::min(written * 10 + (text_[at_] - '0'), 100000L);  // past any double's range
    }
    if (at_ == first_digit) return false;
    exponent += negative_exponent ? -written : written;
    capped = capped || written >= 100000;
    integer = false;
  }
  out.text_ = text_.substr(start, at_ - start);
  const char* first = out.text_.data();
  const char* last = first + out.text_.size();
  if (integer) {
    out.kind_ = FlatValue::Kind::integer;
    if (significant <= 15) {
      out.number_ = negative ? -double(mantissa) : double(mantissa);
      if (mantissa == 0) out.number_ = 0;  // "-0" is the integer 0
      return true;
    }
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(first, last, value);
    out.number_ = static_cast<double>(value);
    return error == std::errc() && end == last;
  }
  out.kind_ = FlatValue::Kind::number;
  if (!capped && exact_decimal(mantissa, significant, exponent, negative, out.number_)) return true;
  const auto [end, error] = geo::read_number(first, last, out.number_);
  return error == std::errc() && end == last && std::isfinite(out.number_);
}

bool FlatJson::value(int depth) {
  if (at_ >= text_.size() || values_.size() >= max_values_) return false;
  const std::size_t index = values_.size();
  values_.emplace_back();
  const char c = text_[at_];
  if (c == '{' || c == '[') {
    if (depth > max_depth_ || ++scanned_ > max_values_) return false;
    const bool object = c == '{';
    values_[index].kind_ = object ? FlatValue::Kind::object : FlatValue::Kind::array;
    const char close = object ? '}' : ']';
    ++at_;
    skip_space();
    std::uint32_t size = 0;
    if (at_ < text_.size() && text_[at_] == close) {
      ++at_;
    } else {
      for (;; ++size) {
        std::string_view key;
        if (object) {
          if (at_ >= text_.size() || text_[at_] != '"' || !string(key)) return false;
          skip_space();
          if (at_ >= text_.size() || text_[at_] != ':') return false;
          ++at_;
          skip_space();
        }
        const std::size_t child = values_.size();
        if (!value(depth + 1)) return false;
        if (object) {
          // A repeated key (nlohmann keeps the last) is refused, and so is a long object,
          // whose repeats would take quadratic time to find.
          values_[index].size_ = size;
          if (size >= kMaxObjectMembers || values_[index].find(key)) return false;
          values_[child].key_ = key;
        }
        skip_space();
        if (at_ >= text_.size()) return false;
        if (text_[at_++] == close) break;
        if (text_[at_ - 1] != ',' || ++scanned_ > max_values_) return false;
        skip_space();
      }
      ++size;
    }
    values_[index].size_ = size;
    values_[index].span_ = static_cast<std::uint32_t>(values_.size() - index);
    return true;
  }
  FlatValue& scalar = values_[index];
  if (c == '"') {
    scalar.kind_ = FlatValue::Kind::string;
    return string(scalar.text_);
  }
  if (c == 't' || c == 'f') {
    scalar.kind_ = FlatValue::Kind::boolean;
    scalar.boolean_ = c == 't';
    return literal(c == 't' ? "true" : "false");
  }
  if (c == 'n') return literal("null");
  return number(scalar);
}

}  // namespace query
