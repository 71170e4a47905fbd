// textbook/<case>: the textbook formulas of textbook.h on the same inputs as query/<case>
// and batch/<case> (query_cases_bench.cpp), the baseline those are compared with. Before
// a case is first timed, the textbook's answers are checked against ours on all 4,096
// cases (distances within 1e-9, overlap verdicts equal): a mismatch aborts with a message.
#include "named_cases.h"
#include "textbook.h"

#include "collision_lab/closest_point.h"
#include "collision_lab/gjk.h"
#include "collision_lab/linear_pairs.h"
#include "collision_lab/sat.h"
#include "collision_lab/triangle.h"
#include "collision_lab/triangle_pairs.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

namespace {

using namespace bench;
using geo::Obb;
using geo::Segment;
using geo::Triangle;
using Hull = geo::ConvexPolyhedron<double>;

// What a textbook answer is compared by: its distance, or its overlap verdict.
double compared(const V3& query, const V3& closest) { return glm::length(query - closest); }
template <typename A> double compared(const A&, const textbook::PointPair& pair) { return std::sqrt(pair.distance_squared); }
template <typename A> double compared(const A&, double distance) { return distance; }
template <typename A> double compared(const A&, bool overlap) { return overlap ? 1 : 0; }

// Runs the check of `name` the first time it is asked for (outside any timing).
template <typename A, typename B, typename Textbook, typename Ours>
void check_once(const char* name, const PairCases<A, B>& cases, Textbook textbook, Ours ours) {
  static std::set<std::string> checked;
  if (!checked.insert(name).second) return;
  constexpr double kTolerance = 1e-9;
  for (std::size_t i = 0; i < kCaseCount; ++i) {
    const double theirs = compared(cases.a[i], textbook(cases.a[i], cases.b[i]));
    const double our = ours(cases.a[i], cases.b[i]);
    if (!(std::abs(theirs - our) <= kTolerance)) {
      std::fprintf(stderr, "collision-lab-bench: textbook/%s: case %zu: the textbook answers %.17g, ours %.17g\n", name, i,
                   theirs, our);
      std::abort();
    }
  }
}

template <typename A, typename B, typename Textbook, typename Ours>
void checked_run(benchmark::State& state, const char* name, const PairCases<A, B>& cases, Textbook textbook, Ours ours) {
  check_once(name, cases, textbook, ours);
  run_cases(state, cases.a, cases.b, textbook);
}

constexpr auto textbook_point_segment = [](const V3& p, const Segment<double>& s) {
  return textbook::closest_pt_point_segment(p, s.a, s.b);
};
constexpr auto ours_point_segment = [](const V3& p, const Segment<double>& s) { return geo::closest_point(s, p).distance; };
constexpr auto textbook_point_triangle = [](const V3& p, const Triangle<double>& t) {
  return textbook::closest_pt_point_triangle(p, t.a, t.b, t.c);
};
constexpr auto ours_point_triangle = [](const V3& p, const Triangle<double>& t) { return geo::closest_point(t, p).distance; };

void point_segment(benchmark::State& state) {
  checked_run(state, "point_segment", point_segment_cases(), textbook_point_segment, ours_point_segment);
}
void point_triangle(benchmark::State& state) {
  checked_run(state, "point_triangle", point_triangle_cases(), textbook_point_triangle, ours_point_triangle);
}
void point_obb(benchmark::State& state) {
  checked_run(
      state, "point_obb", point_obb_cases(), [](const V3& p, const Obb<double>& box) { return textbook::closest_pt_point_obb(p, box); },
      [](const V3& p, const Obb<double>& box) { return geo::closest_point(box, p).distance; });
}
void segment_segment(benchmark::State& state) {
  checked_run(
      state, "segment_segment", segment_segment_cases(),
      [](const Segment<double>& a, const Segment<double>& b) { return textbook::closest_pt_segment_segment(a.a, a.b, b.a, b.b); },
      [](const Segment<double>& a, const Segment<double>& b) { return geo::closest_points(a, b).distance; });
}
void segment_triangle(benchmark::State& state) {
  checked_run(state, "segment_triangle", segment_triangle_cases(), textbook::closest_pt_segment_triangle,
              [](const Segment<double>& a, const Triangle<double>& b) { return geo::closest_points(a, b).distance; });
}
void triangle_triangle(benchmark::State& state) {
  checked_run(state, "triangle_triangle", triangle_triangle_cases(), textbook::closest_pt_triangle_triangle,
              [](const Triangle<double>& a, const Triangle<double>& b) { return geo::closest_points(a, b).distance; });
}

void obb_obb_overlap(benchmark::State& state) {
  checked_run(state, "obb_obb_overlap", obb_obb_cases(), textbook::obb_obb_overlap,
              [](const Obb<double>& a, const Obb<double>& b) {
                return geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b), first_separating_axis()).overlap ? 1.0 : 0.0;
              });
}

