#include "batch_blocks.h"

#include "closest_point_kernels.h"

#include <algorithm>
#include <cstdint>

namespace geo::detail {
namespace {

// Enough points to amortize a call, few enough to stay in L1 (6 arrays of 8 KiB in double).
constexpr std::size_t kBlock = 256;

template <typename T>
struct Block {
  T x[kBlock], y[kBlock], z[kBlock];
};

// The kernel on count points from `queries` to `out`, through blocks with the coordinates
// apart: the middle loop is the one that vectorizes. Its refusals are counted in an
// integer as wide as T, which the vectorizer can sum in lanes.
template <typename T>
[[gnu::always_inline]] inline std::size_t segment_block(const SegmentShape<T>& shape, std::size_t count,
                                                        const Vec3<T>* queries, Vec3<T>* out) {
  using Count = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  Block<T> in, point;
  for (std::size_t i = 0; i < count; ++i) in.x[i] = queries[i].x, in.y[i] = queries[i].y, in.z[i] = queries[i].z;
  Count refused = 0;
  for (std::size_t i = 0; i < count; ++i) {
    SegmentAnswer<T> answer;
    refused += Count(!segment_answer<true>(shape, Vec3<T>(in.x[i], in.y[i], in.z[i]), answer));
    point.x[i] = answer.point.x;
    point.y[i] = answer.point.y;
    point.z[i] = answer.point.z;
  }
  for (std::size_t i = 0; i < count; ++i) out[i] = {point.x[i], point.y[i], point.z[i]};
  return refused;
}

template <typename T>
std::size_t segment_block_base(const SegmentShape<T>& shape, std::size_t count, const Vec3<T>* queries, Vec3<T>* out) {
  return segment_block(shape, count, queries, out);
}

#if defined(__x86_64__)
template <typename T>
[[gnu::target("avx2")]] std::size_t segment_block_avx2(const SegmentShape<T>& shape, std::size_t count,
                                                       const Vec3<T>* queries, Vec3<T>* out) {
  return segment_block(shape, count, queries, out);
}
#endif

template <typename T>
std::size_t segment_block_dispatch(const SegmentShape<T>& shape, std::size_t count, const Vec3<T>* queries,
                                   Vec3<T>* out) {
#if defined(__x86_64__)
  static const bool has_avx2 = __builtin_cpu_supports("avx2");
  if (has_avx2) return segment_block_avx2(shape, count, queries, out);
#endif
  return segment_block_base(shape, count, queries, out);
}

}  // namespace

template <typename T>
std::size_t segment_kernel_points(const Segment<T>& segment, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  const SegmentShape<T> shape = segment_shape(segment.a, segment.b);
  std::size_t refused = 0;
  for (std::size_t start = 0; start < queries.size(); start += kBlock) {
    const std::size_t count = std::min(kBlock, queries.size() - start);
    refused += segment_block_dispatch(shape, count, queries.data() + start, out.data() + start);
  }
  return refused;
}

template std::size_t segment_kernel_points(const Segment<float>&, std::span<const Vec3<float>>, std::span<Vec3<float>>);
template std::size_t segment_kernel_points(const Segment<double>&, std::span<const Vec3<double>>,
                                           std::span<Vec3<double>>);

}  // namespace geo::detail
