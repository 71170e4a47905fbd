#pragma once
// The segment's and the triangle's kernels (closest_point_kernels.h, triangle_detail.h)
// over many points at once, for the batch (closest_point_batch.cpp). The points are copied in blocks with their coordinates apart
// (structure of arrays), where the kernel's loop vectorizes: over x, y, z interleaved it
// cannot, as SSE2 has no three-way shuffle. With AVX2 present at run time the loop runs
// four doubles wide. The kernel has no fused operations (-ffp-contract=off), so either way
// every answer is the scalar kernel's, bit for bit. Implemented in batch_blocks.cpp. Not
// part of the public API.
#include "collision_lab/shapes.h"
#include "triangle_detail.h"

#include <cstddef>
#include <span>

namespace geo::detail {

// out[i] = the kernel's point for queries[i], for every i the kernel answers; returns how
// many it refused (their out[i] is left for the caller's cold path). The spans have the
// same size, and the segment is finite.
template <typename T>
std::size_t segment_kernel_points(const Segment<T>& segment, std::span<const Vec3<T>> queries, std::span<Vec3<T>> out);

// The same for a non-degenerate triangle's frame (triangle_detail.h); a non-finite query
// is refused too.
template <typename T>
std::size_t triangle_kernel_points(const TriangleFrame<T>& frame, std::span<const Vec3<T>> queries,
                                   std::span<Vec3<T>> out);

}  // namespace geo::detail
