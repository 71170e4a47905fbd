#include "render/gl_context.h"

#include <cstdio>

#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>
#include <link.h>
#endif

namespace {
int g_error_count = 0;

#if defined(__SANITIZE_ADDRESS__)
// LeakSanitizer checks at exit, after glfwTerminate has unloaded the GL driver: the caches
// the driver keeps in its globals would then look leaked, from frames it cannot name. So
// sanitizer builds keep every library loaded so far (the driver among them) until exit.
int keep_loaded(dl_phdr_info* library, size_t /*size*/, void* /*data*/) {
  if (library->dlpi_name && library->dlpi_name[0]) dlopen(library->dlpi_name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
  return 0;
}
#endif

#ifndef __EMSCRIPTEN__
void GLAPIENTRY on_debug_message(GLenum /*source*/, GLenum type, GLuint id, GLenum severity,
                                 GLsizei /*length*/, const GLchar* message, const void* /*user*/) {
  if (type != GL_DEBUG_TYPE_ERROR && severity != GL_DEBUG_SEVERITY_HIGH) return;
  ++g_error_count;
  std::fprintf(stderr, "collision-lab: GL error %u: %s\n", id, message);
}
#endif
}  // namespace

#ifndef __EMSCRIPTEN__
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
#if defined(__SANITIZE_ADDRESS__)
  dl_iterate_phdr(keep_loaded, nullptr);
#endif
  return true;
}
#endif

int gl_error_count() { return g_error_count; }

void poll_gl_errors(const char* where) {
  for (GLenum code = glGetError(); code != GL_NO_ERROR; code = glGetError()) {
    ++g_error_count;
    std::fprintf(stderr, "collision-lab: GL error 0x%04x after %s\n", code, where);
  }
}

std::string gl_renderer() {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return name ? name : "";
}

bool is_software_renderer(std::string_view renderer) {
  for (std::string_view name : {"llvmpipe", "softpipe", "swrast", "Software Renderer", "Basic Render Driver", "SwiftShader"}) {
    if (renderer.find(name) != std::string_view::npos) return true;
  }
  return false;
}

int frame_samples(Multisampling choice, std::string_view renderer) {
  if (choice == Multisampling::Automatic) return is_software_renderer(renderer) ? 0 : 4;
  return choice == Multisampling::On ? 4 : 0;
}
