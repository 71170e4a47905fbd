#pragma once
// std::bit_cast, for the standard libraries that lack it (the web build's: emscripten
// 3.1.6's libc++). GCC and Clang both have the builtin that std::bit_cast is made of.
#include <type_traits>

namespace geo {
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>);
  return __builtin_bit_cast(To, from);
}
}  // namespace geo
