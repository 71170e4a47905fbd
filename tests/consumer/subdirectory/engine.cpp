// An engine's program using Collision Lab from its own tree.
#include <collision_lab/closest_point.h>

int engine_geometry_version();

int main() {
  const geo::Aabb<float> box{{0, 0, 0}, {1, 1, 1}};
  const auto closest = geo::closest_point(box, geo::Vec3<float>{2, 0.5f, 0.5f});
  return closest.ok() && closest.distance == 1 && engine_geometry_version() == 1 ? 0 : 1;
}
