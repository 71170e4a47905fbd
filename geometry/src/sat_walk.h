#pragma once
// Private to the SAT files: the vertex of a large hull that is extreme along an axis, found
// by walking the hull's edges instead of scanning every vertex, with the scan's answer bit
// for bit: the largest (or least) of the computed dots, from the lowest index among equals.
//
// Why the walk finds it. Say the edges are the graph of an exactly convex polytope Q whose
// vertices lie within `flatness` of the stored ones: an assumption about the hull builder's
// output (its faces are planar and convex to within its tolerance; `flatness` allows four
// times that), not checked here beyond the graph's shape. Let s/2 bound how far a computed dot g may be from Q's exact one f
// (rounding of the dot and of the relative coordinates, plus flatness). For any vertex w,
// the vertices with f >= g(w) - s/2 are connected in Q's graph (a linear function's upper
// level sets are, on a convex polytope), hold every maximiser of g, and all have g >= g(w) - s.
// So the band {g >= g(w) - s} around w, searched breadth first, holds every maximiser.
// A climb first makes w the top of its neighbourhood, so the band is a handful of
// vertices; a band or climb beyond its bound falls back to the scan, as do hulls whose
// vertices or extent make the bound meaningless. If the edges are not such a graph
// (a hull made by hand, far from convex), the answer may be a local extreme only.
#include "collision_lab/vec.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace geo {
// Declared only: sat_shapes.h defines them and every file that walks includes it first;
// including it here would make a cycle, as sat_shapes.cpp includes this file.
template <typename T> struct SatVertexGraph;
template <typename T> struct SatShape;
}  // namespace geo

namespace geo::sat_detail {

template <typename T>
class ExtremeWalk {
 public:
  // `points`: the vertices as the caller projects them (relative to some origin), in the
  // graph's order; `extent`: their largest |coordinate|.
  ExtremeWalk(const SatVertexGraph<T>& graph, const Vec3<T>* points, std::size_t count, T extent)
      : graph_(graph), points_(points), count_(count), mark_(count, 0) {
    constexpr T u = std::numeric_limits<T>::epsilon();
    // A dot of three products rounds by under 3u of the sum of |products|; the relative
    // coordinates by u of each; flatness is a distance. Doubled for both ends, and again for margin.
    per_unit_ = T(4) * (T(4) * u * extent + graph.flatness);
    usable_ = graph.start.size() == count + 1 && count > 0 && std::isfinite(per_unit_) &&
              extent <= std::numeric_limits<T>::max() / T(64);
  }

  bool usable() const { return usable_; }

  // The index of the vertex whose glm::dot(axis, point) is largest (`highest`) or least,
  // the lowest index among equal values, starting the walk at `start`.
  int extreme(const Vec3<T>& axis, bool highest, int start) {
    if (!usable_ || !all_finite(axis)) return scan(axis, highest);
    const T sign = highest ? T(1) : T(-1);  // negation is exact: the least is the largest of -dot
    const auto value = [&](int i) { return sign * glm::dot(axis, points_[static_cast<std::size_t>(i)]); };
    if (start < 0 || static_cast<std::size_t>(start) >= count_) start = 0;
    int best = start;
    T best_value = value(best);
    for (std::size_t steps = 0;; ++steps) {  // climb to the top of a neighbourhood
      if (steps > kClimbLimit) return scan(axis, highest);
      int next = best;
      for (int k = graph_.start[best]; k < graph_.start[best + 1]; ++k) {
        const int n = graph_.neighbours[static_cast<std::size_t>(k)];
        const T v = value(n);
        visited_++;
        if (v > best_value) { best_value = v; next = n; }
      }
      if (next == best) break;
      best = next;
    }
    // Every vertex of the band around `best`, breadth first.
    const T slack = per_unit_ * (std::abs(axis.x) + std::abs(axis.y) + std::abs(axis.z)) +
                    T(16) * std::numeric_limits<T>::denorm_min();
    const T floor = best_value - slack;
    if (++epoch_ == 0) { std::fill(mark_.begin(), mark_.end(), 0); epoch_ = 1; }
    band_.clear();
    band_.push_back(best);
    mark_[static_cast<std::size_t>(best)] = epoch_;
    int answer = best;
    for (std::size_t head = 0; head < band_.size(); ++head) {
      const int at = band_[head];
      for (int k = graph_.start[at]; k < graph_.start[at + 1]; ++k) {
        const int n = graph_.neighbours[static_cast<std::size_t>(k)];
        if (mark_[static_cast<std::size_t>(n)] == epoch_) continue;
        mark_[static_cast<std::size_t>(n)] = epoch_;
        const T v = value(n);
        visited_++;
        if (!(v >= floor)) continue;
        if (band_.size() >= kBandLimit) return scan(axis, highest);
        band_.push_back(n);
        if (v > best_value || (v == best_value && n < answer)) { best_value = v; answer = n; }
      }
    }
    return answer;
  }

