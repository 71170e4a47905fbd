#pragma once
// Oracle support for polygons and hulls: convex polygons of every family, a long-double
// reference for the distance to a convex polygon, and an error table with bounds of the
// caller's choice (for the float runs, which ErrorTable's double bounds would not fit).
#include "tests/unit/oracle_support.h"

#include <algorithm>
#include <vector>

namespace polygon_oracle {

using oracle::Family;
using oracle::LVec2;

struct PolygonCase {
  std::vector<geo::Vec2<double>> vertices;  // convex, either winding, maybe repeated or collinear vertices
  bool counter_clockwise = true;
  geo::Vec2<double> centre{0};
  double size = 1;
};

inline geo::Vec2<double> rotate(const geo::Vec2<double>& v, double angle) {
  return {v.x * std::cos(angle) - v.y * std::sin(angle), v.x * std::sin(angle) + v.y * std::cos(angle)};
}

// Vertices at jittered, evenly spread angles on an ellipse with radii `size` and
// `size * aspect`, rotated at random: always strictly convex.
inline std::vector<geo::Vec2<double>> ellipse_polygon(oracle::Rng& rng, int count, double size, double aspect) {
  std::vector<geo::Vec2<double>> vertices;
  const double turn = rng.uniform(0, 6.283185307179586), pi2 = 6.283185307179586;
  for (int i = 0; i < count; ++i) {
    const double angle = (i + rng.uniform(0.1, 0.9)) * pi2 / count;
    vertices.push_back(rotate({size * std::cos(angle), size * aspect * std::sin(angle)}, turn));
  }
  return vertices;
}

// well-shaped: 3..12 vertices on a round ellipse; sliver: aspect 1e-7..1e-4; needle: very
// long and thin (aspect 1e-9..1e-6) with a pair of vertices 1e-9..1e-6 apart;
// near-degenerate: repeated vertices and points exactly (up to rounding) on edges.
inline PolygonCase random_polygon(Family family, oracle::Rng& rng) {
  const oracle::Placement at = oracle::placement_for(family, rng);
  PolygonCase c;
  c.size = at.size;
  c.centre = {at.offset.x, at.offset.y};
  switch (family) {
    case Family::Sliver:
      c.vertices = ellipse_polygon(rng, rng.integer(3, 8), at.size, std::pow(10.0, rng.uniform(-7, -4)));
      break;
    case Family::Needle: {
      c.vertices = ellipse_polygon(rng, rng.integer(3, 6), at.size, std::pow(10.0, rng.uniform(-9, -6)));
      const auto& a = c.vertices[0];
      const auto& b = c.vertices[1];
      c.vertices.insert(c.vertices.begin() + 1, a + (b - a) * std::pow(10.0, rng.uniform(-9, -6)));
      break;
    }
    case Family::NearDegenerate: {
      auto corners = ellipse_polygon(rng, rng.integer(3, 8), at.size, rng.uniform(0.3, 1));
      for (std::size_t i = 0; i < corners.size(); ++i) {
        const auto& a = corners[i];
        const auto& b = corners[(i + 1) % corners.size()];
        c.vertices.push_back(a);
        if (rng.integer(0, 2) == 0) c.vertices.push_back(a);  // repeated
        std::vector<double> along(static_cast<std::size_t>(rng.integer(0, 2)));
        for (auto& t : along) t = rng.uniform(0.05, 0.95);
        std::sort(along.begin(), along.end());  // in order along the edge, or it folds back
        for (double t : along) c.vertices.push_back(a + (b - a) * t);
      }
      break;
    }
    default: c.vertices = ellipse_polygon(rng, rng.integer(3, 12), at.size, rng.uniform(0.4, 1)); break;
  }
  for (auto& v : c.vertices) v += c.centre;
  c.counter_clockwise = rng.integer(0, 1) == 1;
  if (!c.counter_clockwise) std::reverse(c.vertices.begin(), c.vertices.end());
  return c;
}

// Distance from p to the convex polygon (counter-clockwise, repeats allowed) in long double:
// zero inside, else the nearest over every edge and vertex.
inline long double reference_distance(const std::vector<LVec2>& ccw, const LVec2& p) {
  bool inside = true;
  long double best = INFINITY;
  const std::size_t n = ccw.size();
  for (std::size_t i = 0; i < n; ++i) {
    const LVec2 a = ccw[i], b = ccw[(i + 1) % n], ab = b - a, ap = p - a;
    const long double length_squared = glm::dot(ab, ab);
    if (length_squared == 0) continue;
    if (ab.x * ap.y - ab.y * ap.x < 0) inside = false;
    const long double t = std::clamp(glm::dot(ap, ab) / length_squared, 0.0L, 1.0L);
    best = std::min(best, glm::length(ap - ab * t));
  }
  for (const auto& v : ccw) best = std::min(best, glm::length(p - v));
  return inside ? 0.0L : best;
}

template <typename T>
std::vector<LVec2> to_long_ccw(const std::vector<geo::Vec2<T>>& vertices, bool counter_clockwise) {
  std::vector<LVec2> out;
  for (const auto& v : vertices) out.push_back(oracle::to_long(v));
  if (!counter_clockwise) std::reverse(out.begin(), out.end());
  return out;
}

// The diagonal of the bounding box of the points and the query.
template <typename T>
double scale_2d(const std::vector<geo::Vec2<T>>& vertices, const geo::Vec2<T>& query) {
  geo::Vec2<double> lo(query), hi(query);
  for (const auto& v : vertices) { lo = glm::min(lo, geo::Vec2<double>(v)); hi = glm::max(hi, geo::Vec2<double>(v)); }
  return glm::length(hi - lo);
}

// Like oracle::ErrorTable, with explicit bounds: for float runs.
class BoundedErrorTable {
 public:
  BoundedErrorTable(std::string query, double well_shaped_bound, double degenerate_bound)
      : query_(std::move(query)), well_(well_shaped_bound), degenerate_(degenerate_bound) {}
  void record(Family family, double error) {
    auto& worst = worst_[family];
    worst.first = std::max(worst.first, error);
    ++worst.second;
  }
  ~BoundedErrorTable() {
    for (const auto& [family, worst] : worst_) {
      std::printf("[oracle] %-34s %-18s cases %6d  worst relative error %.3e\n", query_.c_str(),
                  oracle::family_name(family), worst.second, worst.first);
      EXPECT_LE(worst.first, family == Family::WellShaped ? well_ : degenerate_) << query_ << " on "
                                                                                  << oracle::family_name(family);
    }
  }

 private:
  std::string query_;
  double well_, degenerate_;
  std::map<Family, std::pair<double, int>> worst_;
};

}  // namespace polygon_oracle
