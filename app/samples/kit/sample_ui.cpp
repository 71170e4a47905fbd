#include "app/samples/kit/sample_ui.h"

#include <imgui.h>

#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace {
bool edit_vector(const char* label, glm::dvec3& v, bool is_2d, float speed = 0.05f) {
  return ImGui::DragScalarN(label, ImGuiDataType_Double, &v.x, is_2d ? 2 : 3, speed, nullptr, nullptr, "%.3f");
}

bool edit_number(const char* label, double& value, double min = -1e300, float speed = 0.05f) {
  return ImGui::DragScalar(label, ImGuiDataType_Double, &value, speed, &min, nullptr, "%.3f");
}

bool edit_shape(geo::AnyShape<double>& any, bool is_2d) {
  return std::visit(
      [&](auto& s) -> bool {
        using S = std::decay_t<decltype(s)>;
        bool changed = false;
        if constexpr (std::is_same_v<S, geo::Line<double>> || std::is_same_v<S, geo::Ray<double>>) {
          changed |= edit_vector("origin", s.origin, is_2d);
          changed |= edit_vector("direction", s.direction, is_2d);
        } else if constexpr (std::is_same_v<S, geo::Segment<double>>) {
          changed |= edit_vector("a", s.a, is_2d);
          changed |= edit_vector("b", s.b, is_2d);
        } else if constexpr (std::is_same_v<S, geo::Triangle<double>>) {
          changed |= edit_vector("a", s.a, is_2d);
          changed |= edit_vector("b", s.b, is_2d);
          changed |= edit_vector("c", s.c, is_2d);
        } else if constexpr (std::is_same_v<S, geo::Plane<double>>) {
          if (edit_vector("normal", s.normal, is_2d, 0.01f) && glm::length(s.normal) > 1e-12) {
            s.normal = glm::normalize(s.normal);
            changed = true;
          }
          changed |= edit_number("d", s.d);
        } else if constexpr (std::is_same_v<S, geo::Aabb<double>>) {
          changed |= edit_vector("min", s.min, is_2d);
          changed |= edit_vector("max", s.max, is_2d);
          s.max = glm::max(s.max, s.min);
        } else if constexpr (std::is_same_v<S, geo::Obb<double>>) {
          changed |= edit_vector("center", s.center, is_2d);
          changed |= edit_vector("half extents", s.half_extents, is_2d);
          s.half_extents = glm::max(s.half_extents, glm::dvec3(0));
          ImGui::TextDisabled("Rotate with the handles at the axis tips.");
        } else if constexpr (std::is_same_v<S, geo::Sphere<double>>) {
          changed |= edit_vector("center", s.center, is_2d);
          changed |= edit_number("radius", s.radius, 0.0);
        } else {
          ImGui::TextDisabled("%zu vertices: drag them in the view.", s.vertices.size());
        }
        return changed;
      },
      any);
}
}  // namespace

bool edit_state(SampleState& state, bool is_2d) {
  bool changed = false;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 6);
  for (auto& named : state.points) {
    ImGui::PushID(named.name.c_str());
    changed |= edit_vector(named.name.c_str(), named.position, is_2d);
    ImGui::PopID();
  }
  for (auto& named : state.shapes) {
    ImGui::PushID(named.name.c_str());
    if (ImGui::TreeNodeEx(named.name.c_str(), ImGuiTreeNodeFlags_DefaultOpen, "%s (%s)", named.name.c_str(),
                          geo::shape_type_name(geo::shape_kind(named.shape)))) {
      changed |= edit_shape(named.shape, is_2d);
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  ImGui::PopItemWidth();
  return changed;
}

bool begin_readouts(const char* id) {
  return ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp);
}

void readout(const char* name, const std::string& text) {
  // Long names and values wrap inside their column instead of being cut off at the panel's edge.
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", name);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
}

void readout(const char* name, double value, const char* note) {
  char text[96];
  std::snprintf(text, sizeof text, note ? "%.4f  %s" : "%.4f", value, note);
  readout(name, std::string(text));
}

void readout_point(const char* name, const glm::dvec3& p, bool is_2d) {
  char text[128];
  if (is_2d) {
    std::snprintf(text, sizeof text, "(%.3f, %.3f)", p.x, p.y);
  } else {
    std::snprintf(text, sizeof text, "(%.3f, %.3f, %.3f)", p.x, p.y, p.z);
  }
  readout(name, std::string(text));
}

void end_readouts() { ImGui::EndTable(); }

namespace {
bool g_light_theme = false;  // one UI per process, set by UiShell with the ImGui style
}  // namespace

bool light_theme() { return g_light_theme; }
void set_light_theme(bool light) { g_light_theme = light; }

Color themed(const Color& color) { return light_theme() ? for_light_background(color) : color; }

void legend(const Color& color, const char* meaning) {
  const Color shown = themed(color);
  ImGui::ColorButton(meaning, ImVec4(shown.r, shown.g, shown.b, 1), ImGuiColorEditFlags_NoTooltip,
                     ImVec2(ImGui::GetFontSize() * 0.8f, ImGui::GetFontSize() * 0.8f));
  ImGui::SameLine();
  ImGui::TextUnformatted(meaning);
}

void colored_text(const Color& color, const char* format, ...) {
  const Color shown = themed(color);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(shown.r, shown.g, shown.b, shown.a));
  va_list args;
  va_start(args, format);
  ImGui::TextV(format, args);
  va_end(args);
  ImGui::PopStyleColor();
}

void hint(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void vertex_edit_hint() { hint("Double-click: add a vertex. Right-click a vertex: remove it."); }

void warning_text(const std::string& text) {
  const Color shown = themed(kWarningText);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(shown.r, shown.g, shown.b, shown.a));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

std::string sign_text(double value) { return value > 0 ? "+" : value < 0 ? "\u2212" : "0"; }

std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", value);
  return text;
}
