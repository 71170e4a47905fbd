#include "app/explain/explain_views.h"

#include "app/samples/kit/sample_ui.h"

#include <imgui.h>

#include <cstdio>
#include <string>

void ExplainViews::update(const Sample& sample, const std::string& dragged_handle, double dt) {
  (void)sample, (void)dragged_handle, (void)dt;
}

void ExplainViews::draw_under(DebugDraw& draw, const Sample& sample) { field.draw(draw, sample); }

void ExplainViews::draw_over(DebugDraw& draw, const Sample& sample) { (void)draw, (void)sample; }

namespace {
// A round step as it reads: 0.5, 2, 1000.
std::string step_text(double step) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", step);
  return text;
}
}  // namespace

void ExplainViews::panel(const Sample& sample) {
  if (!sample.explained()) return;
  ImGui::Checkbox("Field overlay", &field.shown);
  if (field.shown) {
    const std::string help = "Each colour is the part of the plane whose closest point lies on one feature: a "
                             "vertex, an edge, a face, or inside. The thin lines join points at the same distance "
                             "from the shape: " + step_text(field.step()) + ", " + step_text(2 * field.step()) +
                             ", " + step_text(3 * field.step()) + " and so on.";
    hint(help.c_str());
  }
}

void ExplainViews::clear() { field.clear(); }
