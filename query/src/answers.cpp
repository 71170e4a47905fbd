#include "collision_lab/query/answers.h"

#include "collision_lab/query/shape_json.h"

namespace query {

namespace {
template <typename T> ordered_json vec(const geo::Vec3<T>& v) { return point_json(geo::Vec3<double>(v)); }
template <typename T> ordered_json vec(const geo::Vec2<T>& v) { return point_json(geo::Vec2<double>(v)); }

void throw_if_failed(geo::QueryError error, const char* field) {
  if (error != geo::QueryError::None) throw JsonInputError(std::string(field) + ": " + geo::to_string(error));
}

// The fields every closest-point answer starts with.
template <typename T, int N>
void point_fields(AnswerFields& out, const geo::ClosestPointResult<T, N>& r, geo::ShapeKind kind) {
  throw_if_failed(r.error, "shape");
  out.point("point", r.point);
  out.number("distance", double(r.distance));
  out.number("distance_squared", double(r.distance_squared));
  out.text("feature", geo::feature_name(kind, r.feature));
}

template <typename T>
void pair_fields(AnswerFields& out, const geo::ClosestPointsResult<T>& r, geo::ShapeKind a, geo::ShapeKind b) {
  throw_if_failed(r.error, "a, b");
  out.point("a_point", r.a_point);
  out.point("b_point", r.b_point);
  out.number("distance", double(r.distance));
  out.number("distance_squared", double(r.distance_squared));
  out.text("a_feature", geo::feature_name(a, r.a_feature));
  out.text("b_feature", geo::feature_name(b, r.b_feature));
}

// Solids also say whether P is inside (and so its own closest point).
template <typename T, int N>
void solid_fields(AnswerFields& out, const geo::ClosestPointResult<T, N>& r, geo::ShapeKind kind) {
  point_fields(out, r, kind);
  out.boolean("inside", r.feature.kind == geo::Feature::Inside);
}

}  // namespace

const char* side_name(geo::PlaneSide side) {
  return side == geo::PlaneSide::Above ? "above" : side == geo::PlaneSide::Below ? "below" : "on";
}

std::string axis_source_name(geo::AxisSource source, int a, int b) {
  switch (source) {
    case geo::AxisSource::FaceA: return "face " + std::to_string(a) + " of a";
    case geo::AxisSource::FaceB: return "face " + std::to_string(b) + " of b";
    case geo::AxisSource::EdgeEdge: return "edge " + std::to_string(a) + " of a x edge " + std::to_string(b) + " of b";
    case geo::AxisSource::SideA: return "side of a's plane at edge " + std::to_string(a >= 0 ? a : b);
    case geo::AxisSource::SideB: return "side of b's plane at edge " + std::to_string(b >= 0 ? b : a);
    case geo::AxisSource::Pair: return "axis of the pair";
  }
  return "unknown";
}

template <typename T>
void closest_point_answer(AnswerFields& out, const geo::LinearClosestPoint<T>& r, geo::ShapeKind kind) {
  point_fields(out, r, kind);
  out.number("t", double(r.t));
  out.number("t_raw", double(r.t_raw));
  out.number("dot_start", double(r.dot_start));
  if (kind == geo::ShapeKind::Segment) out.number("dot_end", double(r.dot_end));
  out.boolean("degenerate", r.degenerate);
}

template <typename T> void closest_point_answer(AnswerFields& out, const geo::PlaneClosestPoint<T>& r) {
  point_fields(out, r, geo::ShapeKind::Plane);
  out.number("signed_distance", double(r.signed_distance));
  out.text("side", side_name(r.side));
}

template <typename T>
void closest_point_answer(AnswerFields& out, const geo::BoxClosestPoint<T>& r, geo::ShapeKind kind) {
  solid_fields(out, r, kind);
  out.point("local", r.local);
  out.point("local_clamped", r.local_clamped);
}

template <typename T> void closest_point_answer(AnswerFields& out, const geo::SphereClosestPoint<T>& r) {
  solid_fields(out, r, geo::ShapeKind::Sphere);
  out.number("center_distance", double(r.center_distance));
}

template <typename T> void closest_point_answer(AnswerFields& out, const geo::TriangleClosestPoint<T>& r) {
  point_fields(out, r, geo::ShapeKind::Triangle);
  out.point("barycentric", r.barycentric);
  out.object("region_dots", [&](AnswerFields& dots) {
    const std::pair<const char*, T> values[] = {{"d1", r.d1}, {"d2", r.d2}, {"d3", r.d3}, {"d4", r.d4}, {"d5", r.d5},
                                                {"d6", r.d6}, {"va", r.va}, {"vb", r.vb}, {"vc", r.vc}};
    for (const auto& [name, value] : values) dots.number(name, double(value));
  });
  out.boolean("degenerate", r.degenerate);
}

template <typename T>
void closest_point_answer(AnswerFields& out, const geo::PolygonClosestPoint<T>& r, const geo::PolygonTrace<T>& trace) {
  solid_fields(out, r, geo::ShapeKind::Polygon);
  out.list("edge_distances", trace.edge_distances);
}

template <typename T>
void closest_point_answer(AnswerFields& out, const geo::PolyhedronClosestPoint<T>& r,
                          const geo::PolyhedronTrace<T>& trace) {
  solid_fields(out, r, geo::ShapeKind::Polyhedron);
  out.list("face_distances", trace.face_distances);
}

template <typename T>
void closest_points_answer(AnswerFields& out, const geo::LinearPairResult<T>& r, geo::ShapeKind a, geo::ShapeKind b) {
  pair_fields(out, r, a, b);
  out.number("s", double(r.s));
  out.number("s_raw", double(r.s_raw));
  out.number("t", double(r.t));
  out.number("t_raw", double(r.t_raw));
  out.boolean("parallel", r.parallel);
}

template <typename T>
void closest_points_answer(AnswerFields& out, const geo::TrianglePairResult<T>& r, geo::ShapeKind a,
                           geo::ShapeKind b) {
  pair_fields(out, r, a, b);
  if (a == geo::ShapeKind::Segment) out.number("s", double(r.s));
  if (b == geo::ShapeKind::Segment) out.number("t", double(r.t));
  out.boolean("intersecting", r.intersecting);
}

template <typename T>
ordered_json closest_points_answer(const geo::GjkResult<T>& r, const geo::EpaResult<T>* depth) {
  throw_if_failed(r.error, "a, b");
  ordered_json out;
  out["a_point"] = vec(r.a_point);
  out["b_point"] = vec(r.b_point);
  out["distance"] = double(r.distance);
  out["overlap"] = r.overlap;
  if (r.overlap && depth) {  // the deepest points replace GJK's equal witness points
    throw_if_failed(depth->error, "a, b");
    out["a_point"] = vec(depth->a_point);
    out["b_point"] = vec(depth->b_point);
    out["depth"] = double(depth->depth);
    out["axis"] = vec(depth->axis);
  }
  out["method"] = "gjk";
  out["gjk_iterations"] = r.iteration_count;
  return out;
}

template <typename T> ordered_json overlap_answer(const geo::SatResult<T>& r) {
  throw_if_failed(r.error, "a, b");
  ordered_json out;
  out["overlap"] = r.overlap;
  out["method"] = "sat";
  out["axis"] = vec(r.axis);
  if (r.overlap) {
    out["depth"] = double(r.depth) + 0.0;  // touching is depth 0, not the -0 of a negated gap
  } else {
    out["separation"] = double(r.separation);
    const auto& first = r.first_separating_axis;
    out["first_separating_axis"] = axis_source_name(first.source, first.index_a, first.index_b);
  }
  out["axis_tests"] = r.axis_tests;
  out["face_axes_would_be_wrong"] = r.face_axes_would_be_wrong;
  return out;
}

template <typename T> ordered_json overlap_answer(const geo::GjkResult<T>& r, const geo::EpaResult<T>* depth) {
  throw_if_failed(r.error, "a, b");
  ordered_json out;
  out["overlap"] = r.overlap;
  out["method"] = "gjk";
  if (!r.overlap || !depth) {
    out["axis"] = vec(r.axis);
    out["separation"] = double(r.separation);
    out["gjk_iterations"] = r.iteration_count;
    return out;
  }
  throw_if_failed(depth->error, "a, b");
  out["axis"] = vec(depth->axis);
  out["depth"] = double(depth->depth);
  out["gjk_iterations"] = r.iteration_count;
  out["epa_iterations"] = depth->iteration_count;
  return out;
}

void contains_answer(AnswerFields& out, bool is_inside) { out.boolean("inside", is_inside); }

namespace {
// Polygons and polyhedra: P's distance past each edge or face plane, and the first plane
// P is in front of (which proves it outside).
template <typename T>
void half_space_answer(AnswerFields& out, bool is_inside, const std::vector<T>& distances, const char* distances_key,
                       int first_separating, const char* separating_key) {
  contains_answer(out, is_inside);
  out.list(distances_key, distances);
  if (first_separating >= 0) out.integer(separating_key, first_separating);
}
}  // namespace

template <typename T>
void contains_answer(AnswerFields& out, const geo::PolygonContainment<T>& r, const geo::PolygonTrace<T>& trace) {
  half_space_answer(out, r.inside, trace.edge_distances, "edge_distances", r.first_separating_edge, "separating_edge");
}

template <typename T>
void contains_answer(AnswerFields& out, const geo::PolyhedronContainment<T>& r, const geo::PolyhedronTrace<T>& trace) {
  half_space_answer(out, r.inside, trace.face_distances, "face_distances", r.first_separating_face, "separating_face");
}

template <typename T> void signed_distance_answer(AnswerFields& out, const geo::PlaneClosestPoint<T>& r) {
  throw_if_failed(r.error, "plane");
  out.number("distance", double(r.signed_distance));
  out.text("side", side_name(r.side));
  out.point("point", r.point);
}

#define COLLISION_LAB_ANSWERS(T)                                                                              \
  template ordered_json closest_points_answer(const geo::GjkResult<T>&, const geo::EpaResult<T>*);          \
  template ordered_json overlap_answer(const geo::SatResult<T>&);                                           \
  template ordered_json overlap_answer(const geo::GjkResult<T>&, const geo::EpaResult<T>*);                 \
  template void closest_point_answer(AnswerFields&, const geo::LinearClosestPoint<T>&, geo::ShapeKind);     \
  template void closest_point_answer(AnswerFields&, const geo::PlaneClosestPoint<T>&);                      \
  template void closest_point_answer(AnswerFields&, const geo::BoxClosestPoint<T>&, geo::ShapeKind);        \
  template void closest_point_answer(AnswerFields&, const geo::SphereClosestPoint<T>&);                     \
  template void closest_point_answer(AnswerFields&, const geo::TriangleClosestPoint<T>&);                   \
  template void closest_point_answer(AnswerFields&, const geo::PolygonClosestPoint<T>&,                     \
                                     const geo::PolygonTrace<T>&);                                          \
  template void closest_point_answer(AnswerFields&, const geo::PolyhedronClosestPoint<T>&,                  \
                                     const geo::PolyhedronTrace<T>&);                                       \
  template void closest_points_answer(AnswerFields&, const geo::LinearPairResult<T>&, geo::ShapeKind, geo::ShapeKind); \
  template void closest_points_answer(AnswerFields&, const geo::TrianglePairResult<T>&, geo::ShapeKind,     \
                                      geo::ShapeKind);                                                      \
  template void contains_answer(AnswerFields&, const geo::PolygonContainment<T>&, const geo::PolygonTrace<T>&); \
  template void contains_answer(AnswerFields&, const geo::PolyhedronContainment<T>&,                        \
                                const geo::PolyhedronTrace<T>&);                                            \
  template void signed_distance_answer(AnswerFields&, const geo::PlaneClosestPoint<T>&);
COLLISION_LAB_ANSWERS(float)
COLLISION_LAB_ANSWERS(double)
#undef COLLISION_LAB_ANSWERS

}  // namespace query
