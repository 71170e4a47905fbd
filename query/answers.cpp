#include "query/answers.h"

#include "query/shape_json.h"

namespace query {

namespace {
template <typename T> ordered_json vec(const geo::Vec3<T>& v) { return point_json(geo::Vec3<double>(v)); }
template <typename T> ordered_json vec(const geo::Vec2<T>& v) { return point_json(geo::Vec2<double>(v)); }
template <typename T> ordered_json numbers(const std::vector<T>& values) {
  ordered_json out = ordered_json::array();
  for (T v : values) out.push_back(double(v));
  return out;
}

void throw_if_failed(geo::QueryError error, const char* field) {
  if (error != geo::QueryError::None) throw JsonInputError(std::string(field) + ": " + geo::to_string(error));
}

// The fields every closest-point answer starts with.
template <typename T, int N>
ordered_json point_fields(const geo::ClosestPointResult<T, N>& r, geo::ShapeKind kind) {
  throw_if_failed(r.error, "shape");
  ordered_json out;
  out["point"] = vec(r.point);
  out["distance"] = double(r.distance);
  out["distance_squared"] = double(r.distance_squared);
  out["feature"] = geo::feature_name(kind, r.feature);
  return out;
}

template <typename T>
ordered_json pair_fields(const geo::ClosestPointsResult<T>& r, geo::ShapeKind a, geo::ShapeKind b) {
  throw_if_failed(r.error, "a, b");
  ordered_json out;
  out["a_point"] = vec(r.a_point);
  out["b_point"] = vec(r.b_point);
  out["distance"] = double(r.distance);
  out["distance_squared"] = double(r.distance_squared);
  out["a_feature"] = geo::feature_name(a, r.a_feature);
  out["b_feature"] = geo::feature_name(b, r.b_feature);
  return out;
}

ordered_json with(ordered_json out, const char* key, ordered_json value) {
  out[key] = std::move(value);
  return out;
}

// Solids also say whether P is inside (and so its own closest point).
template <typename T, int N>
ordered_json solid_fields(const geo::ClosestPointResult<T, N>& r, geo::ShapeKind kind) {
  ordered_json out = point_fields(r, kind);
  out["inside"] = r.feature.kind == geo::Feature::Inside;
  return out;
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
ordered_json closest_point_answer(const geo::LinearClosestPoint<T>& r, geo::ShapeKind kind) {
  ordered_json out = point_fields(r, kind);
  out["t"] = double(r.t);
  out["t_raw"] = double(r.t_raw);
  out["dot_start"] = double(r.dot_start);
  if (kind == geo::ShapeKind::Segment) out["dot_end"] = double(r.dot_end);
  out["degenerate"] = r.degenerate;
  return out;
}

template <typename T> ordered_json closest_point_answer(const geo::PlaneClosestPoint<T>& r) {
  ordered_json out = point_fields(r, geo::ShapeKind::Plane);
  out["signed_distance"] = double(r.signed_distance);
  out["side"] = side_name(r.side);
  return out;
}

template <typename T> ordered_json closest_point_answer(const geo::BoxClosestPoint<T>& r, geo::ShapeKind kind) {
  ordered_json out = solid_fields(r, kind);
  out["local"] = vec(r.local);
  out["local_clamped"] = vec(r.local_clamped);
  return out;
}

template <typename T> ordered_json closest_point_answer(const geo::SphereClosestPoint<T>& r) {
  return with(solid_fields(r, geo::ShapeKind::Sphere), "center_distance", double(r.center_distance));
}

template <typename T> ordered_json closest_point_answer(const geo::TriangleClosestPoint<T>& r) {
  ordered_json out = point_fields(r, geo::ShapeKind::Triangle);
  out["barycentric"] = vec(r.barycentric);
  out["region_dots"] = ordered_json{{"d1", double(r.d1)}, {"d2", double(r.d2)}, {"d3", double(r.d3)},
                                    {"d4", double(r.d4)}, {"d5", double(r.d5)}, {"d6", double(r.d6)},
                                    {"va", double(r.va)}, {"vb", double(r.vb)}, {"vc", double(r.vc)}};
  out["degenerate"] = r.degenerate;
  return out;
}

template <typename T> ordered_json closest_point_answer(const geo::PolygonClosestPoint<T>& r) {
  return with(solid_fields(r, geo::ShapeKind::Polygon), "edge_distances", numbers(r.edge_distances));
}

template <typename T> ordered_json closest_point_answer(const geo::PolyhedronClosestPoint<T>& r) {
  return with(solid_fields(r, geo::ShapeKind::Polyhedron), "face_distances", numbers(r.face_distances));
}

template <typename T>
ordered_json closest_points_answer(const geo::LinearPairResult<T>& r, geo::ShapeKind a, geo::ShapeKind b) {
  ordered_json out = pair_fields(r, a, b);
  out["s"] = double(r.s);
  out["s_raw"] = double(r.s_raw);
  out["t"] = double(r.t);
  out["t_raw"] = double(r.t_raw);
  out["parallel"] = r.parallel;
  return out;
}

template <typename T>
ordered_json closest_points_answer(const geo::TrianglePairResult<T>& r, geo::ShapeKind a, geo::ShapeKind b) {
  ordered_json out = pair_fields(r, a, b);
  if (a == geo::ShapeKind::Segment) out["s"] = double(r.s);
  if (b == geo::ShapeKind::Segment) out["t"] = double(r.t);
  out["intersecting"] = r.intersecting;
  return out;
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

ordered_json contains_answer(bool is_inside) {
  ordered_json out;
  out["inside"] = is_inside;
  return out;
}

namespace {
// Polygons and polyhedra: P's distance past each edge or face plane, and the first plane
// P is in front of (which proves it outside).
template <typename T>
ordered_json half_space_answer(bool is_inside, const std::vector<T>& distances, const char* distances_key,
                               int first_separating, const char* separating_key) {
  ordered_json out = contains_answer(is_inside);
  out[distances_key] = numbers(distances);
  if (first_separating >= 0) out[separating_key] = first_separating;
  return out;
}
}  // namespace

template <typename T> ordered_json contains_answer(const geo::PolygonContainment<T>& r) {
  return half_space_answer(r.inside, r.edge_distances, "edge_distances", r.first_separating_edge, "separating_edge");
}

template <typename T> ordered_json contains_answer(const geo::PolyhedronContainment<T>& r) {
  return half_space_answer(r.inside, r.face_distances, "face_distances", r.first_separating_face, "separating_face");
}

template <typename T> ordered_json signed_distance_answer(const geo::PlaneClosestPoint<T>& r) {
  throw_if_failed(r.error, "plane");
  ordered_json out;
  out["distance"] = double(r.signed_distance);
  out["side"] = side_name(r.side);
  out["point"] = vec(r.point);
  return out;
}

#define COLLISION_LAB_ANSWERS(T)                                                                              \
  template ordered_json closest_point_answer(const geo::LinearClosestPoint<T>&, geo::ShapeKind);            \
  template ordered_json closest_point_answer(const geo::PlaneClosestPoint<T>&);                             \
  template ordered_json closest_point_answer(const geo::BoxClosestPoint<T>&, geo::ShapeKind);               \
  template ordered_json closest_point_answer(const geo::SphereClosestPoint<T>&);                            \
  template ordered_json closest_point_answer(const geo::TriangleClosestPoint<T>&);                          \
  template ordered_json closest_point_answer(const geo::PolygonClosestPoint<T>&);                           \
  template ordered_json closest_point_answer(const geo::PolyhedronClosestPoint<T>&);                        \
  template ordered_json closest_points_answer(const geo::LinearPairResult<T>&, geo::ShapeKind, geo::ShapeKind);  \
  template ordered_json closest_points_answer(const geo::TrianglePairResult<T>&, geo::ShapeKind, geo::ShapeKind); \
  template ordered_json closest_points_answer(const geo::GjkResult<T>&, const geo::EpaResult<T>*);          \
  template ordered_json overlap_answer(const geo::SatResult<T>&);                                           \
  template ordered_json overlap_answer(const geo::GjkResult<T>&, const geo::EpaResult<T>*);                 \
  template ordered_json contains_answer(const geo::PolygonContainment<T>&);                                 \
  template ordered_json contains_answer(const geo::PolyhedronContainment<T>&);                              \
  template ordered_json signed_distance_answer(const geo::PlaneClosestPoint<T>&);
COLLISION_LAB_ANSWERS(float)
COLLISION_LAB_ANSWERS(double)
#undef COLLISION_LAB_ANSWERS

}  // namespace query
