#include "app/document/lecture_file.h"

#include "app/document/input_file.h"
#include "app/document/presets.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/shape_json.h"

#include <algorithm>
#include <filesystem>

namespace {

// An optional string field; false with `error` when present and not a string.
bool read_text(const nlohmann::json& object, const char* key, const std::string& where, std::string& value,
               std::string& error) {
  value.clear();
  if (!object.contains(key)) return true;
  if (!object.at(key).is_string()) {
    error = where + key + ": expected a string, got " + shown_value(object.at(key));
    return false;
  }
  value = object.at(key).get<std::string>();
  return true;
}

bool read_scene_entry(const nlohmann::json& entry, const std::string& where, const std::string& folder,
                      LectureScene& scene, std::string& error) {
  if (!entry.is_object()) {
    error = where + ": expected an object with \"title\" and one of \"scene\", \"preset\" or \"file\", got " +
            shown_value(entry);
    return false;
  }
  for (const auto& [key, value] : entry.items()) {
    if (key != "title" && key != "notes" && key != "scene" && key != "preset" && key != "file") {
      error = where + "." + key + ": unknown field (a scene has \"title\", \"notes\", and one of \"scene\", \"preset\" or \"file\")";
      return false;
    }
  }
  if (int(entry.contains("scene")) + int(entry.contains("preset")) + int(entry.contains("file")) != 1) {
    error = where + ": needs exactly one of \"scene\" (the scene itself), \"preset\" (a shipped scene, as " +
            "\"tutorials/ray-and-seven-points.json\") and \"file\" (a scene file)";
    return false;
  }
  std::string file, preset;
  if (!read_text(entry, "title", where + ".", scene.title, error) || !read_text(entry, "notes", where + ".", scene.notes, error) ||
      !read_text(entry, "file", where + ".", file, error) || !read_text(entry, "preset", where + ".", preset, error)) {
    return false;
  }
  std::string problem;
  if (entry.contains("scene")) {
    if (!read_scene_json(entry.at("scene"), scene.scene, problem)) {
      error = where + ".scene: " + problem;
      return false;
    }
  } else if (entry.contains("preset")) {
    const auto& files = embedded_scene_files();
    const auto found = std::find_if(files.begin(), files.end(), [&](const EmbeddedFile& f) { return f.path == preset; });
    if (found == files.end()) {
      error = where + ".preset: no shipped scene " + query::cut_for_message(preset) + " (the Presets menu lists them)";
      return false;
    }
    if (!read_scene_text(std::string(found->text), scene.scene, problem)) {
      error = where + ".preset: " + problem;
      return false;
    }
  } else {
    const std::filesystem::path path = std::filesystem::path(folder) / file;
    if (!read_scene_file(path.string(), scene.scene, problem)) {
      error = where + ".file: " + query::cut_for_message(file) + ": " + problem;
      return false;
    }
  }
  if (scene.title.empty()) scene.title = scene.scene.title;
  if (scene.title.empty()) {
    error = where + ".title: missing (and the scene has no title of its own)";
    return false;
  }
  return true;
}
}  // namespace

bool is_lecture_json(const nlohmann::json& root) { return root.is_object() && root.contains("collision_lab_lecture"); }

bool read_lecture_json(const nlohmann::json& root, const std::string& folder, LectureFile& lecture, std::string& error) {
  if (root.at("collision_lab_lecture") != kLectureVersion) {
    error = "collision_lab_lecture: version " + shown_value(root.at("collision_lab_lecture")) +
            " is not supported (this build reads " + std::to_string(kLectureVersion) + ")";
    return false;
  }
  for (const auto& [key, value] : root.items()) {
    if (key != "collision_lab_lecture" && key != "title" && key != "scenes") {
      error = key + ": unknown field (a lecture has \"title\" and \"scenes\")";
      return false;
    }
  }
  LectureFile read;
  if (!read_text(root, "title", "", read.title, error)) return false;
  if (!root.contains("scenes") || !root.at("scenes").is_array() || root.at("scenes").empty()) {
    error = "scenes: expected a non-empty array of scenes";
    return false;
  }
  const nlohmann::json& scenes = root.at("scenes");
  read.scenes.resize(scenes.size());
  for (std::size_t i = 0; i < scenes.size(); ++i) {
    if (!read_scene_entry(scenes[i], "scenes[" + std::to_string(i) + "]", folder, read.scenes[i], error)) return false;
  }
  lecture = std::move(read);
  return true;
}

nlohmann::ordered_json lecture_json(const LectureFile& lecture) {
  nlohmann::ordered_json out;
  out["collision_lab_lecture"] = kLectureVersion;
  if (!lecture.title.empty()) out["title"] = lecture.title;
  auto& scenes = out["scenes"] = nlohmann::ordered_json::array();
  for (const LectureScene& scene : lecture.scenes) {
    nlohmann::ordered_json entry;
    entry["title"] = scene.title;
    if (!scene.notes.empty()) entry["notes"] = scene.notes;
    entry["scene"] = scene_json(scene.scene);
    scenes.push_back(std::move(entry));
  }
  return out;
}
