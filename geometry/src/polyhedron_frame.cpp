#include "polyhedron_frame.h"

#include "closest_point_detail.h"
#include "segment_math.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace geo::detail {
namespace {

// Whether q, already in the plane of the face, lies inside the face polygon: on the inner
// side of every edge.
template <typename T>
bool inside_face(const PolyhedronFrame<T>& frame, const typename PolyhedronFrame<T>::Face& face, const Vec3<T>& q) {
  for (int k = 0; k < face.side_count; ++k) {
    const auto& side = frame.sides[std::size_t(face.first_side + k)];
    if (glm::dot(side.outward, q - side.start) > 0) return false;
  }
  return true;
}

// How far q, in the plane of the face and inside it, is from its sides at least (in-plane).
template <typename T>
T margin_inside(const PolyhedronFrame<T>& frame, const typename PolyhedronFrame<T>::Face& face, const Vec3<T>& q) {
  T margin = std::numeric_limits<T>::infinity();
  for (int k = 0; k < face.side_count; ++k) {
    const auto& side = frame.sides[std::size_t(face.first_side + k)];
    margin = std::min(margin, -glm::dot(side.outward, q - side.start) * side.outward_inverse);
  }
  return margin;
}

// Whether face `f`, which P (above it by `height`) projects into at q, is surely the answer
// without looking at the edges. Every point x of the hull is below the plane (up to the
// face's own vertices' off_plane), so |P − x|² ≥ height² + |q − x|², and a point of an edge
// is at least m·depth / (depth + longest edge) from q, m being q's margin inside the face:
// along an edge from a vertex of the face, what it gains in depth it loses at most as
// fast in the plane. When that bound beats the rounding of every squared distance by a
// wide margin, no edge can come out nearer.
template <typename T>
bool face_surely_wins(const PolyhedronFrame<T>& frame, std::size_t f, T height, const Vec3<T>& p, const Vec3<T>& q) {
  const auto& face = frame.faces[f];
  if (!frame.bounds || !frame.unit_normals || !(face.depth > 0) || !(height > 0)) return false;
  const T m = margin_inside(frame, face, q);
  const T gap = m * face.depth / (face.depth + frame.longest_edge) - 2 * face.off_plane;
  const T size = height + 4 * std::max(frame.magnitude, max_abs(p));
  constexpr T kRounding = T(1 << 20) * std::numeric_limits<T>::epsilon();
  return gap > 0 && gap * gap > 4 * height * face.off_plane + kRounding * size * size;
}

// Rules out edges whose squared distance to P, as nearest_on_segment rounds it, is surely
// above `bound`: P is farther than √bound from a plane the edge lies on, or from the
// edge's middle than its reach plus √bound, by a margin (2^20 epsilons of those and of the
// coordinates' size) that rounding cannot come near.
// Off for an infinite bound and for sizes whose squares could overflow or underflow.
template <typename T>
struct EdgeCutoff {
  static constexpr T kMargin = T(1 << 20) * std::numeric_limits<T>::epsilon();
  bool on = false;
  T root = 0, slack = 0;

  EdgeCutoff(T bound, T magnitude) {
    constexpr T kSmallest = T(std::is_same_v<T, float> ? 1e-15 : 1e-100);
    constexpr T kLargest = T(1) / kSmallest;
    root = std::sqrt(bound);
    slack = magnitude * kMargin;
    on = root <= kLargest && magnitude >= kSmallest && magnitude <= kLargest;
  }
  bool rules_out(const PolyhedronFrame<T>& frame, const typename PolyhedronFrame<T>::Edge& edge, const Vec3<T>& p,
                 std::span<const T> distances) const {
    if (!on || !frame.bounds) return false;
    if (frame.unit_normals) {
      T above = 0;  // the farthest of P from the edge's planes
      for (int face : edge.faces) {
        if (face >= 0) above = std::max(above, std::abs(distances[std::size_t(face)]));
      }
      if (above - edge.off_planes > root * (1 + kMargin) + slack) return true;
    }
    const Vec3<T> from_middle = p - edge.middle;
    const T reach = (root + edge.reach) * (1 + kMargin) + slack;
    return glm::dot(from_middle, from_middle) > reach * reach;
  }
};

}  // namespace

