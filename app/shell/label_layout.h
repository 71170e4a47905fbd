#pragma once
// Where the scene's labels go on screen: none over another, over a handle or past the
// scene's edges. A label beside a point tries the spots around it first and then rings
// farther out, joined to its point by a leader line, and keeps off the scene's lines where
// it can; a centred label (a grid number, an axis letter) stays where it is, pushed inside
// the scene, or is left out. Labels are placed in the order given, so the first ones keep
// the best spots. Implemented in label_layout.cpp; window pixels throughout.
#include <span>
#include <vector>

struct ScreenRect {
  float x = 0, y = 0, width = 0, height = 0;
  float right() const { return x + width; }
  float bottom() const { return y + height; }
  bool overlaps(const ScreenRect& other) const;
  bool contains(const ScreenRect& other) const;
};

// A drawn line a label should rather not cover (window pixels).
struct ScreenSegment {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

struct LabelToPlace {
  float anchor_x = 0, anchor_y = 0;  // the labelled point
  float width = 0, height = 0;       // the text's size
  bool centred = false;              // on its anchor, never moved away from it
};

struct PlacedLabel {
  ScreenRect rect;
  bool shown = false;   // false: no free spot (only centred labels are ever left out)
  bool leader = false;  // moved away from its point: draw a line back to it
};

// `gap`: the distance between a point and its label, and between labels. `keep_clear`:
// handles and the scene's own widgets (the axis gizmo, the presenter's answer card).
// `lines`: the scene's lines; a label moves off them when a spot a ring or two out is
// clear, but never onto another label or a handle for their sake.
std::vector<PlacedLabel> place_labels(std::span<const LabelToPlace> labels, std::span<const ScreenRect> keep_clear,
                                      const ScreenRect& bounds, float gap, std::span<const ScreenSegment> lines = {});

// The point of `rect` nearest (x, y), where a leader line from (x, y) ends.
void nearest_point(const ScreenRect& rect, float x, float y, float& out_x, float& out_y);
