// The named benchmarks of our geometry API, in double: query/<case> answers one query per
// iteration through the call an engine makes (nearest.h's lean one where there is one),
// cycling through the 4,096 cases of named_cases.h; rich/<case> times the full result
// that the app uses; batch/<case> answers all 4,096 points per iteration. textbook_bench.cpp times the
// textbook formulas on the same inputs under textbook/<case>.
#include "named_cases.h"

#include "collision_lab/box_overlap.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/closest_point_batch.h"
#include "collision_lab/gjk.h"
#include "collision_lab/linear_pairs.h"
#include "collision_lab/nearest.h"
#include "collision_lab/sat.h"
#include "collision_lab/triangle.h"
#include "collision_lab/triangle_pairs.h"

#include <span>

namespace {

using namespace bench;

// The lean call of nearest.h, which an engine makes.
template <typename Shape>
void point_query(benchmark::State& state, const PairCases<V3, Shape>& cases) {
  run_cases(state, cases.a, cases.b, [](const V3& p, const Shape& shape) { return geo::nearest_point(shape, p); });
}

// The full result, which the app and the explain views use.
template <typename Shape>
void rich_point_query(benchmark::State& state, const PairCases<V3, Shape>& cases) {
  run_cases(state, cases.a, cases.b, [](const V3& p, const Shape& shape) { return geo::closest_point(shape, p); });
}

template <typename A, typename B>
void pair_query(benchmark::State& state, const PairCases<A, B>& cases) {
  run_cases(state, cases.a, cases.b, [](const A& a, const B& b) { return geo::closest_points(a, b); });
}

void point_segment(benchmark::State& state) { point_query(state, point_segment_cases()); }
void point_triangle(benchmark::State& state) { point_query(state, point_triangle_cases()); }
// Boxes checked once (nearest.h's CheckedObb), as an engine keeps them: only the point is
// checked per query. query/point_obb_unchecked checks the box every call too.
void point_obb(benchmark::State& state) {
  static const auto boxes = [] {
    const auto& cases = point_obb_cases();
    std::vector<geo::CheckedObb<double>> out;
    for (const auto& box : cases.b) out.push_back(geo::checked_obb(box));
    return out;
  }();
  run_cases(state, point_obb_cases().a, boxes,
            [](const V3& p, const geo::CheckedObb<double>& box) { return geo::nearest_point(box, p); });
}
void point_obb_unchecked(benchmark::State& state) { point_query(state, point_obb_cases()); }
void segment_segment(benchmark::State& state) {
  const auto& cases = segment_segment_cases();
  run_cases(state, cases.a, cases.b, [](const geo::Segment<double>& a, const geo::Segment<double>& b) {
    return geo::nearest_points(a, b);
  });
}
void rich_point_segment(benchmark::State& state) { rich_point_query(state, point_segment_cases()); }
void rich_point_triangle(benchmark::State& state) { rich_point_query(state, point_triangle_cases()); }
void rich_point_obb(benchmark::State& state) { rich_point_query(state, point_obb_cases()); }
void rich_segment_segment(benchmark::State& state) { pair_query(state, segment_segment_cases()); }
void segment_triangle(benchmark::State& state) { pair_query(state, segment_triangle_cases()); }
void triangle_triangle(benchmark::State& state) { pair_query(state, triangle_triangle_cases()); }

// Two boxes without a trace: the query tool's overlap op answers with the dedicated
// 15-axis test.
void obb_obb_overlap(benchmark::State& state) {
  const auto& cases = obb_obb_cases();
  run_cases(state, cases.a, cases.b, [](const geo::Obb<double>& a, const geo::Obb<double>& b) {
    return geo::box_overlap(a, b);
  });
}

// Hulls are prepared once (as an app keeps them): only the test is timed.
void hull_hull_sat(benchmark::State& state) {
  static const auto shapes = [] {
    const auto& cases = hull_hull_cases();
    PairCases<geo::SatShape<double>, geo::SatShape<double>> out;
    for (std::size_t i = 0; i < kCaseCount; ++i) {
      out.a.push_back(geo::sat_shape(cases.a[i]));
      out.b.push_back(geo::sat_shape(cases.b[i]));
    }
    return out;
  }();
  const auto options = first_separating_axis();
  run_cases(state, shapes.a, shapes.b, [&](const geo::SatShape<double>& a, const geo::SatShape<double>& b) {
    return geo::sat_overlap(a, b, options);
  });
}

void hull_hull_gjk(benchmark::State& state) {
  static const auto shapes = [] {
    const auto& cases = hull_hull_cases();
    return PairCases<geo::ConvexShape<double>, geo::ConvexShape<double>>{{cases.a.begin(), cases.a.end()},
                                                                          {cases.b.begin(), cases.b.end()}};
  }();
  run_cases(state, shapes.a, shapes.b, [](const geo::ConvexShape<double>& a, const geo::ConvexShape<double>& b) {
    return geo::gjk_distance(a, b);
  });
}

template <typename Shape>
void batch_points(benchmark::State& state, const std::vector<V3>& points, const Shape& shape) {
  std::vector<V3> out(points.size());
  run_batch(state, out, [&] { benchmark::DoNotOptimize(geo::closest_points<double>(shape, std::span(points), std::span(out))); });
}

void batch_point_segment(benchmark::State& state) { batch_points(state, point_segment_cases().a, batch_segment()); }
void batch_point_triangle(benchmark::State& state) { batch_points(state, point_triangle_cases().a, batch_triangle()); }

BENCHMARK(point_segment)->Name("query/point_segment");
BENCHMARK(point_triangle)->Name("query/point_triangle");
BENCHMARK(point_obb)->Name("query/point_obb");
BENCHMARK(point_obb_unchecked)->Name("query/point_obb_unchecked");
BENCHMARK(segment_segment)->Name("query/segment_segment");
BENCHMARK(segment_triangle)->Name("query/segment_triangle");
BENCHMARK(triangle_triangle)->Name("query/triangle_triangle");
BENCHMARK(obb_obb_overlap)->Name("query/obb_obb_overlap");
BENCHMARK(hull_hull_sat)->Name("query/hull_hull_sat");
BENCHMARK(hull_hull_gjk)->Name("query/hull_hull_gjk");
BENCHMARK(rich_point_segment)->Name("rich/point_segment");
BENCHMARK(rich_point_triangle)->Name("rich/point_triangle");
BENCHMARK(rich_point_obb)->Name("rich/point_obb");
BENCHMARK(rich_segment_segment)->Name("rich/segment_segment");
BENCHMARK(batch_point_segment)->Name("batch/point_segment");
BENCHMARK(batch_point_triangle)->Name("batch/point_triangle");

}  // namespace
