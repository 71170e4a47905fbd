// make_convex_hull: quickhull (hull_conflicts.cpp) with a size-relative tolerance.
// Points within the tolerance of the current hull are treated as on it and never become
// vertices, so duplicates and points on faces or edges disappear; coplanar triangles
// are merged into polygon faces afterwards (hull_faces.cpp).
#include "collision_lab/hull.h"

#include "hull_conflicts.h"
#include "shape_rules.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

namespace geo {
namespace hull_detail {
namespace {

// Spreads the bits of a 21-bit integer three apart, for a Morton code.
std::uint64_t spread_bits(std::uint64_t x) {
  x &= 0x1fffff;
  x = (x | x << 32) & 0x1f00000000ffffULL;
  x = (x | x << 16) & 0x1f0000ff0000ffULL;
  x = (x | x << 8) & 0x100f00f00f00f00fULL;
  x = (x | x << 4) & 0x10c30c30c30c30c3ULL;
  x = (x | x << 2) & 0x1249249249249249ULL;
  return x;
}

// The input's indices along a Morton curve through its bounding box: points near each
// other on the hull then sit near each other in memory, which keeps a million-point
// build in the caches.
template <typename T>
std::vector<int> spatial_order(const std::vector<Vec3<T>>& input, std::vector<int> order, const Vec3<T>& lo,
                               const Vec3<T>& hi) {
  const Vec3<T> extent = hi - lo;
  const T largest = std::max({extent.x, extent.y, extent.z});
  const T to_grid = largest > 0 ? T(0x1fffff) / largest : T(0);
  // Clamped, and NaN (an extent past a double: infinity times 0) taken as 0: the order
  // only speeds the build up, so any cell will do, but converting NaN is undefined.
  auto grid = [&](T offset) -> std::uint64_t {
    const T cell = offset * to_grid;
    return cell > 0 ? static_cast<std::uint64_t>(std::min(cell, T(0x1fffff))) : 0;
  };
  std::vector<std::uint64_t> keys(input.size());
  for (const int i : order) {
    const Vec3<T> offset = input[i] - lo;
    keys[i] = spread_bits(grid(offset.x)) | spread_bits(grid(offset.y)) << 1 | spread_bits(grid(offset.z)) << 2;
  }
  // By key, ties by index (`order` is ascending). A large cloud takes a stable radix sort
  // of the 63-bit keys, 16 bits a pass; below, clearing its counts costs more than a sort.
  if (order.size() < (std::size_t(1) << 16)) {
    std::sort(order.begin(), order.end(), [&](int i, int j) { return keys[i] < keys[j] || (keys[i] == keys[j] && i < j); });
    return order;
  }
  std::vector<int> swapped(order.size());
  std::vector<std::size_t> start(1 << 16);
  for (int shift = 0; shift < 64; shift += 16) {
    std::fill(start.begin(), start.end(), 0);
    for (const int i : order) ++start[keys[i] >> shift & 0xffff];
    std::size_t sum = 0;
    for (std::size_t& count : start) sum += std::exchange(count, sum);
    for (const int i : order) swapped[start[keys[i] >> shift & 0xffff]++] = i;
    order.swap(swapped);
  }
  return order;
}

// Akl and Toussaint's filter: the hull of the points extreme along the three axes and the
// four diagonals lies inside the hull, and a point deeper inside it than `margin` is never
// a vertex nor the farthest point of a face (something is `margin` farther in every
// direction), so the build can leave it out. The indices of the rest, ascending; all of
// them when that small hull is flat.
template <typename T>
std::vector<int> candidates(const std::vector<Vec3<T>>& input, T margin) {
  constexpr int kDirections = 14;
  std::array<T, kDirections> extent;
  extent.fill(-std::numeric_limits<T>::infinity());
  std::array<int, kDirections> extreme{};
  for (std::size_t i = 0; i < input.size(); ++i) {
    const Vec3<T>& p = input[i];
    const std::array<T, 7> along = {p.x, p.y, p.z, p.x + p.y + p.z, p.x + p.y - p.z, p.x - p.y + p.z, -p.x + p.y + p.z};
    for (int d = 0; d < 7; ++d) {
      if (along[d] > extent[2 * d]) extent[2 * d] = along[d], extreme[2 * d] = static_cast<int>(i);
      if (-along[d] > extent[2 * d + 1]) extent[2 * d + 1] = -along[d], extreme[2 * d + 1] = static_cast<int>(i);
    }
  }
  std::vector<Vec3<T>> corners;
  for (const int i : extreme) corners.push_back(input[i]);
  const HullBuild<T> small = make_convex_hull(corners);
  std::vector<int> kept;
  for (std::size_t i = 0; i < input.size(); ++i) {
    bool inside = small.ok();
    for (const Plane<T>& plane : small.hull.face_planes) {
      if (glm::dot(plane.normal, input[i]) - plane.d >= -margin) {
        inside = false;
        break;
      }
    }
    if (!inside) kept.push_back(static_cast<int>(i));
  }
  return kept;
}

template <typename T>
bool initial_simplex(TriangleMesh<T>& mesh, int n, std::array<int, 4>& corners, std::string& message) {
  const auto& pts = mesh.points;
  const int count = static_cast<int>(pts.size());
  // Of equally good points the first in the input wins, whatever the spatial order.
  auto better = [&](T value, T best, int i, int best_i) {
    return value > best || (value == best && best_i >= 0 && mesh.input_index[i] < mesh.input_index[best_i]);
  };
  const std::string all = "all " + std::to_string(n) + " points ";
  // The two extreme points along the widest axis.
  Vec3<T> lo = pts[0], hi = pts[0];
  for (const auto& p : pts) { lo = glm::min(lo, p); hi = glm::max(hi, p); }
  const Vec3<T> extent = hi - lo;
  const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
  int i0 = 0, i1 = 0;
  for (int i = 0; i < count; ++i) {
    if (better(-pts[i][axis], -pts[i0][axis], i, i0)) i0 = i;
    if (better(pts[i][axis], pts[i1][axis], i, i1)) i1 = i;
  }
  const T length = glm::length(pts[i1] - pts[i0]);
  if (!(length > mesh.tolerance)) { message = all + "coincide"; return false; }
  // The point farthest from their line, then the one farthest from that plane.
  const Vec3<T> along = (pts[i1] - pts[i0]) / length;
  int i2 = -1;
  T best = mesh.tolerance;
  for (int i = 0; i < count; ++i) {
    const T d = glm::length(glm::cross(pts[i] - pts[i0], along));
    if (better(d, best, i, i2)) { best = d; i2 = i; }
  }
  if (i2 < 0) { message = all + "are collinear"; return false; }
  // Flat needs a wider margin than "on a plane": a set barely thicker than the
  // tolerance would leave every face ambiguous when coplanar faces are merged.
  const Vec3<T> normal = triangle_normal(pts[i0], pts[i1], pts[i2]);
  int i3 = -1;
  best = T(8) * mesh.tolerance;
  for (int i = 0; i < count; ++i) {
    const T d = std::abs(glm::dot(normal, pts[i] - pts[i0]));
    if (better(d, best, i, i3)) { best = d; i3 = i; }
  }
  if (i3 < 0) { message = all + "are coplanar"; return false; }
  corners = {i0, i1, i2, i3};
  return true;
}

// Every face linked to a live face across each of its edges. Rounding among nearly
// coincident points can leave the grown mesh open, and the face merging walks these links.
template <typename T>
bool linked(const TriangleMesh<T>& mesh) {
  const int count = static_cast<int>(mesh.faces.size());
  for (const auto& face : mesh.faces) {
    for (int neighbor : face.neighbor) {
      if (neighbor < 0 || neighbor >= count) return false;
    }
  }
  return true;
}

}  // namespace
}  // namespace hull_detail

// Clouds at least this large are filtered first (candidates): below, the filter costs
// about what it saves.
constexpr int kFilteredCloud = 4096;

namespace hull_detail {
namespace {

// How a build is tried: `widen` times the size-relative tolerance; near points tested
// again at the end (grow_hull); the points added in the reverse of their spatial order.
struct Attempt {
  int widen = 1;
  bool regive = false;
  bool reversed = false;
};

// One build as `attempt` says; `tolerance` is set to its tolerance in the input's units.
template <typename T>
HullBuild<T> build_hull(const std::vector<Vec3<T>>& input, const Vec3<T>& lo, const Vec3<T>& hi, Attempt attempt,
                        T& tolerance) {
  HullBuild<T> build;
  build.error = QueryError::InvalidShape;
  const int n = static_cast<int>(input.size());
  // Work near the origin (the box centre), where the differences are exact; the slack
  // still grows with the distance from the origin, which the input's rounding does too.
  const Vec3<T> centre = (lo + hi) * T(0.5);
  const T magnitude = std::max({std::abs(lo.x), std::abs(lo.y), std::abs(lo.z), std::abs(hi.x), std::abs(hi.y),
                                std::abs(hi.z)});
  TriangleMesh<T> mesh;
  // Scaled by a power of two to a largest coordinate near 1, exactly: a cloud 1e-150
  // across had squared lengths of 0, and was refused as coplanar.
  int exponent = 0;
  std::frexp(magnitude, &exponent);
  mesh.scale = {std::ldexp(T(1), -exponent / 2), std::ldexp(T(1), -exponent + exponent / 2)};
  mesh.tolerance = T(attempt.widen) * T(64) * std::numeric_limits<T>::epsilon() *
                   (glm::length(mesh.scaled(hi) - mesh.scaled(lo)) + mesh.scaled(Vec3<T>(magnitude)).x);
  tolerance = mesh.tolerance / (mesh.scale[0] * mesh.scale[1]);
  // Large clouds leave out what is certainly inside (a million points in a cube keep
  // about one in a hundred), with a margin of 16 tolerances.
  std::vector<int> kept;
  if (n >= kFilteredCloud) {
    kept = candidates(input, T(16) * tolerance);
  } else {
    kept.resize(input.size());
    for (int i = 0; i < n; ++i) kept[i] = i;
  }
  mesh.input_index = spatial_order(input, std::move(kept), lo, hi);
  if (attempt.reversed) std::reverse(mesh.input_index.begin(), mesh.input_index.end());
  mesh.points.reserve(mesh.input_index.size());
  for (int i : mesh.input_index) mesh.points.push_back(mesh.scaled(input[i] - centre));

  std::array<int, 4> corners{};
  if (!initial_simplex(mesh, n, corners, build.message)) return build;
  grow_hull(mesh, corners, attempt.regive);
  if (!linked(mesh)) {
    build.message = "rounding among nearly coincident points left the hull open";
    return build;
  }
  if (!polygon_faces(mesh, input, build.hull, build.message)) {
    build.hull = {};
    return build;
  }
  build.error = QueryError::None;
  return build;
}

// Every input point at most `slack` above every face plane: a face folded or turned
// inwards by rounding among near-duplicates leaves some point above it.
template <typename T>
bool holds_every_point(const ConvexPolyhedron<T>& hull, const std::vector<Vec3<T>>& input, T slack) {
  for (const Plane<T>& plane : hull.face_planes) {
    for (const Vec3<T>& p : input) {
      if (!(glm::dot(plane.normal, p) - plane.d <= slack)) return false;
    }
  }
  return true;
}

// Hulls are checked against every input point when that takes at most this many plane
// tests (about a millisecond); larger ones are not.
constexpr std::size_t kCheckedWork = std::size_t(1) << 20;

}  // namespace
}  // namespace hull_detail

// A build that rounding among nearly coincident points left unsound (a point above a
// face by more than 6 tolerances) is built again: with its near points tested again at
// the end, which catches a face grown to lean over one; then also in the reverse order,
// since a needle of near-duplicates can tilt a face over far points in one order and not
// in another; then with the tolerance doubled, then quadrupled, which merges those
// points. A few clouds in 100,000 of near-duplicates and slivers need it
// (tests/unit/hull_qhull_test.cpp). When no build is sound the first one is returned.
template <typename T>
HullBuild<T> make_convex_hull(const std::vector<Vec3<T>>& input) {
  using namespace hull_detail;
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (!all_finite(input[i])) return {{}, QueryError::NonFiniteInput, "point " + std::to_string(i) + " is not finite"};
  }
  if (input.size() < 4) return {{}, QueryError::InvalidShape, detail::too_few_points(4, input.size())};
  Vec3<T> lo = input[0], hi = input[0];
  for (const auto& p : input) { lo = glm::min(lo, p); hi = glm::max(hi, p); }
  constexpr Attempt kAttempts[] = {{1, false, false}, {1, true, false}, {1, true, true}, {2, false, false},
                                   {2, true, false},  {2, true, true},  {4, false, false}, {4, true, false},
                                   {4, true, true}};
  HullBuild<T> first;
  T base_tolerance = 0;
  for (const Attempt& attempt : kAttempts) {
    T tolerance = 0;
    HullBuild<T> build = build_hull(input, lo, hi, attempt, tolerance);
    const bool is_first = &attempt == &kAttempts[0];
    if (is_first) base_tolerance = tolerance;
    const bool checked = input.size() * build.hull.faces.size() <= kCheckedWork;
    if (build.ok() && (!checked || holds_every_point(build.hull, input, T(6) * base_tolerance))) return build;
    if (is_first) first = std::move(build);
  }
  return first;
}

template HullBuild<float> make_convex_hull(const std::vector<Vec3<float>>&);
template HullBuild<double> make_convex_hull(const std::vector<Vec3<double>>&);

}  // namespace geo
