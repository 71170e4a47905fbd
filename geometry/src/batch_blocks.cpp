#include "batch_blocks.h"

#include "closest_point_kernels.h"
#include "triangle_detail.h"

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

// The point of a non-degenerate triangle (triangle_detail.h), worked in its working
// scalar W and rounded to T as the single query rounds it.
template <typename T>
[[gnu::always_inline]] inline std::size_t triangle_block(const TriangleFrame<T>& frame, std::size_t count,
                                                         const Vec3<T>* queries, Vec3<T>* out) {
  using W = Working<T>;
  using Count = std::conditional_t<sizeof(W) == 8, std::uint64_t, std::uint32_t>;
  Block<W> in, point;
  for (std::size_t i = 0; i < count; ++i) in.x[i] = W(queries[i].x), in.y[i] = W(queries[i].y), in.z[i] = W(queries[i].z);
  W edge[kBlock], along[kBlock], face_scale[kBlock], refused_lanes[kBlock];
  for (std::size_t i = 0; i < count; ++i) {
    const TriangleLane<W> lane = triangle_lane(frame, Vec3<W>(in.x[i], in.y[i], in.z[i]));
    edge[i] = lane.edge, along[i] = lane.along, face_scale[i] = lane.face_scale, refused_lanes[i] = lane.refused;
  }
  Count refused = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const TriangleLane<W> lane{edge[i], along[i], face_scale[i], refused_lanes[i]};
    const Vec3<W> answer = triangle_lane_point(frame, Vec3<W>(in.x[i], in.y[i], in.z[i]), lane);
    refused += Count(lane.refused != W(0));
    point.x[i] = answer.x;
    point.y[i] = answer.y;
    point.z[i] = answer.z;
  }
  for (std::size_t i = 0; i < count; ++i) out[i] = Vec3<T>(Vec3<W>(point.x[i], point.y[i], point.z[i]));
  return refused;
}

// Each block function compiled twice, for the base ISA and for AVX2, picked at run time.
template <typename Shape, typename T>
[[gnu::always_inline]] inline std::size_t any_block(const Shape& shape, std::size_t count, const Vec3<T>* queries,
                                                    Vec3<T>* out) {
  if constexpr (requires { shape.ab; }) {
    return segment_block(shape, count, queries, out);
  } else {
    return triangle_block(shape, count, queries, out);
  }
}

template <typename Shape, typename T>
std::size_t block_base(const Shape& shape, std::size_t count, const Vec3<T>* queries, Vec3<T>* out) {
  return any_block(shape, count, queries, out);
}

#if defined(__x86_64__)
template <typename Shape, typename T>
[[gnu::target("avx2")]] std::size_t block_avx2(const Shape& shape, std::size_t count, const Vec3<T>* queries,
                                               Vec3<T>* out) {
  return any_block(shape, count, queries, out);
}
#endif

template <typename Shape, typename T>
std::size_t block_dispatch(const Shape& shape, std::size_t count, const Vec3<T>* queries, Vec3<T>* out) {
#if defined(__x86_64__)
  static const bool has_avx2 = __builtin_cpu_supports("avx2");
  if (has_avx2) return block_avx2(shape, count, queries, out);
#endif
  return block_base(shape, count, queries, out);
}

template <typename Shape, typename T>
std::size_t kernel_points(const Shape& shape, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  std::size_t refused = 0;
  for (std::size_t start = 0; start < queries.size(); start += kBlock) {
    const std::size_t count = std::min(kBlock, queries.size() - start);
    refused += block_dispatch(shape, count, queries.data() + start, out.data() + start);
  }
  return refused;
}

}  // namespace

template <typename T>
std::size_t segment_kernel_points(const Segment<T>& segment, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out) {
  return kernel_points(segment_shape(segment.a, segment.b), queries, out);
}

template <typename T>
std::size_t triangle_kernel_points(const TriangleFrame<T>& frame, std::span<const Vec3<T>> queries,
                                   std::span<Vec3<T>> out) {
  return kernel_points(frame, queries, out);
}

template std::size_t segment_kernel_points(const Segment<float>&, std::span<const Vec3<float>>, std::span<Vec3<float>>);
template std::size_t segment_kernel_points(const Segment<double>&, std::span<const Vec3<double>>,
                                           std::span<Vec3<double>>);
template std::size_t triangle_kernel_points(const TriangleFrame<float>&, std::span<const Vec3<float>>,
                                            std::span<Vec3<float>>);
template std::size_t triangle_kernel_points(const TriangleFrame<double>&, std::span<const Vec3<double>>,
                                            std::span<Vec3<double>>);

}  // namespace geo::detail
