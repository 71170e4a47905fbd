#pragma once
// A headless ImGui frame loop for tests of the panel: a fixed 800x600 display, one window
// at the top left, the mouse, Ctrl, typed characters and keys where the test puts them.
// No renderer is needed; the draw data of the last frame can be read back.
#include "app/samples/kit/sample_ui.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <vector>

class HeadlessImGui {
 public:
  explicit HeadlessImGui(bool light = false) {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(800, 600);
    io.IniFilename = nullptr;
    io.KeyMap[ImGuiKey_Enter] = kEnterKey;
    io.KeyMap[ImGuiKey_Escape] = kEscapeKey;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the default font
    if (light) {
      ImGui::StyleColorsLight();
    } else {
      ImGui::StyleColorsDark();
    }
    set_light_theme(light);  // as UiShell does with the style
  }
  ~HeadlessImGui() {
    set_light_theme(false);
    ImGui::DestroyContext();
  }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  // One frame with `body` in the window; returns what `body` returned. `text` is typed and
  // `key` (ImGuiKey_Enter or ImGuiKey_Escape) held during this frame only.
  template <typename Body>
  bool frame(Body body, ImVec2 mouse = ImVec2(-1, -1), bool mouse_down = false, bool ctrl = false,
             const char* text = nullptr, int key = -1) {
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = 1.0f / 60.0f;
    io.MousePos = mouse;
    io.MouseDown[0] = mouse_down;
    io.KeyCtrl = ctrl;
    if (text) io.AddInputCharactersUTF8(text);
    io.KeysDown[kEnterKey] = key == ImGuiKey_Enter;
    io.KeysDown[kEscapeKey] = key == ImGuiKey_Escape;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(400, 600));
    ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
    const bool result = body();
    ImGui::End();
    ImGui::Render();
    return result;
  }

  // The item under the mouse in the last frame (0: none).
  static ImGuiID hovered_item() { return ImGui::GetCurrentContext()->HoveredId; }

  // Where the items of `body` are, top to bottom, along the vertical line at x: the first
  // height at which each one is hovered, found by moving the mouse down the window.
  template <typename Body> std::vector<ImVec2> items_along(Body body, float x) {
    std::vector<ImVec2> found;
    ImGuiID last = 0;
    for (float y = 1; y < 600; y += 1) {
      frame(body, ImVec2(x, y));
      const ImGuiID id = hovered_item();
      if (id != 0 && id != last) found.push_back(ImVec2(x, y + 3));  // a little inside the item
      last = id;
    }
    return found;
  }

  // Ctrl+click at `at`, type `text` (nothing when null) and press `key`: what typing into
  // a number field does. Returns true when `body` said it changed something.
  template <typename Body> bool type_into(Body body, ImVec2 at, const char* text, int key = ImGuiKey_Enter) {
    bool changed = false;
    changed |= frame(body, at);
    changed |= frame(body, at, true, true);
    changed |= frame(body, at);
    changed |= frame(body, at);  // the field takes the keyboard focus
    if (text) changed |= frame(body, at, false, false, text);
    changed |= frame(body, at, false, false, nullptr, key);
    changed |= frame(body, at);
    return changed;
  }

  // The colours of every vertex drawn in the last frame.
  static std::vector<ImU32> vertex_colors() {
    std::vector<ImU32> colors;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int i = 0; i < data->CmdListsCount; ++i) {
      for (const ImDrawVert& vertex : data->CmdLists[i]->VtxBuffer) colors.push_back(vertex.col);
    }
    return colors;
  }

 private:
  static constexpr int kEnterKey = 1, kEscapeKey = 2;  // any free KeysDown slots
};
