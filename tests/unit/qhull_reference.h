#pragma once
// Qhull (Debian's libqhull-dev, reentrant C library) as a reference hull for the tests
// only: which input points it keeps as vertices, and its facets' planes. Default options
// ("qhull"): Qhull merges facets that rounding leaves nearly coplanar, as we do.
#include "collision_lab/shapes.h"

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include <cstdio>
#include <string>
#include <vector>

namespace qhull_reference {

struct Hull {
  bool ok = false;
  std::string message;        // Qhull's own text when it builds no hull (a flat cloud)
  std::vector<int> vertices;  // input indices, ascending
  struct Plane {
    geo::Vec3<double> normal;  // outward, unit
    double offset;             // a point p is above by dot(normal, p) + offset
  };
  std::vector<Plane> facets;
  double outside = 0;  // how far above a facet Qhull lets an input point lie (its max_outside)
};

inline Hull hull_of(const std::vector<geo::Vec3<double>>& input) {
  Hull hull;
  std::vector<coordT> coordinates;
  for (const auto& p : input) coordinates.insert(coordinates.end(), {p.x, p.y, p.z});
  char* error_text = nullptr;
  std::size_t error_size = 0;
  FILE* errors = open_memstream(&error_text, &error_size);
  qhT qh_storage;
  qhT* qh = &qh_storage;
  qh_zero(qh, errors);
  char options[] = "qhull";
  const int exit_code = qh_new_qhull(qh, 3, static_cast<int>(input.size()), coordinates.data(), False, options,
                                     nullptr, errors);
  if (exit_code == 0) {
    hull.ok = true;
    hull.outside = qh->max_outside;
    facetT* facet;
    FORALLfacets {
      hull.facets.push_back({{facet->normal[0], facet->normal[1], facet->normal[2]}, facet->offset});
    }
    std::vector<char> is_vertex(input.size(), 0);
    vertexT* vertex;
    FORALLvertices { is_vertex[static_cast<std::size_t>(qh_pointid(qh, vertex->point))] = 1; }
    for (std::size_t i = 0; i < input.size(); ++i) {
      if (is_vertex[i]) hull.vertices.push_back(static_cast<int>(i));
    }
  }
  int long_left = 0, total_left = 0;
  qh_freeqhull(qh, !qh_ALL);
  qh_memfreeshort(qh, &long_left, &total_left);
  std::fclose(errors);
  if (exit_code != 0) hull.message = error_text ? std::string(error_text, error_size) : "qhull failed";
  std::free(error_text);
  return hull;
}

}  // namespace qhull_reference
