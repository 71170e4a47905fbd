#pragma once
// The answer of each query, written from the geometry result: the one serializer the
// query runner and the samples share, so a sample's numbers and the tool's agree field
// for field. Each throws JsonInputError when the result carries an error.
#include "collision_lab/query/answer_fields.h"

#include "collision_lab/any_shape.h"
#include "collision_lab/closest_point.h"
#include "collision_lab/epa.h"
#include "collision_lab/gjk.h"
#include "collision_lab/polygon.h"
#include "collision_lab/polyhedron.h"
#include "collision_lab/sat.h"
#include "collision_lab/triangle.h"
#include "collision_lab/triangle_pairs.h"

#include <nlohmann/json.hpp>

#include <string>
#include <type_traits>

namespace query {

using nlohmann::ordered_json;

// "above", "below", "on".
const char* side_name(geo::PlaneSide side);
// "face 2 of a", "edge 0 of a x edge 3 of b", ...: where a SAT axis came from.
std::string axis_source_name(geo::AxisSource source, int index_a, int index_b);

// Each answer is written into an AnswerFields (the runner's fast path writes straight into
// its line); the ordered_json overloads below return it as JSON.

// closest_point: point, distance, distance_squared, feature, then the numbers behind the answer.
template <typename T>
void closest_point_answer(AnswerFields& out, const geo::LinearClosestPoint<T>& r, geo::ShapeKind kind);
template <typename T> void closest_point_answer(AnswerFields& out, const geo::PlaneClosestPoint<T>& r);
template <typename T>
void closest_point_answer(AnswerFields& out, const geo::BoxClosestPoint<T>& r, geo::ShapeKind kind);
template <typename T> void closest_point_answer(AnswerFields& out, const geo::SphereClosestPoint<T>& r);
template <typename T> void closest_point_answer(AnswerFields& out, const geo::TriangleClosestPoint<T>& r);
// The polygon's and the polyhedron's distances come from the trace the query filled.
template <typename T>
void closest_point_answer(AnswerFields& out, const geo::PolygonClosestPoint<T>& r, const geo::PolygonTrace<T>& trace);
template <typename T>
void closest_point_answer(AnswerFields& out, const geo::PolyhedronClosestPoint<T>& r,
                          const geo::PolyhedronTrace<T>& trace);

// closest_points: both points, distance, features, and the parameters or `intersecting`.
template <typename T>
void closest_points_answer(AnswerFields& out, const geo::LinearPairResult<T>& r, geo::ShapeKind a, geo::ShapeKind b);
template <typename T>
void closest_points_answer(AnswerFields& out, const geo::TrianglePairResult<T>& r, geo::ShapeKind a,
                           geo::ShapeKind b);
// Two bounded convex shapes through GJK; `depth` is EPA's answer when GJK found an overlap.
template <typename T>
ordered_json closest_points_answer(const geo::GjkResult<T>& r, const geo::EpaResult<T>* depth);

// overlap: the verdict, an axis, and the separation or depth along it.
template <typename T> ordered_json overlap_answer(const geo::SatResult<T>& r);
template <typename T> ordered_json overlap_answer(const geo::GjkResult<T>& r, const geo::EpaResult<T>* depth);

// contains: inside (boundaries count), and the edge or face distances where there are some.
template <typename T>
void contains_answer(AnswerFields& out, const geo::PolygonContainment<T>& r, const geo::PolygonTrace<T>& trace);
template <typename T>
void contains_answer(AnswerFields& out, const geo::PolyhedronContainment<T>& r, const geo::PolyhedronTrace<T>& trace);
void contains_answer(AnswerFields& out, bool inside);

// signed_distance: N·P − D, the side, and the foot of the perpendicular.
template <typename T> void signed_distance_answer(AnswerFields& out, const geo::PlaneClosestPoint<T>& r);

// The answers above as an ordered_json: closest_point_answer(result, kind) and so on (the
// extra arguments by reference: a trace is not copied).
#define COLLISION_LAB_JSON_ANSWER(answer)                                                                  \
  template <typename Result, typename... Kinds>                                                          \
    requires(!std::is_base_of_v<AnswerFields, Result> &&                                                 \
             requires(AnswerFields& out, const Result& r, const Kinds&... kinds) {                       \
               answer(out, r, kinds...);                                                                 \
             })                                                                                          \
  ordered_json answer(const Result& r, const Kinds&... kinds) {                                          \
    JsonFields out;                                                                                      \
    answer(out, r, kinds...);                                                                            \
    return out.take();                                                                                   \
  }
COLLISION_LAB_JSON_ANSWER(closest_point_answer)
COLLISION_LAB_JSON_ANSWER(closest_points_answer)
COLLISION_LAB_JSON_ANSWER(contains_answer)
COLLISION_LAB_JSON_ANSWER(signed_distance_answer)
#undef COLLISION_LAB_JSON_ANSWER

}  // namespace query
