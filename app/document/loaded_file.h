#pragma once
// Reading what File > Open opens, without showing it: a scene, a lecture or a case file.
#include "app/document/case_file.h"
#include "app/document/lecture_file.h"

#include <cstddef>
#include <string>
#include <vector>

bool is_case_file(const std::string& path);  // by its name: ".jsonl"

// Why a case row left to answer has no scene yet: not a problem, the panel shows its progress.
inline constexpr const char* kBeingAnswered = "being answered";

// "case 9: the file has 7 cases"; "scene 3: the lecture has 2 scenes".
std::string no_such_case(int row, std::size_t count);
std::string no_such_scene(int index, std::size_t count);

// A file as opened: its scene; for a case file its rows, for a lecture its scenes (the
// scene is row or lecture scene `row`'s).
struct LoadedFile {
  SceneFile scene;
  std::vector<CaseRow> rows;
  LectureFile lecture;
  int row = -1;
  std::string case_problem;  // why case row `row` has no scene (an error row): the figure keeps what it shows
  std::vector<UnansweredLine> unanswered;  // case rows left to answer (read_cases)
};
// Reads a scene, a lecture or a case file (".jsonl") without showing it; false with `error`
// when it cannot be used. main checks the command line's file with it before any window
// opens. `row` is the case row or the lecture's scene (from 0), else unused. `clamp_row`: a
// row past the end is the last one (a reloaded file may have fewer). Case rows that take
// long are left to answer (loaded.unanswered), and a row being answered has no scene yet;
// `answer_row_now`: row `row` is answered at once all the same (its sample is needed now).
bool load_file(const std::string& path, int row, LoadedFile& loaded, std::string& error, bool clamp_row = false,
               bool answer_row_now = false);
// The scene of case `row` (from 0); false when out of range, an error row, or no sample
// takes its shapes.
bool scene_of_case(const std::vector<CaseRow>& rows, int row, SceneFile& scene, std::string& error);