template <typename T>
PolyhedronFrame<T> make_polyhedron_frame(const ConvexPolyhedron<T>& hull) {
  PolyhedronFrame<T> frame;
  frame.vertices = hull.vertices;
  for (std::size_t i = 0; i < hull.faces.size(); ++i) {
    const auto& loop = hull.faces[i];
    const Vec3<T>& normal = hull.face_planes[i].normal;
    frame.faces.push_back({hull.vertices[loop[0]], normal, int(frame.sides.size()), int(loop.size())});
    for (std::size_t k = 0; k < loop.size(); ++k) {
      const Vec3<T>& a = hull.vertices[loop[k]];
      const Vec3<T>& b = hull.vertices[loop[(k + 1) % loop.size()]];
      frame.sides.push_back({a, glm::cross(b - a, normal)});
    }
  }
  for (const auto& ends : hull.edges) {
    const Vec3<T>& a = hull.vertices[ends[0]];
    const Vec3<T> edge = hull.vertices[ends[1]] - a;
    frame.edges.push_back({a, edge, Vec3<T>(0), glm::dot(edge, edge), 0, ends[0], ends[1]});
  }
  return frame;
}

template <typename T>
void face_distances(const PolyhedronFrame<T>& frame, const Vec3<T>& p, std::span<T> distances) {
  for (std::size_t i = 0; i < frame.faces.size(); ++i) {
    distances[i] = glm::dot(frame.faces[i].normal, p - frame.faces[i].anchor);
  }
}

template <typename T>
PolyhedronAnswer<T> outside_answer(const PolyhedronFrame<T>& frame, const Vec3<T>& p, std::span<const T> distances,
                                   FeatureRef hint) {
  PolyhedronAnswer<T> answer;
  const auto in_range = [&](std::size_t count) { return hint.index >= 0 && std::size_t(hint.index) < count; };
  // A hint edge (or a hint vertex's edge) is a candidate: its squared distance bounds the
  // least of the edges'.
  T edge_bound = std::numeric_limits<T>::infinity();
  int hint_edge = -1;
  if (hint.kind == Feature::Edge && in_range(frame.edges.size())) hint_edge = hint.index;
  if (hint.kind == Feature::Vertex && in_range(frame.edge_of_vertex.size())) hint_edge = frame.edge_of_vertex[std::size_t(hint.index)];
  if (hint_edge >= 0) {
    const auto& edge = frame.edges[std::size_t(hint_edge)];
    edge_bound = nearest_on_segment(edge.edge, edge.length_squared, p - edge.a).distance_squared;
  }
  // The nearest face interior: the first of the least |N_i·P − D_i| among the faces P
  // projects into (the face farthest away is not always the nearest). Every candidate is
  // a point of the hull, so faces P is just below count too: next to two nearly coplanar
  // faces, P may be above one by rounding and project into the other. Skipped, as they
  // cannot be the answer: faces beyond a hint face P projects into, and faces whose
  // squared distance is above an edge's (an edge would win over them).
  T face_bound = std::numeric_limits<T>::infinity();
  std::size_t inside_hint = frame.faces.size();  // the hint face, when P projects into it
  if (hint.kind == Feature::Face && in_range(frame.faces.size())) {
    const auto& face = frame.faces[std::size_t(hint.index)];
    const T distance = distances[std::size_t(hint.index)];
    if (inside_face(frame, face, p - face.normal * distance)) {
      face_bound = std::abs(distance);
      inside_hint = std::size_t(hint.index);
    }
  }
  T best = std::numeric_limits<T>::infinity();
  for (std::size_t i = 0; i < frame.faces.size(); ++i) {
    const T distance = std::abs(distances[i]);
    if (!(distance < best) || distance > face_bound || distance * distance > edge_bound) continue;
    const Vec3<T> projected = p - frame.faces[i].normal * distances[i];
    if (i != inside_hint && !inside_face(frame, frame.faces[i], projected)) continue;
    best = distance;
    answer.point = projected;
    answer.feature = {Feature::Face, static_cast<int>(i)};
  }
  if (inside_hint < frame.faces.size() && answer.feature == FeatureRef{Feature::Face, int(inside_hint)} &&
      face_surely_wins(frame, inside_hint, distances[inside_hint], p, answer.point)) {
    return answer;
  }
  // Then every edge: the first of the least squared distances, if below the face's; the
  // cutoff skips edges surely beyond the bound.
  best *= best;
  edge_bound = std::min(edge_bound, best);
  const EdgeCutoff<T> cutoff(edge_bound, std::max(frame.magnitude, max_abs(p)));
  for (std::size_t i = 0; i < frame.edges.size(); ++i) {
    const auto& edge = frame.edges[i];
    if (cutoff.rules_out(frame, edge, p, distances)) continue;
    const SegmentNearest<T> nearest = nearest_on_segment(edge.edge, edge.length_squared, p - edge.a);
    if (!(nearest.distance_squared < best)) continue;
    best = nearest.distance_squared;
    const T t = nearest.t;
    if (t == 0) {
      answer.point = edge.a;
      answer.feature = {Feature::Vertex, edge.a_index};
    } else if (t == T(1)) {
      answer.point = frame.vertices[std::size_t(edge.b_index)];
      answer.feature = {Feature::Vertex, edge.b_index};
    } else {
      answer.point = edge.a + edge.edge * t;
      answer.feature = {Feature::Edge, static_cast<int>(i)};
    }
  }
  // A hull without edges (hand-made) still has vertices: the nearest one.
  if (frame.edges.empty() && answer.feature.kind == Feature::Inside) {
    for (std::size_t i = 0; i < frame.vertices.size(); ++i) {
      const Vec3<T> offset = p - frame.vertices[i];
      if (glm::dot(offset, offset) < best) {
        best = glm::dot(offset, offset);
        answer.point = frame.vertices[i];
        answer.feature = {Feature::Vertex, static_cast<int>(i)};
      }
    }
  }
  return answer;
}

