#pragma once
// Where an answer's fields are written: into an ordered_json (the samples, the app and
// the runner's nlohmann path), or straight into the output line with each number scaled
// back and formatted as to_json_line formats it (the runner's fast path).
#include "collision_lab/vec.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace query {

using nlohmann::ordered_json;

class AnswerFields {
 public:
  virtual ~AnswerFields() = default;
  virtual void number(std::string_view key, double value) = 0;
  virtual void integer(std::string_view key, long long value) = 0;
  virtual void boolean(std::string_view key, bool value) = 0;
  virtual void text(std::string_view key, std::string_view value) = 0;
  virtual void numbers(std::string_view key, const double* values, std::size_t count) = 0;
  virtual void object(std::string_view key, const std::function<void(AnswerFields&)>& fill) = 0;
  // Each field of an answer made as an ordered_json (GJK's), in its order.
  virtual void fields(const ordered_json& answer) = 0;

  template <typename T> void point(std::string_view key, const geo::Vec3<T>& p) {
    const double xyz[] = {double(p.x), double(p.y), double(p.z)};
    numbers(key, xyz, 3);
  }
  template <typename T> void point(std::string_view key, const geo::Vec2<T>& p) {
    const double xy[] = {double(p.x), double(p.y)};
    numbers(key, xy, 2);
  }
  template <typename T> void list(std::string_view key, const std::vector<T>& values) {
    const std::vector<double> wide(values.begin(), values.end());
    numbers(key, wide.data(), wide.size());
  }
};

class JsonFields final : public AnswerFields {
 public:
  void number(std::string_view key, double value) override { json_[key] = value; }
  void integer(std::string_view key, long long value) override { json_[key] = value; }
  void boolean(std::string_view key, bool value) override { json_[key] = value; }
  void text(std::string_view key, std::string_view value) override { json_[key] = value; }
  void numbers(std::string_view key, const double* values, std::size_t count) override;
  void object(std::string_view key, const std::function<void(AnswerFields&)>& fill) override;
  void fields(const ordered_json& answer) override;
  ordered_json take() { return std::move(json_); }

 private:
  ordered_json json_;
};

// Thrown by LineFields where the runner's fast path does not answer as the nlohmann path
// would (a number that is not finite once scaled back): that path answers the line again.
struct NeedsJsonPath : std::runtime_error {
  NeedsJsonPath() : std::runtime_error("answered by the nlohmann path") {}
};

class FieldText;

// Appends `,"key":value` for each field to `line`, numbers scaled by 2^(exponent times
// their field's length dimension), as scale_answer and to_json_line would write them.
class LineFields final : public AnswerFields {
 public:
  LineFields(std::string& line, int exponent) : line_(line), exponent_(exponent) {}
  void number(std::string_view key, double value) override;
  void integer(std::string_view key, long long value) override;
  void boolean(std::string_view key, bool value) override;
  void text(std::string_view key, std::string_view value) override;
  void numbers(std::string_view key, const double* values, std::size_t count) override;
  void object(std::string_view key, const std::function<void(AnswerFields&)>& fill) override;
  void fields(const ordered_json& answer) override;

 private:
  void key(FieldText& field, std::string_view name);
  void scaled(FieldText& field, double value, int dimension) const;

  std::string& line_;
  int exponent_;
  bool first_ = false;  // the id is written before the fields
};

}  // namespace query
