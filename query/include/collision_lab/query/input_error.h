#pragma once
// What every reader of query input throws: a problem with the input, its message naming
// the field, as `shape.radius: expected a number, got "x"`.
#include <stdexcept>

namespace query {

struct JsonInputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace query
