#include "collision_lab/vec.h"

// The library is compiled for float and double (the query mode's "precision").
namespace geo {
template bool all_finite(const Vec2<float>&);
template bool all_finite(const Vec3<float>&);
template bool all_finite(const Vec2<double>&);
template bool all_finite(const Vec3<double>&);
}  // namespace geo
