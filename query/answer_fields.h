#pragma once
// Where an answer's fields are written: into an ordered_json (the samples, the app and
// the runner's nlohmann path), or straight into the output line with each number scaled
// back and formatted as to_json_line formats it (the runner's fast path).
#include "geometry/vec.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace query {

using nlohmann::ordered_json;

class AnswerFields {
 public:
  virtual ~AnswerFields() = default;
  virtual void number(const char* key, double value) = 0;
  virtual void integer(const char* key, long long value) = 0;
  virtual void boolean(const char* key, bool value) = 0;
  virtual void text(const char* key, const std::string& value) = 0;
  virtual void numbers(const char* key, const double* values, std::size_t count) = 0;
  virtual void object(const char* key, const std::function<void(AnswerFields&)>& fill) = 0;
  // Each field of an answer made as an ordered_json (GJK's), in its order.
  virtual void fields(const ordered_json& answer) = 0;

  template <typename T> void point(const char* key, const geo::Vec3<T>& p) {
    const double xyz[] = {double(p.x), double(p.y), double(p.z)};
    numbers(key, xyz, 3);
  }
  template <typename T> void point(const char* key, const geo::Vec2<T>& p) {
    const double xy[] = {double(p.x), double(p.y)};
    numbers(key, xy, 2);
  }
  template <typename T> void list(const char* key, const std::vector<T>& values) {
    const std::vector<double> wide(values.begin(), values.end());
    numbers(key, wide.data(), wide.size());
  }
};

class JsonFields final : public AnswerFields {
 public:
  void number(const char* key, double value) override { json_[key] = value; }
  void integer(const char* key, long long value) override { json_[key] = value; }
  void boolean(const char* key, bool value) override { json_[key] = value; }
  void text(const char* key, const std::string& value) override { json_[key] = value; }
  void numbers(const char* key, const double* values, std::size_t count) override;
  void object(const char* key, const std::function<void(AnswerFields&)>& fill) override;
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

// Appends `,"key":value` for each field to `line`, numbers scaled by 2^(exponent times
// their field's length dimension), as scale_answer and to_json_line would write them.
class LineFields final : public AnswerFields {
 public:
  LineFields(std::string& line, int exponent) : line_(line), exponent_(exponent) {}
  void number(const char* key, double value) override;
  void integer(const char* key, long long value) override;
  void boolean(const char* key, bool value) override;
  void text(const char* key, const std::string& value) override;
  void numbers(const char* key, const double* values, std::size_t count) override;
  void object(const char* key, const std::function<void(AnswerFields&)>& fill) override;
  void fields(const ordered_json& answer) override;

 private:
  void key(std::string_view name);
  void scaled(double value, int dimension);

  std::string& line_;
  int exponent_;
  bool first_ = false;  // the id is written before the fields
};

}  // namespace query
