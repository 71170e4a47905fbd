#include "app/samples/kit/number_field.h"

#include "app/samples/kit/number_text.h"

#include <imgui.h>

#include <algorithm>
#include <cstring>

namespace {
bool g_full_precision = false;  // one UI per process, set by UiShell

// The field being typed in: one at a time, found again by its ImGui id.
struct TypedField {
  ImGuiID id = 0;
  bool focus_pending = false;
  int frames_unfocused = 0;  // the keyboard focus arrives a frame after it is asked for
  char text[64] = {};
};
TypedField g_typed;

// The typing half of number_field: an InputText over the field, committed when left.
bool typed_field(const char* label, double& value, NumberRange range) {
  if (g_typed.focus_pending) {
    ImGui::SetKeyboardFocusHere();
    g_typed.focus_pending = false;
  }
  ImGui::PushID("typed");  // an id of its own: the drag that started it may still be active
  ImGui::InputText(label, g_typed.text, sizeof g_typed.text,
                   ImGuiInputTextFlags_CharsScientific | ImGuiInputTextFlags_AutoSelectAll);
  ImGui::PopID();
  const bool left = ImGui::IsItemDeactivated();
  if (!left) {
    // A field that never got the focus (its row went away meanwhile) stops waiting.
    g_typed.frames_unfocused = ImGui::IsItemActive() ? 0 : g_typed.frames_unfocused + 1;
    if (g_typed.frames_unfocused > 2) g_typed.id = 0;
    return false;
  }
  g_typed.id = 0;
  double typed = value;
  if (!parse_number(g_typed.text, typed)) return false;  // unreadable text: the value stays
  typed = std::clamp(typed, range.min, range.max);
  if (typed == value) return false;
  value = typed;
  return true;
}
}  // namespace

bool full_precision() { return g_full_precision; }
void set_full_precision(bool on) { g_full_precision = on; }

std::string number_text(double value) { return number_text(value, g_full_precision); }

std::string vector_text(const glm::dvec3& v, bool is_2d) { return vector_text(v, is_2d, g_full_precision); }

std::string vector_text(const glm::dvec3& v, bool is_2d, bool full_precision) {
  std::string text = "(" + number_text(v.x, full_precision) + ", " + number_text(v.y, full_precision);
  if (!is_2d) text += ", " + number_text(v.z, full_precision);
  return text + ")";
}

bool number_field(const char* label, double& value, float speed, NumberRange range, const char* unit) {
  const ImGuiID id = ImGui::GetID(label);
  if (g_typed.id == id) return typed_field(label, value, range);
  // The shown text is the whole format (no conversion in it), so ImGui neither rounds the
  // value to the shown digits nor prints "-0.0000"; a shown number never holds a '%'.
  const std::string shown = field_text(value, g_full_precision) + unit;
  const bool changed = ImGui::DragScalar(label, ImGuiDataType_Double, &value, speed, &range.min, &range.max,
                                         shown.c_str(), ImGuiSliderFlags_NoInput);
  // A long number (full precision) does not fit a narrow field: the whole of it on hover.
  if (ImGui::IsItemHovered() && ImGui::CalcTextSize(shown.c_str()).x > ImGui::GetItemRectSize().x - 2 * ImGui::GetStyle().FramePadding.x) {
    ImGui::SetTooltip("%s", shown.c_str());
  }
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemActivated() && (io.KeyCtrl || io.MouseDoubleClicked[0])) {
    // Typing starts from every digit, so an edit never rounds what was not retyped.
    g_typed = {};
    g_typed.id = id;
    g_typed.focus_pending = true;
    const std::string full = shortest_text(value);
    std::strncpy(g_typed.text, full.c_str(), sizeof g_typed.text - 1);
  }
  return changed;
}

bool vector_field(const char* label, glm::dvec3& v, int components, float speed, const char* unit) {
  const char* label_end = std::strstr(label, "##");
  if (!label_end) label_end = label + std::strlen(label);
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  // A narrow panel gives the fields all the width the label leaves, and a long label a line of its own.
  const bool narrow = narrow_panel();
  const float label_width = ImGui::CalcTextSize(label, label_end).x;
  bool label_above = narrow && label_width > 3 * ImGui::GetFontSize();
  const auto field_width = [&](bool side_by_side) {
    float fields_width = ImGui::CalcItemWidth();
    if (narrow) fields_width = ImGui::GetContentRegionAvail().x - (label_above || label_end == label ? 0 : label_width + spacing);
    const int across = side_by_side ? components : 1;
    return std::max(1.0f, (fields_width - spacing * float(across - 1)) / float(across));
  };
  float width = field_width(true);
  // Too narrow for the numbers side by side: one a line, under the label, never cut.
  const float number_width = ImGui::CalcTextSize("-00.0000").x + 2 * ImGui::GetStyle().FramePadding.x;
  const bool one_a_line = narrow && components > 1 && width < number_width;
  if (one_a_line) {
    label_above = true;
    width = field_width(false);
  }
  bool changed = false;
  ImGui::PushID(label);
  ImGui::BeginGroup();
  if (label_above) ImGui::TextUnformatted(label, label_end);
  for (int k = 0; k < components; ++k) {
    if (k > 0 && !one_a_line) ImGui::SameLine(0, spacing);
    ImGui::PushID(k);
    ImGui::SetNextItemWidth(width);
    changed |= number_field("##component", v[k], speed, {}, unit);
    ImGui::PopID();
  }
  if (label_end != label && !label_above) {
    ImGui::SameLine(0, spacing);
    ImGui::TextUnformatted(label, label_end);
  }
  ImGui::EndGroup();
  ImGui::PopID();
  return changed;
}

bool narrow_panel() {
  constexpr float kNarrowestWideLayout = 20.0f;  // in font heights: "first separating  edge A1" and more
  return ImGui::GetContentRegionAvail().x < kNarrowestWideLayout * ImGui::GetFontSize();
}
