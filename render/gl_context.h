#pragma once
// Loads OpenGL 3.3 core through glad (the desktop; WebGL2 needs no loader) and reports GL errors.
#include "render/gl_api.h"

#include <string>
#include <string_view>

#ifndef __EMSCRIPTEN__
using GlProcLoader = GLADloadfunc;

// Returns false (with a message) when the context lacks OpenGL 3.3 core.
bool load_opengl(GlProcLoader loader, std::string& error);
#endif

// Counts GL errors seen so far: from the KHR_debug callback when the driver has it,
// and from glGetError polls at the end of each frame.
int gl_error_count();
void poll_gl_errors(const char* where);

// The frame's multisampling. Lines and points smooth their own edges in their shaders, so
// 4x MSAA only softens the edges of filled faces and spheres; a software renderer (Mesa's
// llvmpipe or softpipe, on the CPU) pays for it in every pixel of every clear and blend,
// more than half of a frame's time, so Automatic turns it off there.
enum class Multisampling { Automatic, On, Off };

// GL_RENDERER of the current context.
std::string gl_renderer();
bool is_software_renderer(std::string_view renderer);
// Samples per pixel for the frame: 4, or 0 for none.
int frame_samples(Multisampling choice, std::string_view renderer);
