#pragma once
// Point clouds of the hull families the Qhull differential test compares on: spheres,
// decorated and jittered boxes, cylinder rims, clusters of near-duplicates a million
// apart, many coplanar points with apexes, needles and slivers, each at a scale from
// 1e-150 to 1e150 and turned and moved at random.
#include "tests/unit/hull_support.h"

#include <cmath>
#include <vector>

namespace qhull_clouds {

using V = geo::Vec3<double>;

enum class Kind { Sphere, Box, JitteredBox, CylinderRims, Clusters, Coplanar, Needle, Sliver };
constexpr Kind kAllKinds[] = {Kind::Sphere, Kind::Box, Kind::JitteredBox, Kind::CylinderRims,
                              Kind::Clusters, Kind::Coplanar, Kind::Needle, Kind::Sliver};
inline const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::Sphere: return "sphere";
    case Kind::Box: return "box";
    case Kind::JitteredBox: return "jittered box";
    case Kind::CylinderRims: return "cylinder rims";
    case Kind::Clusters: return "clusters a million apart";
    case Kind::Coplanar: return "coplanar with apexes";
    case Kind::Needle: return "needle";
    case Kind::Sliver: return "sliver";
  }
  return "?";
}

// A cloud of about unit size, before its scale and placement.
inline std::vector<V> unit_cloud(Kind kind, oracle::Rng& rng) {
  std::vector<V> points;
  switch (kind) {
    case Kind::Sphere:
      for (int i = rng.integer(8, 200); i > 0; --i) points.push_back(rng.unit());
      break;
    case Kind::Box: {
      points = hull_oracle::decorated_box(rng, V(1, rng.uniform(0.2, 1), rng.uniform(0.2, 1)));
      for (int i = rng.integer(0, 20); i > 0; --i) points.push_back(rng.in_cube(0.9));
      break;
    }
    case Kind::JitteredBox: {
      const double jitter = std::pow(10.0, rng.uniform(-13, -6));
      for (int i = rng.integer(8, 40); i > 0; --i) {
        const int corner = rng.integer(0, 7);
        points.push_back(V(corner & 1 ? 1 : -1, corner & 2 ? 1 : -1, corner & 4 ? 1 : -1) + rng.in_cube(jitter));
      }
      break;
    }
    case Kind::CylinderRims: {
      const int count = rng.integer(3, 60);
      const double height = std::pow(10.0, rng.uniform(-3, 1));
      for (int rim = 0; rim < 2; ++rim) {
        for (int i = 0; i < count; ++i) {
          const double angle = 2 * M_PI * (i + rng.uniform(0, 0.01)) / count;
          points.push_back({std::cos(angle), std::sin(angle), rim ? height : 0});
        }
      }
      break;
    }
    case Kind::Clusters: {
      const int clusters = rng.integer(4, 8);
      const double spread = std::pow(10.0, rng.uniform(-13, -9));
      for (int c = 0; c < clusters; ++c) {
        const V centre = rng.unit();
        for (int i = rng.integer(1, 5); i > 0; --i) points.push_back(centre + rng.in_cube(spread));
      }
      break;
    }
    case Kind::Coplanar: {
      for (int i = rng.integer(3, 30); i > 0; --i) points.push_back({rng.uniform(-1, 1), rng.uniform(-1, 1), 0});
      for (int i = rng.integer(1, 3); i > 0; --i) {
        const double height = rng.integer(0, 1) ? rng.uniform(-1, 1) : std::pow(10.0, rng.uniform(-12, -1));
        points.push_back({rng.uniform(-1, 1), rng.uniform(-1, 1), height});
      }
      break;
    }
    case Kind::Needle: {
      const double width = std::pow(10.0, rng.uniform(-7, -2));
      for (int i = rng.integer(4, 30); i > 0; --i) points.push_back({rng.uniform(-1, 1), width * rng.uniform(-1, 1), width * rng.uniform(-1, 1)});
      break;
    }
    case Kind::Sliver: {
      const double thickness = std::pow(10.0, rng.uniform(-7, -2));
      for (int i = rng.integer(4, 30); i > 0; --i) points.push_back({rng.uniform(-1, 1), rng.uniform(-1, 1), thickness * rng.uniform(-1, 1)});
      break;
    }
  }
  return points;
}

// The cloud turned at random, scaled by 10^k for k in [-150, 150] (every third case at
// unit size) and moved by up to a few sizes, or a million sizes for one case in five.
inline std::vector<V> random_cloud(Kind kind, oracle::Rng& rng) {
  const auto frame = hull_oracle::random_frame(rng);
  const std::vector<V> local = unit_cloud(kind, rng);
  const double scale = rng.integer(0, 2) == 0 ? 1.0 : std::pow(10.0, rng.integer(-150, 150));
  const V offset = rng.integer(0, 4) == 0 ? rng.unit() * 1e6 : rng.in_cube(3);
  std::vector<V> points;
  for (const auto& p : local) points.push_back((frame(p) + offset) * scale);
  return points;
}

}  // namespace qhull_clouds
