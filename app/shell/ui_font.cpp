#include "app/shell/ui_font.h"

#include <imgui.h>

#include <cstdint>

extern "C" const unsigned char font_dejavu_sans[];
extern "C" const std::uint64_t font_dejavu_sans_size;

void load_ui_font(ImFontAtlas& atlas, float pixel_size) {
  atlas.Clear();
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the bytes live in the binary's read-only data
  config.OversampleH = 2;
  // ImGui's API takes a non-const pointer but never writes through it when it does not own it.
  void* data = const_cast<unsigned char*>(font_dejavu_sans);
  // Latin, Greek (θ), punctuation, arrows and maths (· − ≤ ×), shapes (● ▲) and ✓ ✗.
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x22FF, 0x25A0, 0x25FF, 0x2713, 0x2717, 0};
  atlas.AddFontFromMemoryTTF(data, static_cast<int>(font_dejavu_sans_size), pixel_size, &config,
                             ranges);
}
