#pragma once
// Any shape of the query schema drawn the same way wherever a sample lets its user pick
// the kind: solids with their depth cue (front faces shaded, hidden edges dashed), lines and rays to the view's edge, planes
// as a grid patch, polygons in the z = 0 plane.
#include "app/samples/kit/drawing.h"
#include "app/samples/kit/sat_view.h"
#include "collision_lab/any_shape.h"

namespace kit {

inline void draw_any_shape(DebugDraw& draw, const geo::AnyShape<double>& any, Color edge, Color fill) {
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, geo::Obb<double>>) {
          const glm::dmat3 axes(s.axes[0], s.axes[1], s.axes[2]);
          draw.solid_box(s.center, axes, s.half_extents, fill);
          draw.wire_box(s.center, axes, s.half_extents, edge, 2.5f);
        } else if constexpr (std::is_same_v<S, geo::Aabb<double>>) {
          draw.solid_box((s.min + s.max) * 0.5, glm::dmat3(1), (s.max - s.min) * 0.5, fill);
          draw.wire_box((s.min + s.max) * 0.5, glm::dmat3(1), (s.max - s.min) * 0.5, edge, 2.5f);
        } else if constexpr (std::is_same_v<S, geo::Sphere<double>>) {
          draw.sphere(s.center, s.radius, edge.with_alpha(0.45f));
        } else if constexpr (std::is_same_v<S, geo::ConvexPolyhedron<double>>) {
          draw_polyhedron(draw, s, edge, fill);
        } else if constexpr (std::is_same_v<S, geo::Triangle<double>>) {
          draw.triangle(s.a, s.b, s.c, fill.with_alpha(0.35f));
          draw.polygon_outline({s.a, s.b, s.c}, edge, 3);
        } else if constexpr (std::is_same_v<S, geo::Segment<double>>) {
          draw.line(s.a, s.b, edge, 4);
        } else if constexpr (std::is_same_v<S, geo::Ray<double>>) {
          draw.ray(s.origin, s.direction, edge, 3);
        } else if constexpr (std::is_same_v<S, geo::Line<double>>) {
          draw.infinite_line(s.origin, s.direction, edge, 3);
        } else if constexpr (std::is_same_v<S, geo::Plane<double>>) {
          const glm::dvec3 on_plane = s.normal * s.d / glm::dot(s.normal, s.normal);
          draw.plane(s.normal, s.d, on_plane, 4, edge);
        } else if constexpr (std::is_same_v<S, geo::ConvexPolygon<double>>) {
          std::vector<glm::dvec3> corners;
          for (const auto& v : s.vertices) corners.emplace_back(v, 0);
          draw.polygon(corners, fill);
          draw.polygon_outline(corners, edge, 3);
        }
      },
      any);
}

}  // namespace kit
