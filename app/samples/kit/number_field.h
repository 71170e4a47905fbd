#pragma once
// The panel's number fields: drag one to change it, or double-click (or Ctrl+click) it and
// type. Typed text is read as the whole double (parse_number) when Enter is pressed or the
// field is left; Esc leaves the value as it was. Fields show 4 decimals and readouts 3, or
// every digit with full precision on.
#include "app/samples/kit/number_text.h"

#include <glm/glm.hpp>

#include <limits>
#include <string>

bool full_precision();
void set_full_precision(bool on);  // UiShell sets it from the View menu and the settings
// `value` as the panel shows numbers now (number_text with the current precision).
std::string number_text(double value);
// "(x, y)" or "(x, y, z)" in the same way, or with the precision given.
std::string vector_text(const glm::dvec3& v, bool is_2d);
std::string vector_text(const glm::dvec3& v, bool is_2d, bool full_precision);

struct NumberRange {
  double min = std::numeric_limits<double>::lowest();
  double max = std::numeric_limits<double>::max();
};

// One number; `unit` is shown after it ("°"). True when the value changed.
bool number_field(const char* label, double& value, float speed = 0.05f, NumberRange range = {}, const char* unit = "");
// The first `components` numbers of `v` side by side, labelled once (text after "##" is
// hidden, as ImGui does).
bool vector_field(const char* label, glm::dvec3& v, int components, float speed = 0.05f, const char* unit = "");
// True when the panel (a large UI scale, a dragged splitter) has no room for tables of
// several columns side by side: the kit's tables and vector fields then stack. Call it
// outside a table, where the available width is the panel's.
bool narrow_panel();
