#pragma once
// Stepping through a sample's steps from the keyboard, as a teacher does in front of a
// class: a SAT sample's candidate axes, GJK's iterations, EPA's steps. N or Down shows the
// next, P or Up the previous one, Space plays them in turn at the pace the panel's slider
// sets (and stops at the last). A click on a row of the axis table picks an axis too.
#include "app/samples/kit/sample_ui.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

namespace kit {

struct AxisStepper {
  int picked = -1;  // the step shown, or -1: the sample's automatic one (a SAT sample's: the answer's axis)
  bool playing = false;
  float seconds_per_step = 1.5f;
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
    if (waited < seconds_per_step) return;
    waited = 0;
    if (picked + 1 < count) {
      ++picked;
    } else {
      playing = false;
    }
  }

  // `play` names what is played ("Play the axes"), `pace` is the slider's format ("%.2f s per axis").
  void controls(const char* play = "Play the axes", const char* pace = "%.2f s per axis") {
    if (ImGui::Button(playing ? "Pause" : play)) playing = !playing, waited = 0;
    if (!narrow_panel()) ImGui::SameLine();  // else the pace goes under the button
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    ImGui::SliderFloat("##pace", &seconds_per_step, 0.25f, 5.0f, pace);
  }
};

}  // namespace kit
