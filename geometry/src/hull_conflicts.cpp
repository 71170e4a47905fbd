// Quickhull with conflict lists. A point is kept by the one face it is farthest above;
// adding a point replaces the faces it sees (and any a fan face would fold concave
// against) by a fan to their horizon, and only the points of the replaced faces are
// tested again, against the fan. Points within the tolerance above the hull are on it
// and never become vertices, so duplicates and points on faces or edges do not; they
// stay in their face's list until it is replaced, and are tested again then: near a
// sharp corner a point a tolerance above every face can lie far outside the faces that
// replace them (a needle's tip, nine tolerances). Points below every face are dropped
// for good. The lists are threaded through one per-point array and dead faces' slots
// are reused, so a step allocates nothing once the buffers have grown.
#include "hull_conflicts.h"

#include "accurate_cross.h"

#include <algorithm>
#include <deque>
#include <limits>

namespace geo::hull_detail {

// The cross product at the vertex opposite the longest edge is the best conditioned.
template <typename T>
Vec3<T> triangle_normal(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c) {
  const T ab = glm::dot(b - a, b - a), bc = glm::dot(c - b, c - b), ca = glm::dot(a - c, a - c);
  Vec3<T> n;
  if (ab >= bc && ab >= ca) n = detail::accurate_triangle_cross(c, a, b);
  else if (bc >= ca) n = detail::accurate_triangle_cross(a, b, c);
  else n = detail::accurate_triangle_cross(b, c, a);
  const T length = glm::length(n);
  return length > 0 ? n / length : Vec3<T>(0);
}

namespace {

constexpr int kRegivenEye = 4;

template <typename T>
T height(const TriangleFace<T>& face, const Vec3<T>& p) { return glm::dot(face.normal, p) - face.offset; }

template <typename T>
TriangleFace<T> make_face(const std::vector<Vec3<T>>& points, int a, int b, int c) {
  TriangleFace<T> face;
  face.v = {a, b, c};
  face.normal = triangle_normal(points[a], points[b], points[c]);
  face.offset = (glm::dot(face.normal, points[a]) + glm::dot(face.normal, points[b]) + glm::dot(face.normal, points[c])) / T(3);
  return face;
}

struct HorizonEdge {
  int from, to, outer;  // outer: the face beyond the edge that stays
};

template <typename T>
class Grower {
 public:
  explicit Grower(TriangleMesh<T>& mesh)
      : mesh_(mesh), next_outside_(mesh.points.size(), -1), horizon_trace_(mesh.points.size(), -1),
        horizon_at_(mesh.points.size(), 0) {}

  void start(const std::array<int, 4>& c) {
    // A hull of n points has at most 2n - 4 triangles; reserving (not touching) that
    // much saves copying the faces each time the array would double.
    mesh_.faces.reserve(2 * mesh_.points.size() + 16);
    const std::array<std::array<int, 4>, 4> tetra{{{c[0], c[1], c[2], c[3]},
                                                   {c[0], c[3], c[1], c[2]},
                                                   {c[1], c[3], c[2], c[0]},
                                                   {c[2], c[3], c[0], c[1]}}};
    for (const auto& t : tetra) {  // t[3] is the corner opposite the face: keep it below
      auto face = make_face(mesh_.points, t[0], t[1], t[2]);
      if (height(face, mesh_.points[t[3]]) > 0) face = make_face(mesh_.points, t[0], t[2], t[1]);
      mesh_.faces.push_back(face);
    }
    for (auto& face : mesh_.faces) {
      for (int k = 0; k < 3; ++k) face.neighbor[k] = face_across(face.v[(k + 1) % 3], face.v[k]);
    }
    const std::array<int, 4> all{0, 1, 2, 3};
    for (int p = 0; p < static_cast<int>(mesh_.points.size()); ++p) {
      if (p != c[0] && p != c[1] && p != c[2] && p != c[3]) assign(p, all.data(), 4);
    }
  }

  // Quickhull: repeatedly add the point farthest above some face.
  void run() {
    while (!pending_.empty()) {
      const int f = pending_.front();
      pending_.pop_front();
      while (mesh_.faces[f].alive && mesh_.faces[f].farthest >= 0) {
        const int eye = mesh_.faces[f].farthest;
        if (!add_point(f, eye)) drop_outside(f, eye);  // a point rounding will not let in is dropped
      }
    }
  }

