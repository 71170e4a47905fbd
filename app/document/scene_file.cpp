#include "app/document/scene_file.h"

#include "app/document/input_file.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/shape_json.h"

std::string shown_value(const nlohmann::json& value) {
  return value.is_structured() ? query::describe(value) : value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace {

double positive(const nlohmann::json& camera, const char* key, const std::string& where) {
  const double value = query::read_number<double>(query::read_field(camera, key, where), where + "." + key);
  if (!(value > 0)) throw query::JsonInputError(where + "." + key + ": must be positive");
  return value;
}

SceneView read_view(const nlohmann::json& root) {
  SceneView view;
  if (!root.contains("view")) return view;
  const nlohmann::json& json = root["view"];
  if (!json.is_object()) throw query::JsonInputError("view: expected an object of view options, got " + shown_value(json));
  for (auto [key, flag] : {std::pair{"auto_orbit", &view.auto_orbit}, std::pair{"compare_float", &view.compare_float}}) {
    if (!json.contains(key)) continue;
    if (!json[key].is_boolean()) throw query::JsonInputError(std::string("view.") + key + ": expected true or false");
    *flag = json[key].get<bool>();
  }
  if (json.contains("reveal")) {
    const nlohmann::json& reveal = json["reveal"];
    if (!reveal.is_number_integer() || reveal.get<long long>() < 0 || reveal.get<long long>() > 1'000'000) {
      throw query::JsonInputError("view.reveal: expected how many steps are revealed (0 or more), got " + shown_value(reveal));
    }
    view.reveal = reveal.get<int>();
  }
  return view;
}

// A camera object: the scene's ("camera") or a bookmark's ("bookmarks.3").
SceneCamera read_camera(const nlohmann::json& json, bool is_3d, const std::string& where) {
  if (!json.is_object()) throw query::JsonInputError(where + ": expected a camera object, got " + shown_value(json));
  SceneCamera camera;
  camera.present = true;
  if (is_3d) {
    camera.target = query::read_point<double>(query::read_field(json, "target", where), where + ".target");
    camera.distance = positive(json, "distance", where);
    camera.yaw = query::read_number<double>(query::read_field(json, "yaw", where), where + ".yaw");
    camera.pitch = query::read_number<double>(query::read_field(json, "pitch", where), where + ".pitch");
    const auto& orthographic = query::read_field(json, "orthographic", where);
    if (!orthographic.is_boolean()) throw query::JsonInputError(where + ".orthographic: expected true or false");
    camera.orthographic = orthographic.get<bool>();
  } else {
    camera.center = glm::dvec2(query::read_point<double>(query::read_field(json, "center", where), where + ".center"));
    camera.units_per_pixel = positive(json, "units_per_pixel", where);
  }
  return camera;
}

Bookmarks read_bookmarks(const nlohmann::json& root, bool is_3d) {
  Bookmarks bookmarks;
  if (!root.contains("bookmarks")) return bookmarks;
  const nlohmann::json& json = root["bookmarks"];
  if (!json.is_object()) {
    throw query::JsonInputError("bookmarks: expected an object of cameras keyed \"1\" to \"9\", got " + shown_value(json));
  }
  for (const auto& [key, camera] : json.items()) {
    if (key.size() != 1 || key[0] < '1' || key[0] > '9') {
      throw query::JsonInputError("bookmarks." + query::cut_for_message(key) + ": a bookmark is numbered \"1\" to \"9\"");
    }
    bookmarks[static_cast<std::size_t>(key[0] - '1')] = read_camera(camera, is_3d, "bookmarks." + key);
  }
  return bookmarks;
}

nlohmann::ordered_json camera_json(const SceneCamera& camera, bool is_3d) {
  if (is_3d) {
    return {{"target", {camera.target.x, camera.target.y, camera.target.z}},
            {"distance", camera.distance}, {"yaw", camera.yaw}, {"pitch", camera.pitch},
            {"orthographic", camera.orthographic}};
  }
  return {{"center", {camera.center.x, camera.center.y}}, {"units_per_pixel", camera.units_per_pixel}};
}
}  // namespace

bool read_scene_file(const std::string& path, SceneFile& scene, std::string& error) {
  std::string text;
  return read_input_file(path, text, error) && read_scene_text(text, scene, error);
}

bool read_scene_text(const std::string& text, SceneFile& scene, std::string& error) {
  nlohmann::json root;
  try {
    root = query::parse_json(text);
  } catch (const std::exception& e) {  // not JSON, or nested too deeply
    error = query::not_json_text(e, false);
    return false;
  }
  return read_scene_json(root, scene, error);
}

bool read_scene_json(const nlohmann::json& root, SceneFile& scene, std::string& error) {
  if (!root.is_object() || !root.contains("collision_lab_scene")) {
    error = "not a Collision Lab scene (no \"collision_lab_scene\" version field)";
    return false;
  }
  if (root.at("collision_lab_scene") != kSceneVersion) {
    error = "collision_lab_scene: version " + shown_value(root.at("collision_lab_scene")) + " is not supported (this build reads " +
            std::to_string(kSceneVersion) + ")";
    return false;
  }
  for (auto [key, field] : {std::pair{"title", &scene.title}, std::pair{"description", &scene.description}}) {
    field->clear();
    if (!root.contains(key)) continue;
    if (!root[key].is_string()) {
      error = std::string(key) + ": expected a string, got " + shown_value(root[key]);
      return false;
    }
    *field = root[key].get<std::string>();
  }
  const auto& sample = root.contains("sample") ? root["sample"] : nlohmann::json();
  scene.sample = sample.is_string() ? find_sample(sample.get<std::string>()) : nullptr;
  if (!scene.sample) {
    error = "sample: unknown sample " + shown_value(sample) + " (see --list-samples)";
    return false;
  }
  if (!root.contains("state") || !root["state"].is_object()) {
    error = "state: expected an object of \"shapes\" and \"points\"";
    return false;
  }
  scene.state = root["state"];
  scene.settings.clear();
  if (root.contains("settings")) {
    if (!root["settings"].is_object()) {
      error = "settings: expected an object of numbers, got " + shown_value(root["settings"]);
      return false;
    }
    for (const auto& [name, value] : root["settings"].items()) {
      if (!value.is_number()) {
        error = "settings." + name + ": expected a number, got " + shown_value(value);
        return false;
      }
      scene.settings.emplace_back(name, value.get<double>());
    }
  }
  // The sample must take the camera, the settings and the state: checked here, the latter
  // two on a throwaway instance.
  try {
    scene.camera = root.contains("camera") ? read_camera(root["camera"], scene.sample->is_3d, "camera") : SceneCamera{};
    scene.bookmarks = read_bookmarks(root, scene.sample->is_3d);
    scene.view = read_view(root);
    make_scene_sample(scene);
  } catch (const query::JsonInputError& e) {
    error = e.what();
    return false;
  }
  return true;
}

std::unique_ptr<Sample> make_scene_sample(const SceneFile& scene) {
  auto sample = scene.sample->make();
  for (const auto& [name, value] : scene.settings) {
    if (!sample->set_parameter(name, value)) {
      throw query::JsonInputError("settings." + name + ": sample '" + scene.sample->id +
                                  "' has no such setting, or " + shown_value(value) + " is out of its range");
    }
  }
  sample->state = read_state(nlohmann::json(scene.state), sample->state);
  if (const std::string problem = sample->state_problem(); !problem.empty()) throw query::JsonInputError(problem);
  sample->update(0);
  return sample;
}

nlohmann::ordered_json scene_json(const SceneFile& scene) {
  nlohmann::ordered_json out;
  out["collision_lab_scene"] = kSceneVersion;
  if (!scene.title.empty()) out["title"] = scene.title;
  if (!scene.description.empty()) out["description"] = scene.description;
  out["sample"] = scene.sample ? scene.sample->id : "";
  auto& settings = out["settings"] = nlohmann::ordered_json::object();
  for (const auto& [name, value] : scene.settings) settings[name] = value;
  out["state"] = scene.state;
  out["view"] = {{"auto_orbit", scene.view.auto_orbit}, {"compare_float", scene.view.compare_float}};
  if (scene.view.reveal != Reveal::kAll) out["view"]["reveal"] = scene.view.reveal;
  const bool is_3d = scene.sample && scene.sample->is_3d;
  if (scene.camera.present) out["camera"] = camera_json(scene.camera, is_3d);
  for (std::size_t i = 0; i < kBookmarks; ++i) {
    if (scene.bookmarks[i].present) out["bookmarks"][std::to_string(i + 1)] = camera_json(scene.bookmarks[i], is_3d);
  }
  return out;
}
