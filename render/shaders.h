#pragma once
// GLSL 330 core sources of the debug-draw programs, embedded as raw string literals.
// Every vertex shader takes camera-relative positions (world - ViewInfo::origin).
namespace shaders {

// Thick lines: one instance per segment, expanded into a screen-space quad with round,
// anti-aliased caps; optional screen-space dashes and a colour per end.
extern const char* const kLineVertex;
extern const char* const kLineFragment;

// Round points: one instance per point, a screen-space disc with a thin dark outline.
extern const char* const kPointVertex;
extern const char* const kPointFragment;

// Filled triangles, flat-shaded by a headlight in 3D (from screen-space derivatives).
extern const char* const kFillVertex;
extern const char* const kFillFragment;

// Spheres: one instance of a shared unit UV-sphere per sphere, with simple lighting.
extern const char* const kSphereVertex;
extern const char* const kSphereFragment;

}  // namespace shaders