  // Tests every near point (listed within the tolerance above its face) again against
  // the faces around its face's corners: one of them may have been replaced since by a
  // fan face that leans over it. Among near-duplicates and slivers, points 10 to 70
  // tolerances outside were left behind that way. A point becomes an eye of such a face
  // only when it is above by more than kRegivenEye tolerances (make_convex_hull accepts
  // 6) times its distance from the face over the face's size: the plane of a face a few
  // tolerances across, among near-duplicates, tilts by about a tolerance over its size,
  // and says nothing of a point far away. True when one became an eye; `run` goes on.
  bool regive_near_points() {
    auto& faces = mesh_.faces;
    for (int f = 0; f < static_cast<int>(faces.size()); ++f) {
      if (!faces[f].alive || faces[f].outside_head < 0) continue;
      around_.clear();
      for (int corner : faces[f].v) add_faces_around(f, corner);
      orphans_.clear();
      for (int q = faces[f].outside_head; q >= 0; q = next_outside_[q]) orphans_.push_back(q);
      faces[f].outside_head = -1;
      for (int q : orphans_) {
        const Vec3<T>& p = mesh_.points[q];
        int eye_of = -1;
        T most = 1, bar = 0;  // the largest height over its bar, and that bar
        for (int g : around_) {
          const T g_bar = kRegivenEye * mesh_.tolerance * std::max(T(1), reach(faces[g], p));
          if (const T over = height(faces[g], p) / g_bar; over > most) most = over, bar = g_bar, eye_of = g;
        }
        if (eye_of >= 0) push_outside(eye_of, q, height(faces[eye_of], p), bar);
        else push_outside(f, q, height(faces[f], p));
      }
    }
    return !pending_.empty();
  }

  // How far p is from the face's first corner, in units of its longest edge.
  T reach(const TriangleFace<T>& face, const Vec3<T>& p) const {
    const auto& pts = mesh_.points;
    const Vec3<T>&a = pts[face.v[0]], &b = pts[face.v[1]], &c = pts[face.v[2]];
    const T size = std::max({glm::length(b - a), glm::length(c - b), glm::length(a - c)});
    const T distance = glm::length(p - a);
    return size > 0 ? distance / size : std::numeric_limits<T>::infinity();
  }

  // Adds the faces around `corner` of face f to around_, turning across the edge that
  // leaves the corner; a mesh rounding left open stops the turn.
  void add_faces_around(int f, int corner) {
    const auto& faces = mesh_.faces;
    int g = f;
    for (int turns = 0; turns < 64; ++turns) {
      if (std::find(around_.begin(), around_.end(), g) == around_.end()) around_.push_back(g);
      const auto& v = faces[g].v;
      const int k = v[0] == corner ? 0 : (v[1] == corner ? 1 : 2);
      g = faces[g].neighbor[k];
      if (g < 0 || g == f || !faces[g].alive) return;
    }
  }

  // Drops the dead faces and orders the rest by their lowest corner (a counting sort on
  // the points' spatial order), so that the merging pass finds neighbours nearby in memory.
  void compact() {
    const auto& faces = mesh_.faces;
    auto lowest = [&](const TriangleFace<T>& face) { return std::min({face.v[0], face.v[1], face.v[2]}); };
    std::vector<int> first(mesh_.points.size() + 1, 0), moved_to(faces.size(), -1);
    for (const auto& face : faces) {
      if (face.alive) ++first[lowest(face) + 1];
    }
    for (std::size_t v = 1; v < first.size(); ++v) first[v] += first[v - 1];
    for (std::size_t f = 0; f < faces.size(); ++f) {
      if (faces[f].alive) moved_to[f] = first[lowest(faces[f])]++;
    }
    std::vector<TriangleFace<T>> ordered(static_cast<std::size_t>(first.back()));
    for (std::size_t f = 0; f < faces.size(); ++f) {
      if (!faces[f].alive) continue;
      auto& face = ordered[moved_to[f]] = faces[f];
      for (int& neighbor : face.neighbor) neighbor = neighbor >= 0 ? moved_to[neighbor] : -1;
    }
    mesh_.faces = std::move(ordered);
  }

 private:
  // The tetrahedron's face holding the directed edge a -> b.
  int face_across(int a, int b) const {
    for (int f = 0; f < 4; ++f) {
      const auto& v = mesh_.faces[f].v;
      for (int k = 0; k < 3; ++k) {
        if (v[k] == a && v[(k + 1) % 3] == b) return f;
      }
    }
    return -1;
  }

