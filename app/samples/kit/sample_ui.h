#pragma once
// Side-panel helpers shared by the samples: editable fields for the state, and readouts
// of the numbers that decided an answer.
#include "app/host/sample_state.h"
#include "app/samples/kit/number_field.h"
#include "render/debug_draw.h"

#include <string>

// Every shape and point of the state as editable fields (drag or type): every vertex of a
// polygon or polyhedron, a box's orientation as Euler angles. 2D samples edit x and y only.
// An edit that would break a shape (a flat hull, a zero direction) is refused, and the
// panel says why. Returns true when the user changed something.
bool edit_state(SampleState& state, bool is_2d);


// "name   value" rows in a two-column table: begin, rows, end. Numbers show as the
// fields do (number_text). In a narrow panel each value goes under its name.
bool begin_readouts(const char* id);
void readout(const char* name, double value, const char* note = nullptr);
void readout(const char* name, const std::string& text);
void readout_point(const char* name, const glm::dvec3& p, bool is_2d);
void end_readouts();
// The query tool's answer as readouts, field by field (distance_squared reads "distance
// squared"); an error as a warning.
void tool_answer_readouts(const char* id, const nlohmann::ordered_json& answer);

// The rows a closest-point readout ends with: the feature the closest point lies on, the
// point itself and its distance from P.
inline void answer_readouts(const std::string& feature, const glm::dvec3& closest, double distance, bool is_2d,
                            const char* closest_name = "closest") {
  readout("feature", feature);
  readout_point(closest_name, closest, is_2d);
  readout("distance", distance);
}

// A palette colour as the current theme shows it: the light theme darkens bright colours
// in the scene (for_light_background), so the panel's swatches and coloured text do too.
Color themed(const Color& color);
bool light_theme();
void set_light_theme(bool light);  // UiShell calls it whenever it applies a theme

// A coloured legend line: a swatch in the scene's colour and what it means.
void legend(const Color& color, const char* meaning);
// printf-style text in a palette colour, themed like the scene.
void colored_text(const Color& color, const char* format, ...) __attribute__((format(printf, 2, 3)));
// A checkbox whose label wraps in a narrow panel instead of being cut off; clicking
// the label toggles it too. The label is the last item (for IsItemHovered).
bool wrapped_checkbox(const char* label, bool& value);
// The label to give a combo or slider showing `shown`: where that text or the label would
// be cut off side by side, the label is written above and the control takes the panel's
// whole width (the returned label is then hidden).
std::string fitted_label(const char* label, const char* shown);
// A table cell's text, wrapped inside its column at its spaces only, so that no number
// is split.
void wrapped_cell(const std::string& text);
void wrapped_cell(const std::string& text, const Color& color);  // in a palette colour, themed
// The header row of a table whose column names wrap (a "\n" breaks one too), where
// ImGui::TableHeadersRow would cut them with "…" in a narrow panel.
void wrapped_headers_row();
// A greyed hint (how to edit, how to read a table), wrapped to the panel's width.
void hint(const char* text);
// The hint of the samples whose vertices the user adds and removes.
void vertex_edit_hint();
// Orange text for degenerate or invalid input.
inline constexpr Color kWarningText{1.00f, 0.60f, 0.20f, 1};
void warning_text(const std::string& text);

// "+" or "−" for a dot product's sign, as the tutorials write it.
std::string sign_text(double value);
// Short number formatting for the scene's labels: 3 decimals as fixed_text writes them.
std::string format_number(double value);
