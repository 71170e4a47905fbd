// B's arcs laid out for the Gauss-map culling of edge pairs (sat_arcs.h). Built with -O3:
// the sides of B's normals are the hot loop of a test between two overlapping polyhedra,
// and vectorize (no fast-math: every side is the one side_of finds).
#include "sat_arcs.h"

namespace geo::sat_detail {

template <typename T>
ArcEnds<T>::ArcEnds(const SatShape<T>& shape) {
  if (arcs_index_faces(shape)) {
    for (const auto& normal : shape.face_units) add(normal);
    for (const auto& arc : shape.edge_arcs) ends_.push_back({arc.face_a, arc.face_b});
  } else {
    for (const auto& arc : shape.edge_arcs) {
      ends_.push_back({static_cast<int>(x_.size()), static_cast<int>(x_.size()) + 1});
      add(arc.normal_a);
      add(arc.normal_b);
    }
  }
  sides_.assign(x_.size(), T(0));
}

template <typename T>
void ArcEnds<T>::add(const Vec3<T>& normal) {
  x_.push_back(normal.x);
  y_.push_back(normal.y);
  z_.push_back(normal.z);
}

template <typename T>
std::size_t ArcEnds<T>::sift(const Vec3<T>& circle, std::size_t* meeting) {
  const T* x = x_.data();
  const T* y = y_.data();
  const T* z = z_.data();
  T* sides = sides_.data();
  const T tolerance = parallel_sine<T>(), cx = circle.x, cy = circle.y, cz = circle.z;
  for (std::size_t f = 0; f < x_.size(); ++f) {
    const T value = x[f] * cx + y[f] * cy + z[f] * cz;  // glm::dot's order, as side_of
    sides[f] = (value > tolerance ? T(1) : T(0)) - (value < -tolerance ? T(1) : T(0));
  }
  const Ends* ends = ends_.data();
  std::size_t kept = 0;
  for (std::size_t j = 0; j < ends_.size(); ++j) {
    meeting[kept] = j;
    kept += sides[ends[j].first] * sides[ends[j].second] <= T(0);
  }
  return kept;
}

template class ArcEnds<float>;
template class ArcEnds<double>;

}  // namespace geo::sat_detail
