#pragma once
// Loads OpenGL 3.3 core through glad and reports GL errors.
#include <glad/gl.h>

#include <string>

using GlProcLoader = GLADloadfunc;

// Returns false (with a message) when the context lacks OpenGL 3.3 core.
bool load_opengl(GlProcLoader loader, std::string& error);

// Counts GL errors seen so far: from the KHR_debug callback when the driver has it,
// and from glGetError polls at the end of each frame.
int gl_error_count();
void poll_gl_errors(const char* where);
