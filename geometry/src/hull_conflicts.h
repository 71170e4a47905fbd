#pragma once
// Private to the hull: quickhull growing the triangle mesh from a tetrahedron. Each
// point outside the hull waits in the outside list of one face it is above; when a face
// goes, its points move only to the faces that replace it. Implemented in hull_conflicts.cpp.
#include "hull_faces.h"

#include <array>

namespace geo::hull_detail {

// Unit normal of triangle abc (counter-clockwise), zero if the triangle is degenerate.
template <typename T>
Vec3<T> triangle_normal(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c);

// Builds the tetrahedron on `corners` (in any order) and grows it until no point of the
// mesh is farther than the tolerance outside it. Leaves only live faces, in spatial order.
// With `regive`, the points within the tolerance of a face are tested again at the end
// against the faces around it, which may have grown to lean over them: the second try at
// a cloud whose first hull left a point outside (hull_conflicts.cpp, regive_near_points).
template <typename T>
void grow_hull(TriangleMesh<T>& mesh, const std::array<int, 4>& corners, bool regive);

}  // namespace geo::hull_detail