// The hulls' SAT data is prepared once, as for query/hull_hull_sat; so is the check's.
void hull_hull_sat(benchmark::State& state) {
  static const auto prepared = [] {
    const auto& cases = hull_hull_cases();
    PairCases<textbook::SatHull, textbook::SatHull> out;
    for (std::size_t i = 0; i < kCaseCount; ++i) {
      out.a.push_back(textbook::make_sat_hull(cases.a[i]));
      out.b.push_back(textbook::make_sat_hull(cases.b[i]));
    }
    return out;
  }();
  check_once("hull_hull_sat", hull_hull_cases(),
             [](const Hull& a, const Hull& b) { return textbook::hull_hull_overlap(textbook::make_sat_hull(a), textbook::make_sat_hull(b)); },
             [](const Hull& a, const Hull& b) {
               return geo::sat_overlap(geo::sat_shape(a), geo::sat_shape(b), first_separating_axis()).overlap ? 1.0 : 0.0;
             });
  run_cases(state, prepared.a, prepared.b, textbook::hull_hull_overlap);
}

void hull_hull_gjk(benchmark::State& state) {
  checked_run(
      state, "hull_hull_gjk", hull_hull_cases(), [](const Hull& a, const Hull& b) { return textbook::gjk_distance(a.vertices, b.vertices); },
      [](const Hull& a, const Hull& b) {
        return geo::gjk_distance(geo::ConvexShape<double>(a), geo::ConvexShape<double>(b)).distance;
      });
}

// A plain loop of the single textbook query over the batch's points.
template <typename Shape, typename Textbook>
void batch_points(benchmark::State& state, const std::vector<V3>& points, const Shape& shape, Textbook textbook) {
  std::vector<V3> out(points.size());
  run_batch(state, out, [&] {
    for (std::size_t i = 0; i < points.size(); ++i) out[i] = textbook(points[i], shape);
  });
}

void batch_point_segment(benchmark::State& state) {
  check_once("point_segment", point_segment_cases(), textbook_point_segment, ours_point_segment);
  batch_points(state, point_segment_cases().a, batch_segment(), textbook_point_segment);
}
void batch_point_triangle(benchmark::State& state) {
  check_once("point_triangle", point_triangle_cases(), textbook_point_triangle, ours_point_triangle);
  batch_points(state, point_triangle_cases().a, batch_triangle(), textbook_point_triangle);
}

BENCHMARK(point_segment)->Name("textbook/point_segment");
BENCHMARK(point_triangle)->Name("textbook/point_triangle");
BENCHMARK(point_obb)->Name("textbook/point_obb");
BENCHMARK(segment_segment)->Name("textbook/segment_segment");
BENCHMARK(segment_triangle)->Name("textbook/segment_triangle");
BENCHMARK(triangle_triangle)->Name("textbook/triangle_triangle");
BENCHMARK(obb_obb_overlap)->Name("textbook/obb_obb_overlap");
BENCHMARK(hull_hull_sat)->Name("textbook/hull_hull_sat");
BENCHMARK(hull_hull_gjk)->Name("textbook/hull_hull_gjk");
BENCHMARK(batch_point_segment)->Name("textbook/batch/point_segment");
BENCHMARK(batch_point_triangle)->Name("textbook/batch/point_triangle");

}  // namespace