  // Vertices whose dot was computed, scans included: the work done.
  std::size_t visited() const { return visited_; }
  std::size_t scans() const { return scans_; }

 private:
  static constexpr std::size_t kClimbLimit = 4096, kBandLimit = 256;

  // The scan's own rule: a later vertex replaces the best only when strictly beyond it.
  int scan(const Vec3<T>& axis, bool highest) {
    ++scans_;
    visited_ += count_;
    int answer = 0;
    T best = glm::dot(axis, points_[0]);
    for (std::size_t i = 1; i < count_; ++i) {
      const T v = glm::dot(axis, points_[i]);
      if (highest ? best < v : v < best) { best = v; answer = static_cast<int>(i); }
    }
    return answer;
  }

  const SatVertexGraph<T>& graph_;
  const Vec3<T>* points_;
  std::size_t count_;
  T per_unit_ = 0;
  bool usable_ = false;
  std::vector<std::uint32_t> mark_;
  std::uint32_t epoch_ = 0;
  std::vector<int> band_;
  std::size_t visited_ = 0, scans_ = 0;
};

// Whether `shape` has a vertex graph and its vertices are, relative to the first, those it
// was made for bit for bit (a shape changed since is scanned).
template <typename T>
bool graph_fits(const SatShape<T>& shape) {
  const std::size_t count = shape.vertices.size();
  if (shape.graph.start.size() != count + 1 || shape.prepared.relative.size() != count) return false;
  for (std::size_t i = 0; i < count; ++i) {
    const Vec3<T> r = shape.vertices[i] - shape.vertices[0];
    if (std::memcmp(&r, &shape.prepared.relative[i], sizeof r) != 0) return false;
  }
  return true;
}

// A key under which directions close as lines (either sign) sort close together, and the
// sign that makes `axis` point to the cube face the key is on: the face of its largest
// coordinate, then rows of `cells` cells across it, every other row reversed.
template <typename T>
std::uint64_t line_key(const Vec3<T>& axis, std::uint32_t cells, T& sign) {
  int major = 0;
  for (int k = 1; k < 3; ++k) if (std::abs(axis[k]) > std::abs(axis[major])) major = k;
  sign = axis[major] < T(0) ? T(-1) : T(1);
  const T m = std::abs(axis[major]);
  const auto cell = [&](T c) {  // c / m in [-1, 1] to a cell
    const T t = m > T(0) ? (c * sign / m + T(1)) * T(0.5) : T(0);
    const auto i = static_cast<std::uint32_t>(std::clamp(t, T(0), T(1)) * static_cast<T>(cells));
    return std::min(i, cells - 1);
  };
  const std::uint32_t row = cell(axis[(major + 1) % 3]), column = cell(axis[(major + 2) % 3]);
  const std::uint64_t across = row % 2 ? cells - 1 - column : column;
  return (static_cast<std::uint64_t>(major) * cells + row) * cells + across;
}

// Calls visit(i, towards, away) for every axis, in line_key order, where `towards` and
// `away` hold where the walks for the axis's largest and least dot start, and receive
// where they ended: the previous axis's answers, swapped when the two point apart.
template <typename T, typename Axes, typename Visit>
void walk_in_line_order(const Axes& axes, Visit&& visit) {
  const std::size_t count = axes.size();
  auto cells = static_cast<std::uint32_t>(std::sqrt(static_cast<double>(count) / 3.0)) + 1;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> order(count);
  std::vector<signed char> signs(count);
  for (std::size_t i = 0; i < count; ++i) {
    T sign;
    order[i] = {line_key(static_cast<const Vec3<T>&>(axes[i]), cells, sign), static_cast<std::uint32_t>(i)};
    signs[i] = sign < T(0) ? -1 : 1;
  }
  std::sort(order.begin(), order.end());
  int plus = 0, minus = 0;  // the walks' ends for the line's direction of positive sign
  for (const auto& [key, i] : order) {
    if (signs[i] > 0) visit(std::size_t{i}, plus, minus); else visit(std::size_t{i}, minus, plus);
  }
}

}  // namespace geo::sat_detail
