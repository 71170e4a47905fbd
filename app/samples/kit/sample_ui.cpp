#include "app/samples/kit/sample_ui.h"

#include <imgui.h>

#include <algorithm>
#include <cstdarg>
#include <map>
#include <vector>

namespace {
// A vertex move or a direction the panel refused, shown under its field (`id`) for as long
// as the values are the ones it was refused for (an undo or a drag makes it stale).
struct Refusal {
  ImGuiID id = 0;
  std::string why;
  std::vector<glm::dvec3> values;
};
Refusal g_refusal;

void refuse(ImGuiID id, std::string why, std::vector<glm::dvec3> values) {
  g_refusal = {id, std::move(why), std::move(values)};
}

void show_refusal(ImGuiID id, const std::vector<glm::dvec3>& values) {
  if (g_refusal.id == id && g_refusal.values == values) warning_text("Not changed: " + g_refusal.why + ".");
}

glm::dvec3 as_3d(const glm::dvec2& vertex) { return glm::dvec3(vertex, 0); }
glm::dvec3 as_3d(const glm::dvec3& vertex) { return vertex; }
template <typename Vertex> std::vector<glm::dvec3> as_3d(const std::vector<Vertex>& vertices) {
  std::vector<glm::dvec3> out;
  for (const auto& vertex : vertices) out.push_back(as_3d(vertex));
  return out;
}

// A direction that must not be zero (a line's, a ray's, a plane's normal).
bool edit_direction(const char* label, glm::dvec3& direction, bool is_2d, float speed = 0.05f) {
  const ImGuiID id = ImGui::GetID(label);
  glm::dvec3 edited = direction;
  if (!vector_field(label, edited, is_2d ? 2 : 3, speed)) {
    show_refusal(id, {direction});
    return false;
  }
  if (edited == glm::dvec3(0)) {
    refuse(id, std::string(label) + " must not be zero", {direction});
    return false;
  }
  direction = edited;
  return true;
}

// The vertex list of a polygon or polyhedron, each vertex moved through `move` (which
// rebuilds the shape and may refuse, saying why).
template <typename Shape, typename Move>
bool edit_vertices(Shape& shape, bool is_2d, Move move) {
  const ImGuiID id = ImGui::GetID("vertices");
  bool changed = false;
  if (ImGui::TreeNodeEx("vertices", ImGuiTreeNodeFlags_DefaultOpen, "vertices (%zu)", shape.vertices.size())) {
    for (std::size_t i = 0; i < shape.vertices.size(); ++i) {
      glm::dvec3 vertex = as_3d(shape.vertices[i]);
      const std::string label = "[" + std::to_string(i) + "]";
      if (!vector_field(label.c_str(), vertex, is_2d ? 2 : 3)) continue;
      const auto before = as_3d(shape.vertices);
      std::string why;
      if (move(shape, i, vertex, why)) {
        changed = true;
      } else {
        refuse(id, label + ": " + why, before);
      }
    }
    ImGui::TreePop();
  }
  show_refusal(id, as_3d(shape.vertices));
  return changed;
}

// The angles last typed for a box, kept while its axes are still the ones they gave: read
// back from the axes they could come out as another triple naming the same turn (pitch
// past 90°, or gimbal lock), and the field would jump under the user's hand.
struct TypedAngles {
  std::array<glm::dvec3, 3> axes;
  glm::dvec3 angles{0};
};
std::map<ImGuiID, TypedAngles> g_typed_angles;

bool edit_orientation(std::array<glm::dvec3, 3>& axes, bool is_2d) {
  const ImGuiID id = ImGui::GetID("orientation");
  const auto kept = g_typed_angles.find(id);
  glm::dvec3 angles = kept != g_typed_angles.end() && kept->second.axes == axes ? kept->second.angles : euler_degrees(axes);
  const bool changed = is_2d ? number_field("angle", angles.x, 0.5f, {}, "\u00b0")
                             : vector_field("yaw pitch roll", angles, 3, 0.5f, "\u00b0");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(is_2d ? "The turn of the box's x axis from the world's x axis, counter-clockwise, in degrees."
                            : "Intrinsic Z-Y-X Euler angles in degrees: yaw about z, then pitch about the turned y,\n"
                              "then roll about the twice-turned x. The axes below are the columns of\n"
                              "Rz(yaw) Ry(pitch) Rx(roll), orthonormal whatever the angles.");
  }
  if (changed) {
    axes = axes_from_euler_degrees(angles);
    g_typed_angles[id] = {axes, angles};
  }
  static const char* const kAxisNames[] = {"x axis", "y axis", "z axis"};
  ImGui::PushTextWrapPos(0.0f);  // every digit of an axis fits only on two lines
  for (int k = 0; k < (is_2d ? 2 : 3); ++k) ImGui::TextDisabled("%s  %s", kAxisNames[k], vector_text(axes[k], is_2d).c_str());
  ImGui::PopTextWrapPos();
  return changed;
}

