#include "render/gl_context.h"

#include <cstdio>

namespace {
int g_error_count = 0;

void GLAPIENTRY on_debug_message(GLenum /*source*/, GLenum type, GLuint id, GLenum severity,
                                 GLsizei /*length*/, const GLchar* message, const void* /*user*/) {
  if (type != GL_DEBUG_TYPE_ERROR && severity != GL_DEBUG_SEVERITY_HIGH) return;
  ++g_error_count;
  std::fprintf(stderr, "collision-lab: GL error %u: %s\n", id, message);
}
}  // namespace

bool load_opengl(GlProcLoader loader, std::string& error) {
  const int version = gladLoadGL(loader);
  if (version == 0) {
    error = "could not load OpenGL functions";
    return false;
  }
  if (GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 33) {
    error = "OpenGL 3.3 core is required";
    return false;
  }
  if (GLAD_GL_KHR_debug) {
    glEnable(GL_DEBUG_OUTPUT);
    glDebugMessageCallback(on_debug_message, nullptr);
  }
  return true;
}

int gl_error_count() { return g_error_count; }

void poll_gl_errors(const char* where) {
  for (GLenum code = glGetError(); code != GL_NO_ERROR; code = glGetError()) {
    ++g_error_count;
    std::fprintf(stderr, "collision-lab: GL error 0x%04x after %s\n", code, where);
  }
}
