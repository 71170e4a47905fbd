#pragma once
// Private to the SAT files: the edge pairs of two polyhedra worth an axis, those whose
// arcs on the Gauss map may cross.
#include "sat_detail.h"
#include "collision_lab/sat_shapes.h"

namespace geo::sat_detail {

// Which side of a great circle a unit normal lies on: 0 within rounding of it.
template <typename T>
int side_of(const Vec3<T>& normal, const Vec3<T>& circle) {
  const T value = glm::dot(normal, circle), tolerance = parallel_sine<T>();
  return value > tolerance ? 1 : value < -tolerance ? -1 : 0;
}

// Whether edge `ea` of A and edge `eb` of B may make a face of A - B, whose normals are
// A's and B's negated: only when A's arc and B's negated arc cross on the Gauss map (the
// test of Gregorius, "The Separating Axis Test between convex polyhedra", GDC 2013).
// A value within rounding of zero rules nothing out: a pair is culled only when its arcs
// clearly miss, so culling never drops an axis the verdict may need. `c` and `d`: the
// sides of A's great circle that B's arc's ends lie on.
template <typename T>
bool arcs_may_cross(const SatEdgeArc<T>& ea, const SatEdgeArc<T>& eb, int c, int d) {
  // B's normals on one side of A's great circle: B's arc misses it.
  if (c * d > 0) return false;
  // A's normals on one side of B's great circle: A's arc misses it.
  const int b = side_of(ea.normal_b, eb.arc_plane);
  if (b * side_of(ea.normal_a, eb.arc_plane) > 0) return false;
  // The circles meet at two antipodal points: the arcs share the one on A's arc and B's
  // negated arc only when these two signs differ.
  return c * b <= 0;
}

// Whether every arc's faces index the shape's face_units (as sat_shape makes them).
template <typename T>
bool arcs_index_faces(const SatShape<T>& shape) {
  const auto in = [&](int f) { return f >= 0 && static_cast<std::size_t>(f) < shape.face_units.size(); };
  bool ok = true;
  for (const auto& arc : shape.edge_arcs) ok &= in(arc.face_a) & in(arc.face_b);
  return ok;
}

// The ends of B's arcs laid out for a pass per great circle of A: the normals by
// coordinate (the sides of all of them are then a loop that vectorizes; sat_arcs.cpp is
// built for it) and each arc's two ends as indices into them. The ends are the faces'
// normals in face_units, or each arc's own when its faces do not index them.
template <typename T>
class ArcEnds {
 public:
  explicit ArcEnds(const SatShape<T>& shape);

  // Writes to `meeting`, in order, the arcs whose ends are not clearly on one side of
  // `circle`, as side_of finds the sides; returns how many. Most of B's arcs miss a circle
  // of A: they are sifted out without a branch each (which would be mispredicted at random).
  std::size_t sift(const Vec3<T>& circle, std::size_t* meeting);

  // The sides (1, -1, 0) of arc j's ends found by the last sift.
  int side_first(std::size_t j) const { return static_cast<int>(sides_[ends_[j].first]); }
  int side_second(std::size_t j) const { return static_cast<int>(sides_[ends_[j].second]); }

 private:
  struct Ends {
    int first, second;
  };
  void add(const Vec3<T>& normal);

  // Room in place for hulls of a few dozen vertices.
  SmallList<T, 128> x_, y_, z_;
  SmallList<T, 128> sides_;  // in T, as GCC vectorizes no mix of types here
  SmallList<Ends, 256> ends_;
};

// Calls visit(i, j) with edge directions i of A and j of B for the pairs whose axes the
// test takes, in its order, until visit returns true; returns whether it did. Two
// polyhedra pair only the edges whose arcs may cross, other shapes every pair.
template <typename T, typename Visit>
bool visit_edge_pairs(const SatShape<T>& a, const SatShape<T>& b, Visit&& visit) {
  if (a.edge_arcs.empty() || b.edge_arcs.empty()) {
    const int count_a = static_cast<int>(a.edge_directions.size()), count_b = static_cast<int>(b.edge_directions.size());
    for (int i = 0; i < count_a; ++i) {
      for (int j = 0; j < count_b; ++j) if (visit(i, j)) return true;
    }
    return false;
  }
  ArcEnds<T> ends_b(b);
  const SatEdgeArc<T>* arcs_b = b.edge_arcs.data();
  SmallList<std::size_t, 256> meeting;
  meeting.assign(b.edge_arcs.size(), 0);
  for (const SatEdgeArc<T>& ea : a.edge_arcs) {
    const std::size_t count = ends_b.sift(ea.arc_plane, meeting.data());
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t j = meeting[k];
      if (arcs_may_cross(ea, arcs_b[j], ends_b.side_first(j), ends_b.side_second(j)) &&
          visit(ea.direction, arcs_b[j].direction)) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace geo::sat_detail
