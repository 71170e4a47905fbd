#pragma once
// GJK's certificate of a gap: how far apart two shapes' supports are along an axis,
// bounded so that it never exceeds the exact gap. Implemented in gjk_certificate.cpp.
#include "collision_lab/support.h"

namespace geo {

// The gap along `axis` between the cores' supports less the radii, rounded down to T:
// never more than the exact gap along the axis (NaN for a zero axis).
template <typename T>
T support_gap(const ConvexShape<T>& a, const ConvexShape<T>& b, const Vec3<T>& axis, long double radii);

}  // namespace geo
