#pragma once
// The debug-draw programs: GLSL 330 core sources embedded as raw string literals, and
// building a program from them. Every vertex shader takes camera-relative positions
// (world - ViewInfo::origin).
#include "render/gl_api.h"

#include <initializer_list>
#include <string>

namespace shaders {

// Thick lines: a quad per segment (four vertices carrying the segment), expanded in screen
// space, with round, anti-aliased caps; optional screen-space dashes and a colour per end.
extern const char* const kLineVertex;
extern const char* const kLineFragment;

// Round points: a quad per point, a screen-space disc with a thin dark outline.
extern const char* const kPointVertex;
extern const char* const kPointFragment;

// What the fill and sphere shaders share, compiled before them: place(position) in the
// vertex stage, eye_direction() (unit, toward the eye) in the fragment stage.
extern const char* const kSurfaceVertex;
extern const char* const kSurfaceFragment;

// Filled triangles, flat-shaded by a headlight in 3D (from screen-space derivatives).
extern const char* const kFillVertex;
extern const char* const kFillFragment;

// Spheres: one instance of a shared unit UV-sphere per sphere, with simple lighting.
extern const char* const kSphereVertex;
extern const char* const kSphereFragment;

// An RGBA texture on a world-space quad (the field overlay): unlit, its alpha blended.
extern const char* const kImageVertex;
extern const char* const kImageFragment;

// A linked program and the locations of the uniforms the debug-draw shaders use
// (-1 where a program has no such uniform).
struct Program {
  GLuint id = 0;
  GLint view_projection = -1, viewport_size = -1, pixel_scale = -1, depth_bias = -1;
  GLint min_coverage = -1, shade = -1, orthographic = -1, eye = -1, forward = -1;
};

// A stage's source: chunks compiled in order, after the #version line every stage shares.
using Source = std::initializer_list<const char*>;

// Compiles and links; false with the compiler's or linker's log in `error`.
bool build_program(Program& program, Source vertex_source, Source fragment_source, std::string& error);

}  // namespace shaders