// The kind of a shape in words: the state file's names "aabb" and "obb" are identifiers.
const char* shape_kind_words(geo::ShapeKind kind) {
  if (kind == geo::ShapeKind::Aabb) return "axis-aligned box";
  if (kind == geo::ShapeKind::Obb) return "oriented box";
  return geo::shape_type_name(kind);
}

bool edit_shape(geo::AnyShape<double>& any, bool is_2d) {
  const int components = is_2d ? 2 : 3;
  return std::visit(
      [&](auto& s) -> bool {
        using S = std::decay_t<decltype(s)>;
        bool changed = false;
        if constexpr (std::is_same_v<S, geo::Line<double>> || std::is_same_v<S, geo::Ray<double>>) {
          changed |= vector_field("origin", s.origin, components);
          changed |= edit_direction("direction", s.direction, is_2d);
        } else if constexpr (std::is_same_v<S, geo::Segment<double>>) {
          changed |= vector_field("a", s.a, components);
          changed |= vector_field("b", s.b, components);
        } else if constexpr (std::is_same_v<S, geo::Triangle<double>>) {
          changed |= vector_field("a", s.a, components);
          changed |= vector_field("b", s.b, components);
          changed |= vector_field("c", s.c, components);
        } else if constexpr (std::is_same_v<S, geo::Plane<double>>) {
          if (edit_direction("normal", s.normal, is_2d, 0.01f)) {
            s.normal = glm::normalize(s.normal);
            changed = true;
          }
          changed |= number_field("d", s.d);
        } else if constexpr (std::is_same_v<S, geo::Aabb<double>>) {
          changed |= vector_field("min", s.min, components);
          changed |= vector_field("max", s.max, components);
          s.max = glm::max(s.max, s.min);
        } else if constexpr (std::is_same_v<S, geo::Obb<double>>) {
          changed |= vector_field("center", s.center, components);
          glm::dvec3 half = s.half_extents;
          if (vector_field("half extents", half, components)) {
            s.half_extents = glm::max(half, glm::dvec3(0));
            changed = true;
          }
          changed |= edit_orientation(s.axes, is_2d);
        } else if constexpr (std::is_same_v<S, geo::Sphere<double>>) {
          changed |= vector_field("center", s.center, components);
          changed |= number_field("radius", s.radius, 0.05f, {.min = 0});
        } else if constexpr (std::is_same_v<S, geo::ConvexPolygon<double>>) {
          changed |= edit_vertices(s, true, [](S& polygon, std::size_t i, const glm::dvec3& to, std::string& why) {
            return move_polygon_vertex(polygon, i, glm::dvec2(to), why);
          });
        } else {
          changed |= edit_vertices(s, is_2d, move_hull_vertex);
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
    changed |= vector_field(named.name.c_str(), named.position, is_2d ? 2 : 3);
    ImGui::PopID();
  }
  for (auto& named : state.shapes) {
    ImGui::PushID(named.name.c_str());
    // A heading in words: "line a" for line_a, "segment p"; "triangle" and "oriented box"
    // for shapes named after their kind, not "triangle (triangle)" or "oriented box box".
    std::string words = named.name;
    std::replace(words.begin(), words.end(), '_', ' ');
    const std::string kind = shape_kind_words(geo::shape_kind(named.shape));
    const std::size_t at = kind.size() - std::min(kind.size(), words.size());  // where `words` would end `kind`
    const bool kind_says_it = kind.compare(at, std::string::npos, words) == 0 && (at == 0 || kind[at - 1] == ' ');
    if (kind_says_it) words = kind;
    else if (words.rfind(kind, 0) != 0) words = kind + " " + words;
    if (ImGui::TreeNodeEx(named.name.c_str(), ImGuiTreeNodeFlags_DefaultOpen, "%s", words.c_str())) {
      changed |= edit_shape(named.shape, is_2d);
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  ImGui::PopItemWidth();
  return changed;
}

bool begin_readouts(const char* id) {
  const bool stacked = narrow_panel();
  if (!ImGui::BeginTable(id, stacked ? 1 : 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return false;
  if (!stacked) {  // fixed shares: the values are broken into lines to fit their column, so cannot size it
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_None, 2.0f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_None, 3.0f);
  }
  return true;
}

namespace {
// `text` with line breaks at its spaces so that no line is wider than `width`; its own
// line breaks stay. ImGui's own wrapping also breaks after a '.', splitting a number in
// two ("0." and "5000").
std::string broken_at_spaces(const std::string& text, float width) {
  std::string out, line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of(" \n", start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
      out += line + "\n";
      line = word;
    } else {
      line = longer;
    }
    if (end < text.size() && text[end] == '\n') {
      out += line + "\n";
      line.clear();
    }
    start = end + 1;
  }
  return out + line;
}
}  // namespace

void readout(const char* name, const std::string& text) {
  // Long names and values wrap inside their column instead of being cut off at the panel's edge.
  const bool stacked = ImGui::TableGetColumnCount() == 1;
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", name);
  ImGui::PopTextWrapPos();
  if (stacked) {
    ImGui::Indent(ImGui::GetFontSize());
  } else {
    ImGui::TableNextColumn();
  }
  ImGui::TextUnformatted(broken_at_spaces(text, ImGui::GetContentRegionAvail().x).c_str());
  if (stacked) ImGui::Unindent(ImGui::GetFontSize());
}

void readout(const char* name, double value, const char* note) {
  readout(name, note ? number_text(value) + "  " + note : number_text(value));
}

void readout_point(const char* name, const glm::dvec3& p, bool is_2d) { readout(name, vector_text(p, is_2d)); }

void end_readouts() { ImGui::EndTable(); }

void tool_answer_readouts(const char* id, const nlohmann::ordered_json& answer) {
  if (answer.contains("error")) return warning_text(answer["error"].get<std::string>());
  if (!begin_readouts(id)) return;
  for (const auto& [key, value] : answer.items()) {
    std::string field = key;
    std::replace(field.begin(), field.end(), '_', ' ');
    if (value.is_number_integer()) {
      readout(field.c_str(), value.dump());
    } else if (value.is_number()) {
      readout(field.c_str(), value.get<double>());
    } else if (value.is_array() && (value.size() == 2 || value.size() == 3) && value[0].is_number() &&
               key != "edge_distances" && key != "face_distances") {
      const glm::dvec3 p(value[0].get<double>(), value[1].get<double>(), value.size() > 2 ? value[2].get<double>() : 0.0);
      readout_point(field.c_str(), p, value.size() == 2);
    } else {
      readout(field.c_str(), value.is_string() ? value.get<std::string>() : value.dump());
    }
  }
  end_readouts();
}

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
  ImGui::TextWrapped("%s", meaning);  // a narrow panel wraps it rather than cutting it off
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

bool wrapped_checkbox(const char* label, bool& value) {
  ImGui::PushID(label);
  bool changed = ImGui::Checkbox("##checkbox", &value);
  ImGui::PopID();
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextWrapped("%s", label);
  if (ImGui::IsItemClicked()) {
    value = !value;
    changed = true;
  }
  return changed;
}

std::string fitted_label(const char* label, const char* shown) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::CalcItemWidth();
  const bool shown_fits = ImGui::CalcTextSize(shown).x <= width - ImGui::GetFrameHeight() - 2 * style.FramePadding.x;
  const bool label_fits = width + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label).x <= ImGui::GetContentRegionAvail().x;
  if (shown_fits && label_fits) return label;
  ImGui::TextUnformatted(label);
  ImGui::SetNextItemWidth(-FLT_MIN);
  return std::string("##") + label;
}

void wrapped_cell(const std::string& text) {
  ImGui::TextUnformatted(broken_at_spaces(text, ImGui::GetContentRegionAvail().x).c_str());
}

void wrapped_cell(const std::string& text, const Color& color) {
  const Color shown = themed(color);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(shown.r, shown.g, shown.b, shown.a));
  wrapped_cell(text);
  ImGui::PopStyleColor();
}

void wrapped_headers_row() {
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int column = 0; column < ImGui::TableGetColumnCount(); ++column) {
    ImGui::TableSetColumnIndex(column);
    ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
    wrapped_cell(ImGui::TableGetColumnName(column));
  }
}

void hint(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  wrapped_cell(text);  // broken at spaces only: ImGui's wrapping splits "0.5" after its '.'
  ImGui::PopStyleColor();
}

void vertex_edit_hint() { hint("Double-click: add a vertex. Right-click a vertex: remove it."); }

void warning_text(const std::string& text) {
  const Color shown = themed(kWarningText);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(shown.r, shown.g, shown.b, shown.a));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

// The sign of the number as shown: rounding noise, shown as 0, has none.
std::string sign_text(double value) {
  if (is_noise(value)) return "0";
  return value > 0 ? "+" : value < 0 ? "\u2212" : "0";
}

std::string format_number(double value) { return fixed_text(value, 3); }
