#pragma once
// Stepping through a SAT sample's candidate axes from the keyboard, as a teacher does in
// front of a class: N or Down shows the next axis, P or Up the previous one, Space plays
// them in turn at the pace the panel's slider sets (and stops at the last). A click on a
// row of the axis table picks an axis too.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

namespace kit {

struct AxisStepper {
  int picked = -1;  // the axis shown, or -1: the automatic one (shown_axis)
  bool playing = false;
  float seconds_per_axis = 1.5f;
  double waited = 0;

  void forget() { picked = -1, playing = false, waited = 0; }

  // From `shown` (the axis on screen) to the next or previous of `count`. True when the key was a step.
  bool key(int glfw_key, bool pressed, int shown, int count) {
    const bool next = glfw_key == GLFW_KEY_N || glfw_key == GLFW_KEY_DOWN;
    const bool previous = glfw_key == GLFW_KEY_P || glfw_key == GLFW_KEY_UP;
    const bool play = glfw_key == GLFW_KEY_SPACE;
    if (!next && !previous && !play) return false;
    if (!pressed || count == 0) return true;
    if (play) {
      playing = !playing;
      if (playing && shown >= count - 1) picked = 0;  // from the start again
      if (playing && picked < 0) picked = std::max(shown, 0);
      waited = 0;
      return true;
    }
    playing = false;
    picked = std::clamp(shown + (next ? 1 : -1), 0, count - 1);
    return true;
  }

  void update(double dt, int count) {
    if (!playing) return;
    waited += dt;
    if (waited < seconds_per_axis) return;
    waited = 0;
    if (picked + 1 < count) {
      ++picked;
    } else {
      playing = false;
    }
  }

  void controls() {
    if (ImGui::Button(playing ? "Pause" : "Play the axes")) playing = !playing, waited = 0;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    ImGui::SliderFloat("##pace", &seconds_per_axis, 0.25f, 5.0f, "%.2f s per axis");
  }
};

}  // namespace kit
