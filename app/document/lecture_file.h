#pragma once
// Lecture files: an ordered list of scenes, each with a title and optional speaker notes,
// opened with `collision-lab LECTURE` and stepped with PgDn and PgUp. Each scene is embedded
// ("scene": {...}, a scene file's object), names a shipped scene ("preset": its path under
// assets/scenes/), or names a scene file ("file": a path relative to the lecture's folder).
#include "app/document/scene_file.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

inline constexpr int kLectureVersion = 1;

struct LectureScene {
  std::string title;  // what presenter mode shows beside "3 / 12"
  std::string notes;  // speaker notes: shown in the panel only
  SceneFile scene;
};

struct LectureFile {
  std::string title;
  std::vector<LectureScene> scenes;  // never empty once read
};

// An object with the "collision_lab_lecture" version field.
bool is_lecture_json(const nlohmann::json& root);

// Reads and checks a lecture; `folder` resolves its "file" entries. False with `error`
// naming the scene ("scenes[2].file: ...") when it cannot be used.
bool read_lecture_json(const nlohmann::json& root, const std::string& folder, LectureFile& lecture, std::string& error);

// The lecture as Save As writes it: every scene embedded, so the file stands alone.
nlohmann::ordered_json lecture_json(const LectureFile& lecture);
