#pragma once
// The UI font: DejaVu Sans, embedded into the binary at build time.
struct ImFontAtlas;

// The font's size at 100% UI scale on a display of content scale 1.
inline constexpr float kBaseFontPixels = 16.0f;

// Replaces the atlas' fonts with DejaVu Sans at the given pixel size.
void load_ui_font(ImFontAtlas& atlas, float pixel_size);
