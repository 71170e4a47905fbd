#include "app/host/precision_compare.h"

#include "app/samples/kit/sample_ui.h"
#include "collision_lab/query/runner.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

namespace {

using nlohmann::ordered_json;

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Distinct from the palette (the answer's yellow, the query's cyan, GJK's magenta), on both
// themes; a dark rim sets the float marker apart from a double answer under it.
constexpr Color kFloatAnswer{0.62f, 0.45f, 1.00f, 1};
constexpr Color kFloatAnswerRim{0.08f, 0.08f, 0.10f, 1};
// The answer fields answers.h writes in scene coordinates (a box's "local" point is in the
// box's frame, "axis" and "barycentric" are no positions).
constexpr const char* kPointFields[] = {"point", "a_point", "b_point"};

std::string text_of(const ordered_json* value) {
  if (!value) return "absent";
  return value->is_string() ? value->get<std::string>() : value->dump();
}

PrecisionRow categorical(const std::string& field, const ordered_json* d, const ordered_json* f) {
  PrecisionRow row;
  row.field = field;
  row.double_text = text_of(d);
  row.float_text = text_of(f);
  row.differs = !d || !f || *d != *f;
  return row;
}

std::string child(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

// Walks both answers in the double answer's order, then adds what only the float one has.
void compare_values(const std::string& path, const ordered_json& d, const ordered_json* f,
                    std::vector<PrecisionRow>& rows) {
  if (d.is_number_float() && f && f->is_number_float()) {
    PrecisionRow row;
    row.field = path;
    row.numeric = true;
    row.double_value = d.get<double>();
    row.float_value = f->get<double>();
    row.ulps = ulps_between(row.double_value, row.float_value);
    row.absolute_difference = row.ulps == 0 ? 0 : std::fabs(row.float_value - row.double_value);
    if (std::isnan(row.absolute_difference)) row.absolute_difference = kInfinity;
    rows.push_back(row);
  } else if (d.is_object() && f && f->is_object()) {
    for (const auto& [key, value] : d.items()) {
      compare_values(child(path, key), value, f->contains(key) ? &(*f)[key] : nullptr, rows);
    }
    for (const auto& [key, value] : f->items()) {
      if (!d.contains(key)) rows.push_back(categorical(child(path, key), nullptr, &value));
    }
  } else if (d.is_array() && f && f->is_array()) {
    for (std::size_t i = 0; i < std::max(d.size(), f->size()); ++i) {
      const std::string element = path + "[" + std::to_string(i) + "]";
      if (i >= d.size()) {
        rows.push_back(categorical(element, nullptr, &(*f)[i]));
      } else {
        compare_values(element, d[i], i < f->size() ? &(*f)[i] : nullptr, rows);
      }
    }
  } else {
    rows.push_back(categorical(path, &d, f));
  }
}

// What a sample's rows of line `index` start with: nothing when it has one line, else the
// line's id, and its op too where another line has the same id (GJK's overlap and closest
// points of A-B).
std::string line_name(const std::vector<AnsweredQuery>& queries, std::size_t index) {
  if (queries.size() < 2) return "";
  const auto id_of = [](const ordered_json& line) { return line.contains("id") ? text_of(&line["id"]) : ""; };
  const std::string id = id_of(queries[index].line);
  const auto shares_id = [&](const AnsweredQuery& other) { return id_of(other.line) == id; };
  if (std::count_if(queries.begin(), queries.end(), shares_id) == 1) return id;
  return id + " " + queries[index].line.value("op", "");
}

void add_points(const ordered_json& answer, std::vector<glm::dvec3>& points) {
  for (const char* key : kPointFields) {
    if (!answer.contains(key)) continue;
    const ordered_json& p = answer[key];
    if (!p.is_array() || p.size() < 2 || p.size() > 3) continue;
    if (!std::all_of(p.begin(), p.end(), [](const ordered_json& v) { return v.is_number(); })) continue;
    points.emplace_back(p[0].get<double>(), p[1].get<double>(), p.size() == 3 ? p[2].get<double>() : 0.0);
  }
}

std::string number_text(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// Text from the cursor across the rest of the table's row, over the empty cells beside it
// (clipped above and below as the cell is, where the table scrolls).
bool spanning_text(const std::string& text) {
  const ImVec2 from = ImGui::GetCursorScreenPos();
  const ImVec2 cell_min = ImGui::GetWindowDrawList()->GetClipRectMin();
  const ImVec2 cell_max = ImGui::GetWindowDrawList()->GetClipRectMax();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  ImGui::PushClipRect(ImVec2(from.x, std::max(cell_min.y, from.y)),
                      ImVec2(right, std::min(cell_max.y, from.y + ImGui::GetTextLineHeightWithSpacing())), false);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopClipRect();
  return ImGui::IsItemHovered();
}

// A row's cells under the headers double, float, |Δ| and ulps (a name or verdict both
// answers share has none: it goes once across the row).
std::vector<std::string> row_cells(const PrecisionRow& row) {
  if (row.numeric) {
    // 8 digits tell a float apart from its neighbours in the panel's width; the tooltip has all.
    return {number_text("%.8g", row.double_value), number_text("%.8g", row.float_value),
            number_text("%.2g", row.absolute_difference), number_text("%.2g", row.ulps)};
  }
  if (row.differs) return {row.double_text, row.float_text, "differs"};
  return {};
}

// One field: its name across the row, then its cells under their headers, `columns` a line.
// Hovering shows every digit.
void table_row(const PrecisionRow& row, int columns) {
  const std::vector<std::string> cells = row_cells(row);
  const Color text = themed(row.differs ? palette::kOverlap : palette::kMuted);  // names and verdicts
  if (!row.numeric) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(text.r, text.g, text.b, text.a));
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  bool hovered = spanning_text(row.field);
  if (cells.empty()) hovered = spanning_text(row.double_text) || hovered;
  // Column by column: going back to a column starts again at the row's top.
  for (int column = 0; column < columns && !cells.empty(); ++column) {
    ImGui::TableSetColumnIndex(column);
    if (column > 0) ImGui::Dummy(ImVec2(0, ImGui::GetTextLineHeight()));  // under the name's line
    for (std::size_t i = static_cast<std::size_t>(column); i < cells.size(); i += static_cast<std::size_t>(columns)) {
      wrapped_cell(cells[i]);
      hovered = ImGui::IsItemHovered() || hovered;
    }
  }
  if (!row.numeric) ImGui::PopStyleColor();
  if (!hovered) return;
  if (row.numeric) {
    ImGui::SetTooltip("%s\ndouble  %.17g\nfloat   %.9g\n|\u0394|     %.17g\nulps    %.17g", row.field.c_str(),
                      row.double_value, row.float_value, row.absolute_difference, row.ulps);
  } else {
    ImGui::SetTooltip("%s\ndouble  %s\nfloat   %s", row.field.c_str(), row.double_text.c_str(), row.float_text.c_str());
  }
}

constexpr const char* kColumnNames[4] = {"double", "float", "|\u0394|", "ulps"};

// The four columns side by side where they fit, each as wide as its widest number or
// header (`widths`); else two or one a line (all `widths` equal). No number is cut or split.
int number_columns(const std::vector<PrecisionRow>& rows, float width, float (&widths)[4]) {
  for (std::size_t i = 0; i < 4; ++i) widths[i] = ImGui::CalcTextSize(kColumnNames[i]).x;
  for (const auto& row : rows) {
    if (!row.numeric) continue;  // names and verdicts wrap at their spaces
    const auto cells = row_cells(row);
    for (std::size_t i = 0; i < 4; ++i) widths[i] = std::max(widths[i], ImGui::CalcTextSize(cells[i].c_str()).x);
  }
  const float padding = 2 * ImGui::GetStyle().CellPadding.x + 1;  // 1: the border between columns
  float total = 0;
  for (float& column : widths) total += (column += padding);
  if (total <= width) return 4;
  const float widest = *std::max_element(widths, widths + 4);
  std::fill(widths, widths + 4, widest);
  return 2 * widest <= width ? 2 : 1;
}

// The columns double, float, |Δ| and ulps fill the panel's width; each field's name is the
// line above its numbers, as no name column leaves the numbers room in a 360 px panel. A
// narrow panel puts float and ulps under double and |Δ|, or all four under each other.
void comparison_table(const std::vector<PrecisionRow>& rows) {
  constexpr float kMaxLines = 20;  // longer tables scroll
  // Room for the scroll bar a long table has, whichever layout it takes.
  float widths[4];
  const int columns = number_columns(rows, ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize, widths);
  const bool scrolls = static_cast<float>(rows.size() * static_cast<std::size_t>(1 + 4 / columns)) > kMaxLines;
  ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
  if (scrolls) flags |= ImGuiTableFlags_ScrollY;
  const ImVec2 size(0, scrolls ? ImGui::GetTextLineHeightWithSpacing() * (kMaxLines + 1.5f) : 0);
  if (!ImGui::BeginTable("float vs double", columns, flags, size)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (int column = 0; column < columns; ++column) {
    std::string header = column == 0 ? "field / " : "";
    for (int i = column; i < 4; i += columns) header += (i == column ? "" : "\n") + std::string(kColumnNames[i]);
    ImGui::TableSetupColumn(header.c_str(), ImGuiTableColumnFlags_None, widths[column]);
  }
  wrapped_headers_row();
  for (const auto& row : rows) table_row(row, columns);
  ImGui::EndTable();
}

// One line over the table: the largest difference (by size: near zero a tiny one counts
// many ulps), and how many categorical fields differ.
void summary(const std::vector<PrecisionRow>& rows) {
  const PrecisionRow* largest = nullptr;
  int categorical_differences = 0;
  for (const auto& row : rows) {
    if (row.numeric && (!largest || row.absolute_difference > largest->absolute_difference)) largest = &row;
    if (row.differs) ++categorical_differences;
  }
  if (largest && begin_readouts("largest difference")) {
    char text[64];
    std::snprintf(text, sizeof text, "%.2g = %.3g ulps", largest->absolute_difference, largest->ulps);
    readout("largest |\u0394|", text);
    readout("at", largest->field);
    end_readouts();
  }
  if (categorical_differences > 0) {
    colored_text(palette::kOverlap, "%d field%s differ%s in kind", categorical_differences,
                 categorical_differences == 1 ? "" : "s", categorical_differences == 1 ? "s" : "");
  }
}

}  // namespace

double ulp_of(double value) {
  const double magnitude = std::fabs(value);
  if (!std::isfinite(magnitude)) return kInfinity;
  const double above = std::nextafter(magnitude, kInfinity);
  return std::isfinite(above) ? above - magnitude : magnitude - std::nextafter(magnitude, 0.0);
}

double ulps_between(double double_value, double float_value) {
  if (double_value == float_value || (std::isnan(double_value) && std::isnan(float_value))) return 0;
  if (!std::isfinite(double_value) || !std::isfinite(float_value)) return kInfinity;
  const double difference = std::fabs(float_value - double_value);
  return difference / ulp_of(double_value == 0 ? float_value : double_value);
}

std::vector<PrecisionRow> compare_answers(const ordered_json& double_answer, const ordered_json& float_answer) {
  ordered_json d = double_answer, f = float_answer;
  if (d.is_object()) d.erase("id");
  if (f.is_object()) f.erase("id");
  std::vector<PrecisionRow> rows;
  compare_values("", d, &f, rows);
  return rows;
}

PrecisionComparison compare_precision(const Sample& sample) {
  PrecisionComparison comparison;
  const auto queries = sample.queries();
  const ordered_json doubles = sample_results(sample);
  for (std::size_t i = 0; i < queries.size() && i < doubles.size(); ++i) {
    ordered_json line = queries[i].line;
    line["precision"] = "float";
    bool failed = false;
    const ordered_json float_answer = query::answer_request(line, static_cast<int>(i) + 1, failed);
    const std::string name = line_name(queries, i);
    for (auto& row : compare_answers(doubles[i], float_answer)) {
      if (!name.empty()) row.field = name + ": " + row.field;
      comparison.rows.push_back(std::move(row));
    }
    if (!failed) add_points(float_answer, comparison.float_points);
  }
  return comparison;
}

void precision_panel(const Sample& sample, bool& compare_float) {
  wrapped_checkbox("Compare float and double", compare_float);
  if (!compare_float) return;
  ImGui::PushID("precision");
  if (ImGui::CollapsingHeader("Float vs double", ImGuiTreeNodeFlags_DefaultOpen)) {
    legend(kFloatAnswer, "float answer (over the double one)");
    const PrecisionComparison comparison = compare_precision(sample);
    summary(comparison.rows);
    comparison_table(comparison.rows);
    hint("Each query line answered again in float. ulps: |\u0394| in steps of doubles at the double "
         "answer. Red: a name or verdict that differs, or a field only one answer has. Hover a row "
         "for every digit.");
  }
  ImGui::PopID();
  ImGui::Separator();
}

void draw_float_answer(const Sample& sample, DebugDraw& draw) {
  for (const auto& point : compare_precision(sample).float_points) {
    draw.point(point, 10, kFloatAnswerRim, Layer::Overlay);
    draw.point(point, 7, kFloatAnswer, Layer::Overlay);
  }
}
