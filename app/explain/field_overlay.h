#pragma once
// The field overlay: each pixel of a plane coloured by the feature of the shape its closest
// point lies on (the pixel's Voronoi region), with lines of equal distance at round steps.
// In 2D the plane is the visible scene; in 3D it is the triangle's own plane or, for a
// solid or a plane, a slice through P square to the world axis the camera looks along
// most (for a plane, the one most across it). Every pixel is a query of the batch (closest_feature_batch.h).
#include "app/host/sample.h"
#include "render/image_quad.h"

#include <string>
#include <vector>

// The rectangle of the plane the overlay covers, from `corner` along u (the image's rows)
// and v.
struct FieldRect {
  glm::dvec3 corner{0}, u{1, 0, 0}, v{0, 1, 0};
  bool operator==(const FieldRect&) const = default;
};

// The rectangle for `shape` and P as `view` sees them (see above). In 3D, `kept` (the last
// one shown) is kept while it still frames the shape and P well, so that dragging P leaves
// the picture still, and on a planar shape's own plane needs no repaint.
FieldRect field_rect(const geo::AnyShape<double>& shape, const glm::dvec3& p, const SampleState& state,
                     const ViewInfo& view, const FieldRect* kept = nullptr);

// The distance between two lines of equal distance: a round step, about ten across.
double field_step(const FieldRect& rect);

// The batch's inputs and outputs, kept between repaints to spare allocations.
struct FieldScratch {
  std::vector<glm::dvec3> queries, points;
  std::vector<geo::FeatureRef> features;
};

// Paints `shape`'s field over `rect` into `image`, `short_side` pixels along the rectangle's
// shorter side (its pixels square), in the theme's colours, and bumps its generation.
void paint_field(const geo::AnyShape<double>& shape, const FieldRect& rect, int short_side, bool light_background,
                 RgbaImage& image, FieldScratch& scratch);

// A feature's region colour (before the light theme darkens it): a hue of its own per
// feature, strongest for vertices, faintest for faces, grey inside.
Color field_region_color(geo::FeatureRef feature);

class FieldOverlay {
 public:
  static constexpr int kResolution = 512;  // pixels along the plane's shorter side
  bool shown = false;

  // Repaints when the shape, the rectangle (for a solid, the slice through P) or the theme
  // changed, then draws. In 2D and on a planar shape's own plane the field does not depend
  // on P.
  void draw(DebugDraw& draw, const Sample& sample);
  void clear() { last_ = {}; }
  // The CPU time of this frame's repaint (the batch and the colours), 0 when none: the
  // app's --bench reports it.
  double repaint_ms() const { return repaint_ms_; }
  double step() const { return field_step(last_.rect); }
  // The features whose regions the last repaint showed, vertices first: the legend's.
  const std::vector<geo::FeatureRef>& regions() const { return regions_; }

 private:
  struct Inputs {
    std::string shape;  // the shape's JSON: equal text, equal shape
    FieldRect rect;
    bool light_background = false;
    bool operator==(const Inputs&) const = default;
  };
  Inputs last_;
  RgbaImage image_;
  FieldScratch scratch_;
  double repaint_ms_ = 0;
  std::vector<geo::FeatureRef> regions_;
};
