#include "app/host/reveal.h"

#include "app/samples/kit/number_field.h"
#include "app/samples/kit/sample_ui.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

namespace {

// From the whole answer, the previous step is the last one.
int stepped(int shown, int count, int by) { return std::clamp((shown == Reveal::kAll ? count : shown) + by, 0, count); }

}  // namespace

bool Reveal::key(int glfw_key, bool pressed, int count) {
  if (count == 0 || (glfw_key != GLFW_KEY_N && glfw_key != GLFW_KEY_P && glfw_key != GLFW_KEY_SPACE)) return false;
  if (!pressed) return true;
  waited = 0;
  if (glfw_key == GLFW_KEY_SPACE) {
    playing = !playing;
    if (playing && !partial(count)) shown = 0;  // from the start again
    return true;
  }
  playing = false;
  shown = stepped(shown, count, glfw_key == GLFW_KEY_N ? 1 : -1);
  return true;
}

void Reveal::update(double dt, int count) {
  if (count > 0 && shown > count) shown = count;  // an edit took steps away (a polygon's vertex)
  if (!playing) return;
  waited += dt;
  if (waited < kSecondsPerStep) return;
  waited = 0;
  shown = stepped(shown, count, 1);
  playing = shown < count;
}

void Reveal::controls(const std::vector<RevealStep>& steps) {
  const int count = static_cast<int>(steps.size());
  if (count == 0) return;
  ImGui::PushID("reveal");
  if (partial(count)) {
    ImGui::TextWrapped("Revealed %d of %d steps%s%s", shown, count, shown > 0 ? ": last " : "",
                       shown > 0 ? steps[static_cast<std::size_t>(shown - 1)].name.c_str() : "");
  } else {
    ImGui::TextWrapped("All %d steps shown", count);
  }
  if (ImGui::Button("From the start")) shown = 0, playing = false;
  ImGui::SameLine();
  if (ImGui::Button("P")) shown = stepped(shown, count, -1), playing = false;
  ImGui::SameLine();
  if (ImGui::Button("N")) shown = stepped(shown, count, 1), playing = false;
  ImGui::SameLine();
  if (ImGui::Button(playing ? "Pause" : "Play")) {
    playing = !playing, waited = 0;
    if (playing && !partial(count)) shown = 0;
  }
  if (!narrow_panel()) ImGui::SameLine();
  if (ImGui::Button("All")) shown = kAll, playing = false;
  hint("N / P reveal the next / previous step, Space plays them.");
  ImGui::PopID();
}
