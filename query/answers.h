#pragma once
// The answer of each query, written from the geometry result: the one serializer the
// query runner and the samples share, so a sample's numbers and the tool's agree field
// for field. Each throws JsonInputError when the result carries an error.
#include "query/answer_fields.h"

#include "geometry/any_shape.h"
#include "geometry/closest_point.h"
#include "geometry/epa.h"
#include "geometry/gjk.h"
#include "geometry/polygon.h"
#include "geometry/polyhedron.h"
#include "geometry/sat.h"
#include "geometry/triangle.h"
#include "geometry/triangle_pairs.h"

#include <nlohmann/json.hpp>

#include <string>

namespace query {

using nlohmann::ordered_json;

// "above", "below", "on".
const char* side_name(geo::PlaneSide side);
// "face 2 of a", "edge 0 of a x edge 3 of b", ...: where a SAT axis came from.
std::string axis_source_name(geo::AxisSource source, int index_a, int index_b);

// closest_point: point, distance, distance_squared, feature, then the numbers behind the answer.
template <typename T> ordered_json closest_point_answer(const geo::LinearClosestPoint<T>& r, geo::ShapeKind kind);
template <typename T> ordered_json closest_point_answer(const geo::PlaneClosestPoint<T>& r);
template <typename T> ordered_json closest_point_answer(const geo::BoxClosestPoint<T>& r, geo::ShapeKind kind);
template <typename T> ordered_json closest_point_answer(const geo::SphereClosestPoint<T>& r);
template <typename T> ordered_json closest_point_answer(const geo::TriangleClosestPoint<T>& r);
template <typename T> ordered_json closest_point_answer(const geo::PolygonClosestPoint<T>& r);
template <typename T> ordered_json closest_point_answer(const geo::PolyhedronClosestPoint<T>& r);

// closest_points: both points, distance, features, and the parameters or `intersecting`.
template <typename T>
ordered_json closest_points_answer(const geo::LinearPairResult<T>& r, geo::ShapeKind a, geo::ShapeKind b);
template <typename T>
ordered_json closest_points_answer(const geo::TrianglePairResult<T>& r, geo::ShapeKind a, geo::ShapeKind b);
// Two bounded convex shapes through GJK; `depth` is EPA's answer when GJK found an overlap.
template <typename T>
ordered_json closest_points_answer(const geo::GjkResult<T>& r, const geo::EpaResult<T>* depth);

// overlap: the verdict, an axis, and the separation or depth along it.
template <typename T> ordered_json overlap_answer(const geo::SatResult<T>& r);
template <typename T> ordered_json overlap_answer(const geo::GjkResult<T>& r, const geo::EpaResult<T>* depth);

// contains: inside (boundaries count), and the edge or face distances where there are some.
template <typename T> ordered_json contains_answer(const geo::PolygonContainment<T>& r);
template <typename T> ordered_json contains_answer(const geo::PolyhedronContainment<T>& r);
ordered_json contains_answer(bool inside);

// signed_distance: N·P − D, the side, and the foot of the perpendicular.
template <typename T> ordered_json signed_distance_answer(const geo::PlaneClosestPoint<T>& r);

// The same answers written into `out`: the runner's fast path writes them into its line.
template <typename T>
void closest_point_answer(AnswerFields& out, const geo::LinearClosestPoint<T>& r, geo::ShapeKind kind);
template <typename T> void closest_point_answer(AnswerFields& out, const geo::PlaneClosestPoint<T>& r);
template <typename T>
void closest_point_answer(AnswerFields& out, const geo::BoxClosestPoint<T>& r, geo::ShapeKind kind);
template <typename T> void closest_point_answer(AnswerFields& out, const geo::SphereClosestPoint<T>& r);
template <typename T> void closest_point_answer(AnswerFields& out, const geo::TriangleClosestPoint<T>& r);
template <typename T> void closest_point_answer(AnswerFields& out, const geo::PolygonClosestPoint<T>& r);
template <typename T> void closest_point_answer(AnswerFields& out, const geo::PolyhedronClosestPoint<T>& r);
template <typename T>
void closest_points_answer(AnswerFields& out, const geo::LinearPairResult<T>& r, geo::ShapeKind a, geo::ShapeKind b);
template <typename T>
void closest_points_answer(AnswerFields& out, const geo::TrianglePairResult<T>& r, geo::ShapeKind a,
                           geo::ShapeKind b);
template <typename T> void contains_answer(AnswerFields& out, const geo::PolygonContainment<T>& r);
template <typename T> void contains_answer(AnswerFields& out, const geo::PolyhedronContainment<T>& r);
void contains_answer(AnswerFields& out, bool inside);
template <typename T> void signed_distance_answer(AnswerFields& out, const geo::PlaneClosestPoint<T>& r);

}  // namespace query
