// A closest point and an overlap test, as an engine calls them; prints the answers.
#include <collision_lab/closest_point.h>
#include <collision_lab/box_overlap.h>

#include <cstdio>

int main() {
  const geo::Segment<double> segment{{0, 0, 0}, {2, 0, 0}};
  const auto closest = geo::closest_point(segment, geo::Vec3<double>{1, 1, 0});
  if (!closest.ok()) return 1;
  std::printf("closest (%g, %g, %g) distance %g\n", closest.point.x, closest.point.y, closest.point.z, closest.distance);

  const geo::Aabb<double> a{{0, 0, 0}, {1, 1, 1}};
  const geo::Aabb<double> b{{1.5, 0, 0}, {2.5, 1, 1}};
  const auto overlap = geo::box_overlap(a, b);
  if (!overlap.ok()) return 1;
  std::printf("overlap %s separation %g\n", overlap.overlap ? "yes" : "no", overlap.separation);
  return closest.distance == 1 && !overlap.overlap && overlap.separation == 0.5 ? 0 : 2;
}
