#include "app/document/loaded_file.h"

#include "app/document/input_file.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/shape_json.h"

#include <algorithm>
#include <filesystem>

namespace {
// "1 case", "7 cases".
std::string counted(std::size_t count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

bool load_lecture(const std::string& path, const nlohmann::json& root, int row, LoadedFile& loaded, std::string& error,
                  bool clamp_row) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (!read_lecture_json(root, folder.empty() ? "." : folder.string(), loaded.lecture, error)) return false;
  const int count = static_cast<int>(loaded.lecture.scenes.size());
  loaded.row = clamp_row ? std::min(row, count - 1) : row;
  if (loaded.row < 0 || loaded.row >= count) {
    error = no_such_scene(row, loaded.lecture.scenes.size());
    return false;
  }
  loaded.scene = loaded.lecture.scenes[static_cast<std::size_t>(loaded.row)].scene;
  return true;
}
}  // namespace

bool is_case_file(const std::string& path) { return std::filesystem::path(path).extension() == ".jsonl"; }

std::string no_such_case(int row, std::size_t count) {
  return "case " + std::to_string(row + 1) + ": the file has " + counted(count, "case");
}

std::string no_such_scene(int index, std::size_t count) {
  return "scene " + std::to_string(index + 1) + ": the lecture has " + counted(count, "scene");
}

bool scene_of_case(const std::vector<CaseRow>& rows, int row, SceneFile& scene, std::string& error) {
  if (row < 0 || row >= static_cast<int>(rows.size())) {
    error = no_such_case(row, rows.size());
    return false;
  }
  const CaseRow& chosen = rows[static_cast<std::size_t>(row)];
  if (chosen.answering) {
    error = kBeingAnswered;
    return false;
  }
  if (!chosen.error.empty()) {
    error = chosen.error;  // the tool's text names the line
    return false;
  }
  try {
    scene = case_scene(chosen.request, &chosen.answer);
  } catch (const std::exception& e) {  // JsonInputError names the field
    error = "line " + std::to_string(chosen.line) + ": " + e.what();
    return false;
  }
  return true;
}

bool load_file(const std::string& path, int row, LoadedFile& loaded, std::string& error, bool clamp_row,
               bool answer_row_now) {
  std::string text;
  if (!read_input_file(path, text, error)) return false;
  if (!is_case_file(path)) {
    nlohmann::json root;
    try {
      root = query::parse_json(text);
    } catch (const std::exception& e) {  // not JSON, or nested too deeply
      error = query::not_json_text(e, false);
      return false;
    }
    if (is_lecture_json(root)) return load_lecture(path, root, row, loaded, error, clamp_row);
    return read_scene_json(root, loaded.scene, error);
  }
  if (!read_cases(text, loaded.rows, error, &loaded.unanswered)) return false;
  const int count = static_cast<int>(loaded.rows.size());
  loaded.row = clamp_row ? std::min(row, count - 1) : row;
  if (loaded.row < 0 || loaded.row >= count) {
    error = no_such_case(row, loaded.rows.size());
    return false;
  }
  auto& unanswered = loaded.unanswered;
  const auto left = std::find_if(unanswered.begin(), unanswered.end(),
                                 [&](const UnansweredLine& line) { return line.row == static_cast<std::size_t>(loaded.row); });
  if (answer_row_now && left != unanswered.end()) {
    answer_row(loaded.rows[left->row], query::check_line(left->text, left->number));
    unanswered.erase(left);
  }
  if (!scene_of_case(loaded.rows, loaded.row, loaded.scene, loaded.case_problem) && loaded.case_problem.empty()) {
    loaded.case_problem = "cannot be shown";
  }
  return true;
}

