#include "app/explain/explain_views.h"

void ExplainViews::update(const Sample& sample, const std::string& dragged_handle, double dt) {
  (void)sample, (void)dragged_handle, (void)dt;
}

void ExplainViews::draw_under(DebugDraw& draw, const Sample& sample) { (void)draw, (void)sample; }

void ExplainViews::draw_over(DebugDraw& draw, const Sample& sample) { (void)draw, (void)sample; }

void ExplainViews::panel(const Sample& sample) { (void)sample; }

void ExplainViews::clear() {}
