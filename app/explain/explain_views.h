#pragma once
// The explain views of a closest-point sample (Sample::explained): what the host draws
// under and over the sample's own drawing, and the panel section that turns them on and
// says what each one shows.
#include "app/explain/field_overlay.h"
#include "app/sample.h"

#include <string>

class ExplainViews {
 public:
  // Once a frame, after the sample's update: the handle being dragged ("" when none).
  void update(const Sample& sample, const std::string& dragged_handle, double dt);
  void draw_under(DebugDraw& draw, const Sample& sample);  // below the sample's shapes
  void draw_over(DebugDraw& draw, const Sample& sample);   // above them
  // The panel's "Explain" section; nothing for a sample without an explained query.
  void panel(const Sample& sample);
  // Another sample (or a fresh one) took over: what was traced belongs to the old one.
  void clear();

  FieldOverlay field;  // the panel's "Field overlay", or --explain field
};
