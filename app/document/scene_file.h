#pragma once
// Scene files: what --dump-state writes, opened again with `collision-lab FILE`, and the
// shipped presets. A scene names its sample and holds the sample's shapes and points (in
// the query schema), its settings (the --param values), the camera, and optionally a title
// and a description for teachers.
#include "app/host/sample.h"

#include <nlohmann/json.hpp>

#include <array>
#include <string>
#include <utility>
#include <vector>

inline constexpr int kSceneVersion = 1;

// A value for a message about a file: a number or string as written, an array or object by
// its start.
std::string shown_value(const nlohmann::json& value);

// The camera a scene was saved with: the 2D or the 3D one, as the sample is.
struct SceneCamera {
  bool present = false;
  glm::dvec2 center{0};
  double units_per_pixel = 0;
  glm::dvec3 target{0};
  double distance = 0, yaw = 0, pitch = 0;
  bool orthographic = false;
};

// Camera bookmarks per scene: Ctrl+1…9 keeps the camera, 1…9 goes back to it.
inline constexpr std::size_t kBookmarks = 9;
using Bookmarks = std::array<SceneCamera, kBookmarks>;  // [0] is bookmark 1; unset ones not present

// The view options a scene keeps besides the camera (View menu).
struct SceneView {
  bool auto_orbit = false;
  bool compare_float = false;  // the float answer drawn over the double one
  int reveal = Reveal::kAll;    // the steps revealed (Reveal::shown), so a lecture can open at step 0
};

struct SceneFile {
  const SampleInfo* sample = nullptr;
  std::string title, description;                        // empty when the scene has none
  nlohmann::ordered_json state;                                  // {"shapes": {...}, "points": {...}}
  std::vector<std::pair<std::string, double>> settings;  // applied before the state
  SceneCamera camera;
  Bookmarks bookmarks;
  SceneView view;
};

// Reads and checks a scene file; false with `error` saying what is wrong (the field and
// its value where there is one) when it cannot be used. Files over 64 MiB are refused.
bool read_scene_file(const std::string& path, SceneFile& scene, std::string& error);
// The same checks on a scene's text (an embedded preset), or on its parsed JSON (a scene
// embedded in a lecture).
bool read_scene_text(const std::string& text, SceneFile& scene, std::string& error);
bool read_scene_json(const nlohmann::json& root, SceneFile& scene, std::string& error);

// The scene as a file holds it: "collision_lab_scene", "title" and "description" when set,
// "sample", "settings", "state", "view", "camera" when present, and "bookmarks" ({"1": a
// camera, ...}) when any is set.
nlohmann::ordered_json scene_json(const SceneFile& scene);

// A fresh sample of the scene's kind with its settings and state applied; throws
// query::JsonInputError naming the field when the state does not fit the sample.
std::unique_ptr<Sample> make_scene_sample(const SceneFile& scene);
