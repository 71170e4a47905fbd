#pragma once
// The explain views of a closest-point sample (Sample::explained): what the host draws
// under and over the sample's own drawing, and the panel section that turns them on and
// says what each one shows.
#include "app/explain/field_overlay.h"
#include "app/explain/locus_trace.h"
#include "app/host/sample.h"
#include "app/samples/kit/tool_shapes.h"

#include <string>
#include <vector>

class ExplainViews {
 public:
  // Once a frame, after the sample's update: the handle being dragged ("" when none).
  void update(const Sample& sample, const std::string& dragged_handle, double dt);
  void draw_under(DebugDraw& draw, const Sample& sample);  // below the sample's shapes
  void draw_over(DebugDraw& draw, const Sample& sample);   // above them
  // The panel's "Explain" section; nothing for a sample without an explained query.
  void panel(const Sample& sample);
  // The formula's lines for the sample's answer, as the panel shows them; none for a sample
  // without an explained query (presenter mode's formula card). While the sample's steps are
  // being revealed: the revealed lines when the steps are the formula's, else a line saying
  // that the formula follows the last step.
  std::vector<std::string> formula(const Sample& sample);
  // Another sample (or a fresh one) took over: what was traced belongs to the old one.
  void clear();
  // True while a view changes by itself (the trace fading), so the app keeps redrawing.
  bool animating() const { return locus_.opacity() > 0; }

  const LocusTrace& locus_trace() const { return locus_; }

  FieldOverlay field;  // the panel's "Field overlay", or --explain field

 private:
  // The explained shape as the query tool reads it, as the samples answer on it (a plane
  // normalized again, a hull rebuilt), so the views show the sample's own numbers.
  const geo::AnyShape<double>& answered_shape(const Sample& sample, const ExplainedQuery& query);
  void formula_panel(const Sample& sample);
  void region_legend(geo::ShapeKind kind) const;

  bool show_locus_ = true;
  bool show_formula_ = true;
  LocusTrace locus_;
  kit::ToolHull tool_hull_;
  geo::AnyShape<double> answered_;
};
