#pragma once
// The seeded inputs of the named benchmarks (query/..., batch/..., textbook/...): each
// set is made once, on first use, so that a query and its textbook counterpart see the
// same 4,096 cases. Points and vertices are uniform in [-1, 1]^3; OBBs turn by a uniformly
// random rotation, with half-extents in [0.1, 1] and centres in [-1, 1]^3; hulls are 32
// random points on a sphere of radius 0.5 centred in [-1, 1]^3.
#include "collision_lab/sat.h"
#include "collision_lab/shapes.h"

#include <benchmark/benchmark.h>

#include <cstddef>
#include <vector>

namespace bench {

inline constexpr std::size_t kCaseCount = 4096;

using V3 = geo::Vec3<double>;

// Case i is the pair (a[i], b[i]).
template <typename A, typename B>
struct PairCases {
  std::vector<A> a;
  std::vector<B> b;
};

const PairCases<V3, geo::Segment<double>>& point_segment_cases();
const PairCases<V3, geo::Triangle<double>>& point_triangle_cases();
const PairCases<V3, geo::Obb<double>>& point_obb_cases();
const PairCases<geo::Segment<double>, geo::Segment<double>>& segment_segment_cases();
const PairCases<geo::Segment<double>, geo::Triangle<double>>& segment_triangle_cases();
const PairCases<geo::Triangle<double>, geo::Triangle<double>>& triangle_triangle_cases();
const PairCases<geo::Obb<double>, geo::Obb<double>>& obb_obb_cases();
const PairCases<geo::ConvexPolyhedron<double>, geo::ConvexPolyhedron<double>>& hull_hull_cases();

// The batches: the 4,096 points of point_segment_cases() against its first segment, and
// those of point_triangle_cases() against its first triangle.
const geo::Segment<double>& batch_segment();
const geo::Triangle<double>& batch_triangle();

// Steps through the cases, wrapping after the last one.
inline std::size_t next_case(std::size_t i) { return (i + 1) & (kCaseCount - 1); }
static_assert((kCaseCount & (kCaseCount - 1)) == 0, "next_case wraps with a mask");

// The query tool's SAT options without "trace": stop at the first separating axis.
inline geo::SatOptions first_separating_axis() {
  geo::SatOptions options;
  options.stop_at_separation = true;
  return options;
}

// One query per iteration, on case after case: query(a[i], b[i]), its answer kept.
template <typename A, typename B, typename Query>
void run_cases(benchmark::State& state, const std::vector<A>& a, const std::vector<B>& b, Query query) {
  std::size_t i = 0;
  for (auto _ : state) {
    auto answer = query(a[i], b[i]);
    benchmark::DoNotOptimize(answer);
    i = next_case(i);
  }
}

// All kCaseCount points per iteration: answer_all() writes their answers to `out`.
template <typename AnswerAll>
void run_batch(benchmark::State& state, const std::vector<V3>& out, AnswerAll answer_all) {
  for (auto _ : state) {
    answer_all();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCaseCount));
}

}  // namespace bench
