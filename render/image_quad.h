#pragma once
// An RGBA image on a world-space quad (the field overlay), and the GL side that draws it:
// one texture, re-uploaded only when the image changed, and one draw call. DrawBatches
// holds the frame's quad and draws it in its flush.
#include "render/shaders.h"

#include "render/gl_api.h"
#include <glm/glm.hpp>

#include <cstdint>
#include <string>
#include <vector>

// RGBA8 pixels, red in the lowest byte, `width` to a row. Whoever changes the pixels changes
// `generation` too: an image the GPU already holds is not uploaded again.
struct RgbaImage {
  int width = 0, height = 0;
  std::vector<std::uint32_t> pixels;
  std::uint64_t generation = 0;
};

// The quad's corners are corner, + u, + v and + u + v (camera-relative); the image's row 0
// runs along u from `corner`. The image must live until the flush that draws it.
struct ImageQuad {
  const RgbaImage* image = nullptr;
  glm::vec3 corner{0}, u{0}, v{0};
};

class ImageQuadGpu {
 public:
  ImageQuadGpu() = default;
  ImageQuadGpu(const ImageQuadGpu&) = delete;
  ImageQuadGpu& operator=(const ImageQuadGpu&) = delete;
  ~ImageQuadGpu();

  bool init(std::string& error);  // needs a current GL 3.3 context
  // Draws with the caller's blending and depth state; binds vertex array 0 afterwards.
  void draw(const ImageQuad& quad, const glm::mat4& view_projection);

 private:
  shaders::Program program_;
  GLuint vertex_array_ = 0, buffer_ = 0, texture_ = 0;
  int texture_width_ = 0, texture_height_ = 0;
  const RgbaImage* uploaded_ = nullptr;  // what the texture holds, at which generation
  std::uint64_t uploaded_generation_ = 0;
};