namespace {

// What only the batch's skipping uses: each edge's middle, reach and faces, each vertex's
// edge, the sides' lengths, the sizes.
template <typename T>
void add_bounds(PolyhedronFrame<T>& frame, const ConvexPolyhedron<T>& hull) {
  frame.bounds = true;
  for (const Vec3<T>& v : hull.vertices) frame.magnitude = std::max(frame.magnitude, max_abs(v));
  for (auto& side : frame.sides) side.outward_inverse = T(1) / glm::length(side.outward);
  frame.edge_of_vertex.assign(hull.vertices.size(), -1);
  std::vector<std::array<int, 3>> by_ends;  // lower end, higher end, edge
  for (std::size_t i = 0; i < frame.edges.size(); ++i) {
    auto& edge = frame.edges[i];
    const T length = std::sqrt(edge.length_squared);
    frame.longest_edge = std::max(frame.longest_edge, length);
    edge.middle = edge.a * T(0.5) + hull.vertices[std::size_t(edge.b_index)] * T(0.5);
    edge.reach = length * T(0.5);
    for (int end : {edge.a_index, edge.b_index}) {
      if (frame.edge_of_vertex[std::size_t(end)] < 0) frame.edge_of_vertex[std::size_t(end)] = int(i);
    }
    by_ends.push_back({std::min(edge.a_index, edge.b_index), std::max(edge.a_index, edge.b_index), int(i)});
  }
  // Each edge's faces: those with the edge as a side, found by its ends.
  std::sort(by_ends.begin(), by_ends.end());
  constexpr T kUnitLength = T(1024) * std::numeric_limits<T>::epsilon();
  frame.unit_normals = true;
  for (std::size_t f = 0; f < hull.faces.size(); ++f) {
    const auto& loop = hull.faces[f];
    const auto& face = frame.faces[f];
    frame.unit_normals = frame.unit_normals && std::abs(glm::dot(face.normal, face.normal) - T(1)) <= kUnitLength;
    for (std::size_t k = 0; k < loop.size(); ++k) {
      const int u = loop[k], w = loop[(k + 1) % loop.size()];
      const std::array<int, 3> key{std::min(u, w), std::max(u, w), -1};
      const auto found = std::lower_bound(by_ends.begin(), by_ends.end(), key);
      if (found == by_ends.end() || (*found)[0] != key[0] || (*found)[1] != key[1]) continue;
      auto& edge = frame.edges[std::size_t((*found)[2])];
      if (edge.faces[1] >= 0) continue;
      edge.faces[edge.faces[0] < 0 ? 0 : 1] = int(f);
      for (int end : {u, w}) {
        edge.off_planes = std::max(edge.off_planes, std::abs(glm::dot(face.normal, hull.vertices[end] - face.anchor)));
      }
    }
  }
  // Each face's depth and off_plane; none for a face with an edge across it (both ends
  // in the face, not a side), which the proof does not cover.
  std::vector<char> in_face(hull.vertices.size());
  for (std::size_t f = 0; f < hull.faces.size(); ++f) {
    auto& face = frame.faces[f];
    std::fill(in_face.begin(), in_face.end(), 0);
    for (int v : hull.faces[f]) in_face[std::size_t(v)] = 1;
    int edges_within = 0;
    for (const auto& edge : hull.edges) edges_within += in_face[std::size_t(edge[0])] && in_face[std::size_t(edge[1])];
    if (edges_within != face.side_count) continue;
    T depth = std::numeric_limits<T>::infinity();
    for (std::size_t v = 0; v < hull.vertices.size(); ++v) {
      const T height = glm::dot(face.normal, hull.vertices[v] - face.anchor);
      if (in_face[v]) {
        face.off_plane = std::max(face.off_plane, std::abs(height));
      } else {
        depth = std::min(depth, -height);
      }
    }
    face.depth = std::isfinite(depth) ? depth : T(0);
  }
}

}  // namespace

