#pragma once
// A list of trivially copyable values kept in place up to N of them, so that the
// queries (GJK, EPA, SAT) allocate nothing on the heap for ordinary shapes; past N the
// list moves to the heap and goes on growing.
#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace geo {

template <typename T, std::size_t N>
class SmallList {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  SmallList() = default;
  SmallList(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
  SmallList(const SmallList&) = default;
  SmallList& operator=(const SmallList&) = default;
  // A moved-from list is empty: the heap's vector moves away, so its size must go too.
  SmallList(SmallList&& other) noexcept { *this = std::move(other); }
  SmallList& operator=(SmallList&& other) noexcept {
    if (this == &other) return *this;
    std::copy_n(other.local_, sizeof local_, local_);
    heap_ = std::move(other.heap_);
    size_ = std::exchange(other.size_, 0);
    spilled_ = std::exchange(other.spilled_, false);
    return *this;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return spilled_ ? heap_.data() : std::launder(reinterpret_cast<T*>(local_)); }
  const T* data() const { return spilled_ ? heap_.data() : std::launder(reinterpret_cast<const T*>(local_)); }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T& front() { return data()[0]; }
  const T& front() const { return data()[0]; }
  T& back() { return data()[size_ - 1]; }
  const T& back() const { return data()[size_ - 1]; }

  void clear() { size_ = 0; }
  void push_back(const T& value) {
    if (size_ == N && !spilled_) spill();
    if (spilled_) {
      heap_.resize(size_);
      heap_.push_back(value);
    } else {
      new (data() + size_) T(value);
    }
    ++size_;
  }
  template <typename It>
  void assign(It first, It last) {
    clear();
    for (; first != last; ++first) push_back(*first);
  }
  void assign(std::size_t count, const T& value) {
    clear();
    if (count > N && !spilled_) spill();
    if (spilled_) {
      heap_.assign(count, value);
    } else {
      std::uninitialized_fill_n(data(), count, value);
    }
    size_ = count;
  }
  // Removes the value at `at`, moving the later ones down; returns where the next one is.
  T* erase(T* at) {
    std::copy(at + 1, end(), at);
    --size_;
    return at;
  }
  T* insert(T* at, const T& value) {
    const std::size_t index = static_cast<std::size_t>(at - begin());
    const T copy = value;
    push_back(copy);
    std::copy_backward(begin() + index, end() - 1, end());
    data()[index] = copy;
    return begin() + index;
  }

 private:
  void spill() {
    heap_.assign(begin(), end());
    heap_.reserve(2 * N);
    spilled_ = true;
  }

  alignas(T) unsigned char local_[N * sizeof(T)];
  std::vector<T> heap_;
  std::size_t size_ = 0;
  bool spilled_ = false;
};

// At most N values, always in place: a result holding one stays trivially copyable and
// owns no heap memory. The caller keeps within N (GJK's simplex has at most 4 vertices).
template <typename T, std::size_t N>
class FixedList {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* begin() { return values_.data(); }
  T* end() { return values_.data() + size_; }
  const T* begin() const { return values_.data(); }
  const T* end() const { return values_.data() + size_; }
  T& operator[](std::size_t i) { return values_[i]; }
  const T& operator[](std::size_t i) const { return values_[i]; }

  void clear() { size_ = 0; }
  void push_back(const T& value) { values_[size_++] = value; }
  template <typename It>
  void assign(It first, It last) {
    clear();
    for (; first != last; ++first) push_back(*first);
  }

 private:
  std::array<T, N> values_{};
  std::size_t size_ = 0;
};

}  // namespace geo