  // Gives the point to the face it is farthest above, if it is above any; ties go to the
  // first face listed.
  void assign(int point, const int* faces, int count, T eye_above = -1) {
    const Vec3<T>& p = mesh_.points[point];
    int best_face = -1;
    T best = 0;
    for (int i = 0; i < count; ++i) {
      const T h = height(mesh_.faces[faces[i]], p);
      if (h > best) { best = h; best_face = faces[i]; }
    }
    if (best_face >= 0) push_outside(best_face, point, best, eye_above);
  }

  // Lists the point on the face; one more than `eye_above` (the tolerance when negative)
  // above is a candidate eye.
  void push_outside(int f, int point, T h, T eye_above = -1) {
    auto& face = mesh_.faces[f];
    next_outside_[point] = face.outside_head;
    face.outside_head = point;
    if (!(h > (eye_above < 0 ? mesh_.tolerance : eye_above))) return;
    if (face.farthest < 0) pending_.push_back(f);
    // The first in the input wins a tie, so the choice does not depend on any order of ours.
    if (face.farthest < 0 || h > face.farthest_height ||
        (h == face.farthest_height && mesh_.input_index[point] < mesh_.input_index[face.farthest])) {
      face.farthest = point;
      face.farthest_height = h;
    }
  }

  void drop_outside(int f, int point) {
    auto& face = mesh_.faces[f];
    const int rest = face.outside_head;
    face.outside_head = -1;
    face.farthest = -1;
    for (int q = rest; q >= 0;) {
      const int next = next_outside_[q];
      if (q != point) push_outside(f, q, height(face, mesh_.points[q]));
      q = next;
    }
  }

  void mark_visible(int f) {
    mesh_.faces[f].visited = step_;
    visible_.push_back(f);
    stack_.push_back(f);
  }

  // Adds to the visible faces every face reachable from the newly marked ones that p is
  // more than the tolerance above.
  void spread_visibility(const Vec3<T>& p) {
    auto& faces = mesh_.faces;
    while (!stack_.empty()) {
      const int f = stack_.back();
      stack_.pop_back();
      for (int g : faces[f].neighbor) {
        if (faces[g].visited != step_ && height(faces[g], p) > mesh_.tolerance) mark_visible(g);
      }
    }
  }

  // Orders the edges between the visible faces and the rest into one loop. False when
  // rounding makes the visible region something other than a disc.
  bool trace_horizon() {
    const auto& faces = mesh_.faces;
    ++trace_;
    edges_.clear();
    for (int f : visible_) {
      for (int k = 0; k < 3; ++k) {
        const int g = faces[f].neighbor[k];
        if (faces[g].visited != step_) edges_.push_back({faces[f].v[k], faces[f].v[(k + 1) % 3], g});
      }
    }
    // No horizon, a vertex starting two horizon edges, or a loop missing some: not a disc.
    if (edges_.empty()) return false;
    for (int e = 0; e < static_cast<int>(edges_.size()); ++e) {
      if (horizon_trace_[edges_[e].from] == trace_) return false;
      horizon_trace_[edges_[e].from] = trace_;
      horizon_at_[edges_[e].from] = e;
    }
    horizon_.assign(1, edges_[0]);
    for (;;) {
      const int to = horizon_.back().to;
      if (horizon_trace_[to] != trace_) return false;
      const int e = horizon_at_[to];
      if (e == 0) break;
      if (horizon_.size() == edges_.size()) return false;
      horizon_.push_back(edges_[e]);
    }
    return horizon_.size() == edges_.size();
  }

  // Plans the fan of new faces around the eye. A face the eye is above by no more than
  // the tolerance stays, and a fan face leaning on it across a short edge may tilt far
  // enough to leave the stayer's far corner a long way above it (an eye a tolerance
  // from a vertex turns the tilt into a right angle). And an eye within the tolerance of
  // a stayer's plane, seen only through rounding from a nearly coplanar face, gives a
  // fan face folded back over the stayer (their normals opposed): seven coplanar points
  // then left an eighth 0.97 outside the hull. Such a stayer is marked visible, as it is
  // in exact arithmetic or within the tolerance; true when one was.
  bool plan_fan(int eye) {
    const auto& faces = mesh_.faces;
    fan_.clear();
    bool widened = false;
    for (const HorizonEdge& edge : horizon_) {
      const auto& face = fan_.emplace_back(make_face(mesh_.points, edge.from, edge.to, eye));
      const auto& stayer = faces[edge.outer];
      const int far_corner = stayer.v[0] + stayer.v[1] + stayer.v[2] - edge.from - edge.to;
      const bool folds = glm::dot(face.normal, stayer.normal) < 0 && height(stayer, mesh_.points[eye]) >= -mesh_.tolerance;
      if (stayer.visited != step_ && (folds || height(face, mesh_.points[far_corner]) > mesh_.tolerance)) {
        mark_visible(edge.outer);
        widened = true;
      }
    }
    return widened;
  }

