#pragma once
// The UI font: DejaVu Sans, embedded into the binary at build time.
struct ImFontAtlas;

// Replaces the atlas' fonts with DejaVu Sans at the given pixel size.
void load_ui_font(ImFontAtlas& atlas, float pixel_size);
