#pragma once
// OpenGL as the app uses it: GL 3.3 core through the glad loader on the desktop, and
// WebGL2 (OpenGL ES 3.0's functions, which emscripten provides) in the web build. The
// render code keeps to what both have.
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