  // Finds the faces to replace when the eye is added, from one it sees, and the fan of
  // faces that replaces them. False when rounding makes the region not a disc.
  bool find_horizon(int start, int eye) {
    ++step_;
    visible_.clear();
    stack_.clear();
    mark_visible(start);
    do {
      spread_visibility(mesh_.points[eye]);
      if (!trace_horizon()) return false;
    } while (plan_fan(eye));
    return true;
  }

  // Adds point `eye` seen from face `start`. Returns false, leaving the mesh untouched,
  // when the horizon is not one loop.
  bool add_point(int start, int eye) {
    if (!find_horizon(start, eye)) return false;
    auto& faces = mesh_.faces;
    orphans_.clear();
    for (int f : visible_) {
      for (int q = faces[f].outside_head; q >= 0; q = next_outside_[q]) {
        if (q != eye) orphans_.push_back(q);
      }
      // A vertex inside the visible region leaves the hull with it. Exactly, it would lie
      // inside the new hull; but faces a tolerance from the eye are replaced too, and one
      // such vertex was left 17 tolerances outside: it is tested against the fan like the
      // faces' points. The horizon's vertices carry this trace's mark, and so, once
      // listed, do these.
      for (int v : faces[f].v) {
        if (horizon_trace_[v] != trace_) {
          horizon_trace_[v] = trace_;
          orphans_.push_back(v);
        }
      }
      faces[f].alive = false;
      faces[f].outside_head = -1;
      free_.push_back(f);
    }
    // One new face per horizon edge, fanned around the eye.
    const int count = static_cast<int>(horizon_.size());
    created_.clear();
    for (int i = 0; i < count; ++i) {
      if (free_.empty()) {
        created_.push_back(static_cast<int>(faces.size()));
        faces.emplace_back();
      } else {
        created_.push_back(free_.back());
        free_.pop_back();
      }
    }
    for (int i = 0; i < count; ++i) {
      const HorizonEdge& edge = horizon_[i];
      auto& face = fan_[i];
      face.neighbor = {edge.outer, created_[(i + 1) % count], created_[(i + count - 1) % count]};
      faces[created_[i]] = face;
      auto& outer = faces[edge.outer];
      for (int k = 0; k < 3; ++k) {
        if (outer.v[k] == edge.to && outer.v[(k + 1) % 3] == edge.from) outer.neighbor[k] = created_[i];
      }
    }
    for (int q : orphans_) assign(q, created_.data(), count);
    return true;
  }

  TriangleMesh<T>& mesh_;
  std::vector<int> next_outside_;  // per point: the next point in its face's outside list
  std::vector<int> horizon_trace_;  // per point: the horizon trace it last started an edge of
  std::vector<int> horizon_at_;    // per point: which of edges_ it starts
  int step_ = 0;   // counts the points added, marking the faces each one sees
  int trace_ = 0;  // counts the horizons traced (a step may trace several)
  // Faces that got outside points (some may have died since), oldest first: taking the
  // newest first made points on two circles (a cylinder's rims) ten times slower.
  std::deque<int> pending_;
  std::vector<int> free_;          // dead faces' slots
  std::vector<int> visible_, stack_, orphans_, created_, around_;
  std::vector<HorizonEdge> edges_, horizon_;
  std::vector<TriangleFace<T>> fan_;  // the new face of each horizon edge
};

}  // namespace

template <typename T>
void grow_hull(TriangleMesh<T>& mesh, const std::array<int, 4>& corners, bool regive) {
  Grower<T> grower(mesh);
  grower.start(corners);
  grower.run();
  for (int pass = 0; regive && pass < 4 && grower.regive_near_points(); ++pass) grower.run();
  grower.compact();
}

template Vec3<float> triangle_normal(const Vec3<float>&, const Vec3<float>&, const Vec3<float>&);
template Vec3<double> triangle_normal(const Vec3<double>&, const Vec3<double>&, const Vec3<double>&);
template void grow_hull(TriangleMesh<float>&, const std::array<int, 4>&, bool);
template void grow_hull(TriangleMesh<double>&, const std::array<int, 4>&, bool);

}  // namespace geo::hull_detail