template <typename T>
PolyhedronBatch<T> make_polyhedron_batch(const ConvexPolyhedron<T>& hull) {
  PolyhedronBatch<T> batch{make_polyhedron_frame(hull), {}, {}};
  batch.distances.resize(batch.frame.faces.size());
  add_bounds(batch.frame, hull);
  return batch;
}

template <typename T>
PolyhedronAnswer<T> next_answer(PolyhedronBatch<T>& batch, const Vec3<T>& p) {
  face_distances(batch.frame, p, std::span<T>(batch.distances));
  PolyhedronAnswer<T> answer{p, {Feature::Inside, 0}};
  if (std::any_of(batch.distances.begin(), batch.distances.end(), [](T d) { return d > T(0); })) {
    answer = outside_answer(batch.frame, p, std::span<const T>(batch.distances), batch.previous);
  }
  batch.previous = answer.feature;
  return answer;
}

#define GEO_INSTANTIATE_POLYHEDRON_FRAME(T)                                                                      \
  template PolyhedronFrame<T> make_polyhedron_frame(const ConvexPolyhedron<T>&);                                \
  template void face_distances(const PolyhedronFrame<T>&, const Vec3<T>&, std::span<T>);                         \
  template PolyhedronAnswer<T> outside_answer(const PolyhedronFrame<T>&, const Vec3<T>&, std::span<const T>,     \
                                              FeatureRef);                                                      \
  template PolyhedronBatch<T> make_polyhedron_batch(const ConvexPolyhedron<T>&);                                \
  template PolyhedronAnswer<T> next_answer(PolyhedronBatch<T>&, const Vec3<T>&);

GEO_INSTANTIATE_POLYHEDRON_FRAME(float)
GEO_INSTANTIATE_POLYHEDRON_FRAME(double)
#undef GEO_INSTANTIATE_POLYHEDRON_FRAME

}  // namespace geo::detail
