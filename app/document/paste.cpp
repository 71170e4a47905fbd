#include "app/document/paste.h"

#include "app/document/case_file.h"
#include "collision_lab/query/message_text.h"
#include "collision_lab/query/runner.h"
#include "collision_lab/query/shape_json.h"

namespace {
using nlohmann::json;

// The text as one JSON value: the whole of it, or else its first line (a case file's).
json parse_pasted(const std::string& text) {
  try {
    return query::parse_json(text);
  } catch (const std::exception&) {
    const auto start = text.find_first_not_of(" \t\r\n");
    const auto end = text.find('\n', start == std::string::npos ? 0 : start);
    if (start == std::string::npos || end == std::string::npos) throw;
    try {
      return query::parse_json(text.substr(start, end - start));
    } catch (const std::exception&) {
      return query::parse_json(text);  // throws again: the whole text's reason is the one to show
    }
  }
}

// The shape replaces the first shape of its type: in the current sample, or in the first
// sample (in menu order) that has one, which then opens (true).
bool paste_shape(const json& shape, SampleHost& host) {
  check_vertex_count(shape, "shape");  // before a huge hull is built
  const auto kind = query::read_shape<double>(shape, "shape").index();
  const std::string step = "Paste " + shape["type"].get<std::string>();
  const auto entry_of = [kind](const SampleState& state) -> const NamedShape* {
    for (const auto& named : state.shapes) {
      if (named.shape.index() == kind) return &named;
    }
    return nullptr;
  };
  if (const NamedShape* named = entry_of(host.sample()->state)) {
    const SampleState before = host.sample()->state;
    host.sample()->state = read_state({{"shapes", {{named->name, shape}}}}, before);
    host.sample()->update(0);
    host.record_edit(step, before);
    return false;
  }
  for (const auto& info : sample_registry()) {
    const auto fresh = info.make();
    if (const NamedShape* named = entry_of(fresh->state)) {
      SceneFile scene;
      scene.sample = &info;
      scene.settings = fresh->parameters();
      scene.state = {{"shapes", {{named->name, shape}}}};
      host.open_scene(scene, step);
      return true;
    }
  }
  throw query::JsonInputError("type: no sample holds a " + shape["type"].get<std::string>());
}
}  // namespace

bool paste_text(const std::string& text, SampleHost& host, std::string& error, bool& replaced_scene) {
  replaced_scene = false;
  json value;
  try {
    value = parse_pasted(text);
  } catch (const std::exception& e) {
    error = query::not_json_text(e, false);
    return false;
  }
  try {
    if (value.is_object() && value.contains("collision_lab_scene")) {
      SceneFile scene;
      if (!read_scene_text(value.dump(), scene, error)) return false;
      host.open_scene(scene, "Paste scene");
      replaced_scene = true;
    } else if (value.is_object() && value.contains("op")) {
      check_case_vertices(value);  // a line too large for a figure is refused before it is answered
      bool failed = false;
      const auto answer = query::answer_request(value, 1, failed);
      if (failed) {
        error = answer["error"].get<std::string>();
        return false;
      }
      host.open_scene(case_scene(value, &answer), "Paste query line");
      replaced_scene = true;
    } else if (value.is_object() && value.contains("type")) {
      replaced_scene = paste_shape(value, host);
    } else {
      error = "not a scene, a query line or a shape (it has no \"collision_lab_scene\", \"op\" or \"type\" field)";
      return false;
    }
  } catch (const std::exception& e) {  // JsonInputError names the field
    error = e.what();
    return false;
  }
  return true;
}
