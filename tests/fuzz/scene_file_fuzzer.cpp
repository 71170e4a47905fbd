// libFuzzer target: the bytes are a scene file's text, read as `collision-lab FILE` reads
// it (which also builds the sample and applies the state, as opening it would). Whatever
// the text, reading must not crash, throw or hit undefined behaviour; a refusal is one
// line saying why; and a scene that is read is saved as File → Save writes it and must
// read back to the same scene.
#include "app/document/scene_file.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "scene_file_fuzzer: %s: %s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  SceneFile scene;
  std::string error;
  if (!read_scene_text(text, scene, error)) {
    if (error.empty() || error.find('\n') != std::string::npos) fail("a refusal must be one line", error);
    return 0;
  }
  const std::string saved = scene_json(scene).dump(2);
  SceneFile reread;
  if (!read_scene_text(saved, reread, error)) fail("the saved scene does not read back", error + "\n" + saved);
  if (scene_json(reread) != scene_json(scene)) fail("the saved scene reads back differently", saved);
  return 0;
}
